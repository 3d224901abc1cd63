import { mailboxAddress } from "../../domain/email";
import { isWhatsAppEnquiry, type StoredEnquiryFields } from "../../domain/enquiry";
import { createTransport } from "nodemailer";
import { PLACEHOLDER_FACTS, type CompanyFacts } from "../../domain/company-facts";
import type { NewsletterLinks } from "../newsletter/links";
import type { PaymentLinks } from "../documents/payment-links";
import { hasPaymentPage } from "../../domain/payment-page";
import type { IssuedDocument } from "../../domain/invoice";
import {
  acknowledgementMail,
  enquiryMail,
  newsletterConfirmationMail,
  newsletterWelcomeMail,
  replyMail,
  singleLine,
} from "./mail-content";
import {
  acknowledgementMessageId,
  messageIdDomain as messageIdDomainOf,
  notificationMessageId,
} from "./message-ids";
import { documentMail, reminderMail } from "./document-mail";
import { documentPdfName, renderDocumentPdf } from "../documents/render";
import { describeSendError, NotificationRefusedError, smtpRefusal } from "./send-outcome";
import { consoleEnquiryUrl, digestMail, handedOnListMail, memberAlertMail, staffLinkMail } from "./team-mail";
import type { StaffLinks } from "../admin/staff-links";
import {
  isStaffMail,
  NotificationFailedError,
  isNewsletterMail,
  isReplyMail,
  isDocumentMail,
  isWhatsAppMessage,
  type NewsletterNotification,
  type Notifier,
  type OutboxNotification,
} from "./notifier";

export interface SmtpNotifierOptions {
  /** `smtp://user:pass@host:port`, or `smtps://…` for TLS from the first byte. */
  url: string;
  to: string;
  from: string;
  /** The longest one delivery may take; connecting and the greeting get less. */
  timeoutMs: number;
  /** Makes the newsletter mails' signed links. */
  links: NewsletterLinks;
  /** Makes the links in invitations and reset mails; without it those mails wait for a notifier that has it. */
  staffLinks?: StaffLinks;
  /** Where staff open the console from their mails (PUBLIC_URL); the local server's default port unless given. */
  publicUrl?: string;
  /** Makes the links to the buyers' payment pages that a tax invoice's or pro-forma's mail carries. */
  paymentLinks?: PaymentLinks;
  /** The company's facts in force, read for each mail that names the company; the placeholders unless given. */
  facts?: () => Promise<CompanyFacts>;
}

/** The newsletter mail a notification stands for, with its links; none for a request already answered. */
async function newsletterMail(
  notification: NewsletterNotification,
  links: NewsletterLinks,
  facts: CompanyFacts,
) {
  const unsubscribeUrl = await links.unsubscribeUrl(notification);
  if (notification.kind === "newsletter-welcome")
    return newsletterWelcomeMail({ unsubscribeUrl }, notification.language, facts);
  if (notification.confirmNonce === null) return undefined;
  const confirmUrl = await links.confirmUrl({ ...notification, confirmNonce: notification.confirmNonce });
  return newsletterConfirmationMail({ confirmUrl, unsubscribeUrl }, notification.language, facts);
}

/**
 * A visitor's address as the `To` of a mail to them: the bare address, with no display name. The
 * address is whatever anyone typed into a form, so the header carries none of their other words
 * (a Name such as "Refund pending, call 9123456789" or an encoded-word that decodes to another
 * address would be shown to a stranger in a mail from the company's domain). An object, not a
 * string, so the mailer never reads it as a list of addresses.
 */
/**
 * Not reached: no mail to the buyer is queued for an enquiry without an address (the reply's
 * change refuses it, and one from WhatsApp asks no acknowledgement); were one, it ends undeliverable.
 */
function noAddress(): NotificationRefusedError {
  return new NotificationRefusedError("The enquiry has no e-mail address (it came on WhatsApp)", 550);
}

/** The enquiry's own address, the only one a mail to the buyer goes to. */
function addressOf(enquiry: StoredEnquiryFields): string {
  if (enquiry.Email === null) throw noAddress();
  return enquiry.Email;
}

function visitorAddress(address: string) {
  return { name: "", address };
}

async function staffLinkUrl(links: StaffLinks | undefined, linkId: string): Promise<string> {
  // Not reached: without the links the notifier does not claim these mails (its `kinds`).
  if (!links) throw new Error("This notifier cannot make links to set a password");
  return links.url(linkId);
}

/** Sends at most this many mails at once, each on its own connection. */
const CONNECTIONS = 4;

/**
 * Sends each enquiry as an e-mail through any SMTP server, over a small pool of reused
 * connections (a TLS handshake and login per mail would be slow). A send that runs past
 * its deadline is abandoned by closing its connection.
 */
export function createSmtpNotifier(options: SmtpNotifierOptions): Notifier {
  const stepTimeout = Math.min(10_000, options.timeoutMs);
  const transport = createTransport({
    pool: true,
    url: options.url,
    maxConnections: CONNECTIONS,
    // The outbox worker decides about retries; the pool must not resend on its own.
    maxRequeues: 0,
    idleTimeout: 30_000,
    connectionTimeout: stepTimeout,
    greetingTimeout: stepTimeout,
    socketTimeout: options.timeoutMs,
    dnsTimeout: stepTimeout,
  });
  const messageIdDomain = messageIdDomainOf(options.from);
  /**
   * Sends one mail. A refusal for good becomes a NotificationRefusedError (the worker ends the
   * notification); any other failure is retried, its message stripped of the addresses the mailer
   * names in it.
   */
  const sendMail = async (mail: Parameters<typeof transport.sendMail>[0]) => {
    try {
      await transport.sendMail(mail);
    } catch (error) {
      throw smtpRefusal(error) ?? new NotificationFailedError(describeSendError(error));
    }
  };
  const publicUrl = options.publicUrl ?? "http://127.0.0.1:3000";
  /** The mailbox the console reads (MAIL_FROM's address): where answers to the company's mail belong. */
  const companyMailbox = mailboxAddress(options.from);
  const facts = options.facts ?? (async () => PLACEHOLDER_FACTS);
  /** A document's mail, with its PDF in its language and, for a Hindi one, in English too. */
  const documentMailWithPdfs = async (document: IssuedDocument) => {
    const payPageUrl =
      options.paymentLinks && hasPaymentPage(document) ? await options.paymentLinks.url(document.id) : null;
    const mail = documentMail(document, await facts(), payPageUrl);
    const languages = document.language === "en" ? (["en"] as const) : ([document.language, "en"] as const);
    const attachments = await Promise.all(
      languages.map(async (language) => ({
        filename: documentPdfName(document, language),
        content: Buffer.from(await renderDocumentPdf(document, { language, copies: ["original"] })),
        contentType: "application/pdf",
      })),
    );
    return { mail, attachments };
  };

  return {
    name: "smtp",
    concurrency: CONNECTIONS,
    kinds: new Set([
      "company",
      "acknowledgement",
      "newsletter-confirmation",
      "newsletter-welcome",
      "member-alert",
      "digest",
      "handed-on",
      "reply",
      "document",
      ...(options.staffLinks ? (["staff-link"] as const) : []),
    ]),
    async send(notification: OutboxNotification, signal: AbortSignal) {
      if (isStaffMail(notification)) {
        // Not among this notifier's kinds: the push notifier sends it (server/push/push-notifier.ts).
        if (notification.kind === "push")
          throw new NotificationFailedError("A push notification is not a mail");
        const mail =
          notification.kind === "digest"
            ? digestMail(notification.digest, publicUrl)
            : notification.kind === "staff-link"
              ? staffLinkMail(
                  notification.link,
                  await staffLinkUrl(options.staffLinks, notification.link.linkId),
                )
              : notification.kind === "handed-on"
                ? handedOnListMail(notification.list, publicUrl)
                : memberAlertMail(notification, publicUrl);
        await sendMail({
          from: options.from,
          to: notification.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          messageId: notificationMessageId(notification.kind, notification.id, messageIdDomain),
          // An answer goes to the company's mailbox, which the console reads, never to the buyer
          // from a member's own mail program, out of the enquiry's conversation.
          replyTo: companyMailbox,
          ...(notification.kind === "member-alert"
            ? { headers: { "X-Enquiry-Id": notification.enquiryId } }
            : {}),
          signal,
        });
        return;
      }
      // A WhatsApp message is the WhatsApp notifier's (server/whatsapp/whatsapp-notifier.ts).
      if (isWhatsAppMessage(notification))
        throw new NotificationFailedError("SMTP does not send WhatsApp messages");
      if (isNewsletterMail(notification)) {
        const mail = await newsletterMail(notification, options.links, await facts());
        // Confirmed before its request went out: nothing is left to ask.
        if (!mail) return;
        await sendMail({
          from: options.from,
          to: visitorAddress(notification.email),
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          messageId: notificationMessageId("newsletter", notification.id, messageIdDomain),
          // RFC 2369 and RFC 8058: the mail program offers a one-click unsubscribe that POSTs to the link.
          headers: {
            "List-Unsubscribe": `<${mail.unsubscribeUrl}>`,
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
          },
          signal,
        });
        return;
      }
      if (isDocumentMail(notification)) {
        // To the buyer's address on the document: a payment reminder with its text as made when
        // queued, in the invoice's language, and no PDF; any other document with its PDF (and the
        // English copy of a Hindi one).
        const { document, reminder } = notification;
        const { mail, attachments } = reminder
          ? { mail: reminderMail(reminder, document.language), attachments: undefined }
          : await documentMailWithPdfs(document);
        await sendMail({
          from: options.from,
          to: visitorAddress(notification.to),
          replyTo: companyMailbox,
          subject: singleLine(mail.subject),
          text: mail.text,
          html: mail.html,
          ...(attachments ? { attachments } : {}),
          messageId: notificationMessageId("document", notification.id, messageIdDomain),
          headers: { "X-Enquiry-Id": notification.enquiryId },
          signal,
        });
        return;
      }
      if (isReplyMail(notification)) {
        // To the enquiry's own address only, threaded as the conversation stored it when queued.
        const mail = replyMail(notification, await facts());
        await sendMail({
          from: options.from,
          to: visitorAddress(addressOf(notification.enquiry)),
          subject: singleLine(mail.subject),
          text: mail.text,
          html: mail.html,
          messageId: notification.reply.messageId,
          ...(notification.reply.inReplyTo ? { inReplyTo: notification.reply.inReplyTo } : {}),
          ...(notification.reply.references.length ? { references: notification.reply.references } : {}),
          headers: { "X-Enquiry-Id": notification.enquiryId },
          signal,
        });
        return;
      }
      if (notification.kind === "acknowledgement") {
        // To the visitor, who may answer the company directly.
        const { enquiry } = notification;
        if (isWhatsAppEnquiry(enquiry)) throw noAddress();
        const mail = acknowledgementMail({ ...notification, enquiry }, await facts());
        await sendMail({
          from: options.from,
          to: visitorAddress(enquiry.Email),
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          // Replies from the console thread under it (server/lifecycle/conversation.ts).
          messageId: acknowledgementMessageId(notification.id, messageIdDomain),
          headers: { "X-Enquiry-Id": notification.enquiryId },
          signal,
        });
        return;
      }
      const mail = enquiryMail(notification, consoleEnquiryUrl(publicUrl, notification.enquiryId));
      await sendMail({
        from: options.from,
        to: options.to,
        replyTo: companyMailbox,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        // The same notification always carries the same Message-ID, so a mail client can
        // recognise the rare second delivery of a message whose first one went unconfirmed.
        messageId: notificationMessageId("company", notification.id, messageIdDomain),
        headers: { "X-Enquiry-Id": notification.enquiryId },
        signal,
      });
    },
    async close() {
      // The worker has finished or abandoned its sends by now: nothing is lost by closing.
      transport.close({ force: true });
    },
  };
}
