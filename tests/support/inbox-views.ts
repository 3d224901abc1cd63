import type { InboxView } from "../../domain/team";
import { inboxFilterOf } from "../../server/lifecycle/inbox-listing";
import type { Store } from "../../server/store/store";

/**
 * One of the inbox's views for a member at `now`, through the one listing the console reads
 * (server/lifecycle/inbox-listing.ts), in the view's own order.
 */
export async function listView(
  store: Store,
  options: {
    view: InboxView;
    staffId: string;
    now: Date;
    dayEnd: Date;
    cursor?: string | null;
    limit: number;
  },
) {
  const filter = inboxFilterOf({ view: options.view }, options);
  if (!filter) throw new Error(`The view ${options.view} lists nothing`);
  return store.enquiryWork.list({ ...filter, cursor: options.cursor ?? null, limit: options.limit });
}
