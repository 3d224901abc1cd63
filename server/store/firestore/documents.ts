import { randomUUID } from "node:crypto";
import { Timestamp, type DocumentData, type Transaction, type WriteBatch } from "firebase-admin/firestore";
import { storedLanguage, type Language } from "../../../domain/contract";
import {
  enquiryFieldsFromRecord,
  enquiryFieldsRecord,
  type StoredEnquiryFields,
} from "../../../domain/enquiry";
import { checkNotification } from "../notification-kinds";
import type { NotificationKind, StoredEnquiry } from "../store";
import { BUYER_KEYS_FIELD } from "./buyers";
import { collectionsOf, isoOf, type FirestoreContext } from "./connection";
import { enquiryMetaFields, enquiryMetaOf } from "./enquiry-meta";

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
  /** The enquiries a list or a digest names: erasing one of them erases the mail too. */
  enquiryIds?: string[];
  /** A copy of the enquiry's fields, as its document holds them (enquiryFieldsRecord). */
  enquiry?: Record<string, string | number | null>;
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

/**
 * The fields of an enquiry's document (or of the copy a notification carries), by the
 * descriptor's `firestoreField` (domain/enquiry.ts: ENQUIRY_FIELD_SPECS): the one decoding of them,
 * for the document written at intake and every one read back.
 */
export function enquiryFromDocument(data: DocumentData): StoredEnquiryFields {
  // An enquiry started on WhatsApp has no address, quantity or buyer type (null), and perhaps no name.
  return enquiryFieldsFromRecord(data, "firestoreField");
}

/**
 * An enquiry's document in `{product}_Form`, as intake creates it: its five fields and, beside
 * them as metadata, the time received, its language, its source and screening (enquiry-meta.ts)
 * and its buyer keys (a keyed hash of the mobile and of the mailbox: server/store/buyer-keys.ts).
 */
export function enquiryDocument(stored: StoredEnquiry, buyerKeys: readonly string[]): DocumentData {
  return {
    // An optional field not given is left out, as on documents written before it existed.
    ...enquiryFieldsRecord(stored.enquiry, "firestoreField", "omit"),
    receivedAt: Timestamp.fromDate(new Date(stored.receivedAt)),
    language: stored.language,
    ...enquiryMetaFields(stored),
    [BUYER_KEYS_FIELD]: [...buyerKeys],
  };
}

/** The enquiry as stored, from its document (enquiryDocument): its fields, time received and language. */
export function enquiryOfDocument(doc: { id: string; data(): DocumentData | undefined }): StoredEnquiry {
  const data = doc.data() ?? {};
  return {
    id: doc.id,
    receivedAt: isoOf(data.receivedAt),
    language: storedLanguage(data.language),
    enquiry: enquiryFromDocument(data),
  };
}

/** The enquiry as stored, with what its document keeps beside it (enquiry-meta.ts). */
export function storedEnquiryOf(doc: { id: string; data(): DocumentData | undefined }): StoredEnquiry {
  return { ...enquiryOfDocument(doc), ...enquiryMetaOf(doc.data() ?? {}) };
}

/** A new notification as `notifications` takes it: what it is about and when it is due. */
type NewNotification = Pick<
  NotificationData,
  "enquiryId" | "staffId" | "subscriberId" | "messageDocId" | "requestId" | "enquiryIds"
> & {
  kind: NotificationKind;
  /** When it is due: its first attempt, and when it went into the outbox. */
  at: Date;
  /** The enquiry it is about, with a copy of its fields and its language (enquiryId alone: a push). */
  enquiry?: Pick<StoredEnquiry, "id" | "enquiry" | "language">;
  /** When its enquiry was received (its mails to the company and the visitor); `at` when absent. */
  receivedAt?: Date;
  payload?: string | null;
};

/**
 * A new notification's document: pending, never tried, due at `at`. The one place a document of
 * `notifications` is made, its kind and what the kind needs checked here (notification-kinds.ts).
 */
export function newNotification(row: NewNotification): NotificationData {
  const { kind, at, enquiry, receivedAt, ...links } = row;
  const enquiryId = enquiry?.id ?? row.enquiryId;
  checkNotification(kind, { ...links, enquiryId, messageId: row.messageDocId });
  const due = Timestamp.fromDate(at);
  const data: NotificationData = {
    kind,
    receivedAt: receivedAt ? Timestamp.fromDate(receivedAt) : due,
    status: "pending",
    attempts: 0,
    nextAttemptAt: due,
    dueAt: due,
    queuedAt: due,
    claimedBy: null,
    claimExpiresAt: null,
    claimGeneration: 0,
    lastError: null,
    sentAt: null,
    ...(enquiry
      ? {
          enquiry: enquiryFieldsRecord(enquiry.enquiry, "firestoreField", "omit"),
          language: enquiry.language,
        }
      : {}),
  };
  // Firestore takes no undefined field: only what is given is written (a payload of null is none).
  const given = { ...links, enquiryId };
  for (const [field, value] of Object.entries(given)) {
    if (value !== undefined && value !== null) Object.assign(data, { [field]: value });
  }
  return data;
}

/**
 * Creates a new notification's document (newNotification) in the transaction or batch: under the
 * id given (a digest's, a reminder's: created once only), or a new one.
 */
export function queueNotification(
  context: FirestoreContext,
  writer: Pick<Transaction, "create"> | Pick<WriteBatch, "create">,
  { id, ...row }: NewNotification & { id?: string },
): void {
  (writer as Transaction).create(
    collectionsOf(context).notifications.doc(id ?? randomUUID()),
    newNotification(row),
  );
}
