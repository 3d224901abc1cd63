import type { OutboxStall } from "../../domain/console";
import { nodeTimers, scheduleTask, type ScheduleTimers } from "../scheduled-task";
import type { OutboxBacklog, Store } from "../store/store";

/** How often the server looks for a stalled outbox, and so how often it logs a stall. */
export const OUTBOX_WATCH_EVERY_MS = 5 * 60_000;
/** The first look comes this long after the server starts listening. */
export const OUTBOX_WATCH_FIRST_AFTER_MS = 10_000;

/** What `/api/health` says of the outbox. */
export interface OutboxHealth {
  /** How many notifications wait to be sent. */
  waiting: number;
  /** How long the oldest of them has waited, in whole seconds; null when none waits. */
  oldestWaitingSeconds: number | null;
  alertAfterMinutes: number;
  /** True while the oldest has waited longer than `alertAfterMinutes`: mail is not going out. */
  stalled: boolean;
}

export interface OutboxWatchLogger {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

/**
 * Reads the outbox's backlog (a count and the oldest waiting, both from an index) and judges it:
 * what the health check reports, what the console's inbox warns of, and what the watch logs.
 */
export function outboxMonitor(options: {
  store: Pick<Store, "enquiries">;
  alertAfterMinutes: number;
  now?: () => Date;
}) {
  const now = options.now ?? (() => new Date());
  const alertAfterMs = options.alertAfterMinutes * 60_000;

  async function read(
    backlogOf: () => Promise<OutboxBacklog> = () => options.store.enquiries.outboxBacklog(),
  ): Promise<{ health: OutboxHealth; stall: OutboxStall | null }> {
    const backlog = await backlogOf();
    const waitedMs = backlog.oldestQueuedAt
      ? Math.max(0, now().getTime() - new Date(backlog.oldestQueuedAt).getTime())
      : null;
    const stalled = waitedMs !== null && waitedMs > alertAfterMs;
    return {
      health: {
        waiting: backlog.waiting,
        oldestWaitingSeconds: waitedMs === null ? null : Math.floor(waitedMs / 1000),
        alertAfterMinutes: options.alertAfterMinutes,
        stalled,
      },
      stall:
        stalled && backlog.oldestQueuedAt
          ? { waiting: backlog.waiting, oldestWaitingSince: backlog.oldestQueuedAt }
          : null,
    };
  }
  return {
    /** The health figures, from the store or from `backlogOf` (a cached read of it). */
    health: async (backlogOf?: () => Promise<OutboxBacklog>) => (await read(backlogOf)).health,
    /** The stall the console shows, or null while mail goes out. */
    stall: async () => (await read()).stall,
    read,
  };
}

export type OutboxMonitor = ReturnType<typeof outboxMonitor>;

/**
 * Looks at the outbox every OUTBOX_WATCH_EVERY_MS and, while a notification has waited longer
 * than the alert allows, logs an error each time (not at every poll of the worker); once mail
 * goes out again it says so, once. Each instance watches and logs for itself: it only reads.
 */
export function watchOutbox(options: {
  monitor: OutboxMonitor;
  log: OutboxWatchLogger;
  timers?: ScheduleTimers;
}) {
  let stalled = false;
  return scheduleTask({
    everyMs: OUTBOX_WATCH_EVERY_MS,
    firstAfterMs: OUTBOX_WATCH_FIRST_AFTER_MS,
    timers: options.timers ?? nodeTimers,
    onError: (error) => options.log.error({ err: error }, "the outbox could not be looked at"),
    task: async () => {
      const { health, stall } = await options.monitor.read();
      if (stall) {
        stalled = true;
        options.log.error(
          {
            waiting: health.waiting,
            oldestWaitingSince: stall.oldestWaitingSince,
            oldestWaitingSeconds: health.oldestWaitingSeconds,
            alertAfterMinutes: health.alertAfterMinutes,
          },
          "mail is not going out: a notification has waited in the outbox longer than OUTBOX_ALERT_MINUTES",
        );
      } else if (stalled) {
        stalled = false;
        options.log.info({ waiting: health.waiting }, "mail goes out again: nothing waits past the alert");
      }
    },
  });
}
