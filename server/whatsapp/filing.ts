/**
 * Files the buyers' WhatsApp messages on their enquiries: each through the same change as an
 * e-mail answer (unread, due now for its owner, the owner's alert), with its channel, and held
 * once in the whole store by its id; a message from a number with no open enquiry opens one
 * (store.work.fileWhatsApp, docs/decisions/042).
 */
import { cleanProfileName, type WhatsAppEnquiry } from "../../domain/enquiry";
import { enquiryOfThread, type AnswerToStore, type WhatsAppFiled } from "../store/conversations";
import type { Store } from "../store/store";
import { whatsappStatusReplaces } from "../lifecycle/whatsapp";
import type { InboundWhatsAppMessage, WhatsAppStatus } from "./webhook-payload";

/** What filing one message did: the answer's outcome, the enquiry, and whether it opened it. */
export type WhatsAppFiling = WhatsAppFiled;

/**
 * The enquiry a message opens when its sender has none open: the profile name cleaned as the
 * form's names are (none usable: null), the number as the form keeps an Indian one (10 digits),
 * a foreign one as its digits with the country code; no address, quantity or buyer type.
 */
export function whatsappEnquiryOf(message: InboundWhatsAppMessage): WhatsAppEnquiry {
  return {
    Name: cleanProfileName(message.profileName),
    Email: null,
    Mobile: message.mobile,
    Quantity: null,
    RetailerSelfUse: null,
  };
}

/**
 * The message as the conversation stores it, on `enquiryId`, received at `at` (the server's
 * clock). It is kept at the time WhatsApp says the buyer sent it, from which Meta runs the 24-hour
 * window: a delivery Meta retried for hours does not open the window anew. A time ahead of the
 * server's clock is kept as the time it was received.
 */
export function whatsappAnswer(enquiryId: string, message: InboundWhatsAppMessage, at: Date): AnswerToStore {
  return { enquiryId, ...whatsappMessageAnswer(message, at) };
}

/** The message as an answer, before the enquiry it is filed on is decided (whatsappAnswer). */
function whatsappMessageAnswer(message: InboundWhatsAppMessage, at: Date): Omit<AnswerToStore, "enquiryId"> {
  const sent = Date.parse(message.sentAt);
  return {
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

/**
 * Files each message in turn, each in a transaction of its own (store.work.fileWhatsApp); answers
 * what became of each. `requestId`: the webhook's, kept with what a new enquiry queues.
 */
export async function fileWhatsAppMessages(
  store: Pick<Store, "conversations" | "work">,
  messages: readonly InboundWhatsAppMessage[],
  at: Date,
  requestId?: string,
): Promise<WhatsAppFiling[]> {
  const outcomes: WhatsAppFiling[] = [];
  for (const message of messages) {
    // Delivered again (Meta retries until answered 200): held already, wherever it was filed.
    const held = await enquiryOfThread(store.conversations, {
      messageIds: [message.wamid],
      acknowledgementIds: [],
    });
    if (held) {
      outcomes.push({ outcome: "duplicate", enquiryId: held, opened: false });
      continue;
    }
    outcomes.push(
      await store.work.fileWhatsApp({
        answer: whatsappMessageAnswer(message, at),
        enquiry: whatsappEnquiryOf(message),
        at,
        ...(requestId ? { requestId } : {}),
      }),
    );
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
