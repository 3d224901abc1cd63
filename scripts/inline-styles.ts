/**
 * Puts each stylesheet of a prerendered page into the page itself, in place of its link, so that
 * the first paint needs the HTML and nothing else (docs/decisions/019-first-paint-without-fetches.md).
 * Nothing hydrates `<head>` or navigates between the pages (decision 045), so the link is not kept.
 */

const STYLESHEET_LINK = /<link rel="stylesheet" href="([^"]+)"\s*\/?>/g;
/** A `url(…)` that does not start at the site's root would resolve against the page, not the stylesheet. */
const RELATIVE_URL = /url\(\s*["']?(?![/"']|data:)/i;

/**
 * The page with every stylesheet of the site (an address under /assets/) inlined where its link
 * was. `cssOf` gives a stylesheet's text by its path.
 */
export function inlineStylesheets(html: string, cssOf: (path: string) => string): string {
  return html.replace(STYLESHEET_LINK, (link, href: string) => {
    const path = new URL(href, "https://site.invalid/").pathname;
    if (!path.startsWith("/assets/") || !path.endsWith(".css")) return link;
    const css = cssOf(path).trim();
    if (/<\/style/i.test(css)) throw new Error(`${path} cannot be inlined: it contains "</style"`);
    if (RELATIVE_URL.test(css)) throw new Error(`${path} cannot be inlined: it has a relative url()`);
    return `<style>${css}</style>`;
  });
}
