/**
 * A buyer's enquiries, read over an adapter's with the rule said once above the stores: their
 * history, its counts and a mobile's enquiries hold those at BUYER_STATUSES (spam never), which
 * each store is handed and translates into its own query.
 */
import { BUYER_STATUSES } from "../../domain/buyer";
import type { BuyerAdapter, BuyerStore } from "../store/buyers";

export function buyerStore(adapter: BuyerAdapter): BuyerStore {
  return {
    history: (enquiryId, limit) => adapter.history(enquiryId, limit, BUYER_STATUSES),
    enquiriesOfMobile: (mobile) => adapter.enquiriesOfMobile({ mobile, kept: BUYER_STATUSES }),
    earlierCounts: (enquiryIds) => adapter.earlierCounts(enquiryIds, BUYER_STATUSES),
    backfillKeys: () => adapter.backfillKeys(),
  };
}
