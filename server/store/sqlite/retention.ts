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
import { oldestKeptFinancialYear, TAX_RECORD_KINDS, type DocumentKind } from "../../../domain/invoice";
import { documentsErasedWithEnquiry, expiredTaxRecords, type TaxRecordFacts } from "../../lifecycle/erasure";
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
   * transaction: which of them is expiredTaxRecords's answer (erasure.ts), from those records and
   * the credit notes against their invoices.
   */
  private eraseTaxRecords(oldestKept: string): number {
    return this.run((db) =>
      db
        .transaction(() => {
          const facts = `SELECT id, kind, financial_year AS financialYear, against_id AS againstId FROM issued_documents`;
          const old = db
            .prepare<[string, string], TaxRecordFacts>(
              `${facts} WHERE financial_year < ? AND kind IN (SELECT value FROM json_each(?))`,
            )
            .all(oldestKept, JSON.stringify(TAX_RECORD_KINDS));
          const against = db
            .prepare<[string], TaxRecordFacts>(
              `${facts} WHERE against_id IN (SELECT value FROM json_each(?))`,
            )
            .all(JSON.stringify(old.map((record) => record.id)));
          const expired = expiredTaxRecords([...old, ...against], oldestKept);
          db.prepare(
            `DELETE FROM document_payments WHERE document_id IN (SELECT value FROM json_each(?))`,
          ).run(JSON.stringify(expired));
          // Credit notes first (the plan's order): a note refers to its invoice.
          const erase = db.prepare(`DELETE FROM issued_documents WHERE id = ?`);
          return expired.reduce((erased, id) => erased + erase.run(id).changes, 0);
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
          db.prepare(`DELETE FROM enquiry_dispatch WHERE enquiry_id ${inList}`).run(list);
          db.prepare(`DELETE FROM enquiry_buyers WHERE enquiry_id ${inList}`).run(list);
          // Its tax invoices and credit notes outlive it (eraseTaxRecords): erasure.ts says which go.
          const documents = db
            .prepare<[string], { id: string; kind: DocumentKind }>(
              `SELECT id, kind FROM issued_documents WHERE enquiry_id ${inList}`,
            )
            .all(list);
          db.prepare(`DELETE FROM issued_documents WHERE id ${inList}`).run(
            JSON.stringify(documentsErasedWithEnquiry(documents)),
          );
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
