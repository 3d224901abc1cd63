/**
 * Writes the tab's icon into each prerendered page as a `data:` URL, in place of the icon links
 * React Router renders (docs/decisions/027-the-tab-icon-in-the-page.md, 028). A browser asks for a
 * linked icon as the page finishes loading; a page with nothing else to fetch finishes loading
 * before it has painted, so on a slow link that request came before the first paint. The icon
 * written in is `public/favicon.ico`, a bitmap: a browser draws a tab's icon in the page's own
 * process, and an SVG icon is a document of its own to build there, a task of 10 to 30 ms on the
 * main thread of a slow phone, where a bitmap's decoding is well under one. React does not find
 * its icon links in the page when it hydrates and adds them then, after the first paint.
 */

const ICON_LINK = /<link rel="icon" href="[^"]*"[^>]*\/>/g;

/** The icon file as a `data:` URL. */
export function iconDataUrl(ico: Uint8Array): string {
  return `data:image/x-icon;base64,${Buffer.from(ico).toString("base64")}`;
}

/** The page with its icon links replaced by one that carries the icon itself; unchanged without icon links. */
export function inlineTabIcon(html: string, ico: Uint8Array): string {
  let first = true;
  return html.replace(ICON_LINK, () => {
    if (!first) return "";
    first = false;
    return `<link rel="icon" href="${iconDataUrl(ico)}" sizes="32x32"/>`;
  });
}
