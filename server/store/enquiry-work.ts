import type { BuyerType } from "../../domain/enquiry";
import type { DeliveryState, EnquiryStatus, HistoryEntry, NotificationAttempts } from "../../domain/console";
import type { StoredEnquiry } from "./store";
import type { ContactChannel } from "../../domain/lifecycle";
import type { LostReason } from "../../domain/deal";

export interface InboxFilter {
  status?: EnquiryStatus;
  buyer?: BuyerType;
  /** Part of a name, e-mail or mobile number. */
  q?: string;
  /** Where they came from: the campaign's utm_source, or else the referring host (any case). */
  source?: string;
}

export interface InboxRow extends StoredEnquiry {
  status: EnquiryStatus;
  /** Increases with every status change (EnquiryRecord.version); 0 for one never worked. */
  version: number;
  companyNotification: DeliveryState;
}

export interface EnquiryRecord extends StoredEnquiry {
  status: EnquiryStatus;
  version: number;
  history: HistoryEntry[];
  notifications: NotificationAttempts[];
}

export type StatusChangeResult =
  { outcome: "changed"; version: number } | { outcome: "conflict" } | { outcome: "not-found" };

/**
 * The staff's work on enquiries: statuses with their version, notes and history, kept beside the
 * enquiries (an enquiry without a record here is New), and the inbox's listing and search.
 */
export interface EnquiryWorkStore {
  /** Newest first, keyset-paged: pass `nextCursor` back for older ones. */
  list(filter: InboxFilter & { cursor?: string | null; limit: number }): Promise<{
    items: InboxRow[];
    nextCursor: string | null;
  }>;
  /** Enquiries received after the one `since` points to, newest first (at most `limit`). */
  listSince(since: string | null, limit: number): Promise<InboxRow[]>;
  /** The cursor of the newest enquiry stored. */
  newestCursor(): Promise<string | null>;
  counts(): Promise<Record<EnquiryStatus, number>>;
  get(id: string): Promise<EnquiryRecord | null>;
  /**
   * Sets the status if `expectedVersion` is still the current one, in one transaction with its
   * history entry; a change based on an older version is refused, so no change is ever lost.
   */
  changeStatus(
    id: string,
    change: {
      to: EnquiryStatus;
      expectedVersion: number;
      note?: string;
      /** The next step typed with the change (null: none); undefined keeps the current one. */
      nextStep?: string | null;
      /** Why the sale was lost, with Declined (domain/deal.ts); undefined keeps the one recorded. */
      lostReason?: LostReason;
      staffEmail: string;
      at: Date;
    },
  ): Promise<StatusChangeResult>;
  /** False when there is no such enquiry. */
  addNote(id: string, note: { text: string; staffEmail: string; at: Date }): Promise<boolean>;
  /** A call or WhatsApp chat the console opened with the buyer; false when there is no such enquiry. */
  recordContact(
    id: string,
    contact: { channel: ContactChannel; staffEmail: string; at: Date },
  ): Promise<boolean>;
  /**
   * Marks an enquiry filed as Spam "Not spam": files it as New (with its history entry) and queues
   * the company's mail, in one transaction, if `expectedVersion` is still current. `not-spam` when
   * its status is not Spam. Its company mail is queued only if it never had one (one set to Spam by
   * hand was mailed on arrival).
   */
  releaseFromSpam(
    id: string,
    release: {
      expectedVersion: number;
      staffEmail: string;
      at: Date;
      /** Working hours its first contact may take from now (FIRST_CONTACT_HOURS); 4 unless given. */
      firstContactHours?: number;
    },
  ): Promise<StatusChangeResult | { outcome: "not-spam" }>;
  /** The last note written on each enquiry (alone, or with a status change); absent when none. */
  lastNotes(enquiryIds: readonly string[]): Promise<Map<string, string>>;
  /** Makes the notification due now (sent or not); false when the enquiry has no such notification. */
  resendNotification(enquiryId: string, notificationId: string, now: Date): Promise<boolean>;
}

export function deliveryState(notification: { sentAt: string | null; attempts: number }): DeliveryState {
  if (notification.sentAt) return "sent";
  return notification.attempts > 0 ? "failing" : "pending";
}
