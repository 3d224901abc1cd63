/**
 * What is done to a page React Router rendered before it is served, the same at build time
 * (scripts/postbuild.ts) and when the server renders the pages again from newly published facts
 * (page-renderer.ts): its stylesheets and tab icon inlined, its hydration put after first paint.
 */
import { paintBeforeHydrating } from "../../scripts/first-paint";
import { inlineStylesheets } from "../../scripts/inline-styles";
import { inlineTabIcon } from "../../scripts/tab-icon";

export interface BuiltSite {
  /** The text of a stylesheet the page links to, by its address ("/assets/app-….css"). */
  cssOf(href: string): string;
  /** The tab icon (favicon.ico). */
  icon: Uint8Array;
}

export function finishPage(html: string, site: BuiltSite, name: string): string {
  const inlined = inlineTabIcon(inlineStylesheets(html, site.cssOf), site.icon);
  const rewritten = paintBeforeHydrating(inlined);
  // A page that still preloads its scripts was not recognised: React Router's markup changed.
  if (rewritten === inlined && inlined.includes('rel="modulepreload"'))
    throw new Error(`${name}: its hydration script was not found; scripts/first-paint.ts needs updating`);
  return rewritten;
}

/** The section of a privacy policy page that states how long each kind of data is kept. */
export function retentionSection(html: string): string | null {
  return /<section id="how-long-we-keep-it"[\s\S]*?<\/section>/.exec(html)?.[0] ?? null;
}

const EXECUTABLE_INLINE_SCRIPT =
  /<script(?![^>]*\bsrc=)(?![^>]*\btype="application\/(?:ld\+)?json")[^>]*>([\s\S]*?)<\/script>/gi;

/**
 * The inline scripts a page runs, in order: the server's Content-Security-Policy allows those of
 * the build by their hashes, so a page rendered again must run exactly the same ones.
 */
export function executableInlineScripts(html: string): string[] {
  return [...html.matchAll(EXECUTABLE_INLINE_SCRIPT)].map((match) => match[1] ?? "");
}
