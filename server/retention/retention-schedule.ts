import { DAY_MS, UNCONFIRMED_SUBSCRIBER_DAYS, type RetentionPeriods } from "../../domain/retention";
import { SESSION_IDLE_MS } from "../admin/session-cookie";
import { nodeTimers, runLeased, scheduleTask, type ScheduleTimers } from "../scheduled-task";
import { IDEMPOTENCY_KEY_TTL_MS } from "../store/idempotency";
import type { Store } from "../store/store";
import { messageOf } from "../error-message";

/** How often the server erases what has passed its retention period. */
export const RETENTION_EVERY_HOURS = 6;
/** The first sweep comes this long after the server starts listening, never before it answers. */
export const RETENTION_FIRST_RUN_DELAY_MS = 10_000;
/** The sweeps' lease in the store: one instance sweeps at a time (docs/decisions/016). */
export const RETENTION_JOB = "retention-sweep";
/** How long the sweep's lease lasts unless renewed: far longer than a renewal can take. */
export const RETENTION_LEASE_MS = 10 * 60_000;

/**
 * One kind of erasure in a sweep. The store's (closed enquiries, page-speed data) always runs
 * first; others, such as unconfirmed newsletter addresses, are passed to `scheduleRetention`.
 */
export interface RetentionSweepStep {
  /** Names the step in the log and in a failure shown by the health check. */
  name: string;
  /** Erases what is due at `now`; resolves to how many of each kind it erased (`{ subscribers: 2 }`). */
  run(now: Date): Promise<Readonly<Record<string, number>>>;
}

/** What the sweeps log to (the server's logger). */
export interface RetentionLogger {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** What `/api/health` says of the retention sweeps. */
export interface RetentionStatus {
  everyHours: number;
  closedEnquiryDays: number;
  vitalsDays: number;
  lastRunAt: string | null;
  /** What the last run erased, by kind (a failed step's kinds are missing). */
  lastErased: Record<string, number> | null;
  lastSuccessAt: string | null;
  lastFailureAt: string | null;
  lastError: string | null;
  /** When this instance last left a sweep to another, which held the sweep's lease. */
  lastSkippedAt: string | null;
}

/** The store's own step: closed enquiries and page-speed data past their periods. */
export function storeRetentionStep(
  store: Pick<Store, "retention">,
  periods: Pick<RetentionPeriods, "closedEnquiryDays" | "vitalsDays">,
): RetentionSweepStep {
  return {
    name: "store",
    run: async (now) => ({
      ...(await store.retention.eraseExpired({
        now,
        closedEnquiryDays: periods.closedEnquiryDays,
        vitalsDays: periods.vitalsDays,
      })),
    }),
  };
}

/** Newsletter addresses never confirmed, erased UNCONFIRMED_SUBSCRIBER_DAYS after they were last asked for. */
export function unconfirmedSubscribersStep(store: Pick<Store, "subscribers">): RetentionSweepStep {
  return {
    name: "unconfirmed subscribers",
    run: async (now) => ({
      unconfirmedSubscribers: await store.subscribers.eraseUnconfirmed(
        new Date(now.getTime() - UNCONFIRMED_SUBSCRIBER_DAYS * DAY_MS),
      ),
    }),
  };
}

/**
 * What the console's sign-in leaves behind once it no longer counts: sessions ended by idleness
 * (their rows otherwise stay until someone presents the token again) and attempt counters whose
 * window is over.
 */
export function signInRecordsStep(store: Pick<Store, "sessions" | "attemptCounters">): RetentionSweepStep {
  return {
    name: "sign-in records",
    run: async (now) => ({
      idleSessions: await store.sessions.eraseIdle(new Date(now.getTime() - SESSION_IDLE_MS)),
      attemptCounters: await store.attemptCounters.eraseExpired(now),
    }),
  };
}

/** Idempotency keys past the time a retry could come (their enquiries stay). */
export function idempotencyKeysStep(store: Pick<Store, "enquiries">): RetentionSweepStep {
  return {
    name: "idempotency keys",
    run: async (now) => ({
      idempotencyKeys: await store.enquiries.eraseIdempotencyKeys(
        new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS),
      ),
    }),
  };
}

/** The activity log's target for a sweep: counts only, never whose data it was. */
export function erasedSummary(erased: Readonly<Record<string, number>>): string {
  return Object.entries(erased)
    .map(([kind, count]) => `${kind} ${count}`)
    .join(", ");
}

/**
 * Erases personal data past its retention period every RETENTION_EVERY_HOURS, first
 * RETENTION_FIRST_RUN_DELAY_MS after `start()`. Each run logs its counts at info, records one
 * activity-log entry when it erased anything (no actor, action "retention-erased", counts only),
 * and shows in `status`. A failing step is logged as an error and shown in the status; the
 * other steps still run, the server goes on, and the next run tries again.
 */
export function scheduleRetention(options: {
  store: Pick<Store, "retention" | "activity" | "leases">;
  /** This instance's name in the sweep's lease. */
  holder: string;
  leaseMs?: number;
  periods: Pick<RetentionPeriods, "closedEnquiryDays" | "vitalsDays">;
  log: RetentionLogger;
  /** Steps run after the store's own, in order. */
  steps?: readonly RetentionSweepStep[];
  now?: () => Date;
  timers?: ScheduleTimers;
}) {
  const now = options.now ?? (() => new Date());
  const steps = [storeRetentionStep(options.store, options.periods), ...(options.steps ?? [])];
  const status: RetentionStatus = {
    everyHours: RETENTION_EVERY_HOURS,
    closedEnquiryDays: options.periods.closedEnquiryDays,
    vitalsDays: options.periods.vitalsDays,
    lastRunAt: null,
    lastErased: null,
    lastSuccessAt: null,
    lastFailureAt: null,
    lastError: null,
    lastSkippedAt: null,
  };

  /** Sweeps holding the sweep's lease; another instance holding it sweeps instead of this one. */
  async function sweep(): Promise<void> {
    const at = now();
    let outcome;
    try {
      outcome = await runLeased(
        {
          leases: options.store.leases,
          job: RETENTION_JOB,
          holder: options.holder,
          leaseMs: options.leaseMs ?? RETENTION_LEASE_MS,
          now,
          onLost: (error) =>
            options.log.error({ err: error }, "the retention sweep's lease could not be renewed"),
        },
        () => erase(at),
      );
    } catch (error) {
      options.log.error({ err: error }, "erasing expired personal data failed: its lease cannot be taken");
      status.lastFailureAt = at.toISOString();
      status.lastError = `lease: ${messageOf(error)}`;
      return;
    }
    if (!outcome.ran) {
      options.log.info({ job: RETENTION_JOB }, "another instance is sweeping; this one leaves it the sweep");
      status.lastSkippedAt = at.toISOString();
    }
  }

  async function erase(at: Date): Promise<void> {
    const erased: Record<string, number> = {};
    const failures: string[] = [];
    for (const step of steps) {
      try {
        for (const [kind, count] of Object.entries(await step.run(at))) {
          erased[kind] = (erased[kind] ?? 0) + count;
        }
      } catch (error) {
        failures.push(`${step.name}: ${messageOf(error)}`);
        options.log.error({ err: error, step: step.name }, "erasing expired personal data failed");
      }
    }
    const total = Object.values(erased).reduce((sum, count) => sum + count, 0);
    if (total > 0) {
      try {
        await options.store.activity.record({
          actor: null,
          action: "retention-erased",
          target: erasedSummary(erased),
          at,
        });
      } catch (error) {
        failures.push(`activity log: ${messageOf(error)}`);
        options.log.error({ err: error }, "recording the erasure of expired personal data failed");
      }
    }
    options.log.info({ erased }, "expired personal data erased");
    status.lastRunAt = at.toISOString();
    status.lastErased = erased;
    if (failures.length === 0) status.lastSuccessAt = at.toISOString();
    else {
      status.lastFailureAt = at.toISOString();
      status.lastError = failures.join("; ");
    }
  }

  const schedule = scheduleTask({
    everyMs: RETENTION_EVERY_HOURS * 3_600_000,
    firstAfterMs: RETENTION_FIRST_RUN_DELAY_MS,
    timers: options.timers ?? nodeTimers,
    task: sweep,
    onError: (error) => options.log.error({ err: error }, "erasing expired personal data failed"),
  });
  return {
    status,
    /** Sweeps now (the schedule goes on as before). */
    runOnce: schedule.runOnce,
    /** Starts the schedule: the first sweep soon, then every RETENTION_EVERY_HOURS. */
    start: schedule.start,
    stop: schedule.stop,
  };
}
