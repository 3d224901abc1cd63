import type { StoredSubscriber } from "../store";
import type { SubscriberDirectory } from "../subscriber-directory";
import { decodePageCursor, pageOf } from "../page-cursor";
import { likePattern, type SqliteRun } from "./connection";

export class SqliteSubscriberDirectory implements SubscriberDirectory {
  constructor(private readonly run: SqliteRun) {}

  async list(options: { q?: string; cursor?: string | null; limit: number }) {
    const after = options.cursor ? decodePageCursor(options.cursor) : null;
    const rows = this.run((db) =>
      db
        .prepare<[string, string, string, number], StoredSubscriber>(
          `SELECT id, email, subscribed_at AS subscribedAt FROM subscribers
           WHERE status = 'confirmed' AND (subscribed_at, id) < (?, ?) AND email LIKE ? ESCAPE '\\'
           ORDER BY subscribed_at DESC, id DESC LIMIT ?`,
        )
        .all(
          after?.at ?? "9999",
          after?.id ?? "",
          likePattern(options.q ?? "", "anywhere"),
          options.limit + 1,
        ),
    );
    return pageOf(rows, options.limit, (subscriber) => subscriber.subscribedAt);
  }

  async remove(id: string): Promise<boolean> {
    return this.run((db) => db.prepare(`DELETE FROM subscribers WHERE id = ?`).run(id).changes === 1);
  }
}
