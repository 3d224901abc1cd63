import { counterNameHash, type AttemptCounterStore } from "../attempt-counters";
import type { SqliteRun } from "./connection";

/** One row per counter; one `INSERT … ON CONFLICT DO UPDATE … RETURNING` adds and reads at once. */
export class SqliteAttemptCounterStore implements AttemptCounterStore {
  constructor(private readonly run: SqliteRun) {}

  async add(name: string, expiresAt: Date): Promise<number> {
    return this.run(
      (db) =>
        db
          .prepare<[string, string], { count: number }>(
            `INSERT INTO attempt_counters (name_hash, count, expires_at) VALUES (?, 1, ?)
             ON CONFLICT (name_hash) DO UPDATE SET count = count + 1 RETURNING count`,
          )
          .get(counterNameHash(name), expiresAt.toISOString())?.count ?? Number.MAX_SAFE_INTEGER,
    );
  }

  async takeBack(name: string): Promise<void> {
    this.run((db) =>
      db
        .prepare(`UPDATE attempt_counters SET count = max(count - 1, 0) WHERE name_hash = ?`)
        .run(counterNameHash(name)),
    );
  }

  async eraseExpired(before: Date): Promise<number> {
    return this.run(
      (db) =>
        db.prepare(`DELETE FROM attempt_counters WHERE expires_at < ?`).run(before.toISOString()).changes,
    );
  }
}
