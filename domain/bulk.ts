/**
 * Work in bulk: one action (give an owner, change the status, file as spam or not spam) on many
 * enquiries chosen in the inbox. Each enquiry is changed as its own page would change it, with its
 * own version check and history line; those that cannot be changed are named with the reason.
 * What the inbox and the server agree on: the route, the shapes and the messages. No I/O.
 */
import { BULK_MAX, ENQUIRY_STATUSES, NOTE_MAX_LENGTH, type EnquiryStatus } from "./console";
import type { BuyerType } from "./enquiry";
import type { LostReason } from "./deal";

/** The most enquiries one bulk action may change (and "select all that match" selects). */
export { BULK_MAX } from "./console";

/** Routes relative to ADMIN_API_PREFIX, like ADMIN_API_ROUTES. */
export const BULK_API_ROUTES = {
  /** POST a BulkRequest; answers a BulkResult (200), or 400 with `error` and nothing changed. */
  bulk: "/enquiries/bulk",
} as const;

/** One enquiry as the inbox showed it when it was chosen. */
export interface BulkItem {
  id: string;
  /** The version shown (InboxItem.version): a change made since by someone else leaves it as it is. */
  version: number;
  /**
   * The owner shown (InboxItem.ownerId, null: nobody). Optional; when sent with an assignment, an
   * enquiry someone took or handed on since is left with them, as its page would ask first.
   */
  ownerId?: string | null;
}

export type BulkAction =
  /** Give each to a member (a staff id), or to nobody (null). */
  | { kind: "assign"; ownerId: string | null }
  /** Set each one's status, with one note written on each; Declined says why the sales were lost. */
  | { kind: "status"; to: EnquiryStatus; note?: string; lostReason?: LostReason }
  /** File each as Spam. */
  | { kind: "spam" }
  /** Each filed as Spam is filed as New and reaches the team as a new enquiry would. */
  | { kind: "not-spam" };

export const BULK_ACTION_KINDS = [
  "assign",
  "status",
  "spam",
  "not-spam",
] as const satisfies readonly BulkAction["kind"][];

export interface BulkRequest {
  items: BulkItem[];
  action: BulkAction;
}

/** Why one enquiry was left as it was. */
export const BULK_FAILURE_REASONS = ["changed", "not-found", "not-spam", "not-allowed"] as const;
export type BulkFailureReason = (typeof BULK_FAILURE_REASONS)[number];

export interface BulkDone {
  id: string;
  reference: string;
  /** Its version now, for a further change. */
  version: number;
}

export interface BulkFailure {
  id: string;
  reference: string;
  reason: BulkFailureReason;
  /** What a person reads beside its reference. */
  message: string;
}

export interface BulkResult {
  done: BulkDone[];
  failed: BulkFailure[];
}

/**
 * One enquiry in the mail a member gets when several are handed to them at once: by its reference,
 * the buyer's first name, quantity and buyer type, as the 09:00 digest names them (no full name,
 * address or mobile number).
 */
export interface HandedOnItem {
  id: string;
  reference: string;
  firstName?: string;
  /** Null: not given (an enquiry started on WhatsApp). */
  RetailerSelfUse: BuyerType | null;
  Quantity: number | null;
  receivedAt: string;
}

/** The one mail a member gets for the enquiries handed to them in one bulk action. */
export interface HandedOnList {
  /** Who handed them on (a member's e-mail). */
  handedOnBy: string;
  /** Oldest first. */
  items: HandedOnItem[];
}

const enquiries = (count: number) => `${count} ${count === 1 ? "enquiry" : "enquiries"}`;

export const bulkMessages = {
  /** 400: the body is not a list of enquiries with one of the four actions. */
  unclear: "Choose enquiries and one action: give an owner, change the status, spam or not spam.",
  none: "Choose at least one enquiry.",
  tooMany: `At most ${BULK_MAX.toLocaleString("en-IN")} enquiries can be changed at once. Choose fewer.`,
  twice: "An enquiry was chosen twice. Choose each one once.",
  statusUnknown: `Choose a status: ${ENQUIRY_STATUSES.join(", ")}.`,
  ownerUnknown: "There is no such member of staff to give them to.",
  ownerInvited:
    "That member has not accepted their invitation yet: enquiries can go only to a member who has set a password.",
  noteTooLong: `A note may be at most ${NOTE_MAX_LENGTH.toLocaleString("en-IN")} characters.`,

  /** Beside each enquiry left as it was. */
  changed: "Someone else changed this enquiry after the list was loaded. It was left as it is.",
  ownerChanged: (owner: string | null) =>
    owner
      ? `${owner} owns this now (taken or handed on after the list was loaded). It was left with them.`
      : "Nobody owns this now (it was handed on after the list was loaded). It was left as it is.",
  notFound: "This enquiry is no longer there.",
  notSpam: "Only an enquiry filed as Spam can be marked Not spam. It was left as it is.",
  notAllowed: "Your role may not do this to this enquiry.",
  ownerGone: "That member of staff was removed meanwhile. The enquiry was left as it is.",

  /** The summary over the list. */
  outcome: (done: number, failed: number) =>
    failed === 0
      ? `${enquiries(done)} changed.`
      : done === 0
        ? `None changed: ${enquiries(failed)} could not be, as listed.`
        : `${enquiries(done)} changed; ${enquiries(failed)} could not be, as listed.`,
} as const;
