/**
 * Page benchmark: Lighthouse (mobile, simulated throttling: its defaults) on both pages of
 * the built site, served by the real server; the median of several runs against the targets.
 *
 *   npm run bench:web                       5 runs per page
 *   BENCH_QUICK=1 npm run bench:web         1 run per page
 *   BENCH_REUSE_BUILD=1 npm run bench:web   keep the build already in BUILD_DIR
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromiumArgs } from "../playwright.config";
import { benchPages, benchServerOptions, buildSite } from "./support/build";
import {
  formatKB,
  formatKiB,
  formatMs,
  formatTable,
  isMain,
  median,
  quick,
  type Row,
} from "./support/report";
import { startServer } from "../tests/support/server-process";

const RUNS = quick ? 1 : Number(process.env.BENCH_WEB_RUNS ?? 5);

export const webTargets = {
  performance: 98,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  lcpMs: 1200,
  tbtMs: 50,
  cls: 0.01,
  jsBytes: 125_000,
  /** 125 KiB: each script gzipped on its own (default level), the sizes summed. */
  jsGzipBytes: 125 * 1024,
  totalBytes: 250_000,
} as const;

export interface LighthouseRun {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Scripts as transferred (compressed), every request of the run. */
  jsBytes: number;
  /** The part of jsBytes requested after the first contentful paint (none of it delayed the text). */
  jsAfterPaintBytes: number;
  /**
   * Each script the run loaded, gzipped on its own at the default level, the sizes summed: a
   * figure that does not depend on the server's choice of compression.
   */
  jsGzipBytes: number;
  totalBytes: number;
  failedAudits: string[];
  /** Each script's path and transferred bytes, largest first. */
  scripts: { path: string; bytes: number }[];
  /** The element Lighthouse names as the largest contentful paint. */
  lcpElement: string | undefined;
}

export interface PageResult {
  page: string;
  runs: LighthouseRun[];
  median: Omit<LighthouseRun, "failedAudits" | "scripts" | "lcpElement">;
  failedAudits: string[];
}

interface ResourceSummaryItem {
  resourceType: string;
  transferSize: number;
}

interface NetworkRequestItem {
  url: string;
  resourceType?: string;
  transferSize?: number;
  /** Milliseconds from the navigation's start. */
  rendererStartTime?: number;
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];

function score(lhr: Lhr, id: string): number {
  const value = lhr.categories[id]?.score;
  if (typeof value !== "number") throw new Error(`Lighthouse gave no ${id} score`);
  return Math.round(value * 100);
}

function numeric(lhr: Lhr, id: string): number {
  const value = lhr.audits[id]?.numericValue;
  if (typeof value !== "number") throw new Error(`Lighthouse gave no value for ${id}`);
  return value;
}

/** Gzipped sizes of the site's own scripts, by path, read from the build the server serves. */
function gzipSizes(siteDir: string) {
  const sizes = new Map<string, Promise<number>>();
  return (path: string): Promise<number> => {
    let size = sizes.get(path);
    if (!size) {
      size = readFile(join(siteDir, path)).then((data) => gzipSync(data).length);
      sizes.set(path, size);
    }
    return size;
  };
}

async function readRun(lhr: Lhr, gzipSizeOf: (path: string) => Promise<number>): Promise<LighthouseRun> {
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const details = lhr.audits["resource-summary"]?.details as { items?: ResourceSummaryItem[] } | undefined;
  const items = details?.items ?? [];
  const bytesOf = (type: string) => items.find((item) => item.resourceType === type)?.transferSize ?? 0;
  // The audits that cost points in the three categories that must score 100.
  const failedAudits = ["accessibility", "best-practices", "seo"].flatMap((category) =>
    (lhr.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${category}: ${ref.id}`),
  );
  const requests =
    (lhr.audits["network-requests"]?.details as { items?: NetworkRequestItem[] } | undefined)?.items ?? [];
  const scripts = requests
    .filter((request) => request.resourceType === "Script")
    .map((request) => ({ path: new URL(request.url).pathname, bytes: request.transferSize ?? 0 }))
    .sort((a, b) => b.bytes - a.bytes);
  const metrics = (
    lhr.audits.metrics?.details as { items?: { observedFirstContentfulPaint?: number }[] } | undefined
  )?.items?.[0];
  const paintAt = metrics?.observedFirstContentfulPaint ?? Number.POSITIVE_INFINITY;
  const jsAfterPaintBytes = requests
    .filter((request) => request.resourceType === "Script" && (request.rendererStartTime ?? 0) >= paintAt)
    .reduce((sum, request) => sum + (request.transferSize ?? 0), 0);
  const gzipped = await Promise.all(scripts.map((script) => gzipSizeOf(script.path)));
  const jsGzipBytes = gzipped.reduce((sum, bytes) => sum + bytes, 0);
  const lcpDetails = lhr.audits["largest-contentful-paint-element"]?.details as
    { items?: { items?: { node?: { snippet?: string } }[] }[] } | undefined;
  const lcpElement = lcpDetails?.items?.[0]?.items?.[0]?.node?.snippet;
  return {
    scripts,
    lcpElement,
    performance: score(lhr, "performance"),
    accessibility: score(lhr, "accessibility"),
    bestPractices: score(lhr, "best-practices"),
    seo: score(lhr, "seo"),
    lcpMs: numeric(lhr, "largest-contentful-paint"),
    tbtMs: numeric(lhr, "total-blocking-time"),
    cls: numeric(lhr, "cumulative-layout-shift"),
    jsBytes: bytesOf("script"),
    jsAfterPaintBytes,
    jsGzipBytes,
    totalBytes: bytesOf("total"),
    failedAudits,
  };
}

function medianOf(runs: readonly LighthouseRun[]): PageResult["median"] {
  const of = (key: keyof PageResult["median"]) => median(runs.map((run) => run[key]));
  return {
    performance: of("performance"),
    accessibility: of("accessibility"),
    bestPractices: of("bestPractices"),
    seo: of("seo"),
    lcpMs: of("lcpMs"),
    tbtMs: of("tbtMs"),
    cls: of("cls"),
    jsBytes: of("jsBytes"),
    jsAfterPaintBytes: of("jsAfterPaintBytes"),
    jsGzipBytes: of("jsGzipBytes"),
    totalBytes: of("totalBytes"),
  };
}

/** Lighthouse's trace recording now and then fails (NO_NAVSTART): such a run is run again. */
const ATTEMPTS = 3;

async function lighthouseRun(url: string, port: number): Promise<Lhr> {
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(url, {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: CATEGORIES,
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const error = result.lhr.runtimeError;
    if (!error || attempt === ATTEMPTS) return result.lhr;
    console.log(`  Lighthouse failed to record ${url} (${error.code}); running it again`);
  }
}

/** With BENCH_WEB_REPORTS=<folder>, each run's Lighthouse report is kept there as JSON, to read its trace-based figures. */
async function keepReport(lhr: Lhr, page: string, run: number): Promise<void> {
  const folder = process.env.BENCH_WEB_REPORTS;
  if (!folder) return;
  await mkdir(folder, { recursive: true });
  const name = `${page.replace(/\W+/g, "-").replace(/^-|-$/g, "") || "home"}-${run}.json`;
  await writeFile(join(folder, name), JSON.stringify(lhr));
}

/** Builds the site, serves it, and runs Lighthouse on each page. */
export async function runWebBench(): Promise<PageResult[]> {
  const siteDir = buildSite();
  const dataDir = await mkdtemp(join(tmpdir(), "collarise-bench-web-"));
  const server = await startServer(
    { SITE_DIR: siteDir, DATABASE_URL: `sqlite:${join(dataDir, "site.db")}`, LOG_LEVEL: "warn" },
    benchServerOptions,
  );
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    chromeFlags: chromiumArgs,
    logLevel: "error",
  });
  const gzipSizeOf = gzipSizes(siteDir);
  try {
    const results: PageResult[] = [];
    for (const page of benchPages()) {
      const runs: LighthouseRun[] = [];
      for (let run = 1; run <= RUNS; run += 1) {
        const lhr = await lighthouseRun(`${server.baseUrl}${page}`, chrome.port);
        await keepReport(lhr, page, run);
        const measured = await readRun(lhr, gzipSizeOf);
        runs.push(measured);
        console.log(
          `  ${page} run ${run}/${RUNS}: performance ${measured.performance}, LCP ${formatMs(measured.lcpMs)}, ` +
            `TBT ${formatMs(measured.tbtMs)}, CLS ${measured.cls.toFixed(3)}`,
        );
      }
      results.push({
        page,
        runs,
        median: medianOf(runs),
        failedAudits: [...new Set(runs.flatMap((run) => run.failedAudits))].sort(),
      });
    }
    return results;
  } finally {
    chrome.kill();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

export function webRows(results: readonly PageResult[]): Row[] {
  const t = webTargets;
  return results.flatMap(({ page, median: m, runs }) => {
    const group = `Lighthouse ${page} (median of ${runs.length})`;
    const scores = runs.map((run) => run.performance);
    const blocking = runs.map((run) => run.tbtMs);
    return [
      {
        group,
        measure: "Performance",
        value: `${m.performance} (runs ${Math.min(...scores)}–${Math.max(...scores)})`,
        target: `≥ ${t.performance}`,
        pass: m.performance >= t.performance,
      },
      {
        group,
        measure: "Accessibility",
        value: String(m.accessibility),
        target: `${t.accessibility}`,
        pass: m.accessibility >= t.accessibility,
      },
      {
        group,
        measure: "Best practices",
        value: String(m.bestPractices),
        target: `${t.bestPractices}`,
        pass: m.bestPractices >= t.bestPractices,
      },
      { group, measure: "SEO", value: String(m.seo), target: `${t.seo}`, pass: m.seo >= t.seo },
      {
        group,
        measure: "LCP",
        value: formatMs(m.lcpMs),
        target: `≤ ${formatMs(t.lcpMs)}`,
        pass: m.lcpMs <= t.lcpMs,
      },
      {
        group,
        measure: "TBT",
        value: `${formatMs(m.tbtMs)} (runs ${formatMs(Math.min(...blocking))}–${formatMs(Math.max(...blocking))})`,
        target: `≤ ${formatMs(t.tbtMs)}`,
        pass: m.tbtMs <= t.tbtMs,
      },
      { group, measure: "CLS", value: m.cls.toFixed(3), target: `≤ ${t.cls}`, pass: m.cls <= t.cls },
      {
        group,
        measure: "JavaScript transferred",
        value: `${formatKB(m.jsBytes)} (${formatKB(m.jsAfterPaintBytes)} of it after the first paint)`,
        target: `≤ ${formatKB(t.jsBytes)}`,
        pass: m.jsBytes <= t.jsBytes,
      },
      {
        group,
        measure: "JavaScript, each script gzipped, summed",
        value: formatKiB(m.jsGzipBytes),
        target: `≤ ${formatKiB(t.jsGzipBytes)}`,
        pass: m.jsGzipBytes <= t.jsGzipBytes,
      },
      {
        group,
        measure: "Total transferred",
        value: formatKB(m.totalBytes),
        target: `≤ ${formatKB(t.totalBytes)}`,
        pass: m.totalBytes <= t.totalBytes,
      },
    ];
  });
}

/** What explains the figures of a page: its LCP element, its scripts, the audits short of full marks. */
export function pageDetails(result: PageResult): string {
  const first = result.runs[0];
  const lines = [`${result.page}:`];
  if (first?.lcpElement) lines.push(`  LCP element: ${first.lcpElement}`);
  if (first) {
    lines.push(
      `  scripts (transferred): ${first.scripts.map((s) => `${s.path} ${formatKB(s.bytes)}`).join(", ")}`,
    );
  }
  if (result.failedAudits.length > 0)
    lines.push(`  audits below full marks: ${result.failedAudits.join(", ")}`);
  return lines.join("\n");
}

/** The machine's load averages over 1, 5 and 15 minutes: simulated throttling multiplies what the machine's own load adds. */
const loadAverages = () =>
  loadavg()
    .map((load) => load.toFixed(2))
    .join(", ");

if (isMain(import.meta.url)) {
  console.log(`Lighthouse ${RUNS} run(s) per page, mobile, simulated throttling`);
  const loadBefore = loadAverages();
  const results = await runWebBench();
  console.log(`\n${formatTable(webRows(results))}`);
  console.log(`\nLoad average (1, 5, 15 min): ${loadBefore} before, ${loadAverages()} after`);
  for (const result of results) console.log(`\n${pageDetails(result)}`);
}
