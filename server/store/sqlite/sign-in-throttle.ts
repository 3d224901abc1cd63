import type { SignInThrottleStore, ThrottleState } from "../sign-in-throttle";
import type { SqliteRun } from "./connection";

interface ThrottleRow {
  failures: number;
  window_started_at: string;
  blocked_until: string | null;
  last_penalty_ms: number;
}

export class SqliteSignInThrottleStore implements SignInThrottleStore {
  constructor(private readonly run: SqliteRun) {}

  async get(key: string): Promise<ThrottleState | null> {
    const row = this.run((db) =>
      db.prepare<[string], ThrottleRow>(`SELECT * FROM sign_in_throttle WHERE key = ?`).get(key),
    );
    if (!row) return null;
    return {
      failures: row.failures,
      windowStartedAt: row.window_started_at,
      blockedUntil: row.blocked_until,
      lastPenaltyMs: row.last_penalty_ms,
    };
  }

  async put(key: string, state: ThrottleState): Promise<void> {
    this.run((db) =>
      db
        .prepare(
          `INSERT INTO sign_in_throttle (key, failures, window_started_at, blocked_until, last_penalty_ms)
           VALUES (?, ?, ?, ?, ?)
           ON CONFLICT (key) DO UPDATE SET failures = excluded.failures, window_started_at = excluded.window_started_at,
             blocked_until = excluded.blocked_until, last_penalty_ms = excluded.last_penalty_ms`,
        )
        .run(key, state.failures, state.windowStartedAt, state.blockedUntil, state.lastPenaltyMs),
    );
  }

  async clear(key: string): Promise<void> {
    this.run((db) => db.prepare(`DELETE FROM sign_in_throttle WHERE key = ?`).run(key));
  }

  async eraseStale(before: Date): Promise<number> {
    const at = before.toISOString();
    return this.run(
      (db) =>
        db
          .prepare(
            `DELETE FROM sign_in_throttle
             WHERE window_started_at < @at AND (blocked_until IS NULL OR blocked_until < @at)`,
          )
          .run({ at }).changes,
    );
  }
}
