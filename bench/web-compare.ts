/**
 * Two builds of the site side by side: both served at once, Lighthouse run on each page of
 * each in turn (A B, then B A, and so on), so that a shared machine's load falls on both alike.
 * Prints each run and the medians of first and largest paint, blocking time and score.
 *
 *   BUILD_DIR=/tmp/a npm run build   (at one commit)
 *   BUILD_DIR=/tmp/b npm run build   (at the other)
 *   npx tsx bench/web-compare.ts /tmp/a /tmp/b      BENCH_WEB_RUNS=n runs per page and build (5)
 *   BENCH_WEB_PAGES=/,/hi                           the pages (every public page)
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromiumArgs } from "../playwright.config";
import { benchPages, serveBuilds } from "./support/build";
import { formatMs, formatTable, median, type Row } from "./support/report";

const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 5);
const buildDirs = process.argv.slice(2);
if (buildDirs.length !== 2) throw new Error("Give two build folders: bench/web-compare.ts <a> <b>");

interface Paints {
  fcp: number;
  lcp: number;
  tbt: number;
  performance: number;
}

const dataDir = await mkdtemp(join(tmpdir(), "collarise-bench-compare-"));
const servers = await serveBuilds(buildDirs, dataDir);
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  chromeFlags: chromiumArgs,
  logLevel: "error",
});

async function measure(url: string): Promise<Paints> {
  // Lighthouse now and then fails to record a trace (NO_NAVSTART): such a run is run again.
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance"],
    });
    const lhr = result?.lhr;
    if (lhr && !lhr.runtimeError) {
      const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      return {
        fcp: value("first-contentful-paint"),
        lcp: value("largest-contentful-paint"),
        tbt: value("total-blocking-time"),
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      };
    }
    if (attempt === 3) throw new Error(`Lighthouse: ${lhr?.runtimeError?.code ?? "no result"} for ${url}`);
  }
}

const rows: Row[] = [];
try {
  for (const page of benchPages()) {
    const runs: Paints[][] = buildDirs.map(() => []);
    for (let run = 0; run < RUNS; run += 1) {
      const order = run % 2 === 0 ? [0, 1] : [1, 0];
      for (const index of order) {
        const paints = await measure(`${servers[index]!.baseUrl}${page}`);
        runs[index]!.push(paints);
        console.log(
          `  ${page} ${buildDirs[index]} run ${run + 1}/${RUNS}: FCP ${formatMs(paints.fcp)}, LCP ${formatMs(paints.lcp)}, TBT ${formatMs(paints.tbt)}, performance ${paints.performance}`,
        );
      }
    }
    buildDirs.forEach((buildDir, index) => {
      const of = (key: keyof Paints) => median(runs[index]!.map((paints) => paints[key]));
      rows.push({
        group: `${page} (median of ${RUNS})`,
        measure: buildDir,
        value: `FCP ${formatMs(of("fcp"))}, LCP ${formatMs(of("lcp"))}, TBT ${formatMs(of("tbt"))}, performance ${of("performance")}`,
        target: "",
      });
    });
  }
} finally {
  chrome.kill();
  await Promise.all(servers.map((server) => server.stop()));
  await rm(dataDir, { recursive: true, force: true });
}
console.log(`\n${formatTable(rows)}`);
