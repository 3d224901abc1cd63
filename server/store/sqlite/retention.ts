import type Database from "better-sqlite3";
import type { EnquiryStatus } from "../../../domain/status";
import type { DocumentKind } from "../../../domain/invoice";
import type { TaxRecordFacts } from "../../lifecycle/erasure";
import type { RetentionPort, RetentionSteps } from "../retention";
import { driveStepsSync, type AnswersOf, type ChangeOf } from "../step-port";
import type { SqliteRun } from "./connection";

export const IN_LIST = `IN (SELECT value FROM json_each(?))`;

/**
 * Erases these enquiries with everything of theirs (mails, history, conversation, work, deal,
 * dispatch, buyer keys) and the issued documents named, for the sweep and a person's erasure
 * alike (`table`: the enquiries', quoted); their delete trigger removes their search entries.
 */
export function eraseEnquiryRows(
  db: Database.Database,
  table: string,
  enquiryIds: string[],
  documentIds: string[],
) {
  const ids = JSON.stringify(enquiryIds);
  const erase = (from: string) =>
    db.prepare(`DELETE FROM ${from} WHERE enquiry_id ${IN_LIST}`).run(ids).changes;
  erase("enquiry_buyers");
  erase("enquiry_dispatch");
  const counts = {
    notifications: erase("notifications"),
    historyEntries: erase("enquiry_history"),
    // After the notifications: a reply's mail refers to its message.
    messages: erase("enquiry_messages"),
    workRecords: erase("enquiry_work"),
    deals: erase("enquiry_deals"),
  };
  db.prepare(`DELETE FROM issued_documents WHERE id ${IN_LIST}`).run(JSON.stringify(documentIds));
  db.prepare(`DELETE FROM ${table} WHERE id ${IN_LIST}`).run(ids);
  return counts;
}

/**
 * The retention sweep's steps on SQLite: each batch is one IMMEDIATE transaction, so the write
 * lock is held for one batch only (and the event loop, which better-sqlite3 blocks while one runs).
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
             WHERE rowid > ? AND closed_at IS NOT NULL AND closed_at < ?
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
        const ids = enquiries.map((enquiry) => enquiry.id);
        eraseEnquiryRows(
          db,
          this.table,
          ids,
          enquiries.flatMap((enquiry) => enquiry.documentIds),
        );
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
      readTaxRecords: ({ before, kinds }) => {
        const facts = `SELECT id, kind, financial_year AS financialYear, against_id AS againstId FROM issued_documents`;
        const old = db
          .prepare<[string, string], TaxRecordFacts>(`${facts} WHERE financial_year < ? AND kind ${IN_LIST}`)
          .all(before, JSON.stringify(kinds));
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
