import type Database from "better-sqlite3";
import type { DocumentKind, IssuedDocument, RecordedPayment } from "../../../domain/invoice";
import type { DocumentSeries, DocumentStore, DocumentWithAccount } from "../documents";
import type { DocumentClickAction, WorkSteps } from "../work-port";
import { insertActivity } from "./activity";
import { prepared, type SqliteRun } from "./connection";
import { columnsOf, insertStatement } from "./row-codec";
import { writeHistoryLines } from "./work-record";
import { insertNotification } from "./notification-row";

/**
 * The row of `document_payments` a payment is stored as, beside its invoice's enquiry (read back
 * by paymentsWhere under the payment's own names).
 */
function paymentRowOf(payment: RecordedPayment, enquiryId: string) {
  return {
    id: payment.id,
    document_id: payment.documentId,
    enquiry_id: enquiryId,
    amount_paise: payment.amountPaise,
    method: payment.method as string,
    reference: payment.reference,
    received_on: payment.receivedOn,
    recorded_at: payment.recordedAt,
    recorded_by: payment.recordedBy,
  };
}

/**
 * The row of `issued_documents` a document is stored as: its snapshot, as issued (the one thing
 * read back), with the columns it is found by and a tax invoice's balance.
 */
function documentRowOf(document: IssuedDocument, againstId: string | null, balancePaise: number | null) {
  return {
    id: document.id,
    enquiry_id: document.enquiryId,
    kind: document.kind as string,
    financial_year: document.financialYear,
    sequence: document.sequence,
    number: document.number,
    issued_at: document.issuedAt,
    total_paise: document.totals.totalPaise,
    against_id: againstId,
    balance_paise: balancePaise,
    document: JSON.stringify(document),
  };
}

function insertRow(db: Database.Database, table: string, row: Record<string, unknown>): void {
  prepared(db, insertStatement(table, columnsOf(row))).run(row);
}

/** The documents matching `where` (its parameters `values`), in the order they were issued. */
export function documentsWhere(db: Database.Database, where: string, ...values: string[]): IssuedDocument[] {
  return prepared<string[], { document: string }>(
    db,
    `SELECT document FROM issued_documents WHERE ${where} ORDER BY issued_at, sequence`,
  )
    .all(...values)
    .map((row) => JSON.parse(row.document) as IssuedDocument);
}

/** The payments whose `column` is `value`, in the order they were recorded. */
function paymentsWhere(db: Database.Database, column: "enquiry_id" | "document_id", value: string) {
  return prepared<[string], RecordedPayment>(
    db,
    `SELECT id, document_id AS documentId, amount_paise AS amountPaise, method, reference, received_on AS receivedOn,
       recorded_at AS recordedAt, recorded_by AS recordedBy
     FROM document_payments WHERE ${column} = ? ORDER BY recorded_at, id`,
  ).all(value);
}

/** The enquiry's documents and their payments, oldest first, in the caller's transaction. */
export function readDocuments(
  db: Database.Database,
  enquiryId: string,
): { documents: IssuedDocument[]; payments: RecordedPayment[] } {
  return {
    documents: documentsWhere(db, "enquiry_id = ?", enquiryId),
    payments: paymentsWhere(db, "enquiry_id", enquiryId),
  };
}

/** One document with its payments and the credit notes against it, in the caller's transaction. */
export function readDocument(db: Database.Database, documentId: string): DocumentWithAccount | null {
  const [document] = documentsWhere(db, "id = ?", documentId);
  return document ? accountOf(db, document) : null;
}

function accountOf(db: Database.Database, document: IssuedDocument): DocumentWithAccount {
  return {
    document,
    payments: paymentsWhere(db, "document_id", document.id),
    creditNotes: documentsWhere(db, "against_id = ?", document.id),
  };
}

/** The documents matching `where`, in the order they were issued, each with its account. */
function accountsWhere(db: Database.Database, where: string, ...values: string[]): DocumentWithAccount[] {
  return documentsWhere(db, where, ...values).map((document) => accountOf(db, document));
}

export function readClick(
  db: Database.Database,
  action: DocumentClickAction,
  clickKey: string,
): string | null {
  return (
    prepared<[string, string], { result_id: string }>(
      db,
      `SELECT result_id FROM document_clicks WHERE action = ? AND click_key = ?`,
    ).get(action, clickKey)?.result_id ?? null
  );
}

/** What a step of the documents is handed (server/store/work-port.ts). */
type StepArgs<Name extends "writeDocument" | "writePayment" | "queueDocumentMail"> = WorkSteps[Name]["args"];

/**
 * Records what a click made (`resultId`) with its enquiry's history lines (when it has one) and
 * its activity entry, in the caller's transaction.
 */
function recordClick(
  db: Database.Database,
  action: DocumentClickAction,
  resultId: string,
  args: Pick<StepArgs<"writePayment">, "read" | "clickKey" | "history" | "actor" | "activity">,
): void {
  const { actor } = args;
  prepared(db, `INSERT INTO document_clicks (action, click_key, result_id, at) VALUES (?, ?, ?, ?)`).run(
    action,
    args.clickKey,
    resultId,
    actor.at,
  );
  if (args.read) writeHistoryLines(db, args.read.stored, args.history, actor);
  insertActivity(db, { actor: actor.staffEmail, ...args.activity, at: new Date(actor.at) });
}

export function readSeries(db: Database.Database, series: DocumentSeries): number {
  return (
    prepared<[string, string], { last_sequence: number }>(
      db,
      `SELECT last_sequence FROM document_series WHERE kind = ? AND financial_year = ?`,
    ).get(series.kind, series.financialYear)?.last_sequence ?? 0
  );
}

/**
 * Stores an issued document and takes its place in its series, in the caller's IMMEDIATE
 * transaction (the series read is the series written over; the unique place refuses a repeat).
 */
export function writeDocument(db: Database.Database, args: StepArgs<"writeDocument">): void {
  const { document } = args;
  prepared(
    db,
    `INSERT INTO document_series (kind, financial_year, last_sequence) VALUES (@kind, @financialYear, @sequence)
     ON CONFLICT (kind, financial_year) DO UPDATE SET last_sequence = excluded.last_sequence`,
  ).run({ kind: document.kind, financialYear: document.financialYear, sequence: document.sequence });
  const againstId = args.invoiceBalance?.documentId ?? null;
  insertRow(db, "issued_documents", documentRowOf(document, againstId, args.balancePaise));
  if (args.invoiceBalance) writeBalance(db, args.invoiceBalance.documentId, args.invoiceBalance.balancePaise);
  recordClick(db, "issue", document.id, args);
}

function writeBalance(db: Database.Database, documentId: string, balancePaise: number): void {
  prepared(db, `UPDATE issued_documents SET balance_paise = ? WHERE id = ?`).run(balancePaise, documentId);
}

/** Stores a payment with its invoice's balance after it, in the caller's transaction. */
export function writePayment(db: Database.Database, args: StepArgs<"writePayment">): void {
  const { payment } = args;
  insertRow(db, "document_payments", paymentRowOf(payment, args.invoice.enquiryId));
  writeBalance(db, payment.documentId, args.balancePaise);
  recordClick(db, "payment", payment.id, args);
}

/** The documents and payments on SQLite, as the console and the accountant read them. */
export class SqliteDocumentStore implements DocumentStore {
  constructor(private readonly run: SqliteRun) {}

  async ofEnquiry(enquiryId: string) {
    return this.run((db) => readDocuments(db, enquiryId));
  }

  async get(documentId: string) {
    return this.run((db) => readDocument(db, documentId));
  }

  async unpaidInvoices(): Promise<DocumentWithAccount[]> {
    return this.run((db) => accountsWhere(db, "balance_paise > 0"));
  }

  async unpaidInvoicesOf(enquiryIds: readonly string[]): Promise<DocumentWithAccount[]> {
    if (enquiryIds.length === 0) return [];
    return this.run((db) =>
      accountsWhere(
        db,
        "enquiry_id IN (SELECT value FROM json_each(?)) AND balance_paise > 0",
        JSON.stringify(enquiryIds),
      ),
    );
  }

  async issuedBetween(from: Date, to: Date, kinds: readonly DocumentKind[]): Promise<IssuedDocument[]> {
    return this.run((db) =>
      documentsWhere(
        db,
        "issued_at >= ? AND issued_at < ? AND kind IN (SELECT value FROM json_each(?))",
        from.toISOString(),
        to.toISOString(),
        JSON.stringify(kinds),
      ),
    );
  }
}

/** Queues a document's mail to its buyer with the click, history and activity, in the caller's transaction. */
export function queueDocumentMail(db: Database.Database, args: StepArgs<"queueDocumentMail">): void {
  const { document, actor } = args;
  insertNotification(db, {
    kind: "document",
    at: actor.at,
    enquiryId: document.enquiryId,
    payload: JSON.stringify(args.mail),
    requestId: actor.requestId ?? null,
  });
  recordClick(db, "send", document.id, args);
}
