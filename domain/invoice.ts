/**
 * The documents that take a confirmed enquiry to money in the bank: a quotation, a pro-forma
 * invoice, a tax invoice under Rule 46 of the CGST Rules and a credit note against one, each an
 * immutable snapshot once issued, with the payments recorded against an invoice. The shapes here
 * are shared by the rules that build a document (domain/gst.ts), the PDF renderer
 * (server/documents/), the stores that number and keep them, the console and the accountant's
 * exports. No I/O.
 *
 * Every amount is in whole paise (integers); every rate in basis points of a percent (1800 = 18 %).
 */
import type { Bilingual } from "./company-facts";

export type DocumentKind = "quotation" | "proforma" | "tax-invoice" | "credit-note";
export const DOCUMENT_KINDS: readonly DocumentKind[] = [
  "quotation",
  "proforma",
  "tax-invoice",
  "credit-note",
];

/** A document's language: every document is also issued in English (decision 044). */
export type DocumentLanguage = "en" | "hi";

/** The financial year an Indian invoice series restarts in, April to March: "2026-27". */
export type FinancialYear = string;

export interface DocumentAddress {
  /** Lines as the buyer gave them (building, street, area), without city, state or PIN. */
  lines: string[];
  city: string;
  /** Two-digit GST state code ("07" Delhi, "27" Maharashtra). */
  stateCode: string;
  pin: string;
}

/** Who issues: copied from the published company facts at the moment of issue. */
export interface DocumentSupplier {
  legalName: Bilingual;
  address: { lines: Bilingual[]; city: Bilingual; state: Bilingual; stateCode: string; pin: string };
  gstin: string;
  fssaiLicence: string;
  phone: string;
  email: string;
  /** The merchant UPI ID payments are asked to; null when the company has none. */
  merchantUpiId: string | null;
  /** The signature block: who signs for the company. */
  signatory: { name: Bilingual; designation: Bilingual };
  /** The account a bank transfer goes to, printed for the buyer; absent or null when the company has none. */
  bankAccount?: { name: string; number: string; ifsc: string } | null;
}

/** Who receives: the buyer's details as the member confirmed them when issuing. */
export interface DocumentBuyer {
  name: string;
  /** The billing address. */
  address: DocumentAddress;
  /** Where the goods go when not the billing address. */
  shippingAddress: DocumentAddress | null;
  /** Fifteen characters when the buyer is registered for GST; null for an unregistered buyer. */
  gstin: string | null;
  email: string | null;
  mobile: string | null;
}

export interface DocumentLine {
  description: Bilingual;
  /** The HSN code in force for the product on the document's date. */
  hsn: string;
  quantity: number;
  /** The unit the quantity counts ("sachet"), and its GST unit quantity code ("PCS"). */
  unit: Bilingual;
  uqc: string;
  unitPricePaise: number;
  discountPaise: number;
  /** quantity × unitPrice − discount. */
  taxableValuePaise: number;
  rateBasisPoints: number;
  /** Intra-state supply: CGST and SGST, each half the rate; inter-state: IGST. The others are 0. */
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

export interface DocumentTotals {
  taxableValuePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  /** The rounding to whole rupees, positive or negative, shown as its own line. */
  roundOffPaise: number;
  /** What the buyer pays: taxable value + tax + round-off, a whole number of rupees. */
  totalPaise: number;
}

/** A document as issued: nothing in it changes afterwards. */
export interface IssuedDocument {
  id: string;
  enquiryId: string;
  kind: DocumentKind;
  /** The document's number in its kind's series for the financial year: at most 16 characters. */
  number: string;
  financialYear: FinancialYear;
  /** The position in that series (1, 2, …): no gap and no repeat. */
  sequence: number;
  /** ISO date and time of issue; the document's date is its IST calendar day. */
  issuedAt: string;
  /** The buyer's language; the English copy is always available too. */
  language: DocumentLanguage;
  supplier: DocumentSupplier;
  buyer: DocumentBuyer;
  /** The place of supply: the state where the goods are delivered. */
  placeOfSupply: { stateCode: string; stateName: string };
  interState: boolean;
  reverseCharge: boolean;
  lines: DocumentLine[];
  totals: DocumentTotals;
  /**
   * For a credit note: the invoice it is against, and why. `invoiceTotalPaise` is that invoice's
   * value, kept so the note's GSTR-1 table (CDNR, CDNUR or B2CS) is known without the invoice;
   * absent on notes issued before it was kept.
   */
  against: { number: string; issuedAt: string; reason: string; invoiceTotalPaise?: number } | null;
  /** The `upi://pay` URI for the total (tax invoices and pro-formas with a merchant UPI ID), else null. */
  upiUri: string | null;
  /** The member who issued it. */
  issuedBy: string;
}

/** A refusal to issue: the field Rule 46 (or the document) needs, named, and what to do. */
export interface MissingField {
  field: string;
  message: string;
}

export type PaymentMethod = "upi" | "bank-transfer" | "cash-on-delivery";
export const PAYMENT_METHODS: readonly PaymentMethod[] = ["upi", "bank-transfer", "cash-on-delivery"];

/** What each kind of document is called, in the console, its history lines and the activity log. */
export const DOCUMENT_KIND_LABELS: Readonly<Record<DocumentKind, string>> = {
  quotation: "Quotation",
  proforma: "Pro-forma invoice",
  "tax-invoice": "Tax invoice",
  "credit-note": "Credit note",
};

/** How each payment method is named: as a label ("Bank transfer") and within a sentence ("by bank transfer"). */
export const PAYMENT_METHOD_WORDS: Readonly<Record<PaymentMethod, { label: string; inSentence: string }>> = {
  upi: { label: "UPI", inSentence: "UPI" },
  "bank-transfer": { label: "Bank transfer", inSentence: "bank transfer" },
  "cash-on-delivery": { label: "Cash on delivery", inSentence: "cash on delivery" },
};

export interface RecordedPayment {
  id: string;
  /** The tax invoice it is against. */
  documentId: string;
  amountPaise: number;
  method: PaymentMethod;
  /** The UPI transaction reference (12 digits), the bank's UTR, or the courier's COD remittance id. */
  reference: string | null;
  /** IST calendar day the money arrived, "2026-11-29". */
  receivedOn: string;
  recordedAt: string;
  recordedBy: string;
}

/** How long an unpaid invoice has been owed, in days since its date. */
export type OverdueBucket = "0-7" | "8-30" | "over-30";

/** The console API's routes for documents, payments and accounts, under ADMIN_API_PREFIX. */
export const DOCUMENT_API_ROUTES = {
  /** GET: the enquiry's documents, payments and each tax invoice's balance (EnquiryDocuments). */
  enquiryDocuments: "/enquiries/:id/documents",
  /** POST: a draft as it would be issued now (nothing stored): 200 { draft } or 422 { error, missing }. */
  draft: "/enquiries/:id/documents/draft",
  /** GET: the document as a PDF: ?language=en|hi&copy=original|duplicate|triplicate|all. */
  pdf: "/documents/:id/pdf",
  /** POST: a payment against a tax invoice: 201 { payment, balancePaise }; over the balance 422. */
  payments: "/documents/:id/payments",
  /** POST: the document to its buyer through the outbox: 202. */
  send: "/documents/:id/send",
  /**
   * POST { channel, clickKey }: a payment reminder for a tax invoice still owed, in its language,
   * through the outbox: 202; a document not owed 422.
   */
  remind: "/documents/:id/remind",
  /** GET: what is owed, by age (Receivables). */
  receivables: "/accounts/receivables",
  /** GET: a month's GSTR-1 section as CSV ("2026-11", "b2b"). */
  gstr1: "/accounts/:month/gstr1/:section.csv",
  /** GET: a month's vouchers as Tally's import XML. */
  tally: "/accounts/:month/tally.xml",
} as const;

/** GET enquiryDocuments: the enquiry's documents and payments, oldest first, and each tax invoice's balance. */
export interface EnquiryDocuments {
  documents: IssuedDocument[];
  payments: RecordedPayment[];
  /** By tax invoice id: what it still asks for, in paise. */
  balances: Record<string, number>;
}

/** An invoice still owed, as the receivables list it. */
export interface ReceivableInvoice {
  id: string;
  enquiryId: string;
  number: string;
  issuedAt: string;
  buyerName: string;
  totalPaise: number;
  balancePaise: number;
  bucket: OverdueBucket;
  /** Whole IST days since the invoice's date (domain/accounts.ts: daysOwed). */
  daysOwed: number;
}

export const OVERDUE_BUCKETS: readonly OverdueBucket[] = ["0-7", "8-30", "over-30"];

/** GET receivables: the count and balance of the unpaid invoices by age, and the invoices, oldest first. */
export interface Receivables {
  buckets: Record<OverdueBucket, { count: number; balancePaise: number }>;
  invoices: ReceivableInvoice[];
}

/** The refusals' messages as the API gives them (`{ error, missing? }`). */
export const documentMessages = {
  missing: "Some details the document needs are missing: fill them in and try again.",
  notConfirmed: "A tax invoice can be issued only once the sale is Confirmed.",
  againstNotFound: "A credit note must be against a tax invoice of this enquiry.",
  overBalance: "This payment is more than the invoice still asks for.",
  notAnInvoice: "Payments are recorded against tax invoices only.",
  clickReused: "This form already recorded a payment against another document: open the payment form again.",
  notOwed: "A reminder is sent only for a tax invoice with something still owed.",
  noRecipient: "The buyer on this document has no address for that channel.",
  whatsappOff: "WhatsApp is not set up for this site.",
  notFound: "There is no such document.",
  renderBusy: "The document is kept, but its PDF cannot be made at this moment: try again in a few seconds.",
} as const;

/** A month of the accountant's files, "2026-11". */
export const ACCOUNTS_MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The IST calendar month "2026-11" as the instants it runs between, [from, to). */
export function monthSpan(month: string): { from: Date; to: Date } {
  const [, year, number] = ACCOUNTS_MONTH.exec(month) ?? [];
  if (!year || !number) throw new Error(`Not a month: ${month}`);
  const next =
    number === "12" ? `${Number(year) + 1}-01` : `${year}-${String(Number(number) + 1).padStart(2, "0")}`;
  return { from: new Date(`${month}-01T00:00:00+05:30`), to: new Date(`${next}-01T00:00:00+05:30`) };
}

/**
 * The last IST day a tax invoice or credit note of the financial year must be kept: 72 months
 * from the due date of the annual return for that year (section 36 of the CGST Act, 2017), which
 * is 31 December after the year ends (section 44, GSTR-9). FY "2026-27" → "2033-12-31".
 */
export function taxRecordKeptUntil(financialYear: FinancialYear): string {
  const start = Number(financialYear.slice(0, 4));
  // The year ends on 31 March of start + 1; its annual return is due on 31 December of that year.
  return `${start + 1 + 6}-12-31`;
}

/** The kinds a person's erasure keeps for their statutory period. */
export const TAX_RECORD_KINDS: readonly DocumentKind[] = ["tax-invoice", "credit-note"];

/**
 * The oldest financial year whose tax records are still kept at `now` (taxRecordKeptUntil on or
 * after today, IST): the records of every earlier year are erased by the retention sweep.
 */
export function oldestKeptFinancialYear(now: Date): FinancialYear {
  const todayIst = new Date(now.getTime() + 330 * 60_000).toISOString().slice(0, 10);
  const year = Number(todayIst.slice(0, 4));
  // Kept through 31 December of (start + 7): the year starting `year - 7` is the oldest kept.
  const start = year - 7;
  return `${start}-${String((start + 1) % 100).padStart(2, "0")}`;
}

/** The console's page for the accountant: what is owed, and the month's GSTR-1 and Tally files. */
export const ACCOUNTS_PAGE_PATH = "/admin/accounts";
