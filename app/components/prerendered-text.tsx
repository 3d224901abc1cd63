/**
 * Text that the prerendered HTML already carries, kept out of the page's first scripts
 * (docs/decisions/019-first-paint-without-fetches.md).
 *
 * The prerender renders the text in place. When the browser hydrates that page, the element
 * keeps the HTML it was served and React never looks inside it: the text's module is not
 * loaded at all. A page reached by a client-side navigation has no such HTML, so its text
 * module is loaded then (the navigation waits for it, like any transition that suspends).
 * Whatever is inside must work as plain HTML: links, not handlers.
 */
import { type ComponentType, createElement, use, useState } from "react";

export interface TextModule {
  Text: ComponentType;
}

interface PrerenderedTextProps {
  /** Names the element in the HTML, so that the browser can tell its prerendered copy is there. */
  name: string;
  as: "main" | "div" | "section";
  /** Loads the text's module: in the browser only after a client-side navigation. */
  load: () => Promise<TextModule>;
  /** The module, given while prerendering (where it is imported up front). */
  prerendered: TextModule | undefined;
  id?: string;
  className?: string;
  tabIndex?: number;
  "aria-labelledby"?: string;
}

const ATTRIBUTE = "data-prerendered-text";

const loading = new Map<string, Promise<TextModule>>();

/** The HTML the page was served with for this element, or undefined if the page has none. */
function servedHtml(name: string): string | undefined {
  if (typeof document === "undefined") return undefined;
  return document.querySelector(`[${ATTRIBUTE}="${CSS.escape(name)}"]`)?.innerHTML;
}

export function PrerenderedText({ name, as, load, prerendered, ...attributes }: PrerenderedTextProps) {
  // Decided once, when the element first renders: hydrating the served page, or rendering anew.
  const [served] = useState(() => (prerendered ? undefined : servedHtml(name)));
  const props = { ...attributes, [ATTRIBUTE]: name };
  if (prerendered) return createElement(as, props, createElement(prerendered.Text));
  if (served !== undefined) {
    // Hydration leaves an element's inner HTML as it was served; should React ever render the
    // element afresh, it writes back the same HTML.
    return createElement(as, {
      ...props,
      dangerouslySetInnerHTML: { __html: served },
      suppressHydrationWarning: true,
    });
  }
  let module = loading.get(name);
  if (!module) {
    // A failed load is tried again by the next render, not remembered.
    module = load().catch((error: unknown) => {
      loading.delete(name);
      throw error;
    });
    loading.set(name, module);
  }
  return createElement(as, props, createElement(use(module).Text));
}
