/**
 * The inbox's pages, read once above the stores (docs/decisions/029): a page is read phase after
 * phase until it is full, and the next page's cursor made, by pageOfListing
 * (server/lifecycle/inbox-listing.ts); each store answers only its steps (readListing). A store
 * that filters in the server is handed what the rule keeps, with each phase and each count.
 */
import { countedListing, pageOfListing, withTouched, type PhasePlace } from "../lifecycle/inbox-listing";
import type { EnquiryWorkAdapter, EnquiryWorkStore, StoredInboxRow } from "../store/enquiry-work";
import { decodeListCursor } from "../store/page-cursor";

/** The store's work on enquiries over an adapter's: its reads handed on, its pages read here. */
export function enquiryWorkStore(adapter: EnquiryWorkAdapter): EnquiryWorkStore {
  return {
    list: async (filter) => {
      const cursor = filter.cursor ? decodeListCursor(filter.cursor) : null;
      const page = await adapter.readListing(filter, <Place extends PhasePlace>() =>
        pageOfListing<Place, StoredInboxRow>(filter, cursor, filter.limit),
      );
      return { ...page, items: page.items.map(withTouched) };
    },
    count: (filter) => adapter.count(countedListing(filter)),
    listSince: (since, limit) => adapter.listSince(since, limit),
    newestCursor: () => adapter.newestCursor(),
    statusTally: (counted) => adapter.statusTally(counted),
    get: (id) => adapter.get(id),
    noteLines: (enquiryIds, kinds) => adapter.noteLines(enquiryIds, kinds),
    resendNotification: (enquiryId, notificationId, now) =>
      adapter.resendNotification(enquiryId, notificationId, now),
  };
}
