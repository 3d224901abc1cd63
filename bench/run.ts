/**
 * `npm run bench`: every benchmark in turn (pages, enquiry throughput, the outbox, the console's
 * inbox, work in bulk, two instances on the Firestore emulator), then one table.
 *
 *   npm run bench                          the full run (a few minutes)
 *   BENCH_QUICK=1 npm run bench            short loads and one Lighthouse run per page
 *   BENCH_MARKDOWN=out.md npm run bench    also writes the table, with the machine, as Markdown
 */
import { writeFile } from "node:fs/promises";
import { cpus, loadavg, totalmem } from "node:os";
import { apiRows, runApiBench } from "./api";
import { runBulkBenchmark } from "./bulk";
import { runInboxBenchmark } from "./inbox";
import { outboxRows, runOutboxBench } from "./outbox";
import { benchBuildDir, buildSite } from "./support/build";
import { formatMarkdown, formatTable, quick, type Row } from "./support/report";
import { runScaleOutBench, scaleOutRows } from "./scale-out";
import { pageDetails, runWebBench, webRows } from "./web";

function machine(): string {
  const cpu = cpus();
  const load = loadavg()
    .map((value) => value.toFixed(2))
    .join(", ");
  return [
    `date: ${new Date().toISOString()}`,
    `cores: ${cpu.length} × ${cpu[0]?.model ?? "unknown"}`,
    `memory: ${(totalmem() / 1024 ** 3).toFixed(0)} GiB`,
    `node: ${process.version}`,
    `load average (1, 5, 15 min) at the start: ${load}`,
    `mode: ${quick ? "quick (BENCH_QUICK=1)" : "full"}`,
  ].join("\n");
}

const started = performance.now();
const about = machine();
console.log(about);

// One build for all three, into the benchmarks' own folder.
buildSite(benchBuildDir);
process.env.BENCH_REUSE_BUILD = "1";

// Other work on the machine skews every figure: the highest 1-minute load average seen during
// each part is printed with the results.
const peakLoad: Record<string, number> = {};
async function watched<T>(part: string, work: () => Promise<T>): Promise<T> {
  peakLoad[part] = loadavg()[0] ?? 0;
  const timer = setInterval(() => {
    peakLoad[part] = Math.max(peakLoad[part] ?? 0, loadavg()[0] ?? 0);
  }, 5_000);
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}

const pages = await watched("pages", runWebBench);
const api = await watched("API", runApiBench);
const outbox = await watched("outbox", runOutboxBench);
const inbox = await watched("inbox", runInboxBenchmark);
const bulk = await watched("bulk", runBulkBenchmark);
const scaleOut = await watched("scale-out", runScaleOutBench);
const peaks = Object.entries(peakLoad)
  .map(([part, load]) => `${part} ${load.toFixed(2)}`)
  .join(", ");

const rows: Row[] = [
  ...webRows(pages),
  ...apiRows(api),
  ...outboxRows(outbox),
  ...inbox,
  ...bulk,
  ...scaleOutRows(scaleOut),
];
const minutes = ((performance.now() - started) / 60_000).toFixed(1);
const loadAtEnd = loadavg()
  .map((value) => value.toFixed(2))
  .join(", ");
console.log(`\n${formatTable(rows)}`);
for (const page of pages) console.log(`\n${pageDetails(page)}`);
const met = rows.filter((row) => row.pass === true).length;
const missed = rows.filter((row) => row.pass === false);
console.log(
  `\n${met} targets met, ${missed.length} missed; ${minutes} min; load average at the end: ${loadAtEnd}.`,
);
for (const row of missed)
  console.log(`  missed: ${row.group} — ${row.measure}: ${row.value} (target ${row.target})`);

if (process.env.BENCH_MARKDOWN) {
  const details = pages.map((page) => "```\n" + pageDetails(page) + "\n```").join("\n\n");
  await writeFile(
    process.env.BENCH_MARKDOWN,
    `\`\`\`\n${about}\nload average at the end: ${loadAtEnd}\nhighest 1-minute load average during each part: ${peaks}\nduration: ${minutes} min\n\`\`\`\n\n${formatMarkdown(rows)}\n\n${details}\n`,
  );
  console.log(`Markdown written to ${process.env.BENCH_MARKDOWN}`);
}
