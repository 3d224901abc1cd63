/**
 * The tab's icon files: the root route links them, the build writes the icon into each page instead
 * (scripts/tab-icon.ts), and the page's script links them again after the first paint for the
 * browsers that prefer them (app/islands/page.ts).
 */
export const ICON_LINKS = [
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "icon", href: "/icon-192.png", sizes: "192x192", type: "image/png" },
] as const;

/** Links the icon files in the page's head, where they are not linked yet. */
export function linkIconFiles(): void {
  for (const icon of ICON_LINKS) {
    if (document.head.querySelector(`link[rel="icon"][href="${icon.href}"]`)) continue;
    const link = document.createElement("link");
    link.rel = icon.rel;
    link.href = icon.href;
    link.setAttribute("sizes", icon.sizes);
    if ("type" in icon) link.type = icon.type;
    document.head.append(link);
  }
}
