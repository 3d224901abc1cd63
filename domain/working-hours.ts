/**
 * The sales team's working hours, the one place they are set: 10:00 to 19:00 India Standard Time,
 * Monday to Saturday. The first-contact target ("a New enquiry nobody has touched for
 * FIRST_CONTACT_HOURS working hours") and the dashboard's "answered within the target" both count
 * time with these functions. India keeps one offset all year (no daylight saving), so a fixed
 * offset is exact. No I/O: the console and the server both import it.
 */

/** India Standard Time, UTC+05:30, all year. */
export const IST_OFFSET_MINUTES = 330;

export const WORKING_HOURS = {
  /** The hour the working day starts, IST. */
  startHour: 10,
  /** The hour it ends, IST. */
  endHour: 19,
  /** Working days, as `Date.getUTCDay()` numbers of the IST calendar: Monday (1) to Saturday (6). */
  days: [1, 2, 3, 4, 5, 6] as readonly number[],
} as const;

/** Working hours a New enquiry may wait for its first contact unless FIRST_CONTACT_HOURS says otherwise. */
export const FIRST_CONTACT_HOURS = 4;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const OFFSET_MS = IST_OFFSET_MINUTES * 60_000;

/** Midnight IST of the IST day `istMs` (a time shifted into IST) falls on, in the same shifted scale. */
function istMidnight(istMs: number): number {
  return Math.floor(istMs / DAY_MS) * DAY_MS;
}

/** The working window of the IST day starting at `midnight` (shifted scale), or null on a day off. */
function windowOf(midnight: number): { start: number; end: number } | null {
  const weekday = new Date(midnight).getUTCDay();
  if (!WORKING_HOURS.days.includes(weekday)) return null;
  return {
    start: midnight + WORKING_HOURS.startHour * HOUR_MS,
    end: midnight + WORKING_HOURS.endHour * HOUR_MS,
  };
}

/** Working time between `from` and `to`, in milliseconds (0 when `to` is not after `from`). */
export function workingMsBetween(from: Date, to: Date): number {
  let start = from.getTime() + OFFSET_MS;
  const end = to.getTime() + OFFSET_MS;
  let total = 0;
  while (start < end) {
    const midnight = istMidnight(start);
    const window = windowOf(midnight);
    if (window) {
      const a = Math.max(start, window.start);
      const b = Math.min(end, window.end);
      if (b > a) total += b - a;
    }
    start = midnight + DAY_MS;
  }
  return total;
}

/** The moment `hours` working hours after `from` have passed (from the next opening if `from` is outside them). */
export function addWorkingHours(from: Date, hours: number): Date {
  let left = hours * HOUR_MS;
  let at = from.getTime() + OFFSET_MS;
  for (;;) {
    const midnight = istMidnight(at);
    const window = windowOf(midnight);
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

/** `hour`:00 IST on the first working day after the IST day `after` falls on. */
export function nextWorkingDayAt(after: Date, hour: number): Date {
  let midnight = istMidnight(after.getTime() + OFFSET_MS) + DAY_MS;
  while (!windowOf(midnight)) midnight += DAY_MS;
  return new Date(midnight + hour * HOUR_MS - OFFSET_MS);
}

/** The hour of the IST clock at `at` (0–23). */
export function istHour(at: Date): number {
  return new Date(at.getTime() + OFFSET_MS).getUTCHours();
}
