import type { DeliveryState, EnquiryStatus, HistoryEntry, NotificationAttempts } from "../../domain/console";
import type { StoredEnquiry } from "./store";
import type { CallOutcome, ContactChannel } from "../../domain/lifecycle";
import type { LostReason } from "../../domain/deal";
import {
  touchedOf,
  type CountedListing,
  type InboxFilter,
  type ListedFacts,
  type ListingSteps,
  type PhasePlace,
} from "../lifecycle/inbox-listing";
import type { NoteCandidate } from "../lifecycle/last-note";
import { sourceLabel } from "../../domain/enquiry-source";
import type { ChangeOf } from "./step-port";
import { COUNTED_STATUSES, statusCountsOf, type StatusTally } from "../../domain/status";

export type { InboxFilter } from "../lifecycle/inbox-listing";

export interface InboxRow extends StoredEnquiry {
  status: EnquiryStatus;
  /** Increases with every status change (EnquiryRecord.version); 0 for one never worked. */
  version: number;
  companyNotification: DeliveryState;
}

/** The team's fields of an enquiry's work record, as a store keeps them. */
export interface StoredTeamFields {
  ownerId: string | null;
  followUpAt: string | null;
  nextStep: string | null;
  /** When staff first contacted the buyer: a call or chat from the console, a note or a status change. */
  touchedAt: string | null;
  /** The follow-up, or the first-contact target (or an earlier follow-up) while untouched; null once closed. */
  dueAt: string | null;
  /** When the first contact is due, while nobody has contacted the buyer. */
  firstContactDueAt: string | null;
  /** When the buyer answered, with nobody contacting them since; null otherwise. */
  answeredAt: string | null;
  /** The enquiry this one repeats, when closed as its duplicate. */
  duplicateOf?: string | null;
}

/** The team's fields as a listing shows them: whether the buyer was contacted too (withTouched). */
export type TeamFields = StoredTeamFields & { touched: boolean };

/** A row of the inbox's listing: the enquiry, its status and version, delivery, and the team's fields. */
export type TeamInboxRow = InboxRow & TeamFields;
export type StoredInboxRow = InboxRow & StoredTeamFields;

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
  /**
   * The inbox's one listing (server/lifecycle/inbox-listing.ts), every part of the filter
   * combined, in its sort's order, keyset-paged: pass `nextCursor` back for the next page.
   */
  list(filter: InboxFilter & { cursor?: string | null; limit: number }): Promise<{
    items: TeamInboxRow[];
    nextCursor: string | null;
  }>;
  /** How many enquiries the listing holds in all. */
  count(filter: InboxFilter): Promise<number>;
  /** Enquiries received after the one `since` points to, newest first (at most `limit`). */
  listSince(since: string | null, limit: number): Promise<InboxRow[]>;
  /** The cursor of the newest enquiry stored. */
  newestCursor(): Promise<string | null>;
  /**
   * How many enquiries are stored, and how many stand at each status but the initial one: an
   * enquiry nobody worked on may have no work record to say it is New (statusCounts counts those).
   */
  statusTally(counted: readonly EnquiryStatus[]): Promise<StatusTally>;
  get(id: string): Promise<EnquiryRecord | null>;
  /**
   * The history lines of these enquiries of the kinds given (those that may carry a note:
   * server/lifecycle/last-note.ts, NOTE_KINDS), in history order, oldest first; lastNotesOf picks
   * each one's last note.
   */
  noteLines(enquiryIds: readonly string[], kinds: readonly string[]): Promise<NoteCandidate[]>;
  /** Makes the notification due now (sent or not); false when the enquiry has no such notification. */
  resendNotification(enquiryId: string, notificationId: string, now: Date): Promise<boolean>;
}

/**
 * What an adapter gives for the staff's work on enquiries: the store's reads, and for the inbox's
 * listing the steps of a page instead of the page (server/work/inbox-pages.ts reads a page over
 * them, written once: pageOfListing).
 */
export interface EnquiryWorkAdapter extends Omit<EnquiryWorkStore, "list" | "count"> {
  /** How many enquiries the listing holds in all (`keep`: for a store that filters in the server). */
  count(listing: CountedListing): Promise<number>;
  /**
   * Answers `page`'s steps for `filter` (ListingSteps: up to n places of one phase, then the
   * page's rows), each translated into the store's own query: in one read transaction on SQLite,
   * as they are asked on Firestore. The adapter chooses its places' type and decides nothing of
   * the page.
   */
  readListing<T>(
    filter: InboxFilter,
    page: <Place extends PhasePlace>() => ChangeOf<ListingSteps<Place, StoredInboxRow>, T>,
  ): Promise<T>;
}

/**
 * The changes of an enquiry's work the console makes, each written once above the stores
 * (server/work/): read in one transaction, planned (server/lifecycle/plan.ts), written as planned.
 * `requestId` names the request that asked for the change: what it queues carries it.
 */
export interface EnquiryChanges {
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
      /** The follow-up set with the change (null: the rule's due time); undefined keeps the current one. */
      followUpAt?: Date | null;
      /** Why the sale was lost, with Declined (domain/deal.ts); undefined keeps the one recorded. */
      lostReason?: LostReason;
      /** The enquiry this one repeats, with the duplicate close (domain/duplicate.ts). */
      duplicateOf?: string;
      staffEmail: string;
      requestId?: string;
      at: Date;
    },
  ): Promise<StatusChangeResult>;
  /** False when there is no such enquiry. */
  addNote(
    id: string,
    note: { text: string; staffEmail: string; at: Date; requestId?: string },
  ): Promise<boolean>;
  /**
   * A call or WhatsApp chat the console opened with the buyer, a call with how it went (answered
   * unless given: domain/lifecycle.ts); false when there is no such enquiry.
   */
  recordContact(
    id: string,
    contact: {
      channel: ContactChannel;
      outcome?: CallOutcome;
      staffEmail: string;
      at: Date;
      requestId?: string;
    },
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
      requestId?: string;
      at: Date;
    },
  ): Promise<StatusChangeResult | { outcome: "not-spam" }>;
}

/** A line of an enquiry's history as a store keeps it; a status, text or owner it has not is empty. */
export type KeptHistoryLine = Record<"id" | "at" | "staffEmail" | "kind", string> &
  Partial<Record<"from" | "to" | "text" | "fromOwner", unknown>>;

/** One entry of an enquiry's history as the console shows it: only what its line holds. */
export function historyEntry(line: KeptHistoryLine): HistoryEntry {
  return {
    id: line.id,
    at: String(line.at),
    staffEmail: String(line.staffEmail),
    kind: line.kind as HistoryEntry["kind"],
    ...(line.from ? { from: line.from as EnquiryStatus } : {}),
    ...(line.to ? { to: line.to as EnquiryStatus } : {}),
    ...(line.text ? { text: String(line.text) } : {}),
    ...(line.fromOwner ? { fromOwner: String(line.fromOwner) } : {}),
  };
}

/** The mails an enquiry's record shows with their attempts: the company's, then the visitor's acknowledgement. */
export const RECORD_MAIL_KINDS: readonly NotificationAttempts["kind"][] = ["company", "acknowledgement"];

/**
 * The mails an enquiry's record shows, of those a store read for it (`mails`, oldest first): those
 * of RECORD_MAIL_KINDS, in that order, each kind oldest first.
 */
export function recordMails<Mail extends { kind: string }>(
  mails: readonly Mail[],
): (Mail & { kind: NotificationAttempts["kind"] })[] {
  return RECORD_MAIL_KINDS.flatMap((kind) =>
    mails.filter((mail): mail is Mail & { kind: typeof kind } => mail.kind === kind),
  );
}

export function deliveryState(notification: {
  sentAt: string | null;
  attempts: number;
  /** The notification's status in the store: `undeliverable` once refused for good. */
  status: string | null | undefined;
}): DeliveryState {
  if (notification.status === "undeliverable") return "undeliverable";
  if (notification.sentAt) return "sent";
  return notification.attempts > 0 ? "failing" : "pending";
}

/** What a listing matches a row on (server/lifecycle/inbox-listing.ts: matchesInboxFilter). */
export function listedFactsOf(
  row: InboxRow & Pick<StoredTeamFields, "ownerId" | "dueAt" | "touchedAt" | "answeredAt">,
): ListedFacts {
  return {
    status: row.status,
    ownerId: row.ownerId,
    dueAt: row.dueAt,
    touched: touchedOf(row),
    answeredAt: row.answeredAt,
    buyer: row.enquiry.RetailerSelfUse,
    sourceLabel: sourceLabel(row.source),
    Name: row.enquiry.Name,
    Email: row.enquiry.Email,
    Mobile: row.enquiry.Mobile,
  };
}

/** How many enquiries stand at each status, the initial one included (domain/status.ts: statusCountsOf). */
export async function statusCounts(
  store: Pick<EnquiryWorkStore, "statusTally">,
): Promise<Record<EnquiryStatus, number>> {
  const { total, counted } = await store.statusTally(COUNTED_STATUSES);
  return statusCountsOf(total, counted);
}
