/**
 * Renders the public pages again from given company facts, as the build did, and writes them as one
 * set beside the build's files (docs/decisions/041-pages-rendered-from-the-company-facts.md).
 */
import { createHash, randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { Worker } from "node:worker_threads";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { CompanyFacts } from "../../domain/company-facts";
import { PUBLIC_PAGES } from "../../domain/contract";
import { executableInlineScripts, retentionSection } from "./page-steps";
import type { RenderAnswer, RenderJob } from "./page-render-worker";
import { workerScript } from "../worker-script";

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** The file of a page under the site's folder: `/` → index.html, `/a` → a/index.html. */
export function pageFile(path: string): string {
  return `${path.slice(1)}${path === "/" ? "" : "/"}index.html`;
}

/** The page of any address that is not one of the pages: React Router's SPA fallback. */
export const SPA_FALLBACK_FILE = "__spa-fallback.html";

/** Every page the build prerendered, by the file it is served from. */
export const RENDERED_PAGES: readonly { path: string; file: string; spa?: boolean }[] = [
  ...PUBLIC_PAGES.map((path) => ({ path, file: pageFile(path) })),
  { path: "/__spa-fallback", file: SPA_FALLBACK_FILE, spa: true },
];

export interface RenderDirs {
  /** React Router's server build, kept by the build (`<build>/page-render`). */
  renderDir: string;
  /** The built client (`<build>/client`). */
  siteDir: string;
}

/** React Router's server build beside the client's, as `npm run build` leaves it. */
export function renderDirFor(siteDir: string): string {
  return join(dirname(siteDir), "page-render");
}

/** Renders `pages` (all by default) from `facts` in a fresh thread; answers their HTML by file. */
export async function renderPages(
  facts: CompanyFacts,
  dirs: RenderDirs,
  pages: readonly { path: string; file: string; spa?: boolean }[] = RENDERED_PAGES,
  timeoutMs = 60_000,
): Promise<Map<string, string>> {
  const script = workerScript(import.meta.url, "site", "page-render-worker", "The pages' renderer");
  const job: RenderJob = { renderDir: dirs.renderDir, siteDir: dirs.siteDir, facts, pages };
  const worker = new Worker(script.url, {
    workerData: job,
    ...(script.execArgv ? { execArgv: script.execArgv } : {}),
    resourceLimits: { maxOldGenerationSizeMb: 256 },
  });
  try {
    const answer = await new Promise<RenderAnswer>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`Rendering the pages took over ${timeoutMs} ms`)),
        timeoutMs,
      );
      worker.once("message", (message: RenderAnswer) => (clearTimeout(timer), resolve(message)));
      worker.once("error", (error) => (clearTimeout(timer), reject(error)));
      worker.once(
        "exit",
        (code) => (clearTimeout(timer), reject(new Error(`The pages' renderer stopped (${code})`))),
      );
    });
    if (!answer.ok) throw new Error(`Rendering the pages failed: ${answer.error}`);
    return new Map(pages.map((page) => [page.file, answer.pages[page.path] ?? ""]));
  } finally {
    await worker.terminate();
  }
}

/**
 * What keeps a page rendered again from being served: it must run the same inline scripts as the
 * build's (the Content-Security-Policy allows those by hash) and a privacy policy must state the
 * same retention periods the build checked (scripts/postbuild.ts). Empty when it may be served.
 */
export async function renderedPageProblems(
  rendered: Map<string, string>,
  siteDir: string,
): Promise<string[]> {
  const problems: string[] = [];
  for (const [file, html] of rendered) {
    const built = await readFile(join(siteDir, file), "utf8");
    if (executableInlineScripts(html).join("\n") !== executableInlineScripts(built).join("\n"))
      problems.push(`${file} runs other inline scripts than the build's page`);
    if (retentionSection(built) !== retentionSection(html))
      problems.push(`${file} states other retention periods than the build's page`);
  }
  return problems;
}

/** A name for the build whose pages these are: a set rendered by another release is not reused. */
export async function buildIdOf(renderDir: string): Promise<string> {
  const entry = await readFile(join(renderDir, "index.js"));
  return createHash("sha256").update(entry).digest("hex").slice(0, 16);
}

/**
 * Writes `pages` with their brotli and gzip twins into `<pagesDir>/<buildId>/v<version>`: first
 * into a folder of its own, then renamed into place in one step, so that the set is there whole or
 * not at all. Another instance sharing the folder may have written the same version first: its set
 * is used. Answers the set's folder.
 */
export async function writePageSet(
  pages: Map<string, string>,
  target: { pagesDir: string; buildId: string; version: number },
): Promise<string> {
  const parent = join(target.pagesDir, target.buildId);
  const final = join(parent, `v${target.version}`);
  if (existsSync(final)) return final;
  const temporary = join(parent, `.writing-${randomUUID()}`);
  try {
    for (const [file, html] of pages) {
      const path = join(temporary, file);
      await mkdir(dirname(path), { recursive: true });
      const data = Buffer.from(html, "utf8");
      await writeFile(path, data);
      await writeFile(`${path}.br`, await brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      await writeFile(`${path}.gz`, await gzipped(data, { level: 9 }));
    }
    try {
      await rename(temporary, final);
    } catch (error) {
      // Renamed by another instance meanwhile: the same version, whole.
      if (!existsSync(final)) throw error;
    }
    return final;
  } finally {
    await rm(temporary, { recursive: true, force: true });
  }
}

/** Removes the sets of this build older than the `keep` newest versions (other instances may still serve those). */
export async function pruneOldSets(pagesDir: string, buildId: string, keep = 3): Promise<void> {
  const parent = join(pagesDir, buildId);
  const versions = (await readdir(parent).catch(() => [] as string[]))
    .filter((name) => /^v\d+$/.test(name))
    .map((name) => Number(name.slice(1)))
    .sort((a, b) => b - a);
  for (const version of versions.slice(keep)) {
    await rm(join(parent, `v${version}`), { recursive: true, force: true });
  }
}
