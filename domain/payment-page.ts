/**
 * The buyer's payment page: one public page per tax invoice and pro-forma, reached by a signed
 * link (server/documents/payment-links.ts), that shows what the document asks for now and how to
 * pay it. What it shows is decided here from the document as the store reads it; its words, in
 * English and Hindi, are here too (docs/invoices.md, "The payment page"). No I/O.
 */
import { balancePaise } from "./accounts";
import type { DocumentLanguage, IssuedDocument, RecordedPayment } from "./invoice";
import { reminderUpiUri } from "./payment-reminder";

/** Where the pages are: `/pay/<token>`, and the document's PDF at `/pay/<token>/pdf`. */
export const PAYMENT_PAGE_PATH = "/pay";

/** A token as the site makes it: 44 bytes in base64url, 59 characters. */
export const PAYMENT_TOKEN_PATTERN = /^[A-Za-z0-9_-]{59}$/;

/** The kinds a payment page is made for: a tax invoice and a pro-forma, the documents that ask to be paid. */
export function hasPaymentPage(document: Pick<IssuedDocument, "kind">): boolean {
  return document.kind === "tax-invoice" || document.kind === "proforma";
}

/** What the page shows of a document, live from the store. */
export interface PaymentPageView {
  document: IssuedDocument;
  /** The payments received against it (a tax invoice's; a pro-forma has none). */
  receivedPaise: number;
  /** What its credit notes took off (a tax invoice's). */
  creditedPaise: number;
  /** What it asks for now: a tax invoice's balance, a pro-forma's total. */
  balancePaise: number;
  /** The `upi://pay` link for the balance; null when paid or without a merchant UPI ID. */
  upiUri: string | null;
}

/**
 * The page a document has, or null for one that has none: a quotation or credit note, or a tax
 * invoice credited in full (cancelled: its link is revoked and answers as a wrong one does).
 */
export function paymentPageOf(account: {
  document: IssuedDocument;
  payments: RecordedPayment[];
  creditNotes: IssuedDocument[];
}): PaymentPageView | null {
  const { document } = account;
  if (!hasPaymentPage(document)) return null;
  if (document.kind === "proforma") {
    const total = document.totals.totalPaise;
    return {
      document,
      receivedPaise: 0,
      creditedPaise: 0,
      balancePaise: total,
      // The pro-forma's own link, as its PDF prints it ("Pro-forma <number>").
      upiUri: total > 0 ? document.upiUri : null,
    };
  }
  const creditedPaise = account.creditNotes
    .filter((note) => note.kind === "credit-note" && note.against?.number === document.number)
    .reduce((sum, note) => sum + note.totals.totalPaise, 0);
  if (creditedPaise >= document.totals.totalPaise) return null;
  const balance = balancePaise(document, account.payments, account.creditNotes);
  return {
    document,
    receivedPaise: document.totals.totalPaise - creditedPaise - balance,
    creditedPaise,
    balancePaise: balance,
    upiUri: balance > 0 ? reminderUpiUri(document, balance) : null,
  };
}

export interface PaymentPageWords {
  /** The page's title after the document's number: "Pay online". */
  title: string;
  billedTo: string;
  date: string;
  invoiceTotal: string;
  credited: string;
  received: string;
  balance: string;
  paidInFull: string;
  notTaxInvoice: string;
  payByUpi: string;
  scanWithAnyApp: string;
  /** The QR's text alternative: what it pays, to whom. */
  qrAlternative: (amount: string, payee: string) => string;
  payWithApp: string;
  payWithAppHint: string;
  upiId: string;
  upiIdHint: string;
  bankTransfer: string;
  accountName: string;
  accountNumber: string;
  ifsc: string;
  bankRemarks: (number: string) => string;
  download: string;
  questions: (phone: string, email: string) => string;
  gstin: string;
  otherLanguage: string;
  /** The answer to a link that is wrong, altered, revoked or erased. */
  notFoundTitle: string;
  notFoundText: string;
  notFoundLink: string;
  /** The document's PDF cannot be made at this moment. */
  busyTitle: string;
  busyText: string;
}

export const paymentPageWords: Readonly<Record<DocumentLanguage, PaymentPageWords>> = {
  en: {
    title: "Pay online",
    billedTo: "Billed to",
    date: "Date",
    invoiceTotal: "Amount",
    credited: "Credit notes",
    received: "Received so far",
    balance: "To pay now",
    paidInFull: "Paid in full, thank you",
    notTaxInvoice: "This is not a tax invoice: the tax invoice follows when the goods are dispatched.",
    payByUpi: "Pay by UPI",
    scanWithAnyApp: "Scan this code with any UPI app: the amount and the invoice number are filled in.",
    qrAlternative: (amount, payee) => `QR code to pay ${amount} to ${payee} by UPI`,
    payWithApp: "Pay with a UPI app",
    payWithAppHint: "On this phone: opens your UPI app with the amount filled in.",
    upiId: "Our UPI ID",
    upiIdHint: "Or pay to this UPI ID from your app, and write the invoice number in the note.",
    bankTransfer: "Pay by bank transfer",
    accountName: "Account name",
    accountNumber: "Account number",
    ifsc: "IFSC",
    bankRemarks: (number) => `Please write ${number} in the transfer's remarks.`,
    download: "Download the invoice (PDF)",
    questions: (phone, email) => `Questions about this invoice? Call ${phone} or write to ${email}.`,
    gstin: "GSTIN",
    otherLanguage: "हिन्दी में देखें",
    notFoundTitle: "This payment link does not work",
    notFoundText:
      "The link is not complete, or the invoice it was for is no longer open for payment. Please ask us for a new link.",
    notFoundLink: "Go to the home page",
    busyTitle: "The invoice cannot be made at this moment",
    busyText: "Please try again in a few seconds.",
  },
  hi: {
    title: "ऑनलाइन भुगतान",
    billedTo: "बिल प्राप्तकर्ता",
    date: "दिनांक",
    invoiceTotal: "राशि",
    credited: "क्रेडिट नोट",
    received: "अब तक मिला भुगतान",
    balance: "अभी देय",
    paidInFull: "पूरा भुगतान मिल गया, धन्यवाद",
    notTaxInvoice: "यह कर बीजक नहीं है: माल भेजने पर कर बीजक दिया जाएगा।",
    payByUpi: "UPI से भुगतान करें",
    scanWithAnyApp: "यह कोड किसी भी UPI ऐप से स्कैन करें: राशि और बीजक संख्या अपने-आप भर जाएँगी।",
    qrAlternative: (amount, payee) => `${payee} को UPI से ${amount} के भुगतान का QR कोड`,
    payWithApp: "UPI ऐप से भुगतान करें",
    payWithAppHint: "इसी फ़ोन पर: आपका UPI ऐप राशि भरकर खुलेगा।",
    upiId: "हमारी UPI ID",
    upiIdHint: "या अपने ऐप से इस UPI ID पर भुगतान करें, और नोट में बीजक संख्या लिखें।",
    bankTransfer: "बैंक ट्रांसफ़र से भुगतान करें",
    accountName: "खाते का नाम",
    accountNumber: "खाता संख्या",
    ifsc: "IFSC",
    bankRemarks: (number) => `कृपया ट्रांसफ़र के विवरण में ${number} लिखें।`,
    download: "बीजक डाउनलोड करें (PDF)",
    questions: (phone, email) => `इस बीजक के बारे में कोई प्रश्न? ${phone} पर कॉल करें या ${email} पर लिखें।`,
    gstin: "GSTIN",
    otherLanguage: "View in English",
    notFoundTitle: "यह भुगतान लिंक काम नहीं कर रहा",
    notFoundText:
      "लिंक पूरा नहीं है, या जिस बीजक के लिए यह था उसका भुगतान अब नहीं लिया जा रहा। कृपया हमसे नया लिंक माँगें।",
    notFoundLink: "होम पेज पर जाएँ",
    busyTitle: "बीजक अभी नहीं बन पा रहा",
    busyText: "कृपया कुछ सेकंड बाद फिर कोशिश करें।",
  },
};
