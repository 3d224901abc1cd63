import type Database from "better-sqlite3";
import type { EnquiryStatus } from "../../../domain/status";
import { TAX_RECORD_KINDS, type DocumentKind } from "../../../domain/invoice";
import type { TaxRecordFacts } from "../../lifecycle/erasure";
import type { RetentionPort, RetentionSteps } from "../retention";
import { driveStepsSync, type AnswersOf, type ChangeOf } from "../step-port";
import type { SqliteRun } from "./connection";
import { statusWhere } from "./status-sql";

/** The closed statuses as SQL (domain/status.ts), which mayErase checks again. */
const CLOSED = statusWhere("status", "open", false);
const IN_LIST = `IN (SELECT value FROM json_each(?))`;

/**
 * The retention sweep's steps on SQLite: each batch is one IMMEDIATE transaction, so the write
 * lock is held for one batch only (and the event loop, which better-sqlite3 blocks while one runs). An enquiry's history, status and notifications go with it; its
 * search entry goes by the enquiries' delete trigger.
 */
export class SqliteRetentionPort implements RetentionPort {
  constructor(
    private readonly sql: SqliteRun,
    /** The enquiries' table, already quoted. */
    private readonly table: string,
  ) {}

  async run<R>(change: () => ChangeOf<RetentionSteps, R>): Promise<R> {
    return this.sql((db) => db.transaction(() => driveStepsSync(change(), this.answers(db))).immediate());
  }

  private answers(db: Database.Database): AnswersOf<RetentionSteps> {
    return {
      readClosedPage: ({ closedBefore, after, limit }) => {
        // Read on by rowid: a record the sweep keeps is not read again.
        const rows = db
          .prepare<
            [number, string, number],
            { row: number; id: string; status: EnquiryStatus; closedAt: string | null }
          >(
            `SELECT rowid AS row, enquiry_id AS id, status, closed_at AS closedAt FROM enquiry_work
             WHERE rowid > ? AND closed_at IS NOT NULL AND closed_at < ? AND ${CLOSED}
             ORDER BY rowid LIMIT ?`,
          )
          .all(typeof after === "number" ? after : 0, closedBefore, limit);
        return { records: rows.map(({ row: _, ...record }) => record), after: rows.at(-1)?.row ?? after };
      },
      readEnquiryDocuments: ({ ids }) =>
        db
          .prepare<[string], { id: string; kind: DocumentKind; enquiryId: string }>(
            `SELECT id, kind, enquiry_id AS enquiryId FROM issued_documents WHERE enquiry_id ${IN_LIST}`,
          )
          .all(JSON.stringify(ids)),
      eraseEnquiries: ({ enquiries }) => {
        const list = JSON.stringify(enquiries.map((enquiry) => enquiry.id));
        for (const table of [
          "enquiry_history",
          "notifications",
          "enquiry_messages",
          "enquiry_work",
          "enquiry_deals",
          "enquiry_dispatch",
          "enquiry_buyers",
        ]) {
          db.prepare(`DELETE FROM ${table} WHERE enquiry_id ${IN_LIST}`).run(list);
        }
        db.prepare(`DELETE FROM issued_documents WHERE id ${IN_LIST}`).run(
          JSON.stringify(enquiries.flatMap((enquiry) => enquiry.documentIds)),
        );
        // The enquiries' delete trigger removes each one's search entry.
        db.prepare(`DELETE FROM ${this.table} WHERE id ${IN_LIST}`).run(list);
      },
      readVitalsPage: ({ receivedBefore, limit }) =>
        db
          .prepare<[string, number], { id: number }>(`SELECT id FROM vitals WHERE received_at < ? LIMIT ?`)
          .all(receivedBefore, limit)
          .map((row) => String(row.id)),
      eraseVitals: ({ ids }) => {
        db.prepare(`DELETE FROM vitals WHERE id IN (SELECT CAST(value AS INTEGER) FROM json_each(?))`).run(
          JSON.stringify(ids),
        );
      },
      readTaxRecords: ({ before }) => {
        const facts = `SELECT id, kind, financial_year AS financialYear, against_id AS againstId FROM issued_documents`;
        const old = db
          .prepare<[string, string], TaxRecordFacts>(`${facts} WHERE financial_year < ? AND kind ${IN_LIST}`)
          .all(before, JSON.stringify(TAX_RECORD_KINDS));
        const against = db
          .prepare<[string], TaxRecordFacts>(`${facts} WHERE against_id ${IN_LIST}`)
          .all(JSON.stringify(old.map((record) => record.id)));
        return [...old, ...against];
      },
      eraseTaxRecords: ({ ids }) => {
        db.prepare(`DELETE FROM document_payments WHERE document_id ${IN_LIST}`).run(JSON.stringify(ids));
        // In the order given: a credit note refers to its invoice.
        const erase = db.prepare(`DELETE FROM issued_documents WHERE id = ?`);
        for (const id of ids) erase.run(id);
      },
    };
  }
}
