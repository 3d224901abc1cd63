import { CLOSED_STATUSES } from "../../../domain/console";
import {
  cutoffOf,
  ENQUIRIES_PER_BATCH,
  type ErasedCounts,
  type RetentionCutoffs,
  type RetentionStore,
  VITALS_PER_BATCH,
} from "../retention";
import type { SqliteRun } from "./connection";

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
      const count = this.eraseClosedBatch(closedBefore);
      erased.enquiries += count;
      if (count < ENQUIRIES_PER_BATCH) break;
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

  private eraseClosedBatch(closedBefore: string): number {
    const statuses = CLOSED_STATUSES.map(() => "?").join(", ");
    return this.run((db) =>
      db
        .transaction(() => {
          const ids = db
            .prepare<unknown[], { enquiry_id: string }>(
              `SELECT enquiry_id FROM enquiry_work
               WHERE closed_at IS NOT NULL AND closed_at < ? AND status IN (${statuses})
               LIMIT ?`,
            )
            .all(closedBefore, ...CLOSED_STATUSES, ENQUIRIES_PER_BATCH)
            .map((row) => row.enquiry_id);
          if (ids.length === 0) return 0;
          const list = JSON.stringify(ids);
          const inList = `IN (SELECT value FROM json_each(?))`;
          db.prepare(`DELETE FROM enquiry_history WHERE enquiry_id ${inList}`).run(list);
          db.prepare(`DELETE FROM notifications WHERE enquiry_id ${inList}`).run(list);
          db.prepare(`DELETE FROM enquiry_messages WHERE enquiry_id ${inList}`).run(list);
          db.prepare(`DELETE FROM enquiry_work WHERE enquiry_id ${inList}`).run(list);
          db.prepare(`DELETE FROM enquiry_deals WHERE enquiry_id ${inList}`).run(list);
          db.prepare(`DELETE FROM enquiry_buyers WHERE enquiry_id ${inList}`).run(list);
          // The enquiries' delete trigger removes each one's search entry.
          db.prepare(`DELETE FROM ${this.table} WHERE id ${inList}`).run(list);
          return ids.length;
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
