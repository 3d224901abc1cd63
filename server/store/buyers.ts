import type { BuyerEnquiry, BuyerHistory } from "../../domain/buyer";
import { enquiryReference } from "../../domain/console";
import { isLostReason, shownLostReason } from "../../domain/deal";
import { INITIAL_STATUS, type EnquiryStatus } from "../../domain/status";

/** One of a buyer's enquiries found by their mobile, with where its work stands. */
export interface MobileEnquiry {
  id: string;
  receivedAt: string;
  status: EnquiryStatus;
}

/**
 * One buyer, one history: the enquiries sent with the same mobile number or to the same mailbox
 * (server/store/buyer-keys.ts), found through the keys stored with each enquiry (at intake on
 * Firestore; on SQLite at the first read after it, which every read below makes first).
 * Spam is never counted or listed (domain/buyer.ts: BUYER_STATUSES).
 */
export interface BuyerStore {
  /**
   * The other enquiries of the enquiry's buyer, earlier and later, newest first (at most `limit`),
   * with how each ended (the lost reason as its record holds it: buyerHistoryShown says whether it
   * shows); null when there is no such enquiry.
   */
  history(enquiryId: string, limit: number): Promise<BuyerHistory | null>;
  /**
   * The enquiries sent with this mobile number (domain/buyer.ts: indianMobileOf folds how it is
   * written), Spam aside, with their statuses; which one a WhatsApp message is filed on is decided
   * above the store (server/whatsapp/filing.ts).
   */
  enquiriesOfMobile(mobile: string): Promise<MobileEnquiry[]>;
  /** For each enquiry, how many of its buyer's enquiries arrived before it (absent: none). */
  earlierCounts(enquiryIds: readonly string[]): Promise<Map<string, number>>;
  /**
   * Gives the buyer keys to enquiries stored without them; answers how many it gave them to. The
   * server runs it at start-up: on Firestore for enquiries stored before keys existed, on SQLite
   * for those stored since the keys were last read.
   */
  backfillKeys(): Promise<number>;
}

/** What an adapter reads of a buyer's enquiries: BuyerStore's, of those at `kept` alone (BUYER_STATUSES). */
export interface BuyerAdapter extends Pick<BuyerStore, "backfillKeys"> {
  history(enquiryId: string, limit: number, kept: BuyerStatuses): Promise<BuyerHistory | null>;
  enquiriesOfMobile(asked: MobileAsked): Promise<MobileEnquiry[]>;
  earlierCounts(enquiryIds: readonly string[], kept: BuyerStatuses): Promise<Map<string, number>>;
}
export type BuyerStatuses = readonly EnquiryStatus[];
export type MobileAsked = { mobile: string; kept: BuyerStatuses };

/**
 * A buyer's history as the enquiry's page shows it: each enquiry's lost reason only while it
 * stands at a lost status (domain/deal.ts: shownLostReason), whatever its record still holds.
 */
export function buyerHistoryShown(history: BuyerHistory): BuyerHistory {
  return {
    ...history,
    enquiries: history.enquiries.map((enquiry) => ({
      ...enquiry,
      lostReason: shownLostReason(enquiry.status, enquiry.lostReason),
    })),
  };
}

/** One of the buyer's other enquiries as a store reads it: status (null: never worked), lost reason and duplicate as stored. */
export type BuyerEnquiryRead = Omit<BuyerEnquiry, "reference" | "status" | "lostReason" | "duplicateOf"> & {
  status: EnquiryStatus | null;
  lostReason: unknown;
  duplicateOf: unknown;
};

/**
 * The one mapping of a buyer's other enquiry to what the history lists: a never-worked one is in
 * the initial status, a lost reason only when it is one, and only a duplicate names the enquiry
 * it repeats.
 */
export function buyerEnquiryOf(read: BuyerEnquiryRead): BuyerEnquiry {
  const { duplicateOf, lostReason, ...fields } = read;
  return {
    ...fields,
    reference: enquiryReference(read.id),
    status: read.status ?? INITIAL_STATUS,
    lostReason: isLostReason(lostReason) ? lostReason : null,
    ...(typeof duplicateOf === "string" && duplicateOf
      ? { duplicateOf: { id: duplicateOf, reference: enquiryReference(duplicateOf) } }
      : {}),
  };
}
