/** The console's wording for documents, payments and the accountant's page. */
import {
  DOCUMENT_KIND_LABELS as documentKindLabels,
  PAYMENT_METHOD_WORDS,
  type DocumentKind,
  type DocumentLanguage,
  type OverdueBucket,
  type PaymentMethod,
} from "../domain/invoice";

export { documentKindLabels };

export const documentLanguageLabels: Record<DocumentLanguage, string> = {
  en: "English",
  hi: "Hindi (हिन्दी)",
};

export const documentsText = {
  heading: "Documents",
  none: "No document issued yet.",
  issueHeading: "Issue",
  issue: (kind: DocumentKind) => `Issue ${documentKindLabels[kind].toLowerCase()}`,
  taxInvoiceAfterConfirmed: "A tax invoice is issued once the sale is Confirmed.",
  form: {
    kind: "Document",
    language: "Buyer's language",
    languageHint: "An English copy is always made too.",
    name: "Buyer's name",
    billing: "Billing address",
    line1: "Building and street",
    line2: "Area (optional)",
    city: "City",
    state: "State",
    chooseState: "Choose a state…",
    pin: "PIN code",
    gstin: "Buyer's GSTIN (registered buyers only)",
    gstinHint: "Leave empty for a buyer not registered for GST.",
    shipElsewhere: "Ship to a different address",
    shipping: "Shipping address",
    quantity: "Sachets",
    discount: "Discount (₹, optional)",
    discountHint: "Taken off the line before GST: the invoice shows the taxable value after it.",
    issue: "Issue",
    issuing: "Issuing…",
    cancel: "Cancel",
    prefilled: "Filled in from the enquiry and its deal: check, add what is missing.",
    refused: "Not issued: put right the fields marked above.",
  },
  preview: {
    heading: "Totals",
    waiting: "Working out the totals…",
    incomplete: (count: number) =>
      count === 1
        ? "One field is still needed before the totals."
        : `${count} fields are still needed before the totals.`,
    discount: "Discount",
    taxable: "Taxable value",
    cgst: (rate: string) => `CGST ${rate}`,
    sgst: (rate: string) => `SGST ${rate}`,
    igst: (rate: string) => `IGST ${rate}`,
    roundOff: "Round-off",
    total: "Total",
    placeOfSupply: (state: string, code: string) => `Place of supply: ${state} (${code})`,
  },
  issued: (kind: DocumentKind, number: string) => `${documentKindLabels[kind]} ${number} issued.`,
  list: {
    caption: "Documents issued for this enquiry",
    number: "Number",
    date: "Date",
    total: "Total",
    balance: "Balance",
    pdf: (language: DocumentLanguage) => `PDF, ${documentLanguageLabels[language]}`,
    /** A button's or a link's name: its visible words first (WCAG 2.5.3), then the document's number. */
    of: (visible: string, number: string) => `${visible}, ${number}`,
    allCopies: "Three copies to print",
    sendEmail: "Send by e-mail",
    sendWhatsApp: "Send on WhatsApp",
    queued: (number: string, channel: "email" | "whatsapp") =>
      `${number} is on its way ${channel === "email" ? "by e-mail" : "on WhatsApp"}.`,
    remindEmail: "Send reminder by e-mail",
    remindWhatsApp: "Send reminder on WhatsApp",
    reminderQueued: (number: string, channel: "email" | "whatsapp") =>
      `A payment reminder for ${number} is on its way ${channel === "email" ? "by e-mail" : "on WhatsApp"}.`,
    recordPayment: "Record a payment",
    creditNote: "Credit note",
    against: (number: string) => `Against ${number}`,
    payments: "Payments",
  },
} as const;

export const paymentText = {
  heading: (number: string) => `Payment against ${number}`,
  amount: "Amount received (₹)",
  amountHint: (balance: string) => `Still owed: ${balance}.`,
  method: "How it was paid",
  reference: "Reference",
  referenceHint: {
    upi: "The 12-digit UPI reference (UTR) from the buyer's or the bank's screen.",
    "bank-transfer": "The bank's UTR for the transfer.",
    "cash-on-delivery": "The courier's remittance id, if any.",
  } satisfies Record<PaymentMethod, string>,
  receivedOn: "Date received",
  save: "Record payment",
  saving: "Recording…",
  cancel: "Cancel",
  amountInvalid: "Enter the amount in rupees, with at most two digits of paise.",
  recorded: (amount: string, balance: string) => `Payment of ${amount} recorded; ${balance} still owed.`,
  recordedPaid: (amount: string) => `Payment of ${amount} recorded; the invoice is paid.`,
  line: (amount: string, method: PaymentMethod, on: string, reference: string | null) =>
    `${amount} by ${PAYMENT_METHOD_WORDS[method].label} on ${on}${reference ? ` (ref ${reference})` : ""}`,
} as const;

export const creditNoteText = {
  heading: (number: string) => `Credit note against ${number}`,
  quantity: "Sachets returned",
  reason: "Reason for the return",
  issue: "Issue credit note",
  issuing: "Issuing…",
  cancel: "Cancel",
  quantityInvalid: (most: number) => `Enter the sachets returned: a whole number from 1 to ${most}.`,
  reasonRequired: "Say why the goods came back.",
} as const;

export const bucketLabels: Record<OverdueBucket, string> = {
  "0-7": "0–7 days",
  "8-30": "8–30 days",
  "over-30": "Over 30 days",
};

export const accountsText = {
  title: "Accounts",
  nav: "Accounts",
  receivables: "Owed to the company",
  receivablesNote: "Tax invoices not yet paid in full, by days since their date.",
  age: "Days since the invoice",
  count: "Invoices",
  amount: "Owed",
  owedHeading: "Invoices owed",
  noneOwed: "Every invoice is paid.",
  invoice: "Invoice",
  buyer: "Buyer",
  date: "Date",
  total: "Total",
  balance: "Balance",
  filesHeading: "The month's files for the accountant",
  filesNote:
    "GSTR-1 sections as the GST portal's offline tool takes them, and the month's vouchers for Tally.",
  filesOwners: "The month's GSTR-1 and Tally files are downloaded by an owner of the console.",
  month: "Month",
  gstr1Sections: {
    b2b: "B2B invoices (registered buyers)",
    b2cl: "B2C large (unregistered buyers in another state, above ₹1,00,000)",
    b2cs: "B2C small (other unregistered buyers, by state and rate)",
    cdnr: "Credit notes, registered buyers",
    cdnur: "Credit notes against B2C large invoices",
    "hsn-b2b": "HSN summary, B2B tab",
    "hsn-b2c": "HSN summary, B2C tab",
  },
  tally: "Tally XML (sales and credit note vouchers)",
  download: (what: string) => `Download ${what}`,
  dashboardTile: "Owed to the company",
  dashboardNote: (count: number, late: string) =>
    `${count} ${count === 1 ? "invoice" : "invoices"}; ${late} over 30 days`,
} as const;
