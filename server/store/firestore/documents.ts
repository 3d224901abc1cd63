import { Timestamp, type DocumentData } from "firebase-admin/firestore";
import type { Language } from "../../../domain/contract";
import type { BuyerType, Enquiry } from "../../../domain/enquiry";
import type { NewsletterNotificationKind, NotificationKind, StaffNotificationKind } from "../store";

// The documents an enquiry and its outbox are kept in on Firestore, read and made in one place
// for every adapter file that needs them.

/** Each enquiry's e-mail conversation, one document per reply and per answer (conversations.ts). */
export const MESSAGES = "enquiryMessages";

/**
 * Each enquiry's answers counted per IST day (server/lifecycle/conversation.ts): one document per
 * answer stored (`<enquiry>-<day>-<n>`, n from 1 to the cap) and one when its owner was told of
 * those set aside (`<enquiry>-<day>-told`), each created, never set, so that two readers counting
 * at once cannot both take the same place; erased with the enquiry.
 */
export const ANSWER_DAYS = "enquiryAnswerDays";

/**
 * A notification in `notifications`: an enquiry's (with a copy of its fields) or a newsletter
 * mail to one address (`subscriberId`; the address and the link's nonces are read when it is claimed).
 */
export interface NotificationData {
  enquiryId?: string;
  subscriberId?: string;
  /** A member of staff's mail (an alert, a digest): its address is read when it is claimed. */
  staffId?: string;
  /** A digest's content, a link's id, a handed-on list or who handed an enquiry on (JSON). */
  payload?: string;
  /** A reply's message in `enquiryMessages`, read when it is claimed. */
  messageDocId?: string;
  /** Absent on notifications stored before acknowledgements existed: the company's. */
  kind?: NotificationKind;
  enquiry?: Enquiry;
  /** The enquiry's language, for the visitor's acknowledgement; absent before it was kept: English. */
  language?: Language;
  receivedAt: Timestamp;
  status: "pending" | "sent" | "undeliverable";
  attempts: number;
  nextAttemptAt: Timestamp;
  /**
   * When a worker may take it: the next attempt, or the end of the running lease. The claim asks
   * for `status == "pending" and dueAt <= now`, ordered by `dueAt` (the composite index in
   * firestore.indexes.json): nothing sent or leased is ever at the head of what it reads.
   * Stored before that, a sent notification may lack it; the status condition leaves it out anyway.
   */
  dueAt?: Timestamp;
  /** When it last went into the outbox (made, or resent by staff): the health check's oldest waiting. */
  queuedAt?: Timestamp;
  claimedBy: string | null;
  claimExpiresAt: Timestamp | null;
  /** Counts claims; each claim creates `claims/{generation}`, which two workers cannot both create. */
  claimGeneration: number;
  /** The request that queued it (X-Request-Id), for the outbox's log lines; absent on older ones. */
  requestId?: string;
  lastError: string | null;
  sentAt: Timestamp | null;
}

/** The five fields of an enquiry's document (or of the copy a notification carries). */
export function enquiryFromDocument(data: DocumentData): Enquiry {
  return {
    Name: String(data.Name),
    Email: String(data.Email),
    Mobile: String(data.Mobile),
    Quantity: Number(data.Quantity),
    RetailerSelfUse: String(data.RetailerSelfUse) as BuyerType,
  };
}

/** A stored language: a document written before languages were kept is English. */
export function languageOfDocument(value: unknown): Language {
  return value === "hi" ? "hi" : "en";
}

/** A newsletter mail waiting in the outbox, due at once. */
export function newsletterNotification(
  subscriberId: string,
  kind: NewsletterNotificationKind,
  at: Date,
): NotificationData {
  return { ...dueAt(at), subscriberId, kind };
}

/** A new notification's delivery fields: pending, due at `at`, never tried. */
function dueAt(at: Date): Omit<NotificationData, "kind"> {
  const now = Timestamp.fromDate(at);
  return {
    receivedAt: now,
    status: "pending",
    attempts: 0,
    nextAttemptAt: now,
    dueAt: now,
    queuedAt: now,
    claimedBy: null,
    claimExpiresAt: null,
    claimGeneration: 0,
    lastError: null,
    sentAt: null,
  };
}

/** A mail to one member of staff waiting in the outbox, due at once. */
export function staffNotification(
  staffId: string,
  kind: StaffNotificationKind,
  at: Date,
  extra: Partial<NotificationData> = {},
): NotificationData {
  return { ...dueAt(at), staffId, kind, ...extra };
}

/** A reply to the buyer waiting in the outbox, due at once; its words are its message's, read when it is claimed. */
export function replyNotification(
  enquiryId: string,
  enquiry: Enquiry,
  language: Language,
  messageDocId: string,
  at: Date,
): NotificationData {
  return { ...dueAt(at), kind: "reply", enquiryId, enquiry, language, messageDocId };
}
