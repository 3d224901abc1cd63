import { randomUUID } from "node:crypto";
import type Database from "better-sqlite3";
import type { ActivityEntry } from "../../../domain/console";
import type { ActivityLog, NewActivity } from "../activity";
import { eventTime } from "../event-clock";
import { decodePageCursor, pageOf } from "../page-cursor";
import type { SqliteRun } from "./connection";

/** Writes one activity entry on `db`, inside whatever transaction the caller holds. */
export function insertActivity(db: Database.Database, entry: NewActivity): void {
  db.prepare(`INSERT INTO activity (id, at, actor, action, target) VALUES (?, ?, ?, ?, ?)`).run(
    randomUUID(),
    (entry.at ?? eventTime()).toISOString(),
    entry.actor,
    entry.action,
    entry.target,
  );
}

export class SqliteActivityLog implements ActivityLog {
  constructor(private readonly run: SqliteRun) {}

  async record(entry: NewActivity): Promise<void> {
    return this.recordMany([entry]);
  }

  async recordMany(entries: readonly NewActivity[]): Promise<void> {
    if (entries.length === 0) return;
    this.run((db) =>
      db.transaction(() => {
        for (const entry of entries) insertActivity(db, entry);
      })(),
    );
  }

  async list(options: { cursor?: string | null; limit: number }) {
    const after = options.cursor ? decodePageCursor(options.cursor) : null;
    const rows = this.run((db) =>
      db
        .prepare<[string, string, number], ActivityEntry>(
          `SELECT id, at, actor, action, target FROM activity
           WHERE (at, id) < (?, ?) ORDER BY at DESC, id DESC LIMIT ?`,
        )
        .all(after?.at ?? "9999", after?.id ?? "", options.limit + 1),
    );
    return pageOf(rows, options.limit, (entry) => entry.at);
  }
}
