/**
 * Files the buyers' WhatsApp messages on their enquiries: each through the same change as an
 * e-mail answer (store.work.addAnswers: unread, due now for its owner, the owner's alert), with
 * its channel, and held once in the whole store by its id.
 */
import type { AnswerOutcome, AnswerToStore } from "../store/conversations";
import type { Store } from "../store/store";
import { enquiryForWhatsApp } from "../lifecycle/whatsapp";
import type { InboundWhatsAppMessage } from "./webhook-payload";

/** What filing one message did: the answer's outcome, or no open enquiry of that buyer. */
export type WhatsAppFiling = AnswerOutcome | "no-enquiry";

/** The message as the conversation stores it, on `enquiryId`, received at `at` (the server's clock). */
export function whatsappAnswer(enquiryId: string, message: InboundWhatsAppMessage, at: Date): AnswerToStore {
  return {
    enquiryId,
    channel: "whatsapp",
    messageId: message.wamid,
    inReplyTo: message.inReplyTo,
    references: [],
    from: `+${message.from}`,
    subject: "",
    text: message.text,
    at,
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
