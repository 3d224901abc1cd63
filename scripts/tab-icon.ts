/**
 * Writes the tab's icon into each prerendered page as a `data:` URL, in place of the icon links
 * React Router renders (docs/decisions/027-the-tab-icon-in-the-page.md). A browser asks for a
 * linked icon as the page finishes loading; a page with nothing else to fetch finishes loading
 * before it has painted, so on a slow link that request came before the first paint. React does
 * not find its icon links in the page when it hydrates and adds them then, after the first paint:
 * a browser that prefers the ICO or the SVG file still gets it, and a page without scripts keeps
 * the one in the page.
 */

const ICON_LINK = /<link rel="icon" href="[^"]*"[^>]*\/>/g;

/** The SVG as a `data:` URL, its markup escaped as an attribute's value needs (no quotes, `#`, `<`, `>`). */
export function svgDataUrl(svg: string): string {
  const compact = svg
    .trim()
    .replace(/>\s+</g, "><")
    .replace(/\s*\n\s*/g, " ");
  return `data:image/svg+xml,${compact.replace(/"/g, "'").replace(/[#<>%]/g, encodeURIComponent)}`;
}

/** The page with its icon links replaced by one that carries the SVG itself; unchanged without icon links. */
export function inlineTabIcon(html: string, svg: string): string {
  let first = true;
  return html.replace(ICON_LINK, () => {
    if (!first) return "";
    first = false;
    return `<link rel="icon" href="${svgDataUrl(svg)}" type="image/svg+xml"/>`;
  });
}
