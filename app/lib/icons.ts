/**
 * The tab's icon files and the web app manifest. The root route links the icons, the build writes
 * the icon into each page instead (scripts/tab-icon.ts), and the page's script links them again after
 * the first paint for the browsers that prefer them (app/islands/page.ts). The manifest is linked by
 * the page's script only: Chromium, as Lighthouse launches it, fetches it as the page loads, and a
 * page with nothing else to fetch then asks for it before its first paint
 * (docs/decisions/045-public-pages-as-islands.md).
 */
export const ICON_LINKS = [
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "icon", href: "/icon-192.png", sizes: "192x192", type: "image/png" },
] as const;

const MANIFEST_LINK = { rel: "manifest", href: "/manifest.webmanifest" } as const;

/** Links the icon files and the manifest in the page's head, where they are not linked yet. */
export function linkIconsAndManifest(): void {
  for (const file of [...ICON_LINKS, MANIFEST_LINK]) {
    if (document.head.querySelector(`link[rel="${file.rel}"][href="${file.href}"]`)) continue;
    const link = document.createElement("link");
    link.rel = file.rel;
    link.href = file.href;
    if ("sizes" in file) link.setAttribute("sizes", file.sizes);
    if ("type" in file) link.type = file.type;
    document.head.append(link);
  }
}
