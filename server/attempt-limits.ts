import type { AttemptCounterStore } from "./store/attempt-counters";

/** At most `max` attempts per key in each window of `windowMs` (windows counted from the epoch). */
export interface AttemptLimit {
  windowMs: number;
  max: number;
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
  /** When the window ends (ms since the epoch): its counter expires then. */
  end: number;
  limit: AttemptLimit;
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
      return { name: `${key}|${limit.windowMs}|${index}`, end: (index + 1) * limit.windowMs, limit };
    }),
  );
}

/** How long until every window over its limit (by `counts`, in order) is under it again; 0 when none is over. */
export function attemptWaitMs(
  windows: readonly AttemptWindow[],
  counts: readonly number[],
  now: Date,
): number {
  const at = now.getTime();
  return Math.max(0, ...windows.map(({ end, limit }, i) => ((counts[i] ?? 0) > limit.max ? end - at : 0)));
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
  const counts = await Promise.all(windows.map(({ name, end }) => counters.add(name, new Date(end))));
  const waitMs = attemptWaitMs(windows, counts, now);
  return {
    allowed: waitMs === 0,
    waitMs,
    async takeBack() {
      for (const { name } of windows) await counters.takeBack(name);
    },
  };
}
