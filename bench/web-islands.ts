/**
 * The public pages as islands against another site, as a visitor's first load meets them: Lighthouse
 * (mobile, simulated throttling: its defaults) with a FRESH Chromium for every run, as the Lighthouse
 * CLI runs it, the two sites' runs alternating so that a shared machine's load falls on both alike;
 * with `--loaded`, busy loops (one per core) run beside, as on a cheap phone that is busy. Then, on
 * this project's builds, each page's scripts (gzipped each on its own, summed) before any island and
 * after every island has hydrated, and the order form's first keypress and a carousel's first swipe
 * as Chromium's trace times them (Event Timing, the events INP is made of), CPU slowed 4×, before
 * React has come and after.
 *
 *   npx tsx bench/web-islands.ts <build> <other> [<other>…] [--loaded]
 *     <build>             a build folder of this project (BUILD_DIR=… npm run build)
 *     <other>             another build folder of this project (an earlier release: its pages are
 *                         served by <build>'s server), or a static site's folder (AstroWind's
 *                         dist/), served precompressed by Fastify; several may be given (a build
 *                         before a change and AstroWind's, in the same interleaved run)
 *   BENCH_WEB_RUNS=n      Lighthouse runs per page and site (3)
 *   BENCH_WEB_PAGES=/,/hi the pages (every public page); a static site is measured at its home page
 *                         beside our landing pages and at its closest text page beside our privacy
 *                         pages (BENCH_OTHER_TEXT_PAGE, /privacy/ as AstroWind has it)
 */
import { existsSync } from "node:fs";
import { cp, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { chromium, type Browser, type BrowserContext, type Page } from "@playwright/test";
import fastifyStatic from "@fastify/static";
import Fastify from "fastify";
import { startBusyLoops } from "../tests/support/busy-loops";
import { startServer } from "../tests/support/server-process";
import { benchPages } from "./support/build";
import { CHROME_PATH, FRESH_CHROMIUM_FLAGS, lighthouseInFreshChromium } from "./support/lighthouse";
import { formatKiB, formatMs, formatTable, median, type Row } from "./support/report";

const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
const LOADED = process.argv.includes("--loaded");
const [ours, ...others] = process.argv.slice(2).filter((argument) => !argument.startsWith("--"));
if (!ours || others.length === 0)
  throw new Error("Give two folders or more: bench/web-islands.ts <build> <other> [<other>…] [--loaded]");

/** A static site's page beside our privacy pages: AstroWind's privacy policy, text only as ours is. */
const OTHER_TEXT_PAGE = process.env.BENCH_OTHER_TEXT_PAGE ?? "/privacy/";

/** The page of another site measured beside one of ours: the same path on a build of this project. */
function besideOurs(site: Site, path: string): string {
  if (site.ownBuild) return path;
  return path.endsWith("privacy-policy") ? OTHER_TEXT_PAGE : "/";
}

interface Site {
  name: string;
  baseUrl: string;
  /** The folder its files are served from (for the scripts' sizes). */
  filesDir: string;
  /** A build of this project (islands or not), or a static site measured at / only. */
  ownBuild: boolean;
  stop: () => Promise<void>;
}

/** A static site served as the project's server serves its own: precompressed brotli and gzip twins. */
async function serveStatic(dir: string): Promise<Site> {
  const copy = await mkdtemp(join(tmpdir(), "collarise-bench-static-"));
  await cp(dir, copy, { recursive: true });
  for (const entry of await readdir(copy, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    if (!entry.isFile() || !/\.(html|css|js|mjs|svg|xml|txt|json)$/.test(path)) continue;
    if ((await stat(path)).size < 256) continue;
    const data = await readFile(path);
    await writeFile(`${path}.br`, brotliCompressSync(data));
    await writeFile(`${path}.gz`, gzipSync(data, { level: 9 }));
  }
  const app = Fastify();
  await app.register(fastifyStatic, { root: copy, preCompressed: true });
  const address = await app.listen({ port: 0, host: "127.0.0.1" });
  return {
    name: dir,
    baseUrl: address,
    filesDir: copy,
    ownBuild: false,
    stop: async () => {
      await app.close();
      await rm(copy, { recursive: true, force: true });
    },
  };
}

/**
 * Each site: a build of this project is served by the first build's own compiled server (so that
 * only the pages and their scripts differ, and an older release needs none of its own packages),
 * from its client folder, on an SQLite file of its own; anything else as a static site.
 */
async function serve(dirs: readonly string[], dataDir: string): Promise<Site[]> {
  const sites: Site[] = [];
  for (const [index, dir] of dirs.entries()) {
    if (!existsSync(join(dir, "client"))) {
      sites.push(await serveStatic(dir));
      continue;
    }
    const server = await startServer(
      {
        SITE_DIR: join(dir, "client"),
        DATABASE_URL: `sqlite:${join(dataDir, `site-${index}.db`)}`,
        LOG_LEVEL: "error",
      },
      { buildDir: dirs[0]! },
    );
    sites.push({
      name: dir,
      baseUrl: server.baseUrl,
      filesDir: join(dir, "client"),
      ownBuild: true,
      stop: () => server.stop(),
    });
  }
  return sites;
}

// ---- Lighthouse, a fresh browser per run ----

interface Paints {
  lcp: number;
  tbt: number;
  cls: number;
  performance: number;
}

function lighthouseRun(url: string): Promise<Paints> {
  return lighthouseInFreshChromium(url, ({ lhr }) => {
    const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      lcp: value("largest-contentful-paint"),
      tbt: value("total-blocking-time"),
      cls: value("cumulative-layout-shift"),
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    };
  });
}

// ---- Scripts and interactions (Playwright, this project's builds) ----

const PHONE = { viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true };

async function gzipSizeOf(filesDir: string, path: string): Promise<number> {
  return gzipSync(await readFile(join(filesDir, path))).length;
}

interface ScriptSizes {
  /** The page loaded and left alone (as Lighthouse loads it): no scroll, key or touch. */
  atLoad: number;
  beforeIslands: number;
  afterIslands: number;
  afterOrderForm: number | undefined;
}

/**
 * The scripts a page fetches: before its first island starts to hydrate (React's chunk asked for),
 * once every island has hydrated and every part has neared the screen, and after the order form is
 * first touched (its toasts and proof of work). A page without islands hydrates whole at load: its
 * first figure is all of its load's scripts.
 */
async function scriptSizes(browser: Browser, site: Site, path: string): Promise<ScriptSizes> {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const scripts: string[] = [];
  let beforeIslands: string[] | undefined;
  page.on("request", (request) => {
    if (request.resourceType() !== "script") return;
    const { pathname } = new URL(request.url());
    if (/\/assets\/islands\/hydrate-/.test(pathname)) beforeIslands ??= [...scripts];
    scripts.push(pathname);
  });
  await page.goto(`${site.baseUrl}${path}`, { waitUntil: "networkidle" });
  // Nothing but the page's script runs until a visitor shows up: a key pressed (Shift, which nothing answers).
  await page.waitForFunction(() => performance.getEntriesByName("page-script:ready").length > 0);
  const loaded = [...scripts];
  await page.keyboard.press("Shift");
  await page
    .locator("collarise-island:not([data-hydrated])")
    .first()
    .waitFor({ state: "detached" })
    .catch(() => {});
  await page.waitForFunction(
    () => document.querySelectorAll("collarise-island:not([data-hydrated])").length === 0,
  );
  // Every part brought near the screen once (the carousels fetch their engine then).
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += innerHeight) {
      scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
  await page.waitForLoadState("networkidle");
  const afterIslands = [...scripts];
  let afterOrderForm: number | undefined;
  const form = page.locator("form.order-form input[name='Name']");
  if ((await form.count()) > 0) {
    await form.focus();
    await page.waitForTimeout(500);
    await page.waitForLoadState("networkidle");
    afterOrderForm = await sum(site, [...new Set(scripts)]);
  }
  await context.close();
  return {
    atLoad: await sum(site, [...new Set(loaded)]),
    beforeIslands: await sum(site, [...new Set(beforeIslands ?? afterIslands)]),
    afterIslands: await sum(site, [...new Set(afterIslands)]),
    afterOrderForm,
  };
}

/** A static site's scripts: whatever its page fetches by the time the network is idle, scrolled through. */
async function staticScripts(browser: Browser, site: Site, path: string): Promise<number> {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const scripts = new Set<string>();
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.add(new URL(request.url()).pathname);
  });
  await page.goto(`${site.baseUrl}${path}`, { waitUntil: "networkidle" });
  const inline = await page.evaluate(() =>
    [...document.querySelectorAll("script:not([src])")].map((script) => script.textContent ?? ""),
  );
  await context.close();
  const inlineBytes = inline.reduce((total, text) => total + gzipSync(text).length, 0);
  return (await sum(site, [...scripts])) + inlineBytes;
}

async function sum(site: Site, paths: readonly string[]): Promise<number> {
  const sizes = await Promise.all(paths.map((path) => gzipSizeOf(site.filesDir, path)));
  return sizes.reduce((total, size) => total + size, 0);
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  id?: string;
  id2?: { local?: string };
  args?: { data?: { type?: string; duration?: number; interactionId?: number } };
}

/** The longest Event Timing entry of the given types in Chromium's trace, in ms (what INP counts for the interaction). */
function longestEvent(trace: { traceEvents: TraceEvent[] }, types: readonly string[]): number {
  const timings = trace.traceEvents.filter((event) => event.name === "EventTiming");
  const begins = new Map<string, TraceEvent>();
  let longest = 0;
  for (const event of timings) {
    const key = event.id ?? event.id2?.local ?? "";
    if (event.ph === "b") begins.set(key, event);
    if (event.ph !== "e") continue;
    const begin = begins.get(key);
    const type = begin?.args?.data?.type ?? "";
    if (!begin || !types.includes(type)) continue;
    longest = Math.max(longest, begin.args?.data?.duration ?? (event.ts - begin.ts) / 1000);
  }
  return longest;
}

async function traced(
  browser: Browser,
  page: Page,
  act: () => Promise<void>,
): Promise<{ traceEvents: TraceEvent[] }> {
  await browser.startTracing(page, {
    categories: ["devtools.timeline", "disabled-by-default-devtools.timeline"],
  });
  await act();
  // The frame after the interaction: its Event Timing entry ends there.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 200))));
  return JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
}

/** A new phone-sized page at 4× slower CPU, React held back (never answered) when `beforeReact`. */
async function slowPage(
  browser: Browser,
  beforeReact: boolean,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  if (beforeReact) await page.route(/\/assets\/islands\/hydrate-[\w-]+\.js$/, () => {});
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  return { context, page };
}

async function whenReady(page: Page, beforeReact: boolean) {
  await page.waitForFunction(() => performance.getEntriesByName("page-script:ready").length > 0);
  if (!beforeReact) await page.keyboard.press("Shift");
  if (!beforeReact)
    await page.waitForFunction(
      () => document.querySelectorAll("collarise-island:not([data-hydrated])").length === 0,
      undefined,
      { timeout: 60_000 },
    );
}

const KEY_EVENTS = ["keydown", "keypress", "keyup", "input", "beforeinput"];
const SWIPE_EVENTS = ["pointerdown", "pointerup", "pointercancel", "touchstart", "touchend", "touchmove"];

async function firstKeypress(browser: Browser, site: Site, beforeReact: boolean): Promise<number> {
  const { context, page } = await slowPage(browser, beforeReact);
  await page.goto(`${site.baseUrl}/#buy-now`);
  await whenReady(page, beforeReact);
  const name = page.locator("form.order-form input[name='Name']");
  await name.focus();
  await page.waitForTimeout(300);
  const trace = await traced(browser, page, () => page.keyboard.press("A"));
  const value = await name.inputValue();
  await context.close();
  if (value !== "A") throw new Error(`The keypress was lost (${beforeReact ? "before" : "after"} React)`);
  return longestEvent(trace, KEY_EVENTS);
}

async function firstSwipe(
  browser: Browser,
  site: Site,
  beforeReact: boolean,
): Promise<{ ms: number; moved: boolean }> {
  const { context, page } = await slowPage(browser, beforeReact);
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto(`${site.baseUrl}/`);
  await whenReady(page, beforeReact);
  const viewport = page.locator(".carousel__viewport").first();
  await viewport.scrollIntoViewIfNeeded();
  if (!beforeReact) await page.locator(".carousel[data-engine='ready']").first().waitFor({ timeout: 60_000 });
  await page.waitForTimeout(500);
  const box = (await viewport.boundingBox())!;
  const y = box.y + box.height / 2;
  const firstSlide = () =>
    viewport.evaluate((element) => {
      const track = element.querySelector<HTMLElement>(".carousel__track")!;
      return element.scrollLeft + Math.abs(new DOMMatrix(getComputedStyle(track).transform).m41);
    });
  const before = await firstSlide();
  const cdp = await context.newCDPSession(page);
  const touch = (type: "touchStart" | "touchMove" | "touchEnd", x: number) =>
    cdp.send("Input.dispatchTouchEvent", {
      type,
      touchPoints: type === "touchEnd" ? [] : [{ x, y }],
    });
  const trace = await traced(browser, page, async () => {
    await touch("touchStart", box.x + box.width * 0.8);
    for (let step = 1; step <= 6; step += 1)
      await touch("touchMove", box.x + box.width * (0.8 - step * 0.11));
    await touch("touchEnd", 0);
  });
  await page.waitForTimeout(1000);
  const moved = (await firstSlide()) - before > box.width * 0.3;
  await context.close();
  return { ms: longestEvent(trace, SWIPE_EVENTS), moved };
}

// ---- The run ----

const dataDir = await mkdtemp(join(tmpdir(), "collarise-bench-islands-"));
const sites = await serve([ours, ...others], dataDir);
const busy = LOADED ? startBusyLoops() : undefined;
const rows: Row[] = [];
const startedLoad = loadavg()[0]!;
try {
  const pages = benchPages();
  const results = new Map<string, Paints[]>();
  // One load of each site first, not counted: the first Lighthouse run of a bench pays for the
  // machine's cold caches and the server's first requests, and would always fall on the first site.
  for (const site of sites) await lighthouseRun(`${site.baseUrl}${besideOurs(site, pages[0] ?? "/")}`);
  for (let run = 0; run < RUNS; run += 1) {
    // Each run visits every page of each site, the sites' order alternating from run to run; a
    // static site's page is measured once per run, beside the first of our pages it stands for.
    const order = run % 2 === 0 ? sites : [...sites].reverse();
    const seen = new Set<string>();
    for (const path of pages) {
      for (const site of order) {
        const key = `${site.name} ${besideOurs(site, path)}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const paints = await lighthouseRun(`${site.baseUrl}${besideOurs(site, path)}`);
        results.set(key, [...(results.get(key) ?? []), paints]);
        console.log(
          `  ${key} run ${run + 1}/${RUNS}: LCP ${formatMs(paints.lcp)}, TBT ${formatMs(paints.tbt)}, CLS ${paints.cls.toFixed(3)}, performance ${paints.performance}`,
        );
      }
    }
  }
  for (const [key, runs] of results) {
    const of = (field: keyof Paints) => median(runs.map((each) => each[field]));
    rows.push({
      group: `Lighthouse, fresh Chromium per run, ${LOADED ? "busy loops beside" : "quiet"} (median of ${runs.length})`,
      measure: key,
      value: `TBT ${formatMs(of("tbt"))}, LCP ${formatMs(of("lcp"))}, CLS ${of("cls").toFixed(3)}, performance ${of("performance")}`,
      target: "",
    });
  }
} finally {
  await busy?.stop();
}

try {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: FRESH_CHROMIUM_FLAGS });
  try {
    for (const site of sites.filter((each) => each.ownBuild)) {
      for (const path of benchPages()) {
        const sizes = await scriptSizes(browser, site, path);
        rows.push({
          group: "Scripts, each gzipped on its own, summed",
          measure: `${site.name} ${path}`,
          value: `loaded, left alone ${formatKiB(sizes.atLoad)}, before any island ${formatKiB(sizes.beforeIslands)}, every island hydrated ${formatKiB(sizes.afterIslands)}${sizes.afterOrderForm === undefined ? "" : `, order form touched ${formatKiB(sizes.afterOrderForm)}`}`,
          target: "≤ 20 KiB | ≤ 70 KiB",
        });
      }
    }
    for (const site of sites.filter((each) => !each.ownBuild)) {
      for (const path of new Set(benchPages().map((each) => besideOurs(site, each)))) {
        rows.push({
          group: "Scripts, each gzipped on its own, summed",
          measure: `${site.name} ${path}`,
          value: `all of its load ${formatKiB(await staticScripts(browser, site, path))}`,
          target: "",
        });
      }
    }
    const islands = sites[0]!;
    for (const beforeReact of [true, false]) {
      const when = beforeReact ? "before React (held back)" : "after every island hydrated";
      const keys = [
        await firstKeypress(browser, islands, beforeReact),
        await firstKeypress(browser, islands, beforeReact),
      ];
      const swipes = [
        await firstSwipe(browser, islands, beforeReact),
        await firstSwipe(browser, islands, beforeReact),
      ];
      rows.push({
        group: "Interactions, Chromium's trace (Event Timing), CPU 4× slower",
        measure: `${when}: the order form's first keypress`,
        value: keys.map((ms) => formatMs(ms)).join(", "),
        target: "≤ 200 ms",
      });
      rows.push({
        group: "Interactions, Chromium's trace (Event Timing), CPU 4× slower",
        measure: `${when}: a carousel's first swipe`,
        value: swipes
          .map((swipe) => `${formatMs(swipe.ms)}${swipe.moved ? " (moved a slide)" : " (did not move)"}`)
          .join(", "),
        target: "≤ 200 ms",
      });
    }
  } finally {
    await browser.close();
  }
} finally {
  await Promise.all(sites.map((site) => site.stop()));
  await rm(dataDir, { recursive: true, force: true });
}

console.log(`\n${formatTable(rows)}`);
console.log(
  `\nLoad average (1 min) at the start ${startedLoad.toFixed(2)}, at the end ${loadavg()[0]!.toFixed(2)}; ${availableParallelism()} cores${LOADED ? `, ${availableParallelism()} busy loops beside` : ""}.`,
);
