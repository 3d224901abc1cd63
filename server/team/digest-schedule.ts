import { receivablesOf } from "../../domain/accounts";
import { digestEnquiryIds, digestReads, planDigest } from "../lifecycle/digest";
import { DIGEST_HOUR, digestIsEmpty } from "../../domain/team";
import { isAway, mayOwnEnquiries } from "../../domain/staff";
import { istDate, istDayBounds, nextIstHour } from "../../domain/working-hours";
import { nodeTimers, runLeased, scheduleTask, type ScheduleTimers } from "../scheduled-task";
import type { Store } from "../store/store";
import type { QueuedDigest } from "../store/team";

/** The digest's lease in the store: one instance makes the day's digests at a time. */
export const DIGEST_JOB = "member-digest";
/** How often an instance looks whether the day's digests are due (09:00 IST) and not yet queued. */
export const DIGEST_CHECK_EVERY_MS = 5 * 60_000;
export const DIGEST_LEASE_MS = 5 * 60_000;
const DAY_MS = 24 * 3_600_000;

export interface DigestLogger {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

/**
 * The IST day whose digests are due at `at`: from 09:00 IST until that day ends; none before
 * 09:00 (yesterday's are not sent late the next morning).
 */
export function digestDayAt(at: Date): string | null {
  const lastNine = new Date(nextIstHour(at, DIGEST_HOUR).getTime() - DAY_MS);
  return istDate(lastNine) === istDate(at) ? istDate(at) : null;
}

/**
 * Each member's digest for `at`'s day (overdue, due today, and new and unassigned; an owner's also
 * what is owed by age), only members with something in theirs; null before the day's digests are due.
 */
export async function dayDigests(
  store: Pick<Store, "staff" | "team" | "documents">,
  at: Date,
): Promise<{ day: string; digests: QueuedDigest[] } | null> {
  const day = digestDayAt(at);
  if (!day) return null;
  const { end } = istDayBounds(at);
  const digests = [];
  // A pending invitee (domain/staff.ts) is mailed nothing of the team's enquiries.
  const staff = (await store.staff.list()).filter(mayOwnEnquiries);
  // An owner's digest lists the due work of members away, whom the rule and the alerts skip.
  const away = staff.filter((member) => isAway(member, at)).map(({ id }) => id);
  // An owner's digest says what is owed by age: read once for every owner's.
  const receivables = staff.some((member) => member.role === "owner")
    ? receivablesOf(await store.documents.unpaidInvoices(), at)
    : undefined;
  for (const member of staff) {
    const owner = member.role === "owner";
    const awayOwners = owner ? away.filter((id) => id !== member.id) : [];
    const parts = await store.team.digestParts(
      digestReads({ staffId: member.id, now: at, dayEnd: end, awayOwners }),
    );
    const content = planDigest(parts, {
      now: at,
      day,
      staffId: member.id,
      dayEnd: end,
      awayOwners,
      ...(owner && receivables ? { receivables } : {}),
    });
    if (!digestIsEmpty(content))
      digests.push({ staffId: member.id, content, enquiryIds: digestEnquiryIds(content) });
  }
  return { day, digests };
}

/**
 * Queues each member's digest for `at`'s day (dayDigests). Each digest's outbox id is made from
 * the member and the day, so two instances, or a second run, queue it once. Answers how many were
 * queued.
 */
export async function queueDayDigests(
  store: Pick<Store, "staff" | "team" | "documents">,
  at: Date,
): Promise<number> {
  const due = await dayDigests(store, at);
  if (!due) return 0;
  return store.team.queueDigests(due.day, due.digests, at);
}

/**
 * Looks every few minutes whether the day's digests are due and, holding the digest's lease,
 * queues them through the outbox (docs/decisions/022). An instance remembers the day it has
 * done; the outbox ids keep the promise of one digest per member per day whatever the timing.
 */
export function scheduleDigests(options: {
  store: Pick<Store, "staff" | "team" | "documents" | "leases">;
  holder: string;
  log: DigestLogger;
  /** Tells the outbox worker mail is waiting. */
  wake?: () => void;
  now?: () => Date;
  timers?: ScheduleTimers;
  leaseMs?: number;
}) {
  const now = options.now ?? (() => new Date());
  let doneDay: string | null = null;
  /** When this instance last saw the day's digests queued (by itself, or found already queued). */
  let lastRunAt: Date | null = null;

  async function run(): Promise<void> {
    const at = now();
    const day = digestDayAt(at);
    if (!day || day === doneDay) return;
    const outcome = await runLeased(
      {
        leases: options.store.leases,
        job: DIGEST_JOB,
        holder: options.holder,
        leaseMs: options.leaseMs ?? DIGEST_LEASE_MS,
        now,
        onLost: (error) => options.log.error({ err: error }, "the digest's lease could not be renewed"),
      },
      () => queueDayDigests(options.store, at),
    );
    if (!outcome.ran) return;
    doneDay = day;
    lastRunAt = now();
    options.log.info({ day, queued: outcome.result }, "the day's digests are queued");
    if (outcome.result > 0) options.wake?.();
  }

  const schedule = scheduleTask({
    everyMs: DIGEST_CHECK_EVERY_MS,
    firstAfterMs: 15_000,
    timers: options.timers ?? nodeTimers,
    task: run,
    onError: (error) => options.log.error({ err: error }, "queueing the day's digests failed"),
  });
  return {
    runOnce: schedule.runOnce,
    start: schedule.start,
    stop: schedule.stop,
    lastRunAt: () => lastRunAt,
  };
}
