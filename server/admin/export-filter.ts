/** Made once: an export formats a few times per row, and a formatter costs far more to make than to use. */
const IST_CSV_TIME = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Asia/Kolkata",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** A time as a spreadsheet in Delhi reads it: "2030-01-04 18:30" (IST). */
export function istCsvTime(iso: string): string {
  const parts = Object.fromEntries(
    IST_CSV_TIME.formatToParts(new Date(iso)).map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}
