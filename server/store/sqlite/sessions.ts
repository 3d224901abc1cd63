import { sessionCutoffs, type SessionStore } from "../sessions";
import type { SqliteRun } from "./connection";

export class SqliteSessionStore implements SessionStore {
  constructor(private readonly run: SqliteRun) {}

  async create(session: { tokenHash: string; staffId: string; now: Date }): Promise<boolean> {
    const now = session.now.toISOString();
    return this.run(
      (db) =>
        db
          .prepare(
            `INSERT INTO sessions (token_hash, staff_id, created_at, last_seen_at)
             SELECT ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM staff WHERE id = ?)`,
          )
          .run(session.tokenHash, session.staffId, now, now, session.staffId).changes === 1,
    );
  }

  async touch(
    tokenHash: string,
    now: Date,
    idleMs: number,
    lifetimeMs?: number,
  ): Promise<{ staffId: string } | null> {
    const { lastUsedAfter: oldest, begunAfter: earliest } = sessionCutoffs(now, idleMs, lifetimeMs);
    return this.run((db) =>
      db
        .transaction(() => {
          const row = db
            .prepare<[string, string, string, string], { staff_id: string }>(
              `UPDATE sessions SET last_seen_at = ?
               WHERE token_hash = ? AND last_seen_at > ? AND created_at > ? RETURNING staff_id`,
            )
            .get(now.toISOString(), tokenHash, oldest, earliest);
          if (row) return { staffId: row.staff_id };
          db.prepare(`DELETE FROM sessions WHERE token_hash = ?`).run(tokenHash);
          return null;
        })
        .immediate(),
    );
  }

  async delete(tokenHash: string): Promise<void> {
    this.run((db) => db.prepare(`DELETE FROM sessions WHERE token_hash = ?`).run(tokenHash));
  }

  async deleteForStaff(staffId: string, exceptTokenHash = ""): Promise<number> {
    return this.run(
      (db) =>
        db
          .prepare(`DELETE FROM sessions WHERE staff_id = ? AND token_hash != ?`)
          .run(staffId, exceptTokenHash).changes,
    );
  }

  async countActive(staffId: string, now: Date, idleMs: number): Promise<number> {
    const { lastUsedAfter: oldest } = sessionCutoffs(now, idleMs);
    return this.run(
      (db) =>
        db
          .prepare<[string, string], { count: number }>(
            `SELECT count(*) AS count FROM sessions WHERE staff_id = ? AND last_seen_at > ?`,
          )
          .get(staffId, oldest)?.count ?? 0,
    );
  }

  async eraseIdle(before: Date): Promise<number> {
    return this.run(
      (db) => db.prepare(`DELETE FROM sessions WHERE last_seen_at < ?`).run(before.toISOString()).changes,
    );
  }
}
