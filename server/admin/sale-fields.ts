import { BUYER_HISTORY_MAX, type EnquirySaleFields } from "../../domain/buyer";
import type { InboxItem } from "../../domain/console";
import { NO_DEAL_FIGURES } from "../../domain/deal";
import type { Store } from "../store/store";

/** The enquiry page's sale: its deal's figures, why it was lost, and its buyer's other enquiries. */
export async function saleFields(store: Store, enquiryId: string): Promise<EnquirySaleFields> {
  const [sale, buyer] = await Promise.all([
    store.deals.get(enquiryId),
    store.buyers.history(enquiryId, BUYER_HISTORY_MAX),
  ]);
  return {
    deal: sale?.deal ?? { version: 0, ...NO_DEAL_FIGURES },
    lostReason: sale?.lostReason ?? null,
    buyer: buyer ?? { total: 0, earlier: 0, enquiries: [] },
  };
}

/** Inbox items with how many enquiries their buyer sent before each: the inbox's "Returning" mark. */
export async function withEarlierEnquiries<T extends InboxItem>(store: Store, items: T[]): Promise<T[]> {
  const earlier = await store.buyers.earlierCounts(items.map((item) => item.id));
  return items.map((item) => ({ ...item, earlierEnquiries: earlier.get(item.id) ?? 0 }));
}
