/**
 * Keeps the public pages stating the company's published facts, on every instance: it asks the
 * store for the version in force every `everyMs` (30 s at most), and when that is not the version
 * this instance serves, renders the pages from it, writes them as one set and serves that set
 * from then on (docs/decisions/041-pages-rendered-from-the-company-facts.md).
 */
import type { FastifyBaseLogger } from "fastify";
import type { CompanyFacts } from "../../domain/company-facts";
import type { CompanyFactsReader } from "../company/facts-store";
import { type ScheduleTimers, scheduleTask } from "../scheduled-task";
import {
  buildIdOf,
  RENDERED_PAGES,
  type RenderDirs,
  pruneOldSets,
  renderedPageProblems,
  renderPages,
  writePageSet,
} from "./page-renderer";

/** The longest an instance may serve facts that are no longer in force. */
export const FACTS_POLL_MAX_MS = 30_000;

export interface FactsPagesOptions extends RenderDirs {
  reader: CompanyFactsReader;
  /** Where rendered sets are written (`PAGES_DIR`): a folder this instance may write. */
  pagesDir: string;
  log: FastifyBaseLogger;
  everyMs?: number;
  timers?: ScheduleTimers;
}

/** Which files the pages are served from: the build's, or the set rendered from a published version. */
export interface ServedPages {
  /** The folder the pages' files are read from now. */
  root(): string;
  /** The published version the pages state; null while they state the build's facts. */
  version(): number | null;
}

export function factsPages(options: FactsPagesOptions) {
  const everyMs = Math.min(options.everyMs ?? FACTS_POLL_MAX_MS, FACTS_POLL_MAX_MS);
  let served: { root: string; version: number | null } = { root: options.siteDir, version: null };
  let buildId: Promise<string> | undefined;

  async function check(): Promise<void> {
    const current = await options.reader.current();
    // Never published: the build's defaults stand, and so do its pages.
    if (!current || current.version === served.version) return;
    const started = Date.now();
    const pages = await renderPages(current.facts, options);
    const problems = await renderedPageProblems(pages, options.siteDir);
    if (problems.length > 0)
      throw new Error(
        `The pages rendered from facts version ${current.version} cannot be served: ${problems.join("; ")}`,
      );
    buildId ??= buildIdOf(options.renderDir);
    const id = await buildId;
    const root = await writePageSet(pages, {
      pagesDir: options.pagesDir,
      buildId: id,
      version: current.version,
    });
    // One assignment: a request reads the old set or the new one, never a mixture.
    served = { root, version: current.version };
    options.log.info(
      { factsVersion: current.version, ms: Date.now() - started },
      "pages rendered from the published company facts",
    );
    await pruneOldSets(options.pagesDir, id);
  }

  const schedule = scheduleTask({
    everyMs,
    firstAfterMs: 0,
    task: check,
    onError: (error) =>
      options.log.error(
        { err: error },
        "rendering the pages from the published company facts failed; it is tried again at the next check",
      ),
    ...(options.timers ? { timers: options.timers } : {}),
  });

  const pages: ServedPages = { root: () => served.root, version: () => served.version };
  return {
    pages,
    /** One check now (tests, and after a publication on this instance). */
    checkNow: () => schedule.runOnce(),
    start: () => schedule.start(),
    stop: () => schedule.stop(),
    /** One page's HTML rendered from `facts`, written nowhere: the console's preview. */
    async preview(facts: CompanyFacts, path: string): Promise<string> {
      const page = RENDERED_PAGES.find((candidate) => candidate.path === path && !candidate.spa);
      if (!page) throw new Error(`${path} is not one of the pages`);
      const rendered = await renderPages(facts, options, [page]);
      return rendered.get(page.file) ?? "";
    },
  };
}

export type FactsPages = ReturnType<typeof factsPages>;
