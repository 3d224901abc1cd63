/**
 * Times in the mails staff and buyers read, always on Delhi's clock (IST), never an ISO instant:
 * "Sat 28 Nov, 13:30" for a moment, "Mon 7 Dec 2026" for a day.
 */

/** Made once: a formatter costs far more to make than to use, and a digest formats 120 times. */
const IST_TIME = new Intl.DateTimeFormat("en-IN", {
  timeZone: "Asia/Kolkata",
  weekday: "short",
  day: "numeric",
  month: "short",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

const IST_DAY = new Intl.DateTimeFormat("en-IN", {
  timeZone: "UTC",
  weekday: "short",
  day: "numeric",
  month: "short",
  year: "numeric",
});

/** An IST time as staff read it: "Sat 28 Nov, 13:30". */
export function istTime(iso: string): string {
  return IST_TIME.format(new Date(iso));
}

/** An IST calendar day given as YYYY-MM-DD (istDate), as staff read it: "Mon 7 Dec 2026". */
export function istDayLabel(day: string): string {
  const at = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(at.getTime()) ? day : IST_DAY.format(at);
}
