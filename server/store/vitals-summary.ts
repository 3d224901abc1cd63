import type { DashboardVitalWeek } from "../../domain/dashboard";
import type { VitalSample, VitalSummary } from "./store";
import { compareText } from "./compare-text";

/** Nearest-rank percentile: the smallest value with at least `fraction` of the samples at or below it. */
export function nearestRank(sortedValues: ArrayLike<number>, fraction: number): number {
  if (sortedValues.length === 0) throw new RangeError("no values");
  const rank = Math.max(1, Math.ceil(fraction * sortedValues.length));
  return sortedValues[rank - 1] as number;
}

/** The 75th percentile of each metric per page, as Core Web Vitals are judged, sorted by page then metric. */
export function summarizeSamples(samples: Iterable<VitalSample>): VitalSummary[] {
  const groups = new Map<string, { page: string; metric: VitalSample["metric"]; values: number[] }>();
  for (const { page, metric, value } of samples) {
    const key = JSON.stringify([page, metric]);
    let group = groups.get(key);
    if (!group) {
      group = { page, metric, values: [] };
      groups.set(key, group);
    }
    group.values.push(value);
  }
  return [...groups.values()]
    .map(({ page, metric, values }) => {
      values.sort((a, b) => a - b);
      return { page, metric, count: values.length, p75: nearestRank(values, 0.75) };
    })
    .sort((a, b) => compareText(a.page, b.page) || compareText(a.metric, b.metric));
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
    .map(({ values, ...group }) => {
      const sorted = Float64Array.from(values).sort();
      return { ...group, count: sorted.length, p75: nearestRank(sorted, 0.75) };
    })
    .sort(
      (a, b) =>
        compareText(a.weekStart, b.weekStart) ||
        compareText(a.page, b.page) ||
        compareText(a.metric, b.metric),
    );
}
