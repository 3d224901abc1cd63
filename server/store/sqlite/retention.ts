import { mayErase } from "../../lifecycle/retention";
import type { EnquiryStatus } from "../../../domain/status";
import {
  cutoffOf,
  ENQUIRIES_PER_BATCH,
  type ErasedCounts,
  type RetentionCutoffs,
  type RetentionStore,
  VITALS_PER_BATCH,
} from "../retention";
import type { SqliteRun } from "./connection";
import { statusWhere } from "./status-sql";

/** mayErase's statuses as SQL (domain/retention.ts): the closed ones, which its check reads again. */
const CLOSED = statusWhere("status", "open", false);

/** Lets requests waiting on the event loop run between two batches: better-sqlite3 blocks it while one runs. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Erasure on SQLite: each batch is one IMMEDIATE transaction, so the write lock is held for one
 * batch only. An enquiry's history, status and notifications go with it; its search entry goes by
 * the enquiries' delete trigger.
 */
export class SqliteRetentionStore implements RetentionStore {
  constructor(
    private readonly run: SqliteRun,
    /** The enquiries' table, already quoted. */
    private readonly table: string,
  ) {}

  async eraseExpired({ now, closedEnquiryDays, vitalsDays }: RetentionCutoffs): Promise<ErasedCounts> {
    const closedBefore = cutoffOf(now, closedEnquiryDays).toISOString();
    const receivedBefore = cutoffOf(now, vitalsDays).toISOString();
    const erased: ErasedCounts = { enquiries: 0, vitals: 0 };
    for (;;) {
      const { read, count } = this.eraseClosedBatch(closedBefore);
      erased.enquiries += count;
      // A full batch with nothing mayErase allows would be read again: stop rather than loop.
      if (read < ENQUIRIES_PER_BATCH || count === 0) break;
      await nextTurn();
    }
    for (;;) {
      const count = this.eraseVitalsBatch(receivedBefore);
      erased.vitals += count;
      if (count < VITALS_PER_BATCH) break;
      await nextTurn();
    }
    return erased;
  }

  /** One batch: how many work rows the query read, and how many enquiries were erased. */
  private eraseClosedBatch(closedBefore: string): { read: number; count: number } {
    return this.run((db) =>
      db
        .transaction(() => {
          const rows = db
            .prepare<[string, number], { enquiry_id: string; status: EnquiryStatus; closed_at: string }>(
              `SELECT enquiry_id, status, closed_at FROM enquiry_work
               WHERE closed_at IS NOT NULL AND closed_at < ? AND ${CLOSED}
               LIMIT ?`,
            )
            .all(closedBefore, ENQUIRIES_PER_BATCH);
          const ids = rows
            .filter((row) => mayErase({ status: row.status, closedAt: row.closed_at }, closedBefore))
            .map((row) => row.enquiry_id);
          if (ids.length === 0) return { read: rows.length, count: 0 };
          const list = JSON.stringify(ids);
          const inList = `IN (SELECT value FROM json_each(?))`;
          db.prepare(`DELETE FROM enquiry_history WHERE enquiry_id ${inList}`).run(list);
          db.prepare(`DELETE FROM notifications WHERE enquiry_id ${inList}`).run(list);
          db.prepare(`DELETE FROM enquiry_messages WHERE enquiry_id ${inList}`).run(list);
          db.prepare(`DELETE FROM enquiry_work WHERE enquiry_id ${inList}`).run(list);
          db.prepare(`DELETE FROM enquiry_deals WHERE enquiry_id ${inList}`).run(list);
          db.prepare(`DELETE FROM enquiry_dispatch WHERE enquiry_id ${inList}`).run(list);
          db.prepare(`DELETE FROM enquiry_buyers WHERE enquiry_id ${inList}`).run(list);
          // The enquiries' delete trigger removes each one's search entry.
          db.prepare(`DELETE FROM ${this.table} WHERE id ${inList}`).run(list);
          return { read: rows.length, count: ids.length };
        })
        .immediate(),
    );
  }

  private eraseVitalsBatch(receivedBefore: string): number {
    return this.run(
      (db) =>
        db
          .prepare(`DELETE FROM vitals WHERE id IN (SELECT id FROM vitals WHERE received_at < ? LIMIT ?)`)
          .run(receivedBefore, VITALS_PER_BATCH).changes,
    );
  }
}
