import type { BuyerHistory } from "../../domain/buyer";

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
  /** For each enquiry, how many of its buyer's enquiries arrived before it (absent: none). */
  earlierCounts(enquiryIds: readonly string[]): Promise<Map<string, number>>;
  /**
   * Gives the buyer keys to enquiries stored without them; answers how many it gave them to. The
   * server runs it at start-up: on Firestore for enquiries stored before keys existed, on SQLite
   * for those stored since the keys were last read.
   */
  backfillKeys(): Promise<number>;
}
