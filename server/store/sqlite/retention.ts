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
import { oldestKeptFinancialYear } from "../../../domain/invoice";
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
    const erased: ErasedCounts = { enquiries: 0, vitals: 0, taxRecords: 0 };
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
    erased.taxRecords = this.eraseTaxRecords(oldestKeptFinancialYear(now));
    return erased;
  }

  /**
   * Tax invoices and credit notes of the years before `oldestKept`, with their payments, in one
   * transaction: a credit note of a year still kept keeps the invoice it is against.
   */
  private eraseTaxRecords(oldestKept: string): number {
    return this.run((db) =>
      db
        .transaction(() => {
          const expired = `financial_year < ? AND kind IN ('tax-invoice', 'credit-note')`;
          const notes = db
            .prepare(`DELETE FROM issued_documents WHERE ${expired} AND kind = 'credit-note'`)
            .run(oldestKept).changes;
          const free = `${expired} AND kind = 'tax-invoice'
            AND NOT EXISTS (SELECT 1 FROM issued_documents c WHERE c.against_id = issued_documents.id)`;
          db.prepare(
            `DELETE FROM document_payments WHERE document_id IN (SELECT id FROM issued_documents WHERE ${free})`,
          ).run(oldestKept);
          return notes + db.prepare(`DELETE FROM issued_documents WHERE ${free}`).run(oldestKept).changes;
        })
        .immediate(),
    );
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
          db.prepare(`DELETE FROM enquiry_buyers WHERE enquiry_id ${inList}`).run(list);
          // Tax invoices and credit notes outlive the enquiry (eraseTaxRecords); its quotations do not.
          db.prepare(
            `DELETE FROM issued_documents WHERE enquiry_id ${inList} AND kind IN ('quotation', 'proforma')`,
          ).run(list);
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
