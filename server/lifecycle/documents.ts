/**
 * Documents and payments on an enquiry, decided once above the stores: which document may be
 * issued from an enquiry in its status, what a credit note may be against, whether a payment
 * fits the balance, and the enquiry's history line for each. The amounts and the tax are
 * domain/gst.ts's, the balance domain/accounts.ts's. No I/O.
 */
import { STATUS } from "../../domain/status";
import { enquiryReference, type ActivityEntry, type EnquiryStatus } from "../../domain/console";
import { rupees } from "../../domain/money";
import {
  DOCUMENT_KIND_LABELS,
  PAYMENT_METHOD_WORDS,
  type DocumentKind,
  type IssuedDocument,
  type RecordedPayment,
} from "../../domain/invoice";
import { balancePaise } from "../../domain/accounts";
import type { DocumentRefusal, DocumentWithAccount } from "../store/documents";
import type { HistoryLine } from "./plan";

/**
 * Why a document may not be issued from an enquiry now, or null when it may: a tax invoice only
 * once the sale is won (Confirmed or Fulfilled: the status table's `won`); a credit note only
 * against a tax invoice of the same enquiry, whatever the enquiry's status since (a parcel returned
 * to origin declines the sale, and its invoice is then closed by a credit note: decision 047).
 */
export function issueRefusal(
  kind: DocumentKind,
  enquiry: { id: string; status: EnquiryStatus },
  against: DocumentWithAccount | null,
): DocumentRefusal | null {
  if (kind === "tax-invoice" && !STATUS[enquiry.status].won) return "not-confirmed";
  if (kind === "credit-note") {
    if (!against || against.document.kind !== "tax-invoice" || against.document.enquiryId !== enquiry.id) {
      return "against-not-found";
    }
  }
  return null;
}

/**
 * A credit note against its invoice: the credit notes against one invoice together never come to
 * more than the invoice's value (its total), whatever has been paid (a return after payment is
 * credited and refunded, the invoice's balance then below zero). Refused with what can still be
 * credited. Decided from the invoice's account as read in the transaction that numbers the note,
 * so two notes at once are decided one after the other (docs/invoices.md).
 */
export function planCreditNote(
  against: DocumentWithAccount,
  creditNote: Pick<IssuedDocument, "totals">,
): { ok: true } | { ok: false; creditablePaise: number } {
  const credited = against.creditNotes
    .filter((note) => note.kind === "credit-note")
    .reduce((sum, note) => sum + note.totals.totalPaise, 0);
  const creditablePaise = Math.max(0, against.document.totals.totalPaise - credited);
  return creditNote.totals.totalPaise > creditablePaise ? { ok: false, creditablePaise } : { ok: true };
}

/**
 * The refusal of a credit note past its invoice's value: "The credit notes against SH/2627/T0001
 * would come to more than the invoice: ₹357.00 can still be credited."
 */
export function overCreditMessage(invoiceNumber: string, creditablePaise: number): string {
  return creditablePaise > 0
    ? `The credit notes against ${invoiceNumber} would come to more than the invoice: ${rupees(creditablePaise / 100)} can still be credited.`
    : `The credit notes against ${invoiceNumber} already come to its whole value: nothing more can be credited.`;
}

/** "Tax invoice CR/26-27/0001 issued: ₹12,390.00" */
export function issuedLine(document: IssuedDocument): HistoryLine {
  const against = document.against ? ` against ${document.against.number}` : "";
  return {
    kind: "deal",
    text: `${DOCUMENT_KIND_LABELS[document.kind]} ${document.number}${against} issued: ${rupees(document.totals.totalPaise / 100)}`,
  };
}

export type PaymentPlan =
  | { outcome: "recorded"; balancePaise: number; history: HistoryLine[] }
  | { outcome: "over-balance"; balancePaise: number }
  | { outcome: "not-an-invoice" };

/**
 * A payment against a document: only a tax invoice takes one, and never more than it still asks
 * for (its total less the payments and credit notes against it); part payments are welcome.
 */
export function planPayment(account: DocumentWithAccount, payment: RecordedPayment): PaymentPlan {
  if (account.document.kind !== "tax-invoice") return { outcome: "not-an-invoice" };
  const before = balancePaise(account.document, account.payments, account.creditNotes);
  if (payment.amountPaise > before) return { outcome: "over-balance", balancePaise: before };
  const after = balancePaise(account.document, [...account.payments, payment], account.creditNotes);
  return { outcome: "recorded", balancePaise: after, history: [paymentLine(account.document, payment)] };
}

/** "Payment ₹6,000.00 by UPI (ref 412345678901) against INV/26-27/0001" */
export function paymentLine(invoice: IssuedDocument, payment: RecordedPayment): HistoryLine {
  const reference = payment.reference ? ` (ref ${payment.reference})` : "";
  return {
    kind: "deal",
    text: `Payment ${rupees(payment.amountPaise / 100)} by ${PAYMENT_METHOD_WORDS[payment.method].inSentence}${reference} against ${invoice.number}`,
  };
}

/** "Tax invoice INV/26-27/0001 sent by e-mail" */
export function sentLine(document: IssuedDocument): HistoryLine {
  return { kind: "deal", text: `${DOCUMENT_KIND_LABELS[document.kind]} ${document.number} sent by e-mail` };
}

/** The activity log's entry of a change of a document: what was done, and the enquiry's document it names. */
export function documentActivity(
  action: "document-issued" | "payment-recorded" | "document-sent" | "payment-reminder-sent",
  document: IssuedDocument,
): Pick<ActivityEntry, "action" | "target"> {
  return { action, target: `${enquiryReference(document.enquiryId)}: ${document.number}` };
}
