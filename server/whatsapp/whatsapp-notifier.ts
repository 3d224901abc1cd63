/**
 * Sends the outbox's WhatsApp messages (kind `whatsapp`, docs/whatsapp.md) through the Cloud API:
 * to the enquiry's mobile as WhatsApp numbers it (+91), with our message's id as
 * `biz_opaque_callback_data`, which Meta returns on the message's status callbacks. What Meta
 * refuses for good ends the message with its reason (WhatsAppRefusedError, shown on the message);
 * the rest is retried with the outbox's backoff (server/notify/outbox-worker.ts).
 */
import { internationalNumber } from "../../domain/buyer";
import type { WhatsAppSettings } from "../config";
import { isWhatsAppMessage, NotificationFailedError, type Notifier } from "../notify/notifier";
import { sendWhatsAppMessage } from "./graph-client";

/** How many WhatsApp messages the outbox sends at once (Meta's pair rate limit is per buyer). */
const WHATSAPP_CONCURRENCY = 2;

/**
 * An enquiry's mobile as WhatsApp numbers it: an Indian one (ten digits, as the form keeps it) is
 * 91 and the ten; a foreign one (from an enquiry started on WhatsApp) is already its digits with
 * the country code (domain/buyer.ts: internationalNumber).
 */
export function whatsappNumberOf(mobile: string): string {
  return internationalNumber(mobile.replace(/\D/g, "")).slice(1);
}

export function createWhatsAppNotifier(
  settings: Pick<WhatsAppSettings, "graphUrl" | "phoneNumberId" | "accessToken">,
): Notifier {
  return {
    name: "whatsapp",
    concurrency: WHATSAPP_CONCURRENCY,
    kinds: new Set(["whatsapp"]),
    async send(notification, signal) {
      if (!isWhatsAppMessage(notification))
        throw new NotificationFailedError("The WhatsApp notifier sends WhatsApp messages only");
      await sendWhatsAppMessage(
        settings,
        {
          ...notification.message,
          to: whatsappNumberOf(notification.enquiry.Mobile),
          reference: notification.messageRowId,
        },
        signal,
      );
    },
    async close() {},
  };
}
