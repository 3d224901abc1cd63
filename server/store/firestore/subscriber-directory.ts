import { Timestamp } from "firebase-admin/firestore";
import type { StoredSubscriber } from "../store";
import type { SubscriberDirectory } from "../subscriber-directory";
import { decodePageCursor, pageOf } from "../page-cursor";
import type { FirestoreContext } from "./connection";
import { isConfirmed, removeSubscriberIf, storedSubscriberOf } from "./subscribers";

/** How many addresses one read takes while a search filters them in the server. */
const SCAN_BATCH = 500;

/**
 * Firestore has no substring search: a search reads the addresses newest first and keeps those
 * that contain it, so it costs one read per address scanned (fine for a newsletter's list).
 */
export class FirestoreSubscriberDirectory implements SubscriberDirectory {
  constructor(private readonly context: FirestoreContext) {}

  private get subscribers() {
    return this.context.db.collection("subscribers");
  }

  async list(options: { q?: string; cursor?: string | null; limit: number }) {
    const q = options.q ?? "";
    const after = options.cursor ? decodePageCursor(options.cursor) : null;
    return this.context.run(async () => {
      const found: StoredSubscriber[] = [];
      let position = after ? Timestamp.fromDate(new Date(after.at)) : null;
      let skipUntilId = after?.id ?? null;
      for (;;) {
        let query = this.subscribers.orderBy("subscribedAt", "desc").limit(SCAN_BATCH);
        if (position) query = query.where("subscribedAt", "<=", position);
        const snapshot = await query.get();
        for (const doc of snapshot.docs) {
          const subscriber = storedSubscriberOf(doc);
          if (skipUntilId) {
            if (doc.id === skipUntilId) skipUntilId = null;
            continue;
          }
          if (isConfirmed(doc.data() ?? {}) && (!q || subscriber.email.includes(q))) found.push(subscriber);
          if (found.length > options.limit) break;
        }
        if (found.length > options.limit || snapshot.size < SCAN_BATCH) break;
        const last = snapshot.docs.at(-1);
        position = last?.get("subscribedAt") as Timestamp;
        skipUntilId = last?.id ?? null;
      }
      return pageOf(found, options.limit, (subscriber) => subscriber.subscribedAt);
    });
  }

  /** Removes the address with its mails still waiting, as unsubscribing does. */
  async remove(id: string): Promise<boolean> {
    return this.context.run(() => removeSubscriberIf(this.subscribers.doc(id), () => true));
  }
}
