import { createTransport } from "nodemailer";
import { enquiryMail, singleLine } from "./mail-content";
import type { EnquiryNotification, Notifier } from "./notifier";

export interface SmtpNotifierOptions {
  /** `smtp://user:pass@host:port`, or `smtps://…` for TLS from the first byte. */
  url: string;
  to: string;
  from: string;
  /** The longest one delivery may take; connecting and the greeting get less. */
  timeoutMs: number;
}

/** The domain part of an address, for Message-IDs: `website@collarise.example` → `collarise.example`. */
function domainOf(address: string): string {
  const at = address.lastIndexOf("@");
  return at >= 0 ? address.slice(at + 1) : "localhost";
}

/**
 * Sends each enquiry as an e-mail through any SMTP server. One connection per message, so
 * a send can be abandoned cleanly when it runs past its deadline.
 */
export function createSmtpNotifier(options: SmtpNotifierOptions): Notifier {
  const stepTimeout = Math.min(10_000, options.timeoutMs);
  const transport = createTransport({
    url: options.url,
    connectionTimeout: stepTimeout,
    greetingTimeout: stepTimeout,
    socketTimeout: options.timeoutMs,
    dnsTimeout: stepTimeout,
  });
  const messageIdDomain = domainOf(options.from);

  return {
    name: "smtp",
    concurrency: 4,
    async send(notification: EnquiryNotification, signal: AbortSignal) {
      const mail = enquiryMail(notification);
      await transport.sendMail({
        from: options.from,
        to: options.to,
        replyTo: { name: singleLine(notification.enquiry.Name), address: notification.enquiry.Email },
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        // The same notification always carries the same Message-ID, so a mail client can
        // recognise the rare second delivery of a message whose first one went unconfirmed.
        messageId: `<enquiry-${notification.id}@${messageIdDomain}>`,
        headers: { "X-Enquiry-Id": notification.enquiryId },
        signal,
      });
    },
    async close() {
      transport.close();
    },
  };
}
