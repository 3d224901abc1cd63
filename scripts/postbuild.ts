/**
 * After the site is built: writes sitemap.xml and robots.txt from the content module, checks that
 * the prerendered privacy policy states the retention periods the build was given and writes them
 * to retention.json for the server to check against its own, puts each page's stylesheets and tab
 * icon into the page and lets it paint before it hydrates, then precompresses every text file with brotli and gzip so the server never
 * compresses a file twice.
 */
// The pages' copy is read with the facts the build rendered them with: set them before it loads.
import "./facts-for-build";
import { readFileSync } from "node:fs";
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { privacyPolicyFor, RETENTION_SECTION_ID } from "../app/content/privacy-policy";
import { privacyPolicyHiFor } from "../app/content/privacy-policy.hi";
import { site } from "../app/content/site";
import { pages } from "../app/content/site.en";
import { languageSettings } from "../app/content/languages";
import { LANGUAGES, type PageKey, pagePath } from "../domain/contract";
import { RETENTION_BUILD_FILE, retentionPeriodsFrom } from "../domain/retention";
import { CONSOLE_BASE_PATH } from "../domain/console";
import { absoluteUrl } from "../app/lib/seo";
import { finishPage, pageScriptOf } from "../server/site/page-steps";

const siteDir = process.argv[2] ?? `${process.env.BUILD_DIR ?? "build"}/client`;
const COMPRESSIBLE = /\.(html|css|js|mjs|svg|xml|txt|json|webmanifest|ico)$/;

async function writeSeoFiles() {
  const today = new Date().toISOString().slice(0, 10);
  // Every page in every language, each listing all its languages (hreflang) and English as the default.
  const urls = LANGUAGES.flatMap((language) =>
    (Object.keys(pages) as PageKey[]).map((page) => {
      const alternates = [
        ...LANGUAGES.map(
          (other) =>
            `    <xhtml:link rel="alternate" hreflang="${languageSettings[other].hreflang}" href="${absoluteUrl(pagePath(page, other))}"/>`,
        ),
        `    <xhtml:link rel="alternate" hreflang="x-default" href="${absoluteUrl(pagePath(page, "en"))}"/>`,
      ];
      return [
        `  <url>`,
        `    <loc>${absoluteUrl(pagePath(page, language))}</loc>`,
        `    <lastmod>${today}</lastmod>`,
        ...alternates,
        `  </url>`,
      ].join("\n");
    }),
  ).join("\n");
  await writeFile(
    join(siteDir, "sitemap.xml"),
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls}\n</urlset>\n`,
  );
  await writeFile(
    join(siteDir, "robots.txt"),
    `User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: ${CONSOLE_BASE_PATH}\n\nSitemap: ${new URL("/sitemap.xml", site.url).toString()}\n`,
  );
}

/** How React writes text into HTML. */
function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (character) => `&${{ "&": "amp", "<": "lt", ">": "gt", '"': "quot", "'": "#x27" }[character]};`,
  );
}

/**
 * The periods from the same variables vite.config.ts read (domain/retention.ts): the prerendered
 * policy must state each of them, and retention.json records them for the server.
 */
async function writeRetentionPeriods() {
  const periods = retentionPeriodsFrom(process.env);
  const policies = [
    { path: pagePath("privacyPolicy", "en"), policy: privacyPolicyFor(periods) },
    { path: pagePath("privacyPolicy", "hi"), policy: privacyPolicyHiFor(periods) },
  ];
  for (const { path, policy } of policies) {
    const html = await readFile(join(siteDir, path.slice(1), "index.html"), "utf8");
    const section = policy.sections.find((candidate) => candidate.id === RETENTION_SECTION_ID);
    const statements = (section?.blocks ?? []).flatMap((block) =>
      block.kind === "list" ? block.items.map((item) => item.text) : [],
    );
    const missing = statements.filter((statement) => !html.includes(escapeHtml(statement)));
    if (statements.length === 0 || missing.length > 0) {
      throw new Error(
        `The prerendered privacy policy at ${path} does not state the retention periods ${JSON.stringify(periods)}: ${missing.join(" | ") || "no such section"}`,
      );
    }
  }
  await writeFile(join(siteDir, RETENTION_BUILD_FILE), `${JSON.stringify(periods)}\n`);
  return periods;
}

/** Every file under `dir`, as paths that include `dir`. */
async function files(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

async function rewritePages() {
  let count = 0;
  const site = {
    cssOf: (href: string) => readFileSync(join(siteDir, href), "utf8"),
    icon: readFileSync(join(siteDir, "favicon.ico")),
    pageScript: pageScriptOf(siteDir),
  };
  for (const path of await files(siteDir)) {
    if (!path.endsWith(".html")) continue;
    const html = await readFile(path, "utf8");
    const rewritten = finishPage(html, site, path);
    if (rewritten !== html) count += 1;
    await writeFile(path, rewritten);
  }
  return count;
}

async function precompress() {
  let count = 0;
  for (const path of await files(siteDir)) {
    if (!COMPRESSIBLE.test(path)) continue;
    const data = await readFile(path);
    if ((await stat(path)).size < 256) continue;
    await writeFile(
      `${path}.br`,
      brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
    await writeFile(`${path}.gz`, gzipSync(data, { level: 9 }));
    count += 1;
  }
  return count;
}

await writeSeoFiles();
const periods = await writeRetentionPeriods();
const pagesRewritten = await rewritePages();
const count = await precompress();
console.log(
  `postbuild: sitemap.xml, robots.txt, retention.json (${JSON.stringify(periods)}), ${pagesRewritten} pages set to paint before hydrating (stylesheets inlined), ${count} files precompressed (br, gz) in ${siteDir}`,
);
