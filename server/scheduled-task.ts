import type { LeaseStore } from "./store/leases";

/** The timers a schedule uses: the real ones, unreferenced, or a test's own that it fires by hand. */
export interface ScheduleTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

/** Node's timers, unreferenced: a schedule never keeps the process alive on its own. */
export const nodeTimers: ScheduleTimers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms).unref(),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
  setInterval: (callback, ms) => setInterval(callback, ms).unref(),
  clearInterval: (handle) => clearInterval(handle as NodeJS.Timeout),
};

/**
 * Runs `task` every `everyMs` once started (and first `firstAfterMs` after the start, when
 * given), one run at a time: a run asked for while one is under way waits for that one instead.
 * The task reports its own failures (log, status); should it still reject, `onError` hears of it,
 * so a failed run never becomes an unhandled rejection that stops the server.
 */
export function scheduleTask(options: {
  everyMs: number;
  task: () => Promise<void>;
  onError: (error: unknown) => void;
  firstAfterMs?: number;
  timers?: ScheduleTimers;
}) {
  const timers = options.timers ?? nodeTimers;
  let running: Promise<void> | undefined;
  let interval: unknown;
  let first: unknown;
  let stopped = false;
  const runOnce = (): Promise<void> => {
    running ??= options
      .task()
      .catch(options.onError)
      .finally(() => (running = undefined));
    return running;
  };
  return {
    runOnce,
    /** Starts the schedule; a second start changes nothing. */
    start() {
      if (stopped || interval !== undefined) return;
      interval = timers.setInterval(() => void runOnce(), options.everyMs);
      if (options.firstAfterMs !== undefined)
        first = timers.setTimeout(() => void runOnce(), options.firstAfterMs);
    },
    /** Stops the schedule and waits for a run under way to finish. */
    async stop() {
      stopped = true;
      if (first !== undefined) timers.clearTimeout(first);
      if (interval !== undefined) timers.clearInterval(interval);
      await running;
    },
  };
}

/** A timed job's lease: one instance of several sharing a store runs the job at a time. */
export interface JobLease {
  leases: LeaseStore;
  /** The job's name, its lease's key (`retention-sweep`). */
  job: string;
  /** This instance's name among all those sharing the store. */
  holder: string;
  /** How long the lease lasts unless renewed; renewed every third of it while the work runs. */
  leaseMs: number;
  now: () => Date;
  /** Hears of a renewal that failed: another instance may have taken the job over. */
  onLost: (error?: unknown) => void;
  timers?: ScheduleTimers;
}

/**
 * Runs `work` holding the job's lease: taken in one atomic step, renewed while the work runs,
 * released when it ends. Resolves to `{ ran: false }` without running it when another holds it.
 */
export async function runLeased<T>(
  lease: JobLease,
  work: () => Promise<T>,
): Promise<{ ran: true; result: T } | { ran: false }> {
  const { leases, job, holder, leaseMs, now } = lease;
  if (!(await leases.take(job, holder, now(), leaseMs))) return { ran: false };
  const timers = lease.timers ?? nodeTimers;
  const renewal = timers.setInterval(() => {
    leases.renew(job, holder, now(), leaseMs).then(
      (renewed) => renewed || lease.onLost(),
      (error: unknown) => lease.onLost(error),
    );
  }, leaseMs / 3);
  try {
    return { ran: true, result: await work() };
  } finally {
    timers.clearInterval(renewal);
    // Not released (the store is down): the lease runs out on its own.
    await leases.release(job, holder, now()).catch(() => undefined);
  }
}
