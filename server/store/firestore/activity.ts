import { randomUUID } from "node:crypto";
import type { ActivityEntry } from "../../../domain/console";
import type { ActivityLog, NewActivity } from "../activity";
import { eventTime } from "../event-clock";
import { decodePageCursor, pageOf } from "../page-cursor";
import { chunks, sortKey, type FirestoreContext } from "./connection";

/** Writes per batch, under Firestore's 500. */
const WRITE_BATCH_MAX = 400;

/** One activity entry as its document holds it, for a caller that writes it in its own batch. */
export function activityDocument(entry: NewActivity) {
  const id = randomUUID();
  const at = (entry.at ?? eventTime()).toISOString();
  return {
    id,
    data: { at, actor: entry.actor, action: entry.action, target: entry.target, sortKey: sortKey(at, id) },
  };
}

export class FirestoreActivityLog implements ActivityLog {
  constructor(private readonly context: FirestoreContext) {}

  private get activity() {
    return this.context.db.collection("activity");
  }

  async record(entry: NewActivity): Promise<void> {
    return this.recordMany([entry]);
  }

  async recordMany(entries: readonly NewActivity[]): Promise<void> {
    await this.context.run(async () => {
      for (const part of chunks(entries, WRITE_BATCH_MAX)) {
        const batch = this.context.db.batch();
        for (const entry of part) {
          const { id, data } = activityDocument(entry);
          batch.create(this.activity.doc(id), data);
        }
        await batch.commit();
      }
    });
  }

  async list(options: { cursor?: string | null; limit: number }) {
    const after = options.cursor ? decodePageCursor(options.cursor) : null;
    return this.context.run(async () => {
      // A filter rather than startAfter: the same on Firestore and on the emulator the tests use.
      let query = this.activity.orderBy("sortKey", "desc").limit(options.limit + 1);
      if (after) query = query.where("sortKey", "<", sortKey(after.at, after.id));
      const snapshot = await query.get();
      const read: ActivityEntry[] = snapshot.docs.map((doc) => ({
        id: doc.id,
        at: String(doc.get("at")),
        actor: (doc.get("actor") as string | null) ?? null,
        action: doc.get("action") as ActivityEntry["action"],
        target: (doc.get("target") as string | null) ?? null,
      }));
      return pageOf(read, options.limit, (entry) => entry.at);
    });
  }
}
