import type { DashboardVitalWeek } from "../../domain/dashboard";
import type { VitalSample, VitalSummary } from "./store";
import { compareText } from "./compare-text";

/** Nearest-rank percentile: the smallest value with at least `fraction` of the samples at or below it. */
export function nearestRank(sortedValues: ArrayLike<number>, fraction: number): number {
  if (sortedValues.length === 0) throw new RangeError("no values");
  const rank = Math.max(1, Math.ceil(fraction * sortedValues.length));
  return sortedValues[rank - 1] as number;
}

/** A group's measurements as their count and 75th percentile (nearest rank), as Core Web Vitals are judged. */
function summarized<G extends { values: number[] }>({ values, ...group }: G) {
  const sorted = Float64Array.from(values).sort();
  return { ...group, count: sorted.length, p75: nearestRank(sorted, 0.75) };
}

/** By page, then metric. */
function byPageAndMetric(a: { page: string; metric: string }, b: { page: string; metric: string }): number {
  return compareText(a.page, b.page) || compareText(a.metric, b.metric);
}

/** The 75th percentile of each metric per page, as Core Web Vitals are judged, sorted by page then metric. */
export function summarizeSamples(samples: Iterable<VitalSample>): VitalSummary[] {
  const groups = new Map<string, { page: string; metric: VitalSample["metric"]; values: number[] }>();
  for (const { page, metric, value } of samples) {
    const key = JSON.stringify([page, metric]);
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { page, metric, values: [] }));
    group.values.push(value);
  }
  return [...groups.values()].map(summarized).sort(byPageAndMetric);
}

/** The measurements of one week (from Monday, IST), page and metric, as a store groups them. */
export interface VitalWeekGroup {
  weekStart: string;
  page: string;
  metric: VitalSample["metric"];
  values: number[];
}

/**
 * The 75th percentile (nearest rank) of each week's, page's and metric's measurements, as Core
 * Web Vitals are judged, sorted by week, page, then metric: what the dashboard shows of page speed.
 */
export function summarizeWeeks(groups: Iterable<VitalWeekGroup>): DashboardVitalWeek[] {
  return [...groups]
    .map(summarized)
    .sort((a, b) => compareText(a.weekStart, b.weekStart) || byPageAndMetric(a, b));
}
