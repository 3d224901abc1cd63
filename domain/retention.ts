/**
 * How long personal data is kept: the one home of the periods that the server erases by and the
 * privacy policy states. The server reads RETENTION_DAYS_CLOSED, RETENTION_DAYS_VITALS and
 * BACKUP_KEEP at run time; the build reads the same variables with the same parser and writes
 * what the policy states into the build, and the server refuses to start when the two differ.
 * No I/O: the pages, the build and the server all import it.
 */

/** Days a closed enquiry (domain/status.ts: not `open`) is kept after it was closed. */
export const RETENTION_DAYS_CLOSED = 365;
/** Days a page-speed measurement is kept. */
export const RETENTION_DAYS_VITALS = 90;
/** Days a newsletter address that was never confirmed is kept. Not configurable. */
export const UNCONFIRMED_SUBSCRIBER_DAYS = 7;
/** How many backup copies of the database are kept; every new one replaces the oldest. */
export const BACKUP_KEEP = 14;

/** The longest period the configuration accepts: a hundred years. */
export const RETENTION_MAX_DAYS = 36_500;
export const BACKUP_KEEP_MAX = 10_000;

export const DAY_MS = 86_400_000;

/**
 * The file beside the built pages that records the periods their privacy policy states: the
 * build writes it (scripts/postbuild.ts), the server checks its configuration against it.
 */
export const RETENTION_BUILD_FILE = "retention.json";

/** What the privacy policy states and the server keeps to. */
export interface RetentionPeriods {
  closedEnquiryDays: number;
  vitalsDays: number;
  backupKeep: number;
}

export const DEFAULT_RETENTION_PERIODS: RetentionPeriods = {
  closedEnquiryDays: RETENTION_DAYS_CLOSED,
  vitalsDays: RETENTION_DAYS_VITALS,
  backupKeep: BACKUP_KEEP,
};

/** The environment variable that sets each period. */
export const RETENTION_VARIABLES = {
  closedEnquiryDays: "RETENTION_DAYS_CLOSED",
  vitalsDays: "RETENTION_DAYS_VITALS",
  backupKeep: "BACKUP_KEEP",
} as const satisfies Record<keyof RetentionPeriods, string>;

const LIMITS: Record<keyof RetentionPeriods, { max: number; unit: string }> = {
  closedEnquiryDays: { max: RETENTION_MAX_DAYS, unit: "days" },
  vitalsDays: { max: RETENTION_MAX_DAYS, unit: "days" },
  backupKeep: { max: BACKUP_KEEP_MAX, unit: "copies" },
};

export class RetentionSettingError extends Error {
  constructor(
    readonly variable: string,
    readonly problem: string,
  ) {
    super(`${variable}: ${problem}`);
    this.name = "RetentionSettingError";
  }
}

/**
 * One setting: unset or empty means `fallback`; otherwise a whole number from 1 to `max`.
 * Returns the problem in words when the value is not one.
 */
function parseWholeNumber(
  value: string | undefined,
  fallback: number,
  max: number,
  unit: string,
): { value: number } | { problem: string } {
  if (value === undefined || value === "") return { value: fallback };
  const text = value.trim();
  if (!/^\d+$/.test(text)) return { problem: `must be a whole number of ${unit}, from 1 to ${max}` };
  const number = Number(text);
  if (number < 1 || number > max) return { problem: `must be a whole number of ${unit}, from 1 to ${max}` };
  return { value: number };
}

/** One setting by its key: unset or empty means its default; the problem in words when it is bad. */
export function parseRetentionSetting(
  key: keyof RetentionPeriods,
  value: string | undefined,
): { value: number } | { problem: string } {
  const { max, unit } = LIMITS[key];
  return parseWholeNumber(value, DEFAULT_RETENTION_PERIODS[key], max, unit);
}

/** The periods from environment variables (RETENTION_VARIABLES); throws RetentionSettingError for a bad one. */
export function retentionPeriodsFrom(env: Readonly<Record<string, string | undefined>>): RetentionPeriods {
  const periods = { ...DEFAULT_RETENTION_PERIODS };
  for (const key of Object.keys(RETENTION_VARIABLES) as (keyof RetentionPeriods)[]) {
    const parsed = parseRetentionSetting(key, env[RETENTION_VARIABLES[key]]);
    if ("problem" in parsed) throw new RetentionSettingError(RETENTION_VARIABLES[key], parsed.problem);
    periods[key] = parsed.value;
  }
  return periods;
}

/** The settings in which two sets of periods differ, each with both values. */
export function retentionDifferences(
  stated: RetentionPeriods,
  configured: RetentionPeriods,
): { variable: string; stated: number; configured: number }[] {
  return (Object.keys(RETENTION_VARIABLES) as (keyof RetentionPeriods)[])
    .filter((key) => stated[key] !== configured[key])
    .map((key) => ({ variable: RETENTION_VARIABLES[key], stated: stated[key], configured: configured[key] }));
}

const SMALL_NUMBERS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];

function count(n: number, singular: string, plural: string): string {
  const number = n < SMALL_NUMBERS.length ? SMALL_NUMBERS[n] : n.toLocaleString("en-IN");
  return `${number} ${n === 1 ? singular : plural}`;
}

/**
 * A period in the words the privacy policy uses: "7 days", "90 days", "one year" (365 days),
 * "two years" (730 days). Whole years read as years; any other number of days as days, in figures.
 */
export function daysInWords(days: number): string {
  if (!Number.isInteger(days) || days < 1) throw new RangeError(`Not a whole number of days: ${days}`);
  if (days % 365 === 0) return count(days / 365, "year", "years");
  return `${days.toLocaleString("en-IN")} ${days === 1 ? "day" : "days"}`;
}

/** A number of things in words: "one copy", "14 copies". */
export function countInWords(n: number, singular: string, plural: string): string {
  return count(n, singular, plural);
}
