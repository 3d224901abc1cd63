import type { BuyerHistory } from "../../domain/buyer";
import type { EnquiryStatus } from "../../domain/status";

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
 * Spam is never counted or listed.
 */
export interface BuyerStore {
  /**
   * The other enquiries of the enquiry's buyer, earlier and later, newest first (at most `limit`),
   * with how each ended; null when there is no such enquiry.
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
