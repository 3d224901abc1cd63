import { resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** One measured figure with its target and whether it meets it. */
export interface Row {
  group: string;
  measure: string;
  value: string;
  target: string;
  /** Undefined for a figure reported without a target. */
  pass?: boolean;
}

export const quick = process.env.BENCH_QUICK === "1";

/** The value at `share` (0.5, 0.99) of values sorted ascending, by nearest rank. */
export function percentile(sorted: readonly number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? Number.NaN;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export const formatMs = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`);
export const formatKB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
export const formatKiB = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
export const formatMB = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
export const formatCount = (n: number) => Math.round(n).toLocaleString("en-US");

export function mark(pass: boolean | undefined): string {
  if (pass === undefined) return "";
  return pass ? "PASS" : "FAIL";
}

/** The rows as a fixed-width text table. */
export function formatTable(rows: readonly Row[]): string {
  const header = ["", "Measure", "Value", "Target", "Result"];
  const cells = rows.map((row) => [row.group, row.measure, row.value, row.target, mark(row.pass)]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...cells.map((line) => line[column]!.length)),
  );
  const line = (values: string[]) =>
    values
      .map((value, column) => value.padEnd(widths[column]!))
      .join("  ")
      .trimEnd();
  const out = [line(header), widths.map((width) => "-".repeat(width)).join("  ")];
  let previousGroup = "";
  for (const values of cells) {
    const group = values[0] === previousGroup ? "" : values[0]!;
    previousGroup = values[0]!;
    out.push(line([group, ...values.slice(1)]));
  }
  return out.join("\n");
}

/** The rows as a Markdown table, for docs/benchmarks.md. */
export function formatMarkdown(rows: readonly Row[]): string {
  const out = ["| Area | Measure | Value | Target | Result |", "| --- | --- | --- | --- | --- |"];
  for (const row of rows) {
    out.push(`| ${row.group} | ${row.measure} | ${row.value} | ${row.target} | ${mark(row.pass)} |`);
  }
  return out.join("\n");
}

/** True when this module file is the script node was asked to run. */
export function isMain(url: string): boolean {
  const entry = process.argv[1];
  return entry !== undefined && resolve(entry) === fileURLToPath(url);
}
