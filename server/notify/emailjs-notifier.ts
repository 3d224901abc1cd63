import { enquiryFieldText, enquiryFieldValue, isWhatsAppEnquiry, shownFields } from "../../domain/enquiry";
import { setTimeout as delay } from "node:timers/promises";
import { enquirySubject } from "./mail-content";
import {
  type EnquiryNotification,
  isNewsletterMail,
  isStaffMail,
  isReplyMail,
  isWhatsAppMessage,
  isDocumentMail,
  NotificationFailedError,
  type Notifier,
  type OutboxNotification,
} from "./notifier";

export interface EmailJsNotifierOptions {
  apiUrl: string;
  serviceId: string;
  templateId: string;
  publicKey: string;
  privateKey: string;
  /** Given to the template as `to_email` when set; otherwise the template's own recipient is used. */
  to?: string;
  timeoutMs: number;
}

/** EmailJS accepts one request per second for an account. */
const MIN_INTERVAL_MS = 1_000;

/** The request body the EmailJS REST API (`POST /api/v1.0/email/send`) documents. */
export function emailJsRequestBody(options: EmailJsNotifierOptions, notification: EnquiryNotification) {
  const { enquiry } = notification;
  return {
    service_id: options.serviceId,
    template_id: options.templateId,
    user_id: options.publicKey,
    accessToken: options.privateKey,
    template_params: {
      // A field not given (an enquiry started on WhatsApp) says so; the form's go as they are.
      ...Object.fromEntries(
        shownFields(enquiry).map(({ name }) => [
          name,
          isWhatsAppEnquiry(enquiry) ? enquiryFieldText(enquiry, name) : enquiryFieldValue(enquiry, name),
        ]),
      ),
      ...(isWhatsAppEnquiry(enquiry) ? {} : { reply_to: enquiry.Email }),
      subject: enquirySubject(enquiry),
      enquiry_id: notification.enquiryId,
      received_at: notification.receivedAt,
      ...(options.to ? { to_email: options.to } : {}),
    },
  };
}

/** Sends each enquiry through an EmailJS template with the account's private key (server calls need it). */
export function createEmailJsNotifier(options: EmailJsNotifierOptions): Notifier {
  let nextSlot = 0;

  return {
    name: "emailjs",
    concurrency: 1,
    // The company's template takes the company's notification only; everything else needs SMTP.
    kinds: new Set(["company"]),
    async send(notification: OutboxNotification, signal: AbortSignal) {
      // Never report a mail EmailJS was not given as sent.
      if (
        isNewsletterMail(notification) ||
        isStaffMail(notification) ||
        isReplyMail(notification) ||
        isWhatsAppMessage(notification) ||
        isDocumentMail(notification) ||
        notification.kind === "acknowledgement"
      ) {
        throw new NotificationFailedError("EmailJS sends the company's notification only");
      }
      const now = Date.now();
      const slot = Math.max(now, nextSlot);
      nextSlot = slot + MIN_INTERVAL_MS;
      if (slot > now) await delay(slot - now, undefined, { signal });

      const response = await fetch(options.apiUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(emailJsRequestBody(options, notification)),
        signal: AbortSignal.any([signal, AbortSignal.timeout(options.timeoutMs)]),
      });
      const answer = (await response.text()).slice(0, 200);
      if (response.status !== 200) {
        throw new NotificationFailedError(`EmailJS answered ${response.status}: ${answer}`);
      }
    },
    async close() {},
  };
}
