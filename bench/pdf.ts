/**
 * `npx tsx bench/pdf.ts`: a document's PDF as the server makes it (server/documents/render.ts), on
 * the documents' own thread, then the same documents made on this thread as they were before it.
 * For each: the time of the first document in the process and of the warm ones (a Hindi tax
 * invoice with its three copies, `BENCH_PDF_DOCUMENTS=n` of them, 10 by default), and what the event
 * loop went through meanwhile: its longest delay as the wall clock sees it (`monitorEventLoopDelay`,
 * which also counts the time the machine gives other processes) and the longest it was held by this
 * thread's own work between two turns (the thread's CPU time between two 1 ms timers), which the
 * machine's load does not change.
 */
import { monitorEventLoopDelay } from "node:perf_hooks";
import { loadavg } from "node:os";
import type { IssuedDocument } from "../domain/invoice";
import { documentPdfOnThisThread } from "../server/documents/document-pdf";
import { closeDocumentRendering, renderDocumentPdf, type RenderOptions } from "../server/documents/render";
import { issue, MUMBAI_RETAILER } from "../tests/support/documents";

const COUNT = Number(process.env.BENCH_PDF_DOCUMENTS ?? 10);
const OPTIONS: RenderOptions = { language: "hi", copies: ["original", "duplicate", "triplicate"] };

const threadCpuMs = () => {
  const used = process.threadCpuUsage();
  return (used.user + used.system) / 1000;
};

interface Measure {
  ms: number;
  loopDelayMs: number;
  heldMs: number;
  bytes: number;
}

async function measure(make: () => Promise<Uint8Array>): Promise<Measure> {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  let heldMs = 0;
  let last = threadCpuMs();
  const turn = () => {
    const now = threadCpuMs();
    heldMs = Math.max(heldMs, now - last);
    last = now;
  };
  let timer = setTimeout(function next() {
    turn();
    timer = setTimeout(next, 1);
  }, 1);
  histogram.enable();
  // Its first timer only starts the count: the render begins after it.
  await new Promise((resolve) => setTimeout(resolve, 20));
  last = threadCpuMs();
  const start = performance.now();
  const pdf = await make();
  const ms = performance.now() - start;
  turn();
  // The histogram notes a delay when its late timer fires: after a render that held the loop to
  // its end, that is after the render.
  await new Promise((resolve) => setTimeout(resolve, 20));
  histogram.disable();
  clearTimeout(timer);
  return { ms, loopDelayMs: histogram.max / 1e6, heldMs, bytes: pdf.byteLength };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};
const f = (ms: number) => `${ms.toFixed(ms < 10 ? 1 : 0)} ms`;

async function run(name: string, make: (doc: IssuedDocument) => Promise<Uint8Array>) {
  const doc = issue({ language: "hi", buyer: MUMBAI_RETAILER });
  const first = await measure(() => make(doc));
  const warm: Measure[] = [];
  for (let index = 0; index < COUNT; index++) warm.push(await measure(() => make(doc)));
  console.log(
    `${name}: first ${f(first.ms)} (loop delay max ${f(first.loopDelayMs)}, held ${f(first.heldMs)}); ` +
      `warm median ${f(median(warm.map((m) => m.ms)))} of ${COUNT} (max ${f(Math.max(...warm.map((m) => m.ms)))}); ` +
      `loop delay max ${f(Math.max(...warm.map((m) => m.loopDelayMs)))}, ` +
      `held at most ${f(Math.max(...warm.map((m) => m.heldMs)))}; ${Math.round(first.bytes / 1000)} kB`,
  );
}

console.log(
  `Hindi tax invoice, three copies; Node ${process.version}; load average ${loadavg()
    .map((load) => load.toFixed(1))
    .join(" ")}`,
);
await run("documents' thread", (doc) => renderDocumentPdf(doc, OPTIONS));
await closeDocumentRendering();
await run("this thread     ", (doc) => documentPdfOnThisThread(doc, OPTIONS));
console.log(
  `load average at the end ${loadavg()
    .map((load) => load.toFixed(1))
    .join(" ")}`,
);
