import { BUYER_HISTORY_MAX, type EnquirySaleFields } from "../../domain/buyer";
import type { InboxItem } from "../../domain/console";
import { NO_DEAL_FIGURES } from "../../domain/deal";
import { NO_DISPATCH } from "../../domain/dispatch";
import type { Store } from "../store/store";
import { receivablesOf } from "../../domain/accounts";
import { eventTime } from "../store/event-clock";
import { buyerHistoryShown } from "../store/buyers";

/** The enquiry page's sale: its deal's figures, why it was lost, and its buyer's other enquiries. */
export async function saleFields(store: Store, enquiryId: string): Promise<EnquirySaleFields> {
  const [sale, buyer, dispatch] = await Promise.all([
    store.deals.get(enquiryId),
    store.buyers.history(enquiryId, BUYER_HISTORY_MAX),
    store.dispatch.get(enquiryId),
  ]);
  const history = buyer ? buyerHistoryShown(buyer) : { total: 0, earlier: 0, enquiries: [] };
  // What the buyer owes: this enquiry's tax invoices and those of the enquiries listed.
  const accounts = await store.documents.unpaidInvoicesOf([
    enquiryId,
    ...history.enquiries.map((other) => other.id),
  ]);
  return {
    dispatch: dispatch ?? { ...NO_DISPATCH },
    deal: sale?.deal ?? { version: 0, ...NO_DEAL_FIGURES },
    lostReason: sale?.lostReason ?? null,
    buyer: { ...history, ...(accounts.length > 0 ? { owed: receivablesOf(accounts, eventTime()) } : {}) },
  };
}

/**
 * Inbox items with the inbox's marks: how many enquiries their buyer sent before each
 * ("Returning"), how many of the buyer's answers to it are unread ("New answer"), and the order's
 * last dispatch step ("Packed", "Dispatched"…).
 */
export async function withInboxMarks<T extends InboxItem>(store: Store, items: T[]): Promise<T[]> {
  const ids = items.map((item) => item.id);
  const [earlier, unread, steps] = await Promise.all([
    store.buyers.earlierCounts(ids),
    store.conversations.unreadCounts(ids),
    store.dispatch.summariesOf(ids),
  ]);
  return items.map((item) => ({
    ...item,
    ...(steps.has(item.id) ? { dispatchStep: steps.get(item.id)?.step } : {}),
    earlierEnquiries: earlier.get(item.id) ?? 0,
    unreadAnswers: unread.get(item.id) ?? 0,
  }));
}
