import type { FastifyInstance } from "fastify";
import { enquiryReference } from "../../domain/console";
import type { StatusChangeResult } from "../store/enquiry-work";
import { eventTime } from "../store/event-clock";

export type NotSpamOutcome = StatusChangeResult | { outcome: "not-spam" };

/**
 * Staff mark an enquiry filed as Spam "Not spam": it is filed as New and the company's mail is
 * queued with that change, in one transaction (the store's `releaseFromSpam`); the outbox is
 * woken and the change recorded in the activity log. In the same transaction it gets an owner by
 * the assignment rule, its members' alerts, its first-contact target, and the `enquiry.not_spam`
 * event for the company's webhooks.
 */
export async function markNotSpam(
  app: FastifyInstance,
  id: string,
  by: { staffEmail: string; expectedVersion: number; requestId?: string },
): Promise<NotSpamOutcome> {
  const result = await app.store.work.releaseFromSpam(id, {
    expectedVersion: by.expectedVersion,
    staffEmail: by.staffEmail,
    ...(by.requestId ? { requestId: by.requestId } : {}),
    at: eventTime(),
  });
  if (result.outcome !== "changed") return result;
  app.outbox.wake();
  await app.store.activity.record({
    actor: by.staffEmail,
    action: "status-change",
    target: enquiryReference(id),
  });
  return result;
}
