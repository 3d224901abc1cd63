import type { CountersState } from "../rate-limit-store";
import type { Store } from "../store/store";

/** How long a store that answered counts as answering: probes in between cost nothing. */
export const STORE_ANSWER_FRESH_MS = 1_000;
/** A ping slower than this counts as the store not answering. */
export const STORE_PING_TIMEOUT_MS = 2_000;

export interface Readiness {
  ready: boolean;
  /** What keeps the instance from taking traffic, in words for an operator; empty when ready. */
  reasons: string[];
  store: "ok" | "unavailable";
  counters: CountersState;
  shuttingDown: boolean;
}

/**
 * Whether this instance should take traffic: its store answers, its per-address counters have
 * connected since it started, and it is not shutting down. The store's answer is kept for
 * STORE_ANSWER_FRESH_MS and shared by callers meanwhile; a failure is never kept, and a store
 * error seen anywhere forgets the last answer at once.
 *
 * Redis going away later does not make the instance unready: requests are then let through
 * uncounted (docs/decisions/017), every instance would be taken out at once for it, and the
 * `collarise_rate_limit_redis_connected` alert says so instead (docs/operations.md).
 */
export function readinessCheck(options: {
  store: Pick<Store, "ping">;
  counters: () => CountersState;
  now?: () => number;
}) {
  const now = options.now ?? (() => performance.now());
  let shuttingDown = false;
  let answeredAt = -Infinity;
  let pinging: Promise<boolean> | undefined;

  const ping = (): Promise<boolean> => {
    pinging ??= new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), STORE_PING_TIMEOUT_MS);
      options.store.ping().then(
        () => {
          clearTimeout(timer);
          answeredAt = now();
          resolve(true);
        },
        () => {
          clearTimeout(timer);
          resolve(false);
        },
      );
    }).finally(() => (pinging = undefined));
    return pinging;
  };

  return {
    /** From now on the instance says it is not ready: it is stopping. */
    beginShutdown() {
      shuttingDown = true;
    },
    get shuttingDown() {
      return shuttingDown;
    },
    /** A store call failed: the next check asks the store again. */
    storeFailed() {
      answeredAt = -Infinity;
    },
    async check(): Promise<Readiness> {
      const storeOk = now() - answeredAt < STORE_ANSWER_FRESH_MS || (await ping());
      const counters = options.counters();
      const reasons: string[] = [];
      if (shuttingDown) reasons.push("shutting down");
      if (!storeOk) reasons.push("the store is not answering");
      if (counters === "connecting") reasons.push("the per-address counters (Redis) have not connected");
      return {
        ready: reasons.length === 0,
        reasons,
        store: storeOk ? "ok" : "unavailable",
        counters,
        shuttingDown,
      };
    },
  };
}

export type ReadinessCheck = ReturnType<typeof readinessCheck>;
