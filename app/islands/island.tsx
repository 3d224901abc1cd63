/**
 * The parts of the public pages that act, each hydrated on its own in the browser
 * (docs/decisions/045-public-pages-as-islands.md). The page is rendered whole by React at build
 * and on publish; in the browser no router and no page-wide React run: each part below is an
 * island, a `<collarise-island>` element holding that part's HTML, which `app/islands/page.ts`
 * hydrates with `hydrateRoot` when it nears the screen, when the browser is idle, or at the
 * visitor's first touch of it, whichever comes first. The rest of the page ships no script.
 */
import { createElement, type ReactNode } from "react";
import { ISLAND_ELEMENT, type IslandName } from "./names";

interface IslandProps {
  name: IslandName;
  /** What the island's component is given again in the browser: plain data, written into the HTML as JSON. */
  props?: object;
  /**
   * Hydrate when the browser is idle or at the visitor's first touch only, not as soon as it is
   * on screen: for the header, which is on every first screen.
   */
  idleOnly?: boolean;
  children: ReactNode;
}

/** Wraps a part that acts, as it is rendered into the page's HTML. */
export function Island({ name, props, idleOnly, children }: IslandProps) {
  return createElement(
    ISLAND_ELEMENT,
    {
      "data-island": name,
      "data-props": props ? JSON.stringify(props) : undefined,
      "data-idle-only": idleOnly ? "" : undefined,
    },
    children,
  );
}
