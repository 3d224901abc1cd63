import type {
  EnquiryNotificationKind,
  PendingDocumentNotification,
  NotificationKind,
  PendingEnquiryNotification,
  PendingNewsletterNotification,
  PendingReplyNotification,
  PendingStaffNotification,
  PendingWhatsAppNotification,
} from "../store/store";

/** What a notifier needs to tell the company (or acknowledge to the visitor) about one enquiry. */
export type EnquiryNotification = Pick<
  PendingEnquiryNotification,
  "id" | "enquiryId" | "enquiry" | "receivedAt"
> & {
  /** Absent: the company's notification. */
  kind?: EnquiryNotificationKind;
  /** The language the visitor's acknowledgement is written in; absent: English. */
  language?: PendingEnquiryNotification["language"];
};

/** What a notifier needs to send one newsletter mail: the address, and what its links are made from. */
export type NewsletterNotification = Omit<PendingNewsletterNotification, "attempts" | "language"> & {
  /** The language its mail is written in; absent: English. */
  language?: PendingNewsletterNotification["language"];
};

/** A mail to one member of staff: an alert of a new enquiry, or the day's digest. */
export type StaffNotification = PendingStaffNotification;

/** A reply a member wrote in the console, to the enquiry's own address. */
export type ReplyNotification = PendingReplyNotification;

/** A WhatsApp message a member sent from the console, to the enquiry's mobile. */
export type WhatsAppNotification = PendingWhatsAppNotification;

/** A document mailed to its buyer with its PDF. */
export type DocumentNotification = PendingDocumentNotification;

export type OutboxNotification =
  | EnquiryNotification
  | NewsletterNotification
  | StaffNotification
  | ReplyNotification
  | WhatsAppNotification
  | DocumentNotification;

export function isDocumentMail(notification: OutboxNotification): notification is DocumentNotification {
  return notification.kind === "document";
}

export function isWhatsAppMessage(notification: OutboxNotification): notification is WhatsAppNotification {
  return notification.kind === "whatsapp";
}

export function isReplyMail(notification: OutboxNotification): notification is ReplyNotification {
  return notification.kind === "reply";
}

export function isStaffMail(notification: OutboxNotification): notification is StaffNotification {
  return "staffId" in notification;
}

export function isNewsletterMail(notification: OutboxNotification): notification is NewsletterNotification {
  return "subscriberId" in notification;
}

/**
 * Tells the company about a stored enquiry, and sends the newsletter's own mails. Adapters: SMTP
 * and EmailJS, chosen once at start-up from configuration (`createNotifier`); the outbox worker
 * sees only this interface.
 */
export interface Notifier {
  /** Names the adapter in logs. */
  readonly name: string;
  /** How many notifications the worker may send at once through this adapter. */
  readonly concurrency: number;
  /** The kinds of mail this adapter can send; the others wait in the outbox for one that can. */
  readonly kinds: ReadonlySet<NotificationKind>;
  /**
   * Delivers one notification. Resolves only once the provider has accepted it; rejects
   * when it was not delivered (and may be sent again). Gives up when `signal` aborts.
   */
  send(notification: OutboxNotification, signal: AbortSignal): Promise<void>;
  close(): Promise<void>;
}

export class NotificationFailedError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "NotificationFailedError";
  }
}
