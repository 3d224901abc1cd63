import type { CountersState } from "../rate-limit-store";
import type { Store } from "../store/store";
import type { StoreWritability } from "./store-writability";

/** How long a store that answered counts as answering: probes in between cost nothing. */
export const STORE_ANSWER_FRESH_MS = 1_000;
/** A ping slower than this counts as the store not answering. */
export const STORE_PING_TIMEOUT_MS = 2_000;

export interface Readiness {
  ready: boolean;
  /** What keeps the instance from taking traffic, in words for an operator; empty when ready. */
  reasons: string[];
  /** `cannot write`: it answers, but a write failed for want of space, a read-only file or an I/O error. */
  store: "ok" | "unavailable" | "cannot write";
  /** False from a write the store refused for those causes until a probe write succeeds. */
  writable: boolean;
  counters: CountersState;
  shuttingDown: boolean;
}

/**
 * Whether this instance should take traffic: its store answers and can write (`storeWritability`:
 * a full disk lets the store answer while every enquiry fails), its per-address counters have
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
  writability: Pick<StoreWritability, "check" | "writable">;
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
      // A store that does not answer is not probed with a write: it would only fail again.
      const writable = storeOk ? await options.writability.check() : options.writability.writable;
      const counters = options.counters();
      const reasons: string[] = [];
      if (shuttingDown) reasons.push("shutting down");
      if (!storeOk) reasons.push("the store is not answering");
      else if (!writable) reasons.push("the store cannot write (disk full, read-only or failing)");
      if (counters === "connecting") reasons.push("the per-address counters (Redis) have not connected");
      return {
        ready: reasons.length === 0,
        reasons,
        store: !storeOk ? "unavailable" : writable ? "ok" : "cannot write",
        writable,
        counters,
        shuttingDown,
      };
    },
  };
}

export type ReadinessCheck = ReturnType<typeof readinessCheck>;
