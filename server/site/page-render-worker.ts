/**
 * Renders the public pages from given company facts, in a thread of its own: the pages' content
 * modules read the facts once as they load (app/lib/company-facts.ts), so each rendering needs a
 * fresh module graph. Runs React Router's server build as its prerender does (the build keeps a
 * copy, vite.config.ts), then the build's own finishing steps (page-steps.ts).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { parentPort, workerData } from "node:worker_threads";
import type { CompanyFacts } from "../../domain/company-facts";
import { setFactsToRender } from "../../domain/render-facts";
import { finishPage, pageScriptOf } from "./page-steps";

export interface RenderJob {
  /** React Router's server build kept by the build (`<build>/page-render`). */
  renderDir: string;
  /** The built client (`<build>/client`): the stylesheets and the tab icon the pages inline. */
  siteDir: string;
  facts: CompanyFacts;
  /** The pages to render: their path, and the SPA fallback (the page of unknown addresses) as "spa". */
  pages: readonly { path: string; spa?: boolean }[];
}

export type RenderAnswer = { ok: true; pages: Record<string, string> } | { ok: false; error: string };

async function render(job: RenderJob): Promise<Record<string, string>> {
  setFactsToRender(job.facts);
  // React Router honours its build-time headers (the SPA fallback's) only in a build's request.
  process.env.IS_RR_BUILD_REQUEST = "yes";
  const build: unknown = await import(pathToFileURL(join(job.renderDir, "index.js")).href);
  const { createRequestHandler } = await import("react-router");
  const handler = createRequestHandler(build as Parameters<typeof createRequestHandler>[0], "production");
  const site = {
    cssOf: (href: string) => readFileSync(join(job.siteDir, href), "utf8"),
    icon: readFileSync(join(job.siteDir, "favicon.ico")),
    pageScript: pageScriptOf(job.siteDir),
  };
  const pages: Record<string, string> = {};
  for (const page of job.pages) {
    const response = await handler(
      new Request(`http://localhost${page.spa ? "/" : page.path}`, {
        headers: page.spa ? { "X-React-Router-SPA-Mode": "yes" } : {},
      }),
    );
    const html = await response.text();
    if (response.status !== 200) throw new Error(`${page.path} rendered with status ${response.status}`);
    pages[page.path] = finishPage(html, site, page.path);
  }
  return pages;
}

render(workerData as RenderJob).then(
  (pages) => parentPort?.postMessage({ ok: true, pages } satisfies RenderAnswer),
  (error: unknown) =>
    parentPort?.postMessage({
      ok: false,
      error: error instanceof Error ? error.message : String(error),
    } satisfies RenderAnswer),
);
