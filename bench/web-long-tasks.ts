/**
 * What a page's Total Blocking Time is made of, as Lighthouse counts it: each run loads the page with
 * Lighthouse's defaults (mobile, simulated throttling) in a FRESH Chromium, as bench/web-islands.ts
 * does, then takes Lighthouse's own trace of that load apart: every top-level task of the main thread
 * that adds to TBT (its simulated time over 50 ms between the first paint and Interactive), with its
 * share of TBT, its simulated length, the kind of work in it (parse, style and layout, script,
 * paint, garbage collection) and the trace events that took most of it (which script, which
 * callback, which font or layout). With `--loaded`, busy loops (one per core) run beside.
 *
 *   BENCH_BUILD=<dir>[,<dir>…] npx tsx bench/web-long-tasks.ts [--loaded]
 *   npx tsx bench/web-long-tasks.ts <base URL> [--loaded]
 *     BENCH_BUILD           builds of this project, each served by its own compiled server, their
 *                           runs alternating; or <base URL>, a server already running
 *   BENCH_WEB_RUNS=n        Lighthouse runs per page and build (3)
 *   BENCH_WEB_PAGES=/,/hi   the pages (/ and /hi)
 *
 * Ends with each page's TBT median and, for each kind of long task (the page script's first run,
 * the first paint's style and layout, the parse's end with the forms' forced layouts…), the TBT it
 * added over all the runs.
 *
 * With `--lcp`, each run also takes Lighthouse's simulated LCP apart (Lantern): the LCP element and
 * the observed first and largest paints; then each of its two graphs (the optimistic one, the
 * requests and tasks the paint needs; the pessimistic one, every request and layout that started
 * before the observed paint), its estimate, and every request (its priority, bytes as sent and
 * simulated start and end) and every main-thread task (its observed and simulated time and its kind
 * of work) on it. Ends with each page's LCP median and its estimates.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { Audit } from "lighthouse/core/audits/audit.js";
import { LanternLargestContentfulPaint } from "lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js";
import { TBTImpactTasks } from "lighthouse/core/computed/tbt-impact-tasks.js";
import { startBusyLoops } from "../tests/support/busy-loops";
import { serveBuilds } from "./support/build";
import { lighthouseInFreshChromium } from "./support/lighthouse";
import { formatMs, median } from "./support/report";

type LighthouseResult = Parameters<Parameters<typeof lighthouseInFreshChromium>[1]>[0]["lhr"];

const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
const PAGES = (process.env.BENCH_WEB_PAGES ?? "/,/hi").split(",");
const LOADED = process.argv.includes("--loaded");
const LCP = process.argv.includes("--lcp");

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
  /** With `--lcp`: Lighthouse's LCP, its two estimates and what is on their graphs. */
  lcp?: LcpBreakdown;
  /** The load's own moments as observed (not simulated), ms from the navigation's start. */
  observed: string;
  tasks: LongTask[];
}

/** The parts of a Lantern graph's node read here (trace_engine's lantern/graph). */
interface GraphNode {
  type: "network" | "cpu";
  startTime: number;
  endTime: number;
  request?: { url: string; priority: string; transferSize: number; resourceType?: string };
  event?: { dur?: number };
  childEvents?: { name: string; dur?: number }[];
}

interface NodeTiming {
  startTime: number;
  endTime: number;
}

interface LanternEstimate {
  timeInMs: number;
  nodeTimings: Map<GraphNode, NodeTiming>;
}

interface LcpBreakdown {
  lcp: number;
  element: string;
  optimistic: LanternEstimate;
  pessimistic: LanternEstimate;
}

/** The LCP element as Lighthouse names it (its audit's first table). */
function lcpElement(lhr: LighthouseResult): string {
  const details = lhr.audits["largest-contentful-paint-element"]?.details as
    { items?: { items?: { node?: { selector?: string; nodeLabel?: string } }[] }[] } | undefined;
  const node = details?.items?.[0]?.items?.[0]?.node;
  return node ? `${node.selector ?? "?"} «${(node.nodeLabel ?? "").slice(0, 60)}»` : "(none named)";
}

async function lcpBreakdown(lhr: LighthouseResult, data: unknown, context: unknown): Promise<LcpBreakdown> {
  const lantern = (await LanternLargestContentfulPaint.request(
    data as never,
    context as never,
  )) as unknown as {
    optimisticEstimate: LanternEstimate;
    pessimisticEstimate: LanternEstimate;
  };
  return {
    lcp: lhr.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
    element: lcpElement(lhr),
    optimistic: lantern.optimisticEstimate,
    pessimistic: lantern.pessimisticEstimate,
  };
}

/** A main-thread task's kind of work: the trace events it holds that matter to a paint. */
function cpuWork(node: GraphNode): string {
  const byName = new Map<string, number>();
  for (const event of node.childEvents ?? []) {
    if (
      !/^(ParseHTML|Layout|UpdateLayoutTree|EvaluateScript|v8\.compileModule|v8\.evaluateModule|Paint|FunctionCall|EventDispatch|ParseAuthorStyleSheet)$/.test(
        event.name,
      )
    )
      continue;
    byName.set(event.name, (byName.get(event.name) ?? 0) + (event.dur ?? 0) / 1000);
  }
  return [...byName].map(([name, ms]) => `${name} ${ms.toFixed(1)}`).join(", ");
}

/** Every node of one of Lantern's LCP graphs, in the order the simulation ran them. */
function printGraph(name: string, estimate: LanternEstimate) {
  const nodes = [...estimate.nodeTimings].sort((a, b) => a[1].startTime - b[1].startTime);
  console.log(`    ${name} graph: ${formatMs(estimate.timeInMs)}, ${nodes.length} nodes`);
  for (const [node, timing] of nodes) {
    const when = `${timing.startTime.toFixed(0)}–${timing.endTime.toFixed(0)} ms`;
    if (node.type === "network" && node.request) {
      const url = node.request.url.replace(/^https?:\/\/[^/]+/, "");
      console.log(
        `      ${when} request ${url.slice(0, 80)} (${node.request.resourceType ?? "?"}, ${node.request.priority}, ${node.request.transferSize} B)`,
      );
    } else {
      const observed = ((node.event?.dur ?? 0) / 1000).toFixed(1);
      console.log(`      ${when} task, ${observed} ms observed: ${cpuWork(node)}`);
    }
  }
}

function run(url: string): Promise<Run> {
  return lighthouseInFreshChromium(url, async (result) => {
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
    const metrics = (result.lhr.audits.metrics?.details as { items?: Record<string, number>[] } | undefined)
      ?.items?.[0];
    const moment = (name: string) => `${name} ${(metrics?.[`observed${name}`] ?? Number.NaN).toFixed(0)}`;
    return {
      tbt: result.lhr.audits["total-blocking-time"]?.numericValue ?? Number.NaN,
      lcp: LCP ? await lcpBreakdown(result.lhr, data, context) : undefined,
      observed: ["FirstContentfulPaint", "DomContentLoaded", "Load", "LargestContentfulPaint"]
        .map(moment)
        .join(", "),
      tasks: long,
    };
  });
}

/**
 * What a long task is, by what started it and what filled it (the categories the findings in
 * docs/benchmarks.md are written in).
 */
function kindOf(task: LongTask): string {
  if (/\/assets\/islands\/page-/.test(task.trigger)) return "the page script's first run";
  if (/web-vitals/.test(task.trigger)) return "the web-vitals library";
  if (/devanagari-font/.test(task.trigger)) return "the Devanagari font's module";
  if (/pagereveal/.test(task.trigger)) return "the first paint's style and layout";
  if (/CommitNavigation|LocalWindowProxy|DocumentLoader/.test(`${task.trigger} ${task.heaviest}`))
    return "the navigation's commit (the browser's)";
  if (/v8\.compileModule/.test(task.heaviest)) return "the inline loader's compile";
  if (/^(v8\.evaluateModule|ParseHTML)/.test(task.trigger) && /Layout \(/.test(task.heaviest))
    return "the parse's end: DOMContentLoaded and the forms' forced layouts";
  if (/^ParseHTML/.test(task.trigger)) return "HTML parse";
  if (/Layout \(/.test(task.heaviest)) return "a later style and layout";
  return "other (paint, commit, garbage collection, unattributed)";
}

interface Target {
  name: string;
  base: string;
  stop: () => Promise<void>;
}

/** The builds in BENCH_BUILD (comma-separated), each served by its own compiled server; or the URL given. */
async function targets(): Promise<Target[]> {
  const url = process.argv.slice(2).find((argument) => !argument.startsWith("--"));
  if (!process.env.BENCH_BUILD) {
    if (!url) throw new Error("Give a base URL, or BENCH_BUILD=<build folder>[,<build folder>…]");
    return [{ name: url, base: url, stop: async () => {} }];
  }
  const builds = process.env.BENCH_BUILD.split(",");
  const dataDir = await mkdtemp(join(tmpdir(), "collarise-bench-long-tasks-"));
  const servers = await serveBuilds(builds, dataDir);
  return servers.map((server, index) => ({
    name: builds[index] ?? server.baseUrl,
    base: server.baseUrl,
    stop: async () => {
      await server.stop();
      if (index === servers.length - 1) await rm(dataDir, { recursive: true, force: true });
    },
  }));
}

const sites = await targets();
const busy = LOADED ? startBusyLoops() : undefined;
console.log(
  `Load average ${loadavg()[0]!.toFixed(2)} at the start${busy ? `, ${busy.count} busy loops beside` : ""}`,
);
/** Per build and page: each run's TBT, and the TBT added by each kind of task over all runs. */
const tbts = new Map<string, number[]>();
const byKind = new Map<string, Map<string, number[]>>();
const lcps = new Map<string, LcpBreakdown[]>();
try {
  // One load of each build first, not counted (cold caches, the server's first requests).
  for (const site of sites) await run(`${site.base}${PAGES[0] ?? "/"}`);
  for (let index = 0; index < RUNS; index += 1) {
    // The builds' order alternates from run to run, so that the machine's moments fall on each alike.
    for (const site of index % 2 === 0 ? sites : [...sites].reverse()) {
      for (const path of PAGES) {
        const key = `${site.name} ${path}`;
        const { tbt, observed, tasks, lcp } = await run(`${site.base}${path}`);
        tbts.set(key, [...(tbts.get(key) ?? []), tbt]);
        console.log(
          `\n${key} run ${index + 1}/${RUNS}: TBT ${formatMs(tbt)}, ${tasks.length} tasks adding to it; observed (ms): ${observed}`,
        );
        if (lcp) {
          lcps.set(key, [...(lcps.get(key) ?? []), lcp]);
          console.log(
            `  LCP ${formatMs(lcp.lcp)} (optimistic ${formatMs(lcp.optimistic.timeInMs)}, pessimistic ${formatMs(lcp.pessimistic.timeInMs)}); element ${lcp.element}`,
          );
          printGraph("optimistic", lcp.optimistic);
          printGraph("pessimistic", lcp.pessimistic);
        }
        const kinds = byKind.get(key) ?? new Map<string, number[]>();
        byKind.set(key, kinds);
        for (const task of tasks) {
          kinds.set(kindOf(task), [...(kinds.get(kindOf(task)) ?? []), task.tbt]);
          const groups = [...task.groups]
            .filter(([, ms]) => ms >= 0.5)
            .sort((a, b) => b[1] - a[1])
            .map(([group, ms]) => `${group} ${ms.toFixed(1)}`)
            .join(", ");
          console.log(
            `  +${formatMs(task.tbt)} TBT, ${task.observed.toFixed(1)} ms observed at ${task.start.toFixed(0)} ms — ${kindOf(task)}; started by ${task.trigger}\n` +
              `    by kind (observed ms): ${groups}\n    heaviest events (self ms): ${task.heaviest}` +
              (task.urls.length ? `\n    scripts: ${task.urls.join(", ")}` : ""),
          );
        }
      }
    }
  }
} finally {
  await busy?.stop();
  for (const site of sites) await site.stop();
}
for (const [key, runs] of tbts) {
  console.log(
    `\n${key}: TBT median ${formatMs(median(runs))} (${runs.map((each) => formatMs(each)).join(", ")})`,
  );
  const kinds = [...(byKind.get(key) ?? [])].sort(
    (a, b) => b[1].reduce((x, y) => x + y, 0) - a[1].reduce((x, y) => x + y, 0),
  );
  for (const [kind, added] of kinds)
    console.log(
      `  ${kind}: in ${added.length} of ${runs.length} runs' long tasks, ${formatMs(added.reduce((x, y) => x + y, 0))} of TBT in all (${added.map((each) => formatMs(each)).join(", ")})`,
    );
}
for (const [key, runs] of lcps) {
  const of = (pick: (each: LcpBreakdown) => number) => formatMs(median(runs.map(pick)));
  console.log(
    `\n${key}: LCP median ${of((each) => each.lcp)} (optimistic ${of((each) => each.optimistic.timeInMs)}, pessimistic ${of((each) => each.pessimistic.timeInMs)})`,
  );
}
console.log(`\nLoad average ${loadavg()[0]!.toFixed(2)} at the end`);
