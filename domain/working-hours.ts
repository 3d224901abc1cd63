/**
 * Time counted in the sales team's working hours, on the India Standard Time clock. The hours are
 * the company's published record (domain/company-facts.ts: `workingHours`, edited on the console's
 * Company page), passed in by whoever asks: the first-contact target ("a New enquiry nobody has
 * touched for `firstContactHours` working hours"), the due rule, the follow-up presets and the
 * dashboard's "answered within the target" all count with the figure the FAQ and the pages show.
 * India keeps one offset all year (no daylight saving), so a fixed offset is exact. No I/O: the
 * console and the server both import it.
 */
import type { CompanyFacts } from "./company-facts";

/** India Standard Time, UTC+05:30, all year. */
export const IST_OFFSET_MINUTES = 330;

/**
 * The working week as the company publishes it: the days (`Date.getUTCDay()` numbers of the IST
 * calendar, Sunday 0), the opening and closing times ("HH:MM", IST) and the first-contact target.
 */
export type WorkingHours = CompanyFacts["workingHours"];

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const OFFSET_MS = IST_OFFSET_MINUTES * MINUTE_MS;

/** Minutes after midnight of an "HH:MM" time. */
export function minutesOf(time: string): number {
  const [hours = "0", minutes = "0"] = time.split(":");
  return Number(hours) * 60 + Number(minutes);
}

/** Midnight IST of the IST day `istMs` (a time shifted into IST) falls on, in the same shifted scale. */
function istMidnight(istMs: number): number {
  return Math.floor(istMs / DAY_MS) * DAY_MS;
}

/** The working window of the IST day starting at `midnight` (shifted scale), or null on a day off. */
function windowOf(hours: WorkingHours, midnight: number): { start: number; end: number } | null {
  const weekday = new Date(midnight).getUTCDay();
  if (!(hours.days as readonly number[]).includes(weekday)) return null;
  const start = midnight + minutesOf(hours.opens) * MINUTE_MS;
  const end = midnight + minutesOf(hours.closes) * MINUTE_MS;
  return end > start ? { start, end } : null;
}

/** Whether the week has any working time at all (a record that passed `factsProblems` always has). */
function hasWorkingTime(hours: WorkingHours): boolean {
  return hours.days.length > 0 && minutesOf(hours.closes) > minutesOf(hours.opens);
}

/** Working time between `from` and `to`, in milliseconds (0 when `to` is not after `from`). */
export function workingMsBetween(hours: WorkingHours, from: Date, to: Date): number {
  let start = from.getTime() + OFFSET_MS;
  const end = to.getTime() + OFFSET_MS;
  let total = 0;
  while (start < end) {
    const midnight = istMidnight(start);
    const window = windowOf(hours, midnight);
    if (window) {
      const a = Math.max(start, window.start);
      const b = Math.min(end, window.end);
      if (b > a) total += b - a;
    }
    start = midnight + DAY_MS;
  }
  return total;
}

/**
 * The moment `count` working hours after `from` have passed (from the next opening if `from` is
 * outside them). A week with no working time at all counts plain hours.
 */
export function addWorkingHours(hours: WorkingHours, from: Date, count: number): Date {
  if (!hasWorkingTime(hours)) return new Date(from.getTime() + count * HOUR_MS);
  let left = count * HOUR_MS;
  let at = from.getTime() + OFFSET_MS;
  for (;;) {
    const midnight = istMidnight(at);
    const window = windowOf(hours, midnight);
    if (window && at < window.end) {
      const start = Math.max(at, window.start);
      const available = window.end - start;
      if (left <= available) return new Date(start + left - OFFSET_MS);
      left -= available;
    }
    at = midnight + DAY_MS;
  }
}

/** The IST calendar day of `at`, as YYYY-MM-DD. */
export function istDate(at: Date): string {
  return new Date(at.getTime() + OFFSET_MS).toISOString().slice(0, 10);
}

/** The start (00:00 IST) and end (the next 00:00 IST) of the IST day `at` falls on, as real instants. */
export function istDayBounds(at: Date): { start: Date; end: Date } {
  const midnight = istMidnight(at.getTime() + OFFSET_MS);
  return { start: new Date(midnight - OFFSET_MS), end: new Date(midnight + DAY_MS - OFFSET_MS) };
}

/** The next moment, strictly after `after`, that the IST clock shows `hour`:00 (the digest's hour, say). */
export function nextIstHour(after: Date, hour: number): Date {
  const midnight = istMidnight(after.getTime() + OFFSET_MS);
  let candidate = midnight + hour * HOUR_MS - OFFSET_MS;
  if (candidate <= after.getTime()) candidate += DAY_MS;
  return new Date(candidate);
}

/**
 * `minutes` after midnight IST (11:00 is 660) on the first working day after the IST day `after`
 * falls on. A week with no working day at all is read as the next day.
 */
export function nextWorkingDayAt(hours: WorkingHours, after: Date, minutes: number): Date {
  let midnight = istMidnight(after.getTime() + OFFSET_MS) + DAY_MS;
  if (hasWorkingTime(hours)) while (!windowOf(hours, midnight)) midnight += DAY_MS;
  return new Date(midnight + minutes * MINUTE_MS - OFFSET_MS);
}

/** The time of day of the IST clock at `at`, in minutes after midnight (0–1439). */
export function istMinutes(at: Date): number {
  const ist = new Date(at.getTime() + OFFSET_MS);
  return ist.getUTCHours() * 60 + ist.getUTCMinutes();
}

/** The hour of the IST clock at `at` (0–23). */
export function istHour(at: Date): number {
  return new Date(at.getTime() + OFFSET_MS).getUTCHours();
}
