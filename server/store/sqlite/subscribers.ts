import { randomUUID } from "node:crypto";
import type { StoredSubscriber, SubscriberStore } from "../store";
import type { SqliteConnection } from "./connection";

/** The newsletter's addresses on SQLite, each once, in lower case. */
export class SqliteSubscriberStore implements SubscriberStore {
  constructor(private readonly connection: SqliteConnection) {}

  async add(email: string): Promise<{ created: boolean }> {
    const address = email.trim().toLowerCase();
    return this.connection.run((db) => {
      const result = db
        .prepare(
          `INSERT INTO subscribers (id, email, subscribed_at) VALUES (?, ?, ?) ON CONFLICT (email) DO NOTHING`,
        )
        .run(randomUUID(), address, new Date().toISOString());
      return { created: result.changes === 1 };
    });
  }

  async list(): Promise<StoredSubscriber[]> {
    return this.connection.run((db) =>
      db
        .prepare<[], StoredSubscriber>(
          `SELECT id, email, subscribed_at AS subscribedAt FROM subscribers ORDER BY subscribed_at, rowid`,
        )
        .all(),
    );
  }
}
