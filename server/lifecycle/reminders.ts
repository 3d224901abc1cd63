/**
 * Follow-up reminders on the phone, decided once above the stores: each sweep, an adapter reads
 * the work records whose reminder has come (`reminderDueAt <= now`), with their owner, and this
 * says what to write. No I/O.
 */
import { isOpen } from "../../domain/status";
import { mayReceiveWorkNow } from "../../domain/staff";
import type { MemberFacts, PushPlan, WorkState } from "./plan";

/** How late a reminder may still go out (the server was down, or stopped): later, the 09:00 digest tells. */
export const REMINDER_STALE_AFTER_MS = 6 * 3_600_000;

/** The outbox id of a follow-up's reminder: one per enquiry and follow-up time, whichever instance queues it. */
export function reminderNotificationId(enquiryId: string, followUpAt: string): string {
  return `push-follow-up-${enquiryId}-${Date.parse(followUpAt)}`;
}

/** What a sweep writes for one record: its reminder is no longer pending, and perhaps a push to queue. */
export interface ReminderPlan {
  /** The pending time seen: the record is cleared only if it still holds it. */
  reminderDueAt: string;
  push: PushPlan | null;
}

/**
 * A record whose reminder has come: cleared either way, and reminded to its owner when the
 * enquiry is open, still due at that follow-up, has an owner who turned notifications on and is
 * not away (domain/staff.ts: mayReceiveWorkNow), and is
 * not more than REMINDER_STALE_AFTER_MS late. Null when its reminder has not come.
 */
export function planReminder(
  enquiryId: string,
  work: WorkState,
  owner: MemberFacts | null,
  now: Date,
): ReminderPlan | null {
  const due = work.reminderDueAt;
  if (due === null || Date.parse(due) > now.getTime()) return null;
  const open = isOpen(work.status);
  const fresh = now.getTime() - Date.parse(due) <= REMINDER_STALE_AFTER_MS;
  const reminds =
    open &&
    fresh &&
    work.followUpAt === due &&
    owner !== null &&
    owner.id === work.ownerId &&
    mayReceiveWorkNow(owner, now) &&
    owner.pushDevices;
  return {
    reminderDueAt: due,
    push: reminds
      ? { staffId: owner.id, reason: "follow-up", id: reminderNotificationId(enquiryId, due) }
      : null,
  };
}
