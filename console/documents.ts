/**
 * The console's side of an enquiry's documents and payments (the API's routes and answers are in
 * domain/invoice.ts): the body the issue form sends, where a refusal's field is shown, and how a
 * document's money is written for a member (paid, part paid, owed for how long). No React here, so
 * these are tested as plain values.
 */
import type {
  DocumentAddress,
  DocumentBuyer,
  DocumentKind,
  DocumentLanguage,
  IssuedDocument,
  RecordedPayment,
} from "../domain/invoice";
import { daysOwed, overdueBucket } from "../domain/accounts";
import { rupees } from "../domain/money";
import { istDate } from "../domain/working-hours";

/** What the issue and draft routes take. */
export interface DocumentBody {
  kind: DocumentKind;
  language: DocumentLanguage;
  buyer: DocumentBuyer;
  lines: { quantity: number; unitPricePaise: number | null; discountPaise: number }[];
  againstId?: string;
  reason?: string;
}

/** "₹1,499.00" for 149900 paise: the one way the console writes a document's money. */
export function paise(amount: number): string {
  return rupees(amount / 100);
}

/**
 * Rupees as a member types them ("1,499", "1499.5", "₹ 1,499.50") in whole paise; null for
 * anything else (more than two decimals, letters, nothing).
 */
export function paiseOf(typed: string): number | null {
  const bare = typed.replace(/[₹,\s]/g, "");
  if (!/^\d+(\.\d{1,2})?$/.test(bare)) return null;
  const [whole = "0", fraction = ""] = bare.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** The form's way of showing paise to edit: "1499.50", "1500". */
export function typedRupees(amount: number): string {
  return amount % 100 === 0 ? String(amount / 100) : (amount / 100).toFixed(2);
}

const dayMonthYear = new Intl.DateTimeFormat("en-IN", {
  timeZone: "UTC",
  day: "numeric",
  month: "short",
  year: "numeric",
});

/** "29 Nov 2026": a document's date (its IST day) or a payment's day ("2026-11-29"). */
export function documentDate(isoOrDay: string): string {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(isoOrDay) ? isoOrDay : istDate(new Date(isoOrDay));
  return dayMonthYear.format(new Date(`${day}T00:00:00Z`));
}

export type MoneyState =
  | { state: "paid"; words: string }
  | { state: "part-paid"; words: string }
  | { state: "owed"; words: string; late: boolean };

/**
 * How a tax invoice stands: "Paid" at a zero balance, "Credited" when credit notes alone brought it
 * to zero, "Refund due ₹…" when its credit notes came to more than it still asked for (a return
 * after payment), "Part paid" once some money came, else "Owed N days" since its date, late once
 * past the first bucket (domain/accounts.ts).
 */
export function moneyState(
  invoice: IssuedDocument,
  balancePaise: number,
  payments: readonly RecordedPayment[],
  now: Date,
): MoneyState {
  if (balancePaise < 0) return { state: "paid", words: `Refund due ${paise(-balancePaise)}` };
  if (balancePaise === 0) return { state: "paid", words: payments.length > 0 ? "Paid" : "Credited" };
  if (payments.length > 0) return { state: "part-paid", words: "Part paid" };
  const days = daysOwed(invoice, now);
  return {
    state: "owed",
    words: days === 0 ? "Owed since today" : `Owed ${days} ${days === 1 ? "day" : "days"}`,
    late: overdueBucket(invoice, now) !== "0-7",
  };
}

/** What the issue form holds while it is typed: text as typed, turned into the body once. */
export interface TypedAddress {
  line1: string;
  line2: string;
  city: string;
  stateCode: string;
  pin: string;
}

export interface TypedDocument {
  kind: DocumentKind;
  language: DocumentLanguage;
  name: string;
  billing: TypedAddress;
  /** The goods go elsewhere than the billing address. */
  shipElsewhere: boolean;
  shipping: TypedAddress;
  gstin: string;
  quantity: string;
  /** The discount on the line, in rupees as typed: empty for none. Absent in a form kept before it was asked. */
  discount?: string;
}

export const EMPTY_ADDRESS: TypedAddress = { line1: "", line2: "", city: "", stateCode: "", pin: "" };

function addressOf(typed: TypedAddress): DocumentAddress {
  return {
    lines: [typed.line1, typed.line2].map((line) => line.trim()).filter(Boolean),
    city: typed.city.trim(),
    stateCode: typed.stateCode,
    pin: typed.pin.replace(/\s+/g, ""),
  };
}

/**
 * The body of the draft and issue routes. The price is the price list's (null): the rules in
 * domain/gst.ts decide it, and take the discount off the line before tax. A quantity that is not
 * a whole number is sent as 0, a discount that is not rupees and paise as -1, so that the rules
 * name them.
 */
export function documentBody(
  typed: TypedDocument,
  contact: { email: string | null; mobile: string },
): DocumentBody {
  const quantity = /^\d+$/.test(typed.quantity.trim()) ? Number(typed.quantity.trim()) : 0;
  const gstin = typed.gstin.replace(/\s+/g, "").toUpperCase();
  const discountTyped = (typed.discount ?? "").trim();
  const discountPaise = discountTyped === "" ? 0 : (paiseOf(discountTyped) ?? -1);
  return {
    kind: typed.kind,
    language: typed.language,
    buyer: {
      name: typed.name.trim(),
      address: addressOf(typed.billing),
      shippingAddress: typed.shipElsewhere ? addressOf(typed.shipping) : null,
      gstin: gstin || null,
      email: contact.email || null,
      mobile: contact.mobile || null,
    },
    lines: [{ quantity, unitPricePaise: null, discountPaise }],
  };
}

/**
 * The form's input a refused field belongs to: the longest input name the field's path starts
 * with ("buyer.address.lines.0" → "buyer.address.lines"), or for a field wider than any input
 * ("buyer.address") its first; null when no input holds it (the company's own facts), so the
 * refusal is shown above the button instead.
 */
export function inputFor(field: string, inputs: readonly string[]): string | null {
  let best: string | null = null;
  for (const input of inputs) {
    const holds = field === input || field.startsWith(`${input}.`) || field.startsWith(`${input}[`);
    if (holds && (best === null || input.length > best.length)) best = input;
  }
  // A field wider than any input ("buyer.address"): its first input, in the form's order.
  return best ?? inputs.find((input) => input.startsWith(`${field}.`)) ?? null;
}

/** A new key for one click of an action that must happen once (issue, pay, send): a retry sends it again. */
export function newClickKey(): string {
  return crypto.randomUUID();
}
