/**
 * What a page's Total Blocking Time is made of, as Lighthouse counts it: each run loads the page with
 * Lighthouse's defaults (mobile, simulated throttling) in a FRESH Chromium, as bench/web-islands.ts
 * does, then takes Lighthouse's own trace of that load apart: every top-level task of the main thread
 * that adds to TBT (its simulated time over 50 ms between the first paint and Interactive), with its
 * share of TBT, its simulated length, the kind of work in it (parse, style and layout, script,
 * paint, garbage collection) and the trace events that took most of it (which script, which
 * callback, which font or layout). With `--loaded`, busy loops (one per core) run beside.
 *
 *   npx tsx bench/web-long-tasks.ts <base URL> [--loaded]
 *     <base URL>           a running server of a build (e.g. the one bench/web-islands.ts starts, or
 *                          `node <build>/server/main.js`)
 *   BENCH_WEB_RUNS=n       Lighthouse runs per page (3)
 *   BENCH_WEB_PAGES=/,/hi  the pages (/ and /hi)
 *   BENCH_BUILD=<dir>      instead of a URL: serve this build with its own compiled server
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { Audit } from "lighthouse/core/audits/audit.js";
import { TBTImpactTasks } from "lighthouse/core/computed/tbt-impact-tasks.js";
import { startServer } from "../tests/support/server-process";
import { formatMs, median } from "./support/report";

const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
const PAGES = (process.env.BENCH_WEB_PAGES ?? "/,/hi").split(",");
const LOADED = process.argv.includes("--loaded");
const FRESH_CHROMIUM_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--disable-dev-shm-usage",
];
const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";

/** The parts of Lighthouse's task tree read here (core/lib/tracehouse/main-thread-tasks.js). */
interface TaskNode {
  event: { name: string; args?: Record<string, unknown> };
  children: TaskNode[];
  parent?: TaskNode;
  startTime: number;
  duration: number;
  selfTime: number;
  attributableURLs: string[];
  group: { id: string };
  tbtImpact: number;
  selfTbtImpact: number;
}

/** A trace event's own name, with the address or function it names when it names one. */
function label(task: TaskNode): string {
  const args = task.event.args ?? {};
  const data = (args.data ?? args.beginData ?? {}) as Record<string, unknown>;
  const url = typeof data.url === "string" ? data.url.replace(/^https?:\/\/[^/]+/, "") : "";
  const fn = typeof data.functionName === "string" && data.functionName ? ` ${data.functionName}` : "";
  const type = typeof data.type === "string" ? ` ${data.type}` : "";
  // A layout's size: how many of the page's boxes it laid out.
  const boxes =
    typeof data.dirtyObjects === "number" ? ` ${data.dirtyObjects}/${data.totalObjects} boxes` : "";
  const what = url || fn || type || boxes ? ` (${`${url}${fn}${type}${boxes}`.trim()})` : "";
  return `${task.event.name}${what}`;
}

/** The events of a task's tree by the time they took themselves (their self time), longest first. */
function heaviest(task: TaskNode, count: number): string {
  const byLabel = new Map<string, number>();
  const walk = (node: TaskNode) => {
    byLabel.set(label(node), (byLabel.get(label(node)) ?? 0) + node.selfTime);
    node.children.forEach(walk);
  };
  walk(task);
  return [...byLabel]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, ms]) => `${name} ${ms.toFixed(1)}`)
    .join("; ");
}

/** A task's observed time by kind of work (Lighthouse's task groups). */
function byGroup(task: TaskNode): Map<string, number> {
  const groups = new Map<string, number>();
  const walk = (node: TaskNode) => {
    groups.set(node.group.id, (groups.get(node.group.id) ?? 0) + node.selfTime);
    node.children.forEach(walk);
  };
  walk(task);
  return groups;
}

/** What started a task: its first child's name, or its own. */
function trigger(task: TaskNode): string {
  return label(task.children[0] ?? task);
}

interface LongTask {
  start: number;
  tbt: number;
  observed: number;
  groups: Map<string, number>;
  trigger: string;
  heaviest: string;
  urls: string[];
}

interface Run {
  tbt: number;
  /** The load's own moments as observed (not simulated), ms from the navigation's start. */
  observed: string;
  tasks: LongTask[];
}

async function run(url: string): Promise<Run> {
  for (let attempt = 1; ; attempt += 1) {
    const chrome = await chromeLauncher.launch({
      chromePath: CHROME_PATH,
      chromeFlags: FRESH_CHROMIUM_FLAGS,
      logLevel: "error",
    });
    try {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance"],
      });
      if (result && !result.lhr.runtimeError) {
        const context = { settings: result.lhr.configSettings, computedCache: new Map() };
        const data = Audit.makeMetricComputationDataInput(result.artifacts, context as never);
        const tasks = (await TBTImpactTasks.request(data, context as never)) as unknown as TaskNode[];
        const long = tasks
          .filter((task) => !task.parent && task.tbtImpact > 0)
          .sort((a, b) => b.tbtImpact - a.tbtImpact)
          .map((task) => ({
            start: task.startTime,
            tbt: task.tbtImpact,
            observed: task.duration,
            groups: byGroup(task),
            trigger: trigger(task),
            heaviest: heaviest(task, 5),
            urls: task.attributableURLs.map((each) => each.replace(/^https?:\/\/[^/]+/, "")),
          }));
        const metrics = (
          result.lhr.audits.metrics?.details as { items?: Record<string, number>[] } | undefined
        )?.items?.[0];
        const moment = (name: string) => `${name} ${(metrics?.[`observed${name}`] ?? Number.NaN).toFixed(0)}`;
        return {
          tbt: result.lhr.audits["total-blocking-time"]?.numericValue ?? Number.NaN,
          observed: ["FirstContentfulPaint", "DomContentLoaded", "Load", "LargestContentfulPaint"]
            .map(moment)
            .join(", "),
          tasks: long,
        };
      }
      if (attempt === 3) throw new Error(`Lighthouse: ${result?.lhr.runtimeError?.code ?? "no result"}`);
    } finally {
      chrome.kill();
    }
  }
}

let base = process.argv.slice(2).find((argument) => !argument.startsWith("--"));
let stop = async () => {};
if (process.env.BENCH_BUILD) {
  const dataDir = await mkdtemp(join(tmpdir(), "collarise-bench-long-tasks-"));
  const server = await startServer(
    {
      SITE_DIR: join(process.env.BENCH_BUILD, "client"),
      DATABASE_URL: `sqlite:${join(dataDir, "site.db")}`,
      LOG_LEVEL: "error",
    },
    { buildDir: process.env.BENCH_BUILD },
  );
  base = server.baseUrl;
  stop = async () => {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
if (!base) throw new Error("Give a base URL, or BENCH_BUILD=<build folder>");

const loops: ChildProcess[] = LOADED
  ? Array.from({ length: availableParallelism() }, () =>
      spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore" }),
    )
  : [];
console.log(
  `Load average ${loadavg()[0]!.toFixed(2)} at the start${LOADED ? `, ${loops.length} busy loops beside` : ""}`,
);
try {
  for (const path of PAGES) {
    const tbts: number[] = [];
    for (let index = 0; index < RUNS; index += 1) {
      const { tbt, observed, tasks } = await run(`${base}${path}`);
      tbts.push(tbt);
      console.log(
        `\n${path} run ${index + 1}/${RUNS}: TBT ${formatMs(tbt)}, ${tasks.length} tasks adding to it; observed (ms): ${observed}`,
      );
      for (const task of tasks) {
        const groups = [...task.groups]
          .filter(([, ms]) => ms >= 0.5)
          .sort((a, b) => b[1] - a[1])
          .map(([group, ms]) => `${group} ${ms.toFixed(1)}`)
          .join(", ");
        console.log(
          `  +${formatMs(task.tbt)} TBT, ${task.observed.toFixed(1)} ms observed at ${task.start.toFixed(0)} ms — started by ${task.trigger}\n` +
            `    by kind (observed ms): ${groups}\n    heaviest events (self ms): ${task.heaviest}` +
            (task.urls.length ? `\n    scripts: ${task.urls.join(", ")}` : ""),
        );
      }
    }
    console.log(
      `\n${path}: TBT median ${formatMs(median(tbts))} (${tbts.map((each) => formatMs(each)).join(", ")})`,
    );
  }
} finally {
  for (const loop of loops) loop.kill();
  await stop();
}
console.log(`\nLoad average ${loadavg()[0]!.toFixed(2)} at the end`);
