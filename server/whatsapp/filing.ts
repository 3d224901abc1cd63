/**
 * Files the buyers' WhatsApp messages on their enquiries: each through the same change as an
 * e-mail answer (store.work.addAnswers: unread, due now for its owner, the owner's alert), with
 * its channel, and held once in the whole store by its id.
 */
import type { AnswerOutcome, AnswerToStore } from "../store/conversations";
import type { Store } from "../store/store";
import { enquiryForWhatsApp, whatsappStatusReplaces } from "../lifecycle/whatsapp";
import type { InboundWhatsAppMessage, WhatsAppStatus } from "./webhook-payload";

/** What filing one message did: the answer's outcome, or no open enquiry of that buyer. */
export type WhatsAppFiling = AnswerOutcome | "no-enquiry";

/**
 * The message as the conversation stores it, on `enquiryId`, received at `at` (the server's
 * clock). It is kept at the time WhatsApp says the buyer sent it, from which Meta runs the 24-hour
 * window: a delivery Meta retried for hours does not open the window anew. A time ahead of the
 * server's clock is kept as the time it was received.
 */
export function whatsappAnswer(enquiryId: string, message: InboundWhatsAppMessage, at: Date): AnswerToStore {
  const sent = Date.parse(message.sentAt);
  return {
    enquiryId,
    channel: "whatsapp",
    messageId: message.wamid,
    inReplyTo: message.inReplyTo,
    references: [],
    from: `+${message.from}`,
    subject: "",
    text: message.text,
    at: sent < at.getTime() ? new Date(sent) : at,
    attachments: 0,
    truncated: message.truncated,
    quoteTrimmed: false,
    // Signed by Meta (X-Hub-Signature-256) and sent from the number it names.
    verified: true,
  };
}

/** Files each message in turn; answers what became of each. */
export async function fileWhatsAppMessages(
  store: Pick<Store, "buyers" | "conversations" | "work">,
  messages: readonly InboundWhatsAppMessage[],
  at: Date,
): Promise<WhatsAppFiling[]> {
  const outcomes: WhatsAppFiling[] = [];
  for (const message of messages) {
    // Delivered again (Meta retries until answered 200): held already, wherever it was filed.
    if (await store.conversations.enquiryOfThread({ messageIds: [message.wamid], acknowledgementIds: [] })) {
      outcomes.push("duplicate");
      continue;
    }
    const enquiryId = enquiryForWhatsApp(await store.buyers.enquiriesOfMobile(message.mobile));
    if (!enquiryId) {
      outcomes.push("no-enquiry");
      continue;
    }
    const [outcome] = await store.work.addAnswers([whatsappAnswer(enquiryId, message, at)]);
    outcomes.push(outcome ?? "not-found");
  }
  return outcomes;
}

/**
 * Records Meta's status callbacks on the messages the console sent, each found by the id it was
 * sent with (`biz_opaque_callback_data`); a status only moves forward (whatsappStatusReplaces).
 * Statuses of messages sent elsewhere (the WhatsApp Business app on the same number) carry none
 * and are passed over. Answers how many were recorded.
 */
export async function recordWhatsAppStatuses(
  store: Pick<Store, "conversations">,
  statuses: readonly WhatsAppStatus[],
): Promise<number> {
  let recorded = 0;
  for (const status of statuses) {
    if (!status.reference) continue;
    const delivery = { status: status.status, at: status.at, error: status.error };
    if (
      await store.conversations.recordWhatsAppStatus(
        status.reference,
        delivery,
        whatsappStatusReplaces(status.status),
      )
    )
      recorded += 1;
  }
  return recorded;
}
