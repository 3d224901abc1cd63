import type { AttemptCounterStore } from "./store/attempt-counters";

/**
 * At most `max` attempts per key in each window of `windowMs`. Windows are counted from the epoch,
 * so a counter is one row or document per key and window. A `sliding` limit also counts the window
 * before, weighted by how much of it is still within `windowMs` of now: a burst across a window's
 * boundary is refused as one within a window is, where fixed windows would let twice `max` through.
 */
export interface AttemptLimit {
  windowMs: number;
  max: number;
  sliding?: boolean;
}

export interface Reservation {
  /** False when a key is over one of its limits: the attempt must not go ahead. */
  allowed: boolean;
  /** How long until every key over a limit is under it again, in ms (0 when allowed). */
  waitMs: number;
  /** Gives the attempt back: it turned out not to count (a right password, a mail not sent). */
  takeBack(): Promise<void>;
}

/** One counter of an attempt: a key's count in one limit's current window. */
export interface AttemptWindow {
  name: string;
  /** When the window ends (ms since the epoch). */
  end: number;
  /** When its counter may be forgotten: its end, or for a sliding limit one window later. */
  expiresAt: number;
  limit: AttemptLimit;
  /** For a sliding limit: the counter of the window before, and the share of it still counted. */
  previous?: { name: string; weight: number };
}

/** The counters an attempt at `now` adds: one per key and limit, in the limit's current window. */
export function attemptWindows(
  keys: readonly string[],
  limits: readonly AttemptLimit[],
  now: Date,
): AttemptWindow[] {
  const at = now.getTime();
  return keys.flatMap((key) =>
    limits.map((limit) => {
      const index = Math.floor(at / limit.windowMs);
      const end = (index + 1) * limit.windowMs;
      const name = (i: number) => `${key}|${limit.windowMs}|${i}`;
      if (!limit.sliding) return { name: name(index), end, expiresAt: end, limit };
      return {
        name: name(index),
        end,
        expiresAt: end + limit.windowMs,
        limit,
        previous: { name: name(index - 1), weight: (end - at) / limit.windowMs },
      };
    }),
  );
}

/**
 * How long until an attempt would be let through again, if no other came, for the windows of one
 * refused (by `counts`, in order, this attempt included, and for a sliding limit the window
 * before's count in `previousCounts`); 0 when none is over its limit. A fixed window waits for its
 * end. A sliding one waits for the moment one more attempt, with the counts weighted as their
 * windows slide out, is within `max`: later in this window, or in the next.
 */
export function attemptWaitMs(
  windows: readonly AttemptWindow[],
  counts: readonly number[],
  now: Date,
  previousCounts: readonly number[] = [],
): number {
  const at = now.getTime();
  const waits = windows.map(({ end, limit, previous }, i) => {
    const count = counts[i] ?? 0;
    const { windowMs, max } = limit;
    if (!previous) return count > max ? end - at : 0;
    const before = previousCounts[i] ?? 0;
    if (count + before * previous.weight <= max) return 0;
    // In the next window: one attempt beside this window's count, weighted down as it slides out.
    let wait = end - at + Math.max(0, Math.ceil((windowMs * (count - max + 1)) / count));
    // Or later in this window, once the window before has slid out far enough.
    if (count + 1 <= max && before > 0) {
      wait = Math.min(wait, Math.max(1, end - at - Math.floor((windowMs * (max - count - 1)) / before)));
    }
    return wait;
  });
  return Math.max(0, ...waits);
}

/**
 * Reserves one attempt under every key, in each limit's current window, in the store before the
 * attempt is checked or made: N requests at once count as N, on one instance or several. The
 * attempt is refused when any count, this one included, is over its limit.
 */
export async function reserveAttempt(
  counters: AttemptCounterStore,
  keys: readonly string[],
  limits: readonly AttemptLimit[],
  now: Date,
): Promise<Reservation> {
  const windows = attemptWindows(keys, limits, now);
  const previous = windows.flatMap(({ previous }) => (previous ? [previous.name] : []));
  const [counts, previousRead] = await Promise.all([
    Promise.all(windows.map(({ name, expiresAt }) => counters.add(name, new Date(expiresAt)))),
    previous.length > 0 ? counters.read(previous) : Promise.resolve([]),
  ]);
  let p = 0;
  const previousCounts = windows.map(({ previous }) => (previous ? (previousRead[p++] ?? 0) : 0));
  const waitMs = attemptWaitMs(windows, counts, now, previousCounts);
  return {
    allowed: waitMs === 0,
    waitMs,
    async takeBack() {
      for (const { name } of windows) await counters.takeBack(name);
    },
  };
}
