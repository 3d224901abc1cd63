import { nodeTimers, runLeased, scheduleTask, type ScheduleTimers } from "../scheduled-task";
import type { Store } from "../store/store";

/** The reminders' lease in the store: one instance sweeps at a time. */
export const REMINDER_JOB = "follow-up-reminders";
/** How often an instance looks for follow-ups that fell due: a reminder comes within a minute of its time. */
export const REMINDER_CHECK_EVERY_MS = 60_000;
export const REMINDER_LEASE_MS = 60_000;
/** Records read per step of a sweep; a sweep goes on while steps come back full. */
const REMINDER_BATCH = 200;
/** The most steps one sweep takes; what is left waits for the next minute. */
const REMINDER_STEPS_MAX = 10;

export interface ReminderLogger {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

/**
 * Every minute, the instance holding the `follow-up-reminders` lease queues the reminders of the
 * follow-ups that fell due, through the outbox (kind `push`), to owners who turned notifications
 * on. Each is queued once across instances and restarts: the store clears a record's pending
 * reminder as it queues it, under an outbox id made from the enquiry and the follow-up time
 * (server/lifecycle/reminders.ts). The log says how many, never whose.
 */
export function scheduleReminders(options: {
  store: Pick<Store, "work" | "leases">;
  holder: string;
  log: ReminderLogger;
  /** Tells the outbox worker a notification is waiting. */
  wake?: () => void;
  now?: () => Date;
  timers?: ScheduleTimers;
  leaseMs?: number;
}) {
  const now = options.now ?? (() => new Date());

  async function sweep(): Promise<number> {
    let queued = 0;
    for (let step = 0; step < REMINDER_STEPS_MAX; step += 1) {
      const result = await options.store.work.queueDueReminders({ now: now(), limit: REMINDER_BATCH });
      queued += result.queued;
      if (result.seen < REMINDER_BATCH) break;
    }
    return queued;
  }

  async function run(): Promise<void> {
    const outcome = await runLeased(
      {
        leases: options.store.leases,
        job: REMINDER_JOB,
        holder: options.holder,
        leaseMs: options.leaseMs ?? REMINDER_LEASE_MS,
        now,
        onLost: (error) => options.log.error({ err: error }, "the reminders' lease could not be renewed"),
      },
      sweep,
    );
    if (!outcome.ran || outcome.result === 0) return;
    options.log.info({ queued: outcome.result }, "follow-up reminders queued");
    options.wake?.();
  }

  const schedule = scheduleTask({
    everyMs: REMINDER_CHECK_EVERY_MS,
    firstAfterMs: 10_000,
    timers: options.timers ?? nodeTimers,
    task: run,
    onError: (error) => options.log.error({ err: error }, "queueing follow-up reminders failed"),
  });
  return { runOnce: schedule.runOnce, start: schedule.start, stop: schedule.stop };
}
