import type Database from "better-sqlite3";
import type { IssuedDocument, PaymentMethod, RecordedPayment } from "../../../domain/invoice";
import type { HistoryLine } from "../../lifecycle/plan";
import type { DocumentSeries, DocumentStore, DocumentWithAccount } from "../documents";
import type { ActivityToLog, Actor, DocumentClickAction } from "../work-port";
import { insertActivity } from "./activity";
import { prepared, type SqliteRun } from "./connection";
import { writeHistoryLines } from "./work-record";
import { insertNotification } from "./notification-row";
import type { DocumentNotificationPayload } from "../store";

interface PaymentRow {
  id: string;
  document_id: string;
  amount_paise: number;
  method: string;
  reference: string | null;
  received_on: string;
  recorded_at: string;
  recorded_by: string;
}

const PAYMENT_COLUMNS = `p.id, p.document_id, p.amount_paise, p.method, p.reference, p.received_on, p.recorded_at, p.recorded_by`;

/** The one codec of a payment's row. */
function paymentOf(row: PaymentRow): RecordedPayment {
  return {
    id: row.id,
    documentId: row.document_id,
    amountPaise: row.amount_paise,
    method: row.method as PaymentMethod,
    reference: row.reference,
    receivedOn: row.received_on,
    recordedAt: row.recorded_at,
    recordedBy: row.recorded_by,
  };
}

/** The one codec of a document's row: its snapshot, as issued. */
function documentOf(row: { document: string }): IssuedDocument {
  return JSON.parse(row.document) as IssuedDocument;
}

/** The enquiry's documents and their payments, oldest first, in the caller's transaction. */
export function readDocuments(
  db: Database.Database,
  enquiryId: string,
): { documents: IssuedDocument[]; payments: RecordedPayment[] } {
  const documents = prepared<[string], { document: string }>(
    db,
    `SELECT document FROM issued_documents WHERE enquiry_id = ? ORDER BY issued_at, sequence`,
  )
    .all(enquiryId)
    .map(documentOf);
  const payments = prepared<[string], PaymentRow>(
    db,
    `SELECT ${PAYMENT_COLUMNS} FROM document_payments p WHERE p.enquiry_id = ? ORDER BY p.recorded_at, p.id`,
  )
    .all(enquiryId)
    .map(paymentOf);
  return { documents, payments };
}

/** One document with its payments and the credit notes against it, in the caller's transaction. */
export function readDocument(db: Database.Database, documentId: string): DocumentWithAccount | null {
  const row = prepared<[string], { document: string }>(
    db,
    `SELECT document FROM issued_documents WHERE id = ?`,
  ).get(documentId);
  if (!row) return null;
  return accountOf(db, documentOf(row));
}

function accountOf(db: Database.Database, document: IssuedDocument): DocumentWithAccount {
  const payments = prepared<[string], PaymentRow>(
    db,
    `SELECT ${PAYMENT_COLUMNS} FROM document_payments p WHERE p.document_id = ? ORDER BY p.recorded_at, p.id`,
  )
    .all(document.id)
    .map(paymentOf);
  const creditNotes = prepared<[string], { document: string }>(
    db,
    `SELECT document FROM issued_documents WHERE against_id = ? ORDER BY issued_at, sequence`,
  )
    .all(document.id)
    .map(documentOf);
  return { document, payments, creditNotes };
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

function writeClick(
  db: Database.Database,
  action: DocumentClickAction,
  clickKey: string,
  resultId: string,
  at: string,
): void {
  prepared(db, `INSERT INTO document_clicks (action, click_key, result_id, at) VALUES (?, ?, ?, ?)`).run(
    action,
    clickKey,
    resultId,
    at,
  );
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
export function writeDocument(
  db: Database.Database,
  args: {
    enquiry: { id: string; receivedAt: string };
    document: IssuedDocument;
    balancePaise: number | null;
    invoiceBalance: { documentId: string; balancePaise: number } | null;
    clickKey: string;
    history: readonly HistoryLine[];
    actor: Actor;
    activity: ActivityToLog;
  },
): void {
  const { document, actor } = args;
  prepared(
    db,
    `INSERT INTO document_series (kind, financial_year, last_sequence) VALUES (@kind, @financialYear, @sequence)
     ON CONFLICT (kind, financial_year) DO UPDATE SET last_sequence = excluded.last_sequence`,
  ).run({ kind: document.kind, financialYear: document.financialYear, sequence: document.sequence });
  prepared(
    db,
    `INSERT INTO issued_documents (id, enquiry_id, kind, financial_year, sequence, number, issued_at,
       total_paise, against_id, balance_paise, document)
     VALUES (@id, @enquiryId, @kind, @financialYear, @sequence, @number, @issuedAt, @totalPaise, @againstId,
       @balancePaise, @document)`,
  ).run({
    id: document.id,
    enquiryId: document.enquiryId,
    kind: document.kind,
    financialYear: document.financialYear,
    sequence: document.sequence,
    number: document.number,
    issuedAt: document.issuedAt,
    totalPaise: document.totals.totalPaise,
    againstId: args.invoiceBalance?.documentId ?? null,
    balancePaise: args.balancePaise,
    document: JSON.stringify(document),
  });
  if (args.invoiceBalance) writeBalance(db, args.invoiceBalance.documentId, args.invoiceBalance.balancePaise);
  writeClick(db, "issue", args.clickKey, document.id, actor.at);
  writeHistoryLines(db, args.enquiry, args.history, actor);
  logActivity(db, actor, args.activity);
}

function logActivity(db: Database.Database, actor: Actor, activity: ActivityToLog): void {
  insertActivity(db, { actor: actor.staffEmail, ...activity, at: new Date(actor.at) });
}

function writeBalance(db: Database.Database, documentId: string, balancePaise: number): void {
  prepared(db, `UPDATE issued_documents SET balance_paise = ? WHERE id = ? AND kind = 'tax-invoice'`).run(
    balancePaise,
    documentId,
  );
}

/** Stores a payment with its invoice's balance after it, in the caller's transaction. */
export function writePayment(
  db: Database.Database,
  args: {
    enquiry: { id: string; receivedAt: string } | null;
    invoice: IssuedDocument;
    payment: RecordedPayment;
    balancePaise: number;
    clickKey: string;
    history: readonly HistoryLine[];
    actor: Actor;
    activity: ActivityToLog;
  },
): void {
  const { payment, actor } = args;
  prepared(
    db,
    `INSERT INTO document_payments (id, document_id, enquiry_id, amount_paise, method, reference,
       received_on, recorded_at, recorded_by)
     VALUES (@id, @documentId, @enquiryId, @amountPaise, @method, @reference, @receivedOn, @recordedAt, @recordedBy)`,
  ).run({ ...payment, enquiryId: args.invoice.enquiryId });
  writeBalance(db, payment.documentId, args.balancePaise);
  writeClick(db, "payment", args.clickKey, payment.id, actor.at);
  if (args.enquiry) writeHistoryLines(db, args.enquiry, args.history, actor);
  logActivity(db, actor, args.activity);
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
    return this.run((db) =>
      prepared<[], { document: string }>(
        db,
        `SELECT document FROM issued_documents WHERE balance_paise > 0 ORDER BY issued_at, sequence`,
      )
        .all()
        .map((row) => accountOf(db, documentOf(row))),
    );
  }

  async unpaidInvoicesOf(enquiryIds: readonly string[]): Promise<DocumentWithAccount[]> {
    if (enquiryIds.length === 0) return [];
    return this.run((db) =>
      prepared<[string], { document: string }>(
        db,
        `SELECT document FROM issued_documents
         WHERE enquiry_id IN (SELECT value FROM json_each(?)) AND balance_paise > 0
         ORDER BY issued_at, sequence`,
      )
        .all(JSON.stringify(enquiryIds))
        .map((row) => accountOf(db, documentOf(row))),
    );
  }

  async issuedBetween(from: Date, to: Date): Promise<IssuedDocument[]> {
    return this.run((db) =>
      prepared<[string, string], { document: string }>(
        db,
        `SELECT document FROM issued_documents
         WHERE issued_at >= ? AND issued_at < ? AND kind IN ('tax-invoice', 'credit-note')
         ORDER BY issued_at, sequence`,
      )
        .all(from.toISOString(), to.toISOString())
        .map(documentOf),
    );
  }
}

/** Queues a document's mail to its buyer with the click, history and activity, in the caller's transaction. */
export function queueDocumentMail(
  db: Database.Database,
  args: {
    enquiry: { id: string; receivedAt: string };
    document: IssuedDocument;
    mail: DocumentNotificationPayload;
    clickKey: string;
    history: readonly HistoryLine[];
    actor: Actor;
    activity: ActivityToLog;
  },
): void {
  const { document, actor } = args;
  insertNotification(db, {
    kind: "document",
    at: actor.at,
    enquiryId: args.enquiry.id,
    payload: JSON.stringify(args.mail),
    requestId: actor.requestId ?? null,
  });
  writeClick(db, "send", args.clickKey, document.id, actor.at);
  writeHistoryLines(db, args.enquiry, args.history, actor);
  logActivity(db, actor, args.activity);
}
