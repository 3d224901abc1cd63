import type { BuyerHistory } from "../../domain/buyer";

/**
 * One buyer, one history: the enquiries sent with the same mobile number or to the same mailbox
 * (server/store/buyer-keys.ts), found through the keys stored with each enquiry at intake.
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
   * Gives the buyer keys to enquiries stored before they existed; answers how many it gave them
   * to. SQLite's migration did so as it ran; on Firestore the server runs this once at start-up.
   */
  backfillKeys(): Promise<number>;
}
