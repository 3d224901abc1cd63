/**
 * Puts each stylesheet of a prerendered page into the page itself, so that the first paint
 * needs the HTML and nothing else (docs/decisions/019-first-paint-without-fetches.md).
 *
 * React hydrates `<head>` element by element and expects each `<link rel="stylesheet">` that
 * React Router renders, so the link stays, `disabled`: a browser neither fetches nor applies a
 * stylesheet link that is disabled as it is parsed, and React does not compare that attribute.
 * The inline copy sits just before its link and names it (`data-href`), so that the page's
 * script can remove the copy when a navigation removes the link (app/lib/inlined-styles.ts).
 */

import { INLINED_FROM } from "../domain/inlined-styles";

const STYLESHEET_LINK = /<link rel="stylesheet" href="([^"]+)"\s*\/?>/g;
/** A `url(…)` that does not start at the site's root would resolve against the page, not the stylesheet. */
const RELATIVE_URL = /url\(\s*["']?(?![/"']|data:)/i;

/**
 * The page with every stylesheet of the site (an address under /assets/) inlined before its
 * link, which is disabled. `cssOf` gives a stylesheet's text by its path.
 */
export function inlineStylesheets(html: string, cssOf: (path: string) => string): string {
  return html.replace(STYLESHEET_LINK, (link, href: string) => {
    const path = new URL(href, "https://site.invalid/").pathname;
    if (!path.startsWith("/assets/") || !path.endsWith(".css")) return link;
    const css = cssOf(path).trim();
    if (/<\/style/i.test(css)) throw new Error(`${path} cannot be inlined: it contains "</style"`);
    if (RELATIVE_URL.test(css)) throw new Error(`${path} cannot be inlined: it has a relative url()`);
    return `<style ${INLINED_FROM}="${href}">${css}</style><link rel="stylesheet" href="${href}" disabled=""/>`;
  });
}
