import type {
  DocumentData,
  DocumentReference,
  DocumentSnapshot,
  Query,
  QuerySnapshot,
  Transaction,
} from "firebase-admin/firestore";
import type { DocumentKind, IssuedDocument, PaymentMethod, RecordedPayment } from "../../../domain/invoice";
import type { DocumentSeries, DocumentStore, DocumentWithAccount } from "../documents";
import type { DocumentClickAction, WorkSteps } from "../work-port";
import { activityDocument } from "./activity";
import { chunks, IN_QUERY_LIMIT, keyDocumentId, type FirestoreContext } from "./connection";
import { queueNotification } from "./documents";
import { writeLinesOfUnchangedWork } from "./work-record";

/**
 * The documents and payments on Firestore:
 * - `issuedDocuments/{id}`: the document as issued (`snapshot`, the IssuedDocument as JSON,
 *   never changed) with the fields it is found by (enquiryId, kind, financialYear, sequence,
 *   number, issuedAt, totalPaise, againstId) and a tax invoice's balance (`balancePaise`, null for
 *   the other kinds), which the receivables read by;
 * - `documentSeries/{kind}_{financial year}`: the last number taken, with a marker per number in
 *   its `numbers`, created once only: of two issues taking the same number exactly one is stored,
 *   even where a transaction's reads are not isolated (the emulator's), and the other is run again;
 * - `documentPayments/{id}`: payments against a tax invoice;
 * - `documentClicks/{hash of action and click}`: what a click made, created once only.
 */
export function documentCollections(context: FirestoreContext) {
  const { db } = context;
  return {
    documents: db.collection("issuedDocuments"),
    series: db.collection("documentSeries"),
    payments: db.collection("documentPayments"),
    clicks: db.collection("documentClicks"),
  };
}

type Writer = Pick<Transaction, "create" | "set" | "update">;

function documentOf(data: DocumentData | undefined): IssuedDocument {
  return JSON.parse(String(data?.snapshot)) as IssuedDocument;
}

function paymentOf(id: string, data: DocumentData): RecordedPayment {
  return {
    id,
    documentId: String(data.documentId),
    amountPaise: Number(data.amountPaise),
    method: data.method as PaymentMethod,
    reference: typeof data.reference === "string" ? data.reference : null,
    receivedOn: String(data.receivedOn),
    recordedAt: String(data.recordedAt),
    recordedBy: String(data.recordedBy),
  };
}

const byIssue = (a: IssuedDocument, b: IssuedDocument) =>
  a.issuedAt.localeCompare(b.issuedAt) || a.sequence - b.sequence;
const byRecording = (a: RecordedPayment, b: RecordedPayment) =>
  a.recordedAt.localeCompare(b.recordedAt) || a.id.localeCompare(b.id);
const documentsIn = (found: QuerySnapshot) => found.docs.map((doc) => documentOf(doc.data())).sort(byIssue);
const paymentsIn = (found: QuerySnapshot) =>
  found.docs.map((doc) => paymentOf(doc.id, doc.data())).sort(byRecording);

/** Reads as a transaction reads them, or straight from the database. */
interface Reader {
  get(ref: DocumentReference): Promise<DocumentSnapshot>;
  get(query: Query): Promise<QuerySnapshot>;
}

const direct: Reader = {
  get: ((target: DocumentReference | Query) => target.get()) as Reader["get"],
};

export async function readDocuments(
  context: FirestoreContext,
  reader: Reader,
  enquiryId: string,
): Promise<{ documents: IssuedDocument[]; payments: RecordedPayment[] }> {
  const collections = documentCollections(context);
  const [documents, payments] = [
    await reader.get(collections.documents.where("enquiryId", "==", enquiryId)),
    await reader.get(collections.payments.where("enquiryId", "==", enquiryId)),
  ];
  return { documents: documentsIn(documents), payments: paymentsIn(payments) };
}

async function accountOf(
  context: FirestoreContext,
  reader: Reader,
  document: IssuedDocument,
): Promise<DocumentWithAccount> {
  const collections = documentCollections(context);
  const payments = await reader.get(collections.payments.where("documentId", "==", document.id));
  const creditNotes = await reader.get(collections.documents.where("againstId", "==", document.id));
  return { document, payments: paymentsIn(payments), creditNotes: documentsIn(creditNotes) };
}

export async function readDocument(
  context: FirestoreContext,
  reader: Reader,
  documentId: string,
): Promise<DocumentWithAccount | null> {
  const snapshot = await reader.get(documentCollections(context).documents.doc(documentId));
  if (!snapshot.exists) return null;
  return accountOf(context, reader, documentOf(snapshot.data()));
}

const clickId = (action: DocumentClickAction, clickKey: string) => keyDocumentId(`${action}:${clickKey}`);
const seriesId = (series: DocumentSeries) => `${series.kind}_${series.financialYear}`;

export async function readClick(
  context: FirestoreContext,
  reader: Reader,
  action: DocumentClickAction,
  clickKey: string,
): Promise<string | null> {
  const snapshot = await reader.get(documentCollections(context).clicks.doc(clickId(action, clickKey)));
  return snapshot.exists ? String(snapshot.get("resultId")) : null;
}

export async function readSeries(
  context: FirestoreContext,
  reader: Reader,
  series: DocumentSeries,
): Promise<number> {
  const snapshot = await reader.get(documentCollections(context).series.doc(seriesId(series)));
  return snapshot.exists ? Number(snapshot.get("lastSequence")) : 0;
}

/**
 * Records what a click made: created once only (a claim: the same click twice at once fails one
 * commit), or, for an issue, whose claim is its number, set.
 */
function writeClick(
  context: FirestoreContext,
  writer: Writer,
  action: DocumentClickAction,
  clickKey: string,
  resultId: string,
  at: string,
  claim: "create" | "set" = "create",
): void {
  const ref = documentCollections(context).clicks.doc(clickId(action, clickKey));
  if (claim === "create") writer.create(ref, { action, resultId, at });
  else writer.set(ref, { action, resultId, at });
}

/** What a step of the documents is handed (server/store/work-port.ts). */
type StepArgs<Name extends "writeDocument" | "writePayment" | "queueDocumentMail"> = WorkSteps[Name]["args"];

/**
 * Writes a click's history lines on its enquiry (when it has one) and its activity entry; the
 * documents write no work record.
 */
function recordHistory(
  context: FirestoreContext,
  writer: Writer,
  args: Pick<StepArgs<"writePayment">, "read" | "history" | "actor" | "activity">,
): void {
  const { read, actor } = args;
  if (read) writeLinesOfUnchangedWork(context, writer, read, args.history, actor);
  const activity = activityDocument({ actor: actor.staffEmail, ...args.activity, at: new Date(actor.at) });
  writer.create(context.db.collection("activity").doc(activity.id), activity.data);
}

export function writeDocument(
  context: FirestoreContext,
  writer: Writer,
  args: StepArgs<"writeDocument">,
): void {
  const collections = documentCollections(context);
  const { document, actor } = args;
  // The number is the one claim, written first: taken by another change meanwhile, the commit is
  // refused before anything else is written, even where a commit applies its writes in turn (the
  // emulator's). The click is written before the series moves on: a change that reads the series
  // (then the click, document-changes.ts) and finds this number taken finds this click too.
  const series = collections.series.doc(seriesId(document));
  writer.create(series.collection("numbers").doc(String(document.sequence)), {
    documentId: document.id,
    at: actor.at,
  });
  writeClick(context, writer, "issue", args.clickKey, document.id, actor.at, "set");
  writer.set(series, {
    kind: document.kind,
    financialYear: document.financialYear,
    lastSequence: document.sequence,
  });
  writer.create(collections.documents.doc(document.id), {
    enquiryId: document.enquiryId,
    kind: document.kind,
    financialYear: document.financialYear,
    sequence: document.sequence,
    number: document.number,
    issuedAt: document.issuedAt,
    totalPaise: document.totals.totalPaise,
    againstId: args.invoiceBalance?.documentId ?? null,
    balancePaise: args.balancePaise,
    snapshot: JSON.stringify(document),
  });
  if (args.invoiceBalance) {
    writer.update(collections.documents.doc(args.invoiceBalance.documentId), {
      balancePaise: args.invoiceBalance.balancePaise,
    });
  }
  recordHistory(context, writer, args);
}

export function writePayment(
  context: FirestoreContext,
  writer: Writer,
  args: StepArgs<"writePayment">,
): void {
  const collections = documentCollections(context);
  const { payment, actor, invoice } = args;
  const { id, ...fields } = payment;
  // The click first: the same click paying twice at once is refused before anything is written.
  writeClick(context, writer, "payment", args.clickKey, id, actor.at);
  writer.create(collections.payments.doc(id), { ...fields, enquiryId: invoice.enquiryId });
  writer.update(collections.documents.doc(invoice.id), { balancePaise: args.balancePaise });
  recordHistory(context, writer, args);
}

/** The documents and payments on Firestore, as the console and the accountant read them. */
export class FirestoreDocumentStore implements DocumentStore {
  constructor(private readonly context: FirestoreContext) {}

  async ofEnquiry(enquiryId: string) {
    return this.context.run(() => readDocuments(this.context, direct, enquiryId));
  }

  async get(documentId: string) {
    return this.context.run(() => readDocument(this.context, direct, documentId));
  }

  async unpaidInvoices(): Promise<DocumentWithAccount[]> {
    return this.context.run(async () => {
      const owed = await documentCollections(this.context).documents.where("balancePaise", ">", 0).get();
      return Promise.all(documentsIn(owed).map((document) => accountOf(this.context, direct, document)));
    });
  }

  async unpaidInvoicesOf(enquiryIds: readonly string[]): Promise<DocumentWithAccount[]> {
    return this.context.run(async () => {
      const { documents } = documentCollections(this.context);
      const found = await Promise.all(
        chunks(enquiryIds, IN_QUERY_LIMIT).map((ids) => documents.where("enquiryId", "in", ids).get()),
      );
      const owed = found
        .flatMap((snapshot) => snapshot.docs.map((doc) => doc.data()))
        .filter((data) => typeof data.balancePaise === "number" && data.balancePaise > 0)
        .map((data) => documentOf(data))
        .sort(byIssue);
      return Promise.all(owed.map((document) => accountOf(this.context, direct, document)));
    });
  }

  async issuedBetween(from: Date, to: Date, kinds: readonly DocumentKind[]): Promise<IssuedDocument[]> {
    return this.context.run(async () => {
      const issued = await documentCollections(this.context)
        .documents.where("issuedAt", ">=", from.toISOString())
        .where("issuedAt", "<", to.toISOString())
        .get();
      return documentsIn(issued).filter((document) => kinds.includes(document.kind));
    });
  }
}

/** Queues a document's mail to its buyer with the click, history and activity, in the caller's transaction. */
export function queueDocumentMail(
  context: FirestoreContext,
  writer: Writer,
  args: StepArgs<"queueDocumentMail">,
): void {
  const { document, actor } = args;
  // The click first: the same click sending twice at once is refused before anything is written.
  writeClick(context, writer, "send", args.clickKey, document.id, actor.at);
  queueNotification(context, writer, {
    kind: "document",
    at: new Date(actor.at),
    enquiryId: document.enquiryId,
    payload: JSON.stringify(args.mail),
    ...(actor.requestId ? { requestId: actor.requestId } : {}),
  });
  recordHistory(context, writer, args);
}

/** The enquiry's documents and their payments, oldest first, read outside a transaction. */
export function documentsOfEnquiry(context: FirestoreContext, enquiryId: string) {
  return readDocuments(context, direct, enquiryId);
}

/** The documents of these enquiries as a transaction reads them, in the order they were issued. */
export async function documentsOfEnquiries(
  context: FirestoreContext,
  transaction: Transaction,
  enquiryIds: readonly string[],
): Promise<IssuedDocument[]> {
  const found: IssuedDocument[] = [];
  for (const part of chunks(enquiryIds, IN_QUERY_LIMIT)) {
    const snapshot = await transaction.get(
      documentCollections(context).documents.where("enquiryId", "in", part),
    );
    found.push(...snapshot.docs.map((doc) => documentOf(doc.data())));
  }
  return found.sort(byIssue);
}
