import type Database from "better-sqlite3";
import { prepared } from "./connection";

/**
 * Leases up to `limit` due rows of an outbox table (`notifications`, `webhook_deliveries`) to
 * `worker` for `leaseMs` from `now`, and answers their ids. One UPDATE inside the caller's BEGIN IMMEDIATE
 * transaction: two processes never take the same rows. It asks only for what can be taken
 * (`status = 'pending' AND due_at <= now`, the (status, due_at) index), and the lease moves
 * `due_at` to its end, so nothing leased, like nothing sent, sits at the head of what the next
 * claim reads (docs/decisions/016).
 */
export function leaseDueRows(
  db: Database.Database,
  table: "notifications" | "webhook_deliveries",
  options: { worker: string; now: Date; limit: number; leaseMs: number },
): string[] {
  const until = new Date(options.now.getTime() + options.leaseMs).toISOString();
  return db
    .prepare<{ worker: string; now: string; until: string; limit: number }, { id: string }>(
      `UPDATE ${table}
       SET claimed_by = @worker, claim_expires_at = @until, due_at = @until
       WHERE id IN (
         SELECT id FROM ${table}
         WHERE status = 'pending' AND due_at <= @now
         ORDER BY due_at, rowid
         LIMIT @limit
       )
       RETURNING id`,
    )
    .all({
      worker: options.worker,
      now: options.now.toISOString(),
      until,
      limit: Math.max(0, Math.floor(options.limit)),
    })
    .map((row) => row.id);
}

/**
 * Whether any row of the table is due, read without a lock (WAL readers wait for no writer): a
 * claim takes the write lock only when there is something to take.
 */
export function anyDue(
  db: Database.Database,
  table: "notifications" | "webhook_deliveries",
  now: Date,
): boolean {
  const sql = `SELECT 1 AS due FROM ${table} WHERE status = 'pending' AND due_at <= ? LIMIT 1`;
  return prepared<[string], { due: number }>(db, sql).get(now.toISOString()) !== undefined;
}
