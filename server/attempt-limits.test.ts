import { describe, expect, test } from "vitest";
import { attemptWaitMs, attemptWindows, reserveAttempt, type AttemptLimit } from "./attempt-limits";
import type { AttemptCounterStore } from "./store/attempt-counters";

const MINUTE = 60_000;
const FIXED: AttemptLimit = { windowMs: 15 * MINUTE, max: 5 };
const SLIDING: AttemptLimit = { ...FIXED, sliding: true };
/** A window boundary of both limits (a multiple of 15 minutes from the epoch). */
const BOUNDARY = Date.UTC(2026, 10, 29, 21, 45);

/** The counters as a store keeps them, in memory: only what `reserveAttempt` uses. */
function countersInMemory(): AttemptCounterStore & { expiries: Map<string, number> } {
  const counts = new Map<string, number>();
  const expiries = new Map<string, number>();
  return {
    expiries,
    async add(name, expiresAt) {
      counts.set(name, (counts.get(name) ?? 0) + 1);
      expiries.set(name, expiresAt.getTime());
      return counts.get(name) ?? 0;
    },
    async read(names) {
      return names.map((name) => counts.get(name) ?? 0);
    },
    async takeBack(name) {
      counts.set(name, Math.max(0, (counts.get(name) ?? 0) - 1));
    },
    async eraseExpired() {
      return 0;
    },
  };
}

/** Ten attempts one second apart, the first five before `BOUNDARY` and the others after it. */
async function burstAcrossTheBoundary(limit: AttemptLimit) {
  const counters = countersInMemory();
  const allowed: boolean[] = [];
  for (let i = 0; i < 10; i++) {
    const now = new Date(BOUNDARY + (i - 5) * 1_000 + 500);
    allowed.push((await reserveAttempt(counters, ["account:a"], [limit], now)).allowed);
  }
  return allowed;
}

describe("attempt limits", () => {
  test("a burst across a fixed window's boundary gets twice the limit through; a sliding one only the limit", async () => {
    expect(await burstAcrossTheBoundary(FIXED)).toEqual(Array(10).fill(true));
    expect(await burstAcrossTheBoundary(SLIDING)).toEqual([...Array(5).fill(true), ...Array(5).fill(false)]);
  });

  test("a sliding window's counter lives one window past its end, so the next window can still read it", async () => {
    const counters = countersInMemory();
    const hourly: AttemptLimit = { windowMs: 60 * MINUTE, max: 3 };
    await reserveAttempt(counters, ["account:a"], [SLIDING, hourly], new Date(BOUNDARY + MINUTE));
    const [sliding, fixed] = attemptWindows(["account:a"], [SLIDING, hourly], new Date(BOUNDARY + MINUTE));
    expect(sliding?.expiresAt).toBe(BOUNDARY + 30 * MINUTE);
    expect(fixed?.expiresAt).toBe(Date.UTC(2026, 10, 29, 22));
    expect([...counters.expiries.values()].sort()).toEqual([BOUNDARY + 15 * MINUTE, BOUNDARY + 30 * MINUTE]);
  });

  test("the wait a refusal gives is exactly until the attempt would be allowed again", async () => {
    // Six in one window, the sixth refused 5 minutes in.
    const refusedAt = new Date(BOUNDARY + 5 * MINUTE);
    const counters = countersInMemory();
    for (let i = 0; i < 5; i++)
      await reserveAttempt(counters, ["k"], [SLIDING], new Date(BOUNDARY + i * 1_000));
    const refused = await reserveAttempt(counters, ["k"], [SLIDING], refusedAt);
    expect(refused.allowed).toBe(false);
    // To the window's end (10 minutes), then until one more beside the six weighted down is five:
    // 6 × w ≤ 4 once a third of the next window has gone, 5 minutes more.
    expect(refused.waitMs).toBe(15 * MINUTE);
    const [window] = attemptWindows(["k"], [SLIDING], refusedAt);
    expect(window).toBeDefined();
    // One millisecond earlier it would still be refused; at the wait's end, let through.
    for (const [after, allowed] of [
      [refused.waitMs - 1, false],
      [refused.waitMs, true],
    ] as const) {
      const at = new Date(refusedAt.getTime() + after);
      const windows = attemptWindows(["k"], [SLIDING], at);
      const previous = windows.map(() => 6);
      expect(attemptWaitMs(windows, [1], at, previous) === 0).toBe(allowed);
    }
  });

  test("under its limit in its own window, a key waits only for the window before to slide out far enough", () => {
    // Eight in the window before, two in this one, one minute in: 2 + 8 × 14/15 is over 5.
    const now = new Date(BOUNDARY + MINUTE);
    const windows = attemptWindows(["k"], [SLIDING], now);
    const wait = attemptWaitMs(windows, [2], now, [8]);
    // One more, 3 + 8 × w ≤ 5, once w ≤ 2/8: 15 × 2/8 = 3.75 minutes before the window's end.
    expect(wait).toBe(14 * MINUTE - 3.75 * MINUTE);
    const later = new Date(now.getTime() + wait);
    expect(attemptWaitMs(attemptWindows(["k"], [SLIDING], later), [3], later, [8])).toBe(0);
    const sooner = new Date(now.getTime() + wait - 1);
    expect(attemptWaitMs(attemptWindows(["k"], [SLIDING], sooner), [3], sooner, [8])).toBeGreaterThan(0);
  });

  test("a fixed window waits for its end, as before", () => {
    const now = new Date(BOUNDARY + MINUTE);
    expect(attemptWaitMs(attemptWindows(["k"], [FIXED], now), [6], now)).toBe(14 * MINUTE);
    expect(attemptWaitMs(attemptWindows(["k"], [FIXED], now), [5], now)).toBe(0);
  });
});
