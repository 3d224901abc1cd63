/**
 * The time axis's ticks, by day: each at 00:00 IST, one a day when they fit, else every few days
 * (then every week), so a week of data reads "23 Nov, 24 Nov … 29 Nov" and never months it does
 * not cover. No I/O.
 */
const DAY_SECONDS = 86_400;
/** India is 5:30 ahead of UTC all year (no daylight saving). */
const IST_OFFSET_SECONDS = 5.5 * 3_600;
/** The steps ticks are taken at, in days: the first whose ticks fit wins. */
const DAY_STEPS = [1, 2, 7, 14, 28] as const;

/** 00:00 IST of the day `seconds` (Unix) falls on, or of the next day when `seconds` is past it. */
function istMidnightAtOrAfter(seconds: number): number {
  const local = seconds + IST_OFFSET_SECONDS;
  return Math.ceil(local / DAY_SECONDS) * DAY_SECONDS - IST_OFFSET_SECONDS;
}

/**
 * The ticks between `min` and `max` (Unix seconds, both included): IST midnights, at most
 * `maxTicks` of them (at least one step's worth), a day apart or the smallest step that fits.
 */
export function dayTicks(min: number, max: number, maxTicks: number): number[] {
  if (!(max >= min)) return [];
  const first = istMidnightAtOrAfter(min);
  const days = Math.floor((max - first) / DAY_SECONDS) + 1;
  if (days <= 0) return [];
  const fit = Math.max(1, Math.floor(maxTicks));
  const step = DAY_STEPS.find((candidate) => Math.ceil(days / candidate) <= fit) ?? Math.ceil(days / fit);
  const ticks: number[] = [];
  for (let at = first; at <= max; at += step * DAY_SECONDS) ticks.push(at);
  return ticks;
}

/** How many ticks fit an axis `width` CSS pixels wide, each label about `labelWidth` wide ("29 Nov"). */
export function ticksThatFit(width: number, labelWidth = 56): number {
  return Math.max(2, Math.floor(width / labelWidth));
}
