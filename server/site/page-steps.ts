/**
 * What is done to a page React Router rendered before it is served, the same at build time
 * (scripts/postbuild.ts) and when the server renders the pages again from newly published facts
 * (page-renderer.ts): its stylesheets and tab icon inlined, its own script (which hydrates its islands)
 * put after the first paint.
 */
import { paintBeforeScripts } from "../../scripts/first-paint";
import { inlineStylesheets } from "../../scripts/inline-styles";
import { inlineTabIcon } from "../../scripts/tab-icon";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ISLANDS_ENTRY_FILE, type IslandsEntry } from "../../domain/islands";

export interface BuiltSite {
  /** The text of a stylesheet the page links to, by its address ("/assets/app-….css"). */
  cssOf(href: string): string;
  /** The tab icon (favicon.ico). */
  icon: Uint8Array;
  /** The page's own script, from the islands' build (domain/islands.ts): "/assets/islands/page-….js". */
  pageScript: string;
}

export function finishPage(html: string, site: BuiltSite, name: string): string {
  const inlined = inlineTabIcon(inlineStylesheets(html, site.cssOf), site.icon);
  return paintBeforeScripts(inlined, site.pageScript, name);
}

/** The section of a privacy policy page that states how long each kind of data is kept. */
/** The page script's address, as the islands' build recorded it in the built client folder. */
export function pageScriptOf(siteDir: string): string {
  const entry = JSON.parse(readFileSync(join(siteDir, ISLANDS_ENTRY_FILE), "utf8")) as IslandsEntry;
  if (!/^\/assets\/[\w/.-]+\.js$/.test(entry.page))
    throw new Error(`${ISLANDS_ENTRY_FILE} names no page script`);
  return entry.page;
}

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
