/**
 * The dashboard's figures, made once above the stores (docs/decisions/023, 029): each store reads
 * the span's rows (`DashboardStore.parts`, server/store/dashboard.ts) and filters only by the
 * statuses it is handed; what each figure counts is decided here.
 */
import { DECIDED_STATUSES, isLost, isLostReason, isWon } from "../../domain/deal";
import {
  addDays,
  monthsBetween,
  DASHBOARD_NO_REASON,
  DASHBOARD_UNASSIGNED,
  type DashboardSales,
  type DashboardWinRateRow,
  type DashboardBreakdownRow,
  type DashboardData,
  type DashboardRange,
  weekStartOf,
} from "../../domain/dashboard";
import { COUNTED_STATUSES, statusCountsOf, statusesWhere, type EnquiryStatus } from "../../domain/status";
import { BUYER_TYPES, type BuyerType } from "../../domain/enquiry";
import { istDate, istDayBounds, workingMsBetween, type WorkingHours } from "../../domain/working-hours";
import { compareText } from "../store/compare-text";
import { summarizeWeeks, type VitalWeekGroup } from "../store/vitals-summary";
import type {
  ApartDay,
  DashboardSpan,
  DashboardStore,
  FirstTouch,
  MemberRow,
  OutcomeRow,
  ReceivedDay,
  VitalRow,
} from "../store/dashboard";

/**
 * What no figure of the dashboard counts but the funnel's "Set apart" rows: enquiries that are not
 * the team's work (domain/status.ts: spam, and duplicates of another enquiry). The same rule as
 * the inbox's views and the digest, so every figure reads the same enquiries.
 */
export const DASHBOARD_APART: readonly EnquiryStatus[] = statusesWhere("work", false);

/** Each enquiry's first touch: the earliest line of contact given for it. */
function earliestTouches(touches: readonly FirstTouch[]): Map<string, FirstTouch> {
  const first = new Map<string, FirstTouch>();
  for (const touch of touches) {
    const earlier = first.get(touch.enquiryId);
    if (!earlier || touch.firstTouchAt < earlier.firstTouchAt) first.set(touch.enquiryId, touch);
  }
  return first;
}

/**
 * The measurements of each week (from Monday, IST), page and metric (summarizeWeeks takes their
 * percentile). Each is put in its week by comparing its time with the weeks' first instants
 * (cheaper than working out each one's IST date): in time order, the week only ever moves forward.
 */
function vitalWeeks(span: DashboardSpan, rows: readonly VitalRow[]): VitalWeekGroup[] {
  const weekStarts: string[] = [];
  const weekBounds: string[] = [];
  for (let day = istDate(span.from); ; day = addDays(day, 7)) {
    const monday = weekStartOf(day);
    const begins = new Date(Date.parse(`${monday}T00:00:00+05:30`)).toISOString();
    if (begins >= span.to.toISOString()) break;
    weekStarts.push(monday);
    weekBounds.push(begins);
  }
  const groups = new Map<string, VitalWeekGroup>();
  let week = 0;
  for (const [at, page, metric, value] of rows) {
    while (week > 0 && at < (weekBounds[week] as string)) week--;
    while (week + 1 < weekBounds.length && at >= (weekBounds[week + 1] as string)) week++;
    const key = `${week}\u0000${page}\u0000${metric}`;
    let group = groups.get(key);
    if (!group)
      groups.set(key, (group = { weekStart: weekStarts[week] as string, page, metric, values: [] }));
    group.values.push(value);
  }
  return [...groups.values()];
}

/** The span of the `days` IST days ending with the day `now` falls on. */
function dashboardSpan(now: Date, days: number): DashboardSpan {
  const today = istDayBounds(now);
  return {
    from: new Date(today.start.getTime() - (days - 1) * 86_400_000),
    to: today.end,
    apart: DASHBOARD_APART,
    decided: DECIDED_STATUSES,
    counted: COUNTED_STATUSES,
  };
}

/** Each member's rows, whatever status their enquiries stand at, as one. */
function membersOf(rows: readonly MemberRow[]): DashboardBreakdownRow[] {
  const members = new Map<string, number>();
  for (const row of rows) members.set(row.key, (members.get(row.key) ?? 0) + row.enquiries);
  return [...members].map(([key, enquiries]) => ({ key, enquiries }));
}

/**
 * The owners' rows with one for the enquiries nobody owns: those of the `genuine` enquiries not in
 * an owner's row (an enquiry stored before owners existed has no work record to say it is unowned).
 */
function withUnassigned(owned: DashboardBreakdownRow[], genuine: number): DashboardBreakdownRow[] {
  const unassigned = genuine - owned.reduce((sum, row) => sum + row.enquiries, 0);
  return unassigned > 0 ? [...owned, { key: DASHBOARD_UNASSIGNED, enquiries: unassigned }] : owned;
}

/** Most first, then by key: the order every breakdown is listed in. */
function sortBreakdown(rows: DashboardBreakdownRow[]): DashboardBreakdownRow[] {
  return rows.sort((a, b) => b.enquiries - a.enquiries || compareText(a.key, b.key));
}

/** Orders and value per month, and won / decided per source and per buyer type, from the decided enquiries. */
export function salesOf(outcomes: readonly OutcomeRow[], from: string, to: string): DashboardSales {
  const months = new Map(monthsBetween(from, to).map((month) => [month, { month, orders: 0, value: 0 }]));
  const sources = new Map<string, DashboardWinRateRow>();
  const buyers = new Map<string, DashboardWinRateRow>(
    BUYER_TYPES.map((buyer) => [buyer, { key: buyer, won: 0, decided: 0 }]),
  );
  const rate = (rows: Map<string, DashboardWinRateRow>, key: string) => {
    let row = rows.get(key);
    if (!row) rows.set(key, (row = { key, won: 0, decided: 0 }));
    return row;
  };
  const sales: DashboardSales = {
    months: [],
    orders: 0,
    value: 0,
    won: 0,
    decided: 0,
    winRate: { sources: [], buyers: [] },
    lostReasons: [],
  };
  const lostReasons = new Map<string, number>();
  for (const row of outcomes) {
    const won = isWon(row.status);
    if (!won && !isLost(row.status)) continue;
    const rates = [rate(sources, row.source), ...(row.buyer === null ? [] : [rate(buyers, row.buyer)])];
    for (const counted of rates) {
      counted.decided += row.enquiries;
      if (won) counted.won += row.enquiries;
    }
    sales.decided += row.enquiries;
    if (!won) {
      const reason = isLostReason(row.lostReason) ? row.lostReason : DASHBOARD_NO_REASON;
      lostReasons.set(reason, (lostReasons.get(reason) ?? 0) + row.enquiries);
      continue;
    }
    sales.won += row.enquiries;
    sales.orders += row.orders;
    sales.value += row.value;
    const month = months.get(row.month);
    if (month) {
      month.orders += row.orders;
      month.value += row.value;
    }
  }
  const byDecided = (rows: Map<string, DashboardWinRateRow>) =>
    [...rows.values()].sort((a, b) => b.decided - a.decided || compareText(a.key, b.key));
  sales.months = [...months.values()];
  sales.winRate = { sources: byDecided(sources), buyers: [...buyers.values()] };
  sales.lostReasons = sortBreakdown([...lostReasons].map(([key, enquiries]) => ({ key, enquiries })));
  return sales;
}

function median(sorted: readonly number[]): number | null {
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/**
 * The dashboard of the `days` IST days ending today (`now`), from the store's reads. The waits are
 * counted in the company's working hours in force (`hours`, its published record), and the
 * first-contact target is its `firstContactHours` (domain/working-hours.ts).
 */
export async function dashboardData(
  store: DashboardStore,
  options: { now: Date; days: DashboardRange; hours: WorkingHours },
): Promise<DashboardData> {
  const { now, days, hours } = options;
  const targetHours = hours.firstContactHours;
  const span = dashboardSpan(now, days);
  const parts = await store.parts(span);
  const from = istDate(span.from);
  const to = istDate(new Date(span.to.getTime() - 1));

  const perDay = Array.from({ length: days }, (_, index) => ({
    date: addDays(from, index),
    enquiries: Object.fromEntries(BUYER_TYPES.map((buyer) => [buyer, 0])) as Record<BuyerType, number>,
    quantity: 0,
  }));
  const dayIndex = new Map(perDay.map((day, index) => [day.date, index]));
  // Every enquiry received, less those set apart: the per-day chart, the sachets and the headline
  // count the same enquiries.
  const add = (row: ReceivedDay | ApartDay, sign: 1 | -1) => {
    const day = perDay[dayIndex.get(row.date) ?? -1];
    // An enquiry started on WhatsApp has no buyer type: no day's count by type held it.
    if (!day || row.buyer === null) return;
    day.enquiries[row.buyer] += sign * row.enquiries;
    day.quantity += sign * row.quantity;
  };
  for (const row of parts.received) add(row, 1);
  for (const row of parts.apart) if (span.apart.includes(row.status)) add(row, -1);
  const weeks = new Map<string, number>();
  for (const day of perDay) {
    const week = weekStartOf(day.date);
    weeks.set(week, (weeks.get(week) ?? 0) + day.quantity);
  }

  const counts = statusCountsOf(
    parts.received.reduce((sum, row) => sum + row.enquiries, 0),
    parts.statuses,
  );
  const sumOf = (statuses: readonly EnquiryStatus[]) =>
    statuses.reduce((sum, status) => sum + counts[status], 0);
  const counted = (status: EnquiryStatus) => !span.apart.includes(status);
  // The enquiries received that are the team's work (spam and duplicates apart): what every figure counts.
  const genuine = perDay.reduce((sum, day) => sum + day.enquiries.Retailer + day.enquiries["Self Use"], 0);
  // Every enquiry received: the funnel lists those set apart too, as such.
  const received = genuine + sumOf(span.apart);
  const targetMs = targetHours * 3_600_000;
  const waits = [...earliestTouches(parts.firstTouches).values()]
    .filter((touch) => counted(touch.status))
    .map((touch) => workingMsBetween(hours, new Date(touch.receivedAt), new Date(touch.firstTouchAt)))
    .sort((a, b) => a - b);
  const medianMs = median(waits);

  return {
    days,
    from,
    to,
    generatedAt: now.toISOString(),
    perDay,
    quantityPerWeek: [...weeks].map(([weekStart, quantity]) => ({ weekStart, quantity })),
    funnel: {
      counts,
      received,
      genuine,
      reachedConfirmed: sumOf(statusesWhere("won")),
      reachedFulfilled: counts.Fulfilled,
    },
    firstContact: {
      targetHours,
      received: genuine,
      contacted: waits.length,
      withinTarget: waits.filter((wait) => wait <= targetMs).length,
      medianWorkingMinutes: medianMs === null ? null : Math.round(medianMs / 60_000),
    },
    breakdowns: {
      members: sortBreakdown(membersOf(parts.members.filter((row) => counted(row.status)))),
      owners: sortBreakdown(withUnassigned(parts.owners, genuine)),
      sources: sortBreakdown(parts.sources),
    },
    sales: salesOf(parts.outcomes, from, to),
    vitals: summarizeWeeks(vitalWeeks(span, parts.vitals)),
  };
}
