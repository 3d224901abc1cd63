import type { ReminderChannel } from "../../domain/payment-reminder";
import type { ReplyTemplate } from "../../domain/templates";
import type {
  DocumentKind,
  DocumentLanguage,
  DocumentBuyer,
  FinancialYear,
  IssuedDocument,
  MissingField,
  PaymentMethod,
  RecordedPayment,
} from "../../domain/invoice";

/**
 * The documents issued from an enquiry (domain/invoice.ts) and the payments recorded against its
 * tax invoices, as the console and the accountant read them. They are issued, numbered and paid
 * through DocumentChanges (server/work/document-changes.ts); an issued document never changes.
 * They are kept apart from their enquiry: a tax invoice, a credit note and their payments outlive
 * an erased enquiry for their statutory period (docs/retention.md).
 */
export interface DocumentStore {
  /** The enquiry's documents, oldest first, and the payments against them, oldest first. */
  ofEnquiry(enquiryId: string): Promise<{ documents: IssuedDocument[]; payments: RecordedPayment[] }>;
  /**
   * One document with the payments against it and the credit notes issued against it (a tax
   * invoice's); null when there is no such document.
   */
  get(documentId: string): Promise<DocumentWithAccount | null>;
  /** Tax invoices with something still owed, oldest first, each with its payments and credit notes. */
  unpaidInvoices(): Promise<DocumentWithAccount[]>;
  /** The same, of these enquiries only (one buyer's): oldest first. */
  unpaidInvoicesOf(enquiryIds: readonly string[]): Promise<DocumentWithAccount[]>;
  /** The documents of `kinds` issued in [from, to), oldest first (the accountant's month: accountantMonth). */
  issuedBetween(from: Date, to: Date, kinds: readonly DocumentKind[]): Promise<IssuedDocument[]>;
}

/** A document and what reduces what it asks for. */
export interface DocumentWithAccount {
  document: IssuedDocument;
  payments: RecordedPayment[];
  creditNotes: IssuedDocument[];
}

/** What a member asks for when drafting or issuing a document (the API's body). */
export interface DocumentRequest {
  kind: DocumentKind;
  language: DocumentLanguage;
  buyer: DocumentBuyer;
  lines: { quantity: number; unitPricePaise: number | null; discountPaise: number }[];
  /** A credit note's tax invoice, and why it is issued. */
  againstId: string | null;
  reason: string | null;
}

/** Why a document cannot be drafted or issued, besides a missing field. */
export type DocumentRefusal =
  /** A tax invoice before the sale is Confirmed (or after it is closed otherwise). */
  | "not-confirmed"
  /** A credit note whose invoice is not this enquiry's tax invoice. */
  | "against-not-found";

/**
 * A credit note that would take the credit notes against its invoice past the invoice's value:
 * what can still be credited is named (server/lifecycle/documents.ts: planCreditNote).
 */
export interface OverCredit {
  outcome: "over-credit";
  invoiceNumber: string;
  creditablePaise: number;
}

/** Why a document was neither drafted nor issued: the same answers for both. */
export type DocumentNotMade =
  | { outcome: "missing"; missing: MissingField[] }
  | { outcome: "refused"; reason: DocumentRefusal }
  | OverCredit
  | { outcome: "not-found" };

export type DocumentDraftResult =
  | {
      outcome: "drafted";
      draft: Omit<IssuedDocument, "id" | "enquiryId" | "number" | "sequence" | "financialYear" | "upiUri">;
    }
  | DocumentNotMade;

export type DocumentIssueResult =
  /** `repeated`: the click was already issued; `document` is the one it issued then. */
  { outcome: "issued"; document: IssuedDocument; repeated: boolean } | DocumentNotMade;

export type PaymentResult =
  | { outcome: "recorded"; payment: RecordedPayment; balancePaise: number; repeated: boolean }
  /** More than the invoice still asks for: nothing is recorded. */
  | { outcome: "over-balance"; balancePaise: number }
  /** Payments are recorded against tax invoices only. */
  | { outcome: "not-an-invoice" }
  | { outcome: "not-found" };

export type SendResult =
  | { outcome: "queued"; repeated: boolean }
  /** No address for the buyer, on the document nor on its enquiry. */
  | { outcome: "no-recipient" }
  | { outcome: "not-found" };

export type ReminderResult =
  | SendResult
  /** Only a tax invoice with something still owed is reminded. */
  | { outcome: "not-owed" };

/** A payment's click that already recorded a payment against another document: nothing is recorded. */
export class PaymentClickReusedError extends Error {
  constructor() {
    super("The click already recorded a payment against another document");
    this.name = "PaymentClickReusedError";
  }
}

/** Who asks, when, and the click that asked (the same click twice acts once). */
export interface DocumentActor {
  staffEmail: string;
  at: Date;
  requestId?: string;
}

/**
 * The documents' changes, written once above the stores (server/work/document-changes.ts): the
 * rules (domain/gst.ts, domain/accounts.ts, server/lifecycle/documents.ts) decide, the adapters
 * read and write in one transaction.
 */
export interface DocumentChanges {
  /** Drafts a document as it would be issued now; nothing is stored. */
  draftDocument(enquiryId: string, request: DocumentRequest & DocumentActor): Promise<DocumentDraftResult>;
  /**
   * Issues the document: numbered next in its kind's series for the financial year, stored with
   * the enquiry's history line and the activity log's entry, in one transaction.
   */
  issueDocument(
    enquiryId: string,
    request: DocumentRequest & DocumentActor & { clickKey: string },
  ): Promise<DocumentIssueResult>;
  /** Records a payment against a tax invoice, with the enquiry's history line. */
  recordPayment(
    documentId: string,
    payment: {
      amountPaise: number;
      method: PaymentMethod;
      reference: string | null;
      receivedOn: string;
      clickKey: string;
    } & DocumentActor,
  ): Promise<PaymentResult>;
  /**
   * Queues the document to its buyer's address through the outbox (a `document` mail carrying
   * the PDF, the amount and the UPI link), with the enquiry's history line and the activity
   * log's entry; the same click queues once.
   */
  mailDocument(documentId: string, send: { clickKey: string } & DocumentActor): Promise<SendResult>;
  /**
   * Reminds the buyer of a tax invoice still owed (domain/payment-reminder.ts), in the invoice's
   * language: by e-mail through the outbox, or on WhatsApp as a message of the enquiry's
   * conversation under its rules (a refusal throws WhatsAppSendError as a reply does); with the
   * enquiry's history line, in one transaction. The same click reminds once.
   */
  remindPayment(
    documentId: string,
    remind: {
      channel: ReminderChannel;
      clickKey: string;
      payPageUrl?: string | null;
      /** On WhatsApp outside the 24-hour window: the approved template it goes by, merged here. */
      whatsappTemplate?: Pick<ReplyTemplate, "body" | "whatsappTemplate">;
    } & DocumentActor,
  ): Promise<ReminderResult>;
}

/** The series a document is numbered in: one per kind and financial year. */
export interface DocumentSeries {
  kind: DocumentKind;
  financialYear: FinancialYear;
}
