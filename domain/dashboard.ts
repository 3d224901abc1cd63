/**
 * The console's dashboard: what its API answers and the page draws, and the calendar rules its
 * figures are counted by (IST days, weeks from Monday). No I/O: the console and the server both
 * import it. docs/console.md says how each figure is computed.
 */
import type { VitalMetric } from "./contract";
import type { EnquiryStatus } from "./console";
import type { BuyerType } from "./enquiry";
import { isLostReason, LOST_REASONS } from "./deal";

/** The ranges the dashboard offers, in IST days ending today. */
export const DASHBOARD_RANGES = [30, 90] as const;
export type DashboardRange = (typeof DASHBOARD_RANGES)[number];
export const DEFAULT_DASHBOARD_RANGE: DashboardRange = 30;

/** Enquiries received on one IST day, by buyer type, spam and duplicates aside (the team's work). */
export interface DashboardDay {
  /** YYYY-MM-DD, the IST calendar. */
  date: string;
  enquiries: Record<BuyerType, number>;
  /** Sachets asked for, all buyer types together. */
  quantity: number;
}

/** Sachets asked for in one week (Monday to Sunday, IST); the first and the current week may be partial. */
export interface DashboardWeek {
  /** The Monday the week starts on, YYYY-MM-DD. */
  weekStart: string;
  quantity: number;
}

/** Where the enquiries received in the range stand now. */
export interface DashboardFunnel {
  counts: Record<EnquiryStatus, number>;
  /** Every enquiry received in the range, those set apart (spam, duplicates) too. */
  received: number;
  /**
   * Received, less those filed as spam or closed as duplicates: the headline, the sum of the
   * days' enquiries, and what the shares below are counted against.
   */
  genuine: number;
  /** Now Confirmed or Fulfilled. */
  reachedConfirmed: number;
  /** Now Fulfilled. */
  reachedFulfilled: number;
}

/**
 * How quickly staff first touched the enquiries received in the range (a status change, a note, a
 * call or message), spam and duplicates aside.
 */
export interface DashboardFirstContact {
  /** The target, in working hours. */
  targetHours: number;
  /** The enquiries received in the range, spam and duplicates aside (the funnel's `genuine`). */
  received: number;
  /** Touched at least once so far. */
  contacted: number;
  /** Touched within `targetHours` working hours of arriving. */
  withinTarget: number;
  /** The median working time to the first touch, in minutes; null when none was touched. */
  medianWorkingMinutes: number | null;
}

/** One row of a "per X" breakdown: how many enquiries fall under `key` (a member's e-mail, a source…). */
export interface DashboardBreakdownRow {
  key: string;
  enquiries: number;
}

/**
 * The dashboard's breakdowns, each a list of rows most first. `members`: the enquiries each member
 * of staff worked on (changed the status of, noted, or called or wrote to the buyer of) within the range. `owners`: the enquiries
 * received in the range (Spam aside) by their owner now, DASHBOARD_UNASSIGNED for none. `sources`:
 * the same enquiries by where they came from (utm_source, else the referring site),
 * DASHBOARD_NO_SOURCE for none. A new breakdown is one more member here, with its label in
 * console/content.ts.
 */
export interface DashboardBreakdowns {
  members: DashboardBreakdownRow[];
  owners: DashboardBreakdownRow[];
  sources: DashboardBreakdownRow[];
}

/** The owners breakdown's key for enquiries nobody owns. */
export const DASHBOARD_UNASSIGNED = "Unassigned";
/** The sources breakdown's key for enquiries that came with no campaign and no referring site. */
export const DASHBOARD_NO_SOURCE = "Direct or unknown";

/** The 75th percentile of one metric on one page over one week of real visitors' measurements. */
export interface DashboardVitalWeek {
  weekStart: string;
  page: string;
  metric: VitalMetric;
  count: number;
  p75: number;
}

/** Orders and their value in one IST month (YYYY-MM) of the enquiries received in the range. */
export interface DashboardMonth {
  month: string;
  /** Won enquiries (Confirmed or Fulfilled, domain/deal.ts) with their order's value recorded. */
  orders: number;
  /** Their value, in whole rupees. */
  value: number;
}

/** Won out of decided (won or Declined), Spam never counted, of one source or buyer type. */
export interface DashboardWinRateRow {
  key: string;
  won: number;
  decided: number;
}

/**
 * What the site sold, of the enquiries received in the range: orders and their value per IST
 * month the enquiries came in (the same enquiries as the funnel's, so a month's figures grow as
 * its enquiries are closed), and the win rate per source and per buyer type.
 */
export interface DashboardSales {
  months: DashboardMonth[];
  orders: number;
  value: number;
  /** Won enquiries, with a value recorded or not. */
  won: number;
  decided: number;
  winRate: { sources: DashboardWinRateRow[]; buyers: DashboardWinRateRow[] };
  /**
   * The lost sales by why they were lost (domain/deal.ts: LOST_REASONS, by key; DASHBOARD_NO_REASON
   * for one recorded without), most first: a return to origin counts here as "Returned to origin".
   */
  lostReasons: DashboardBreakdownRow[];
}

/** The lost reasons' key for a lost sale recorded before reasons were asked. */
export const DASHBOARD_NO_REASON = "not-recorded";

/** A lost reason's key as the dashboard and its CSV name it. */
export function lostReasonName(key: string): string {
  return isLostReason(key) ? LOST_REASONS[key] : "Not recorded";
}

export interface DashboardData {
  days: DashboardRange;
  /** The first and last IST day of the range, YYYY-MM-DD (today is the last). */
  from: string;
  to: string;
  generatedAt: string;
  perDay: DashboardDay[];
  quantityPerWeek: DashboardWeek[];
  funnel: DashboardFunnel;
  firstContact: DashboardFirstContact;
  breakdowns: DashboardBreakdowns;
  sales: DashboardSales;
  vitals: DashboardVitalWeek[];
}

/**
 * The figures' names, as the dashboard's headings and the CSV's first column both give them.
 * A new breakdown adds its name here.
 */
export const DASHBOARD_FIGURES = {
  perDay: "Enquiries per day",
  quantityPerWeek: "Sachets asked for per week",
  funnel: "Where the enquiries stand",
  firstContact: "First contact",
  members: "Enquiries worked on per member",
  owners: "Enquiries per owner",
  sources: "Enquiries per source",
  orders: "Orders and value per month",
  winRateSources: "Win rate per source",
  winRateBuyers: "Win rate per buyer type",
  lostReasons: "Why sales were lost",
  vitals: "Page speed (75th percentile)",
} as const;

const DAY_MS = 86_400_000;

/** The day `days` after the IST date `date` (YYYY-MM-DD), as YYYY-MM-DD. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The Monday of the week (Monday to Sunday) the IST date `date` falls in. */
export function weekStartOf(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}

/** The share `part / whole` as a whole percentage, or null when there is nothing to share. */
export function percentOf(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((part / whole) * 100) : null;
}

/** The IST month (YYYY-MM) of the IST date `date` (YYYY-MM-DD). */
export function monthOf(date: string): string {
  return date.slice(0, 7);
}

/** Every month from the one `from` falls in to the one `to` falls in (IST dates, YYYY-MM-DD), in order. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  let [year, month] = monthOf(from).split("-").map(Number) as [number, number];
  const last = monthOf(to);
  for (;;) {
    const current = `${year}-${String(month).padStart(2, "0")}`;
    months.push(current);
    if (current >= last) return months;
    month += 1;
    if (month > 12) [year, month] = [year + 1, 1];
  }
}
