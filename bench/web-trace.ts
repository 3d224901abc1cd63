/**
 * Where a page's main-thread time goes at load: Chromium's own trace of the built pages, served
 * by the real server, on a phone-sized viewport without throttling, each page loaded several
 * times in a new context; the medians of the trace's named events (the parser's last task, which
 * holds what the browser forces at DOMContentLoaded, style, layout, font lookups, script).
 * One build, or two side by side (loads interleaved), to see what a change moves.
 *
 *   npx tsx bench/web-trace.ts <build dir> [<other build dir>]
 *   BENCH_WEB_RUNS=n          loads per page and build (7)
 *   BENCH_WEB_PAGES=/,/hi     the pages (every public page)
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { chromiumArgs } from "../playwright.config";
import { benchPages, serveBuilds } from "./support/build";
import { formatTable, isMain, median, type Row } from "./support/report";

const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 7);
/** Lighthouse's mobile viewport. */
const PHONE = { width: 412, height: 823 };
/** How long after the load event the trace goes on: the scripts and fonts come after it. */
const AFTER_LOAD_MS = 3_000;

/** The trace's events summed per load, by name ("#" before a name: how many there were). */
const MEASURES = [
  ["all tasks", "RunTask"],
  ["parser's last task (DOMContentLoaded)", "Document::FinishedParsing"],
  ["HTML parsing", "ParseHTML"],
  ["style", "UpdateLayoutTree"],
  ["layout", "Layout"],
  ["font lookups", "FontCache::GetFontPlatformData"],
  ["font lookups (count)", "#FontCache::GetFontPlatformData"],
  // Each a synchronous round trip to the browser process on Linux (docs/benchmarks.md).
  ["font round trips: a family asked of the system (count)", "#FontDataManager::onMatchFamilyStyle"],
  [
    "font round trips: a local() face (count)",
    "#WebSandboxSupportLinux::MatchFontByPostscriptNameOrFullFontName",
  ],
  ["font round trips: a size's rendering (count)", "#WebSandboxSupportLinux::GetWebFontRenderStyleForStrike"],
  ["text shaping", "InlineNode::ShapeTextIncludingFirstLine"],
  ["paint", "Paint"],
  ["script: modules evaluated", "v8.evaluateModule"],
  ["script: tasks (hydration)", "MessagePort::Accept"],
] as const;

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  args?: { beginData?: { url?: string } };
}

/** Each measure of one load, in ms (or a count), from the renderer's main thread. */
function measuresOf(events: readonly TraceEvent[], origin: string): number[] {
  const parse = events.find(
    (event) => event.name === "ParseHTML" && (event.args?.beginData?.url ?? "").startsWith(origin),
  );
  if (!parse) throw new Error(`The trace holds no parsing of ${origin}`);
  const main = events.filter(
    (event) => event.pid === parse.pid && event.tid === parse.tid && event.ph === "X",
  );
  return MEASURES.map(([, name]) => {
    const counted = name.startsWith("#");
    const matching = main.filter((event) => event.name === (counted ? name.slice(1) : name));
    return counted ? matching.length : matching.reduce((sum, event) => sum + (event.dur ?? 0), 0) / 1000;
  });
}

export async function runWebTrace(buildDirs: readonly string[]): Promise<Row[]> {
  const pages = benchPages();
  const dataDir = await mkdtemp(join(tmpdir(), "collarise-bench-trace-"));
  const servers = await serveBuilds(buildDirs, dataDir);
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    args: chromiumArgs,
  });
  const rows: Row[] = [];
  try {
    for (const page of pages) {
      const loads: number[][][] = buildDirs.map(() => []);
      for (let run = 0; run < RUNS; run += 1) {
        for (const [index, server] of servers.entries()) {
          const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
          const tab = await context.newPage();
          await browser.startTracing(tab, {
            categories: [
              "devtools.timeline",
              "disabled-by-default-devtools.timeline",
              "blink",
              "v8",
              "fonts",
            ],
          });
          await tab.goto(`${server.baseUrl}${page}`, { waitUntil: "load" });
          await tab.waitForTimeout(AFTER_LOAD_MS);
          const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
          loads[index]!.push(measuresOf(trace.traceEvents, server.baseUrl));
          await context.close();
        }
      }
      for (const [column, [label, name]] of MEASURES.entries()) {
        const medians = loads.map((each) => median(each.map((load) => load[column]!)));
        const shown = medians.map((value) =>
          name.startsWith("#") ? value.toFixed(0) : `${value.toFixed(1)} ms`,
        );
        rows.push({
          group: `${page} (median of ${RUNS})`,
          measure: label,
          value: shown.join("  |  "),
          target: "",
        });
      }
    }
  } finally {
    await browser.close();
    await Promise.all(servers.map((server) => server.stop()));
    await rm(dataDir, { recursive: true, force: true });
  }
  return rows;
}

if (isMain(import.meta.url)) {
  const buildDirs = process.argv.slice(2);
  if (buildDirs.length < 1 || buildDirs.length > 2) {
    throw new Error("Give one build folder, or two: bench/web-trace.ts <a> [<b>]");
  }
  console.log(buildDirs.length === 2 ? `Columns: ${buildDirs.join("  |  ")}` : `Build: ${buildDirs[0]}`);
  console.log(formatTable(await runWebTrace(buildDirs)));
}
