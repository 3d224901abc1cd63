/**
 * The rules that turn a confirmed enquiry into a quotation, a pro-forma, a tax invoice or a credit
 * note: the financial year, the numbering, the price, GST by line and the round-off, every refusal
 * Rule 46 of the CGST Rules asks for, the amount in words and the UPI payment URI. No I/O: the
 * stores number and keep what `draftDocument` answers; docs/invoices.md says why each rule is so.
 */
import {
  GST_STATE_CODES,
  gstinProblem,
  HSN_PATTERN,
  type CompanyBilling,
  type CompanyFacts,
  type DatedRate,
} from "./company-facts";
import { QUANTITY_MAX, type BuyerType } from "./enquiry";
import type {
  DocumentAddress,
  DocumentBuyer,
  DocumentKind,
  DocumentLanguage,
  DocumentLine,
  DocumentTotals,
  FinancialYear,
  IssuedDocument,
  MissingField,
} from "./invoice";

/** India Standard Time, UTC+05:30 all year: a document's day and financial year are IST's. */
const IST_OFFSET_MS = 330 * 60 * 1000;

/** The IST calendar day of an instant, "2026-11-29". */
export function istDay(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The financial year (April to March, IST) an instant falls in: "2026-27". */
export function financialYearOf(at: Date): FinancialYear {
  const ist = new Date(at.getTime() + IST_OFFSET_MS);
  const year = ist.getUTCMonth() >= 3 ? ist.getUTCFullYear() : ist.getUTCFullYear() - 1;
  return `${year}-${String((year + 1) % 100).padStart(2, "0")}`;
}

/** The letter each kind's series carries in its numbers: a series per kind and financial year. */
export const SERIES_LETTER: Readonly<Record<DocumentKind, string>> = {
  "tax-invoice": "T",
  "credit-note": "C",
  proforma: "P",
  quotation: "Q",
};

/** Rule 46(b): at most 16 characters. */
export const DOCUMENT_NUMBER_MAX_LENGTH = 16;
/** The most documents of one kind in a financial year: five digits keep every number within 16. */
export const SEQUENCE_MAX = 99_999;

/**
 * A document's number: the company's prefix, the financial year's four digits, the kind's letter
 * and the sequence, "SH/2627/T0001": letters, digits and "/" only (Rule 46(b)), at most 16.
 */
export function documentNumber(
  facts: CompanyFacts,
  kind: DocumentKind,
  fy: FinancialYear,
  sequence: number,
): string {
  if (!Number.isInteger(sequence) || sequence < 1 || sequence > SEQUENCE_MAX) {
    throw new RangeError(`A document's sequence is a whole number from 1 to ${SEQUENCE_MAX}.`);
  }
  const match = /^(\d{2})(\d{2})-(\d{2})$/.exec(fy);
  if (!match) throw new RangeError(`${fy} is not a financial year such as 2026-27.`);
  return `${facts.billing.invoicePrefix}/${match[2]}${match[3]}/${SERIES_LETTER[kind]}${String(sequence).padStart(4, "0")}`;
}

/** The GST rate in force on an IST day, or null before the first. */
export function rateOn(rates: readonly DatedRate[], day: string): number | null {
  let rate: number | null = null;
  for (const entry of rates) if (entry.from <= day) rate = entry.rateBasisPoints;
  return rate;
}

/** Half up to whole paise: amount × numerator / denominator, all non-negative integers. */
function roundedShare(amount: number, numerator: number, denominator: number): number {
  return Math.floor((amount * numerator * 2 + denominator) / (denominator * 2));
}

/** The taxable value in a price that includes GST (an MRP): price × 100 / (100 + rate), half up. */
export function taxableFromInclusive(inclusivePaise: number, rateBasisPoints: number): number {
  return roundedShare(inclusivePaise, 10_000, 10_000 + rateBasisPoints);
}

/**
 * The price per sachet, exclusive of GST, that the company's facts give a buyer for a quantity: the
 * retailer price list for a retailer, else the own-use price (the MRP's taxable value), which is
 * also the price for a buyer whose type is not known (an enquiry started on WhatsApp).
 */
export function listPricePaise(
  billing: CompanyBilling,
  buyerType: BuyerType | null,
  quantity: number,
  rateBasisPoints: number,
): number {
  if (buyerType === "Retailer") {
    let price: number | null = null;
    for (const step of billing.retailerPrices) if (step.fromSachets <= quantity) price = step.pricePaise;
    if (price !== null) return price;
  }
  return taxableFromInclusive(billing.selfUsePricePaise, rateBasisPoints);
}

/**
 * GST on one line, per head, each rounded half up to the paisa: CGST and SGST each half the rate
 * within the supplier's state, IGST at the whole rate to another.
 */
export function lineTax(
  taxablePaise: number,
  rateBasisPoints: number,
  interState: boolean,
): { cgstPaise: number; sgstPaise: number; igstPaise: number } {
  if (interState)
    return { cgstPaise: 0, sgstPaise: 0, igstPaise: roundedShare(taxablePaise, rateBasisPoints, 10_000) };
  const half = roundedShare(taxablePaise, rateBasisPoints, 20_000);
  return { cgstPaise: half, sgstPaise: half, igstPaise: 0 };
}

/** The lines' sums, and the total rounded to the nearest rupee (50 paise up) with its round-off. */
export function documentTotals(lines: readonly DocumentLine[]): DocumentTotals {
  const sum = (pick: (line: DocumentLine) => number) => lines.reduce((total, line) => total + pick(line), 0);
  const taxableValuePaise = sum((line) => line.taxableValuePaise);
  const cgstPaise = sum((line) => line.cgstPaise);
  const sgstPaise = sum((line) => line.sgstPaise);
  const igstPaise = sum((line) => line.igstPaise);
  const exact = taxableValuePaise + cgstPaise + sgstPaise + igstPaise;
  const totalPaise = Math.floor((exact + 50) / 100) * 100;
  return {
    taxableValuePaise,
    cgstPaise,
    sgstPaise,
    igstPaise,
    roundOffPaise: totalPaise - exact,
    totalPaise,
  };
}

export interface DraftInput {
  kind: DocumentKind;
  at: Date;
  language: DocumentLanguage;
  facts: CompanyFacts;
  buyer: DocumentBuyer;
  /**
   * A retailer is priced by the list, a person by the self-use price; null when the enquiry does
   * not say (one started on WhatsApp), priced as a person.
   */
  buyerType: BuyerType | null;
  lines: {
    quantity: number;
    /** Per unit, exclusive of GST; null: the company's price for the buyer and quantity. */
    unitPricePaise: number | null;
    discountPaise: number;
  }[];
  /** A credit note's invoice and why it is issued. */
  against: IssuedDocument | null;
  reason: string | null;
  issuedBy: string;
}

export type Draft = Omit<
  IssuedDocument,
  "id" | "enquiryId" | "number" | "sequence" | "financialYear" | "upiUri"
>;

export const REASON_MAX_LENGTH = 200;
const PIN = /^[1-9]\d{5}$/;

function addressProblems(field: string, address: DocumentAddress, what: string): MissingField[] {
  const problems: MissingField[] = [];
  if (address.lines.every((line) => !line.trim()))
    problems.push({ field: `${field}.lines`, message: `Write the ${what}: building, street and area.` });
  if (!address.city.trim()) problems.push({ field: `${field}.city`, message: `Write the ${what}'s city.` });
  if (!PIN.test(address.pin))
    problems.push({
      field: `${field}.pin`,
      message: `The ${what}'s PIN code is six digits and does not start with 0.`,
    });
  if (!(address.stateCode in GST_STATE_CODES))
    problems.push({
      field: `${field}.stateCode`,
      message: `Choose the ${what}'s state: the place of supply needs it.`,
    });
  return problems;
}

/** The product as a document describes it, from the company's facts. */
export function productDescription(facts: CompanyFacts): { en: string; hi: string } {
  const grams = facts.product.sachetGrams.toLocaleString("en-IN");
  return {
    en: `${facts.shortName.en} collagen peptides, ${grams} g sachet (${facts.product.collagenSource.en})`,
    hi: `${facts.shortName.hi} कोलेजन पेप्टाइड, ${grams} ग्राम सैशे (${facts.product.collagenSource.hi})`,
  };
}

/**
 * A document's content, computed, or every field that keeps it from being issued, each named with
 * what to do. Nothing is numbered here: the store gives the number when it issues (`numbered`).
 */
export function draftDocument(
  input: DraftInput,
): { ok: true; draft: Draft } | { ok: false; missing: MissingField[] } {
  const { facts, buyer, kind } = input;
  const billing = facts.billing;
  const missing: MissingField[] = [];
  const add = (field: string, message: string) => missing.push({ field, message });

  if (facts.gstin === null)
    add("supplier.gstin", "Set the company's GSTIN on the Company page: a GST document states it.");
  else {
    const problem = gstinProblem(facts.gstin);
    if (problem) add("supplier.gstin", `The company's GSTIN on the Company page: ${problem}`);
  }
  if (!HSN_PATTERN.test(billing.hsn))
    add("hsn", "Set the product's HSN code (4, 6 or 8 digits) on the Company page.");
  const day = istDay(input.at);
  const againstLine = input.against?.lines[0] ?? null;
  const rate =
    kind === "credit-note" && againstLine ? againstLine.rateBasisPoints : rateOn(billing.gstRates, day);
  if (rate === null)
    add("rate", `No GST rate is in force on ${day}: add the rate and its date on the Company page.`);

  if (!buyer.name.trim()) add("buyer.name", "Write the buyer's name (the business's name for a retailer).");
  missing.push(...addressProblems("buyer.address", buyer.address, "billing address"));
  if (buyer.shippingAddress)
    missing.push(...addressProblems("buyer.shippingAddress", buyer.shippingAddress, "delivery address"));
  if (buyer.gstin !== null) {
    const problem = gstinProblem(buyer.gstin);
    if (problem) add("buyer.gstin", problem);
    else if (
      buyer.gstin.slice(0, 2) !== buyer.address.stateCode &&
      buyer.address.stateCode in GST_STATE_CODES
    )
      add(
        "buyer.gstin",
        `This GSTIN is registered in ${GST_STATE_CODES[buyer.gstin.slice(0, 2)]}, but the billing address is in ${GST_STATE_CODES[buyer.address.stateCode]}: use the GSTIN of the state billed.`,
      );
  }

  if (kind === "credit-note") {
    if (!input.against) add("against", "Choose the tax invoice this credit note is against.");
    else if (input.against.kind !== "tax-invoice")
      add("against", "A credit note is issued against a tax invoice.");
    const reason = input.reason?.trim() ?? "";
    if (!reason)
      add("reason", "Say why the credit note is issued (a return, a damaged pack, a price corrected).");
    else if (reason.length > REASON_MAX_LENGTH)
      add("reason", `Keep the reason within ${REASON_MAX_LENGTH} characters.`);
  }

  if (input.lines.length === 0) add("lines", "Add at least one line with its quantity.");
  input.lines.forEach((line, index) => {
    const at = `lines.${index}`;
    if (!Number.isInteger(line.quantity) || line.quantity < 1 || line.quantity > QUANTITY_MAX)
      add(
        `${at}.quantity`,
        `Give the quantity in ${billing.unitOfSale.en}s, a whole number from 1 to ${QUANTITY_MAX.toLocaleString("en-IN")}.`,
      );
    if (line.unitPricePaise !== null && (!Number.isInteger(line.unitPricePaise) || line.unitPricePaise <= 0))
      add(
        `${at}.unitPricePaise`,
        "Give the price per unit in rupees and paise, more than ₹0, or leave it to the price list.",
      );
    if (!Number.isInteger(line.discountPaise) || line.discountPaise < 0)
      add(`${at}.discountPaise`, "Give the discount in rupees and paise, ₹0 or more.");
  });
  if (missing.length > 0) return { ok: false, missing };

  const supplierState = facts.registeredAddress.gstStateCode;
  const placeCode = (buyer.shippingAddress ?? buyer.address).stateCode;
  const interState = (facts.gstin ?? "").slice(0, 2) !== placeCode;
  const rateBasisPoints = rate ?? 0;
  const description = productDescription(facts);
  const lines: DocumentLine[] = [];
  input.lines.forEach((line, index) => {
    const unitPricePaise =
      line.unitPricePaise ??
      (kind === "credit-note" && againstLine
        ? againstLine.unitPricePaise
        : listPricePaise(billing, input.buyerType, line.quantity, rateBasisPoints));
    const gross = line.quantity * unitPricePaise;
    if (line.discountPaise > gross) {
      add(`lines.${index}.discountPaise`, "The discount cannot be more than the line's value.");
      return;
    }
    const taxableValuePaise = gross - line.discountPaise;
    lines.push({
      description,
      hsn: kind === "credit-note" && againstLine ? againstLine.hsn : billing.hsn,
      quantity: line.quantity,
      unit: billing.unitOfSale,
      uqc: billing.uqc,
      unitPricePaise,
      discountPaise: line.discountPaise,
      taxableValuePaise,
      rateBasisPoints,
      ...lineTax(taxableValuePaise, rateBasisPoints, interState),
    });
  });
  const totals = documentTotals(lines);
  if (kind === "credit-note" && input.against) {
    const invoiced = input.against.lines.reduce((sum, line) => sum + line.quantity, 0);
    const credited = lines.reduce((sum, line) => sum + line.quantity, 0);
    if (credited > invoiced)
      add(
        "lines",
        `The invoice ${input.against.number} was for ${invoiced} ${billing.unitOfSale.en}s: a credit note cannot return more.`,
      );
    if (totals.taxableValuePaise > input.against.totals.taxableValuePaise)
      add(
        "lines",
        `The invoice ${input.against.number}'s taxable value was less: a credit note cannot credit more than was invoiced.`,
      );
  }
  if (missing.length > 0) return { ok: false, missing };

  const address = facts.registeredAddress;
  return {
    ok: true,
    draft: {
      kind,
      issuedAt: input.at.toISOString(),
      language: input.language,
      supplier: {
        legalName: facts.legalName,
        address: {
          lines: [address.street, address.locality],
          city: address.city,
          state: address.state,
          stateCode: supplierState,
          pin: address.pin,
        },
        gstin: facts.gstin ?? "",
        fssaiLicence: facts.fssaiLicence,
        phone: facts.phone,
        email: facts.email.care,
        merchantUpiId: billing.merchantUpiId,
        signatory: billing.signatory,
        bankAccount: billing.bankAccount,
      },
      buyer: { ...buyer, name: buyer.name.trim() },
      placeOfSupply: { stateCode: placeCode, stateName: GST_STATE_CODES[placeCode] ?? placeCode },
      interState,
      // Goods sold by a registered supplier: GST is the supplier's to pay, never the buyer's.
      reverseCharge: false,
      lines,
      totals,
      against:
        kind === "credit-note" && input.against
          ? {
              number: input.against.number,
              issuedAt: input.against.issuedAt,
              reason: (input.reason ?? "").trim(),
              invoiceTotalPaise: input.against.totals.totalPaise,
            }
          : null,
      issuedBy: input.issuedBy,
    },
  };
}

/**
 * A credit note's line for `quantity` sachets returned from an invoice: the invoice's price, and
 * its discount in proportion to the sachets returned (half up to the paisa), so that returning
 * every sachet credits exactly what was invoiced.
 */
export function creditNoteLine(
  invoice: IssuedDocument,
  quantity: number,
): { quantity: number; unitPricePaise: number; discountPaise: number } {
  const line = invoice.lines[0];
  const invoiced = line?.quantity ?? 0;
  const discountPaise =
    line && invoiced > 0 && line.discountPaise > 0
      ? roundedShare(line.discountPaise, Math.min(quantity, invoiced), invoiced)
      : 0;
  return { quantity, unitPricePaise: line?.unitPricePaise ?? 0, discountPaise };
}

/**
 * A credit note that takes back the last of an invoice's sachets, its earlier notes having taken
 * back the rest at the invoice's price: what the invoice still holds, to the paisa, so that the
 * notes together credit exactly what the invoice charged. Each note rounds its own tax to the paisa
 * and its total to the rupee, so returns in parts would otherwise come to a rupee or two more or
 * less than the invoice (15 + 15 of 30 sachets: ₹1,500 against ₹1,499), leaving the last refused
 * or the buyer short. Its line keeps the quantity and price; its discount, taxable value and tax
 * are the invoice's less the earlier notes', and its round-off brings its total to what remains.
 * Any other note (a part, a price corrected, more than one line) is answered as drafted.
 */
export function lastReturnCredit(
  draft: Draft,
  invoice: IssuedDocument,
  earlier: readonly IssuedDocument[],
): Draft {
  const [line, ...more] = draft.lines;
  const [invoiced, ...moreInvoiced] = invoice.lines;
  if (draft.kind !== "credit-note" || !line || more.length > 0 || !invoiced || moreInvoiced.length > 0)
    return draft;
  const returns = earlier.filter((note) => note.kind === "credit-note");
  const atPrice = (candidate: DocumentLine) =>
    candidate.unitPricePaise === invoiced.unitPricePaise &&
    candidate.rateBasisPoints === invoiced.rateBasisPoints;
  if (!atPrice(line) || !returns.every((note) => note.lines.length === 1 && note.lines.every(atPrice)))
    return draft;
  const before = (pick: (earlierLine: DocumentLine) => number) =>
    returns.reduce(
      (sum, note) => sum + note.lines.reduce((total, earlierLine) => total + pick(earlierLine), 0),
      0,
    );
  if (before((earlierLine) => earlierLine.quantity) + line.quantity !== invoiced.quantity) return draft;
  const rest = (pick: (any: DocumentLine) => number) => pick(invoiced) - before(pick);
  const last: DocumentLine = {
    ...line,
    discountPaise: rest((any) => any.discountPaise),
    taxableValuePaise: rest((any) => any.taxableValuePaise),
    cgstPaise: rest((any) => any.cgstPaise),
    sgstPaise: rest((any) => any.sgstPaise),
    igstPaise: rest((any) => any.igstPaise),
  };
  if (
    [last.discountPaise, last.taxableValuePaise, last.cgstPaise, last.sgstPaise, last.igstPaise].some(
      (v) => v < 0,
    )
  )
    return draft;
  const totals = documentTotals([last]);
  const totalPaise =
    invoice.totals.totalPaise - returns.reduce((sum, note) => sum + note.totals.totalPaise, 0);
  const exact = totals.totalPaise - totals.roundOffPaise;
  return { ...draft, lines: [last], totals: { ...totals, roundOffPaise: totalPaise - exact, totalPaise } };
}

/** The UPI URI a document asks payment with: tax invoices and pro-formas, when the company has a merchant UPI ID. */
export function documentUpiUri(doc: Omit<IssuedDocument, "upiUri">): string | null {
  if (doc.kind !== "tax-invoice" && doc.kind !== "proforma") return null;
  if (!doc.supplier.merchantUpiId) return null;
  return upiUri({
    pa: doc.supplier.merchantUpiId,
    pn: doc.supplier.legalName.en,
    amountPaise: doc.totals.totalPaise,
    tn: `${doc.kind === "proforma" ? "Pro-forma" : "Invoice"} ${doc.number}`,
    tr: doc.number,
  });
}

/** The issued document: the draft with the number the store gave it, and its UPI URI. */
export function numbered(
  draft: Draft,
  n: { id: string; enquiryId: string; number: string; sequence: number; financialYear: FinancialYear },
): IssuedDocument {
  const doc = { ...draft, ...n };
  return { ...doc, upiUri: documentUpiUri(doc) };
}

/** A UPI URI's value: percent-encoded as RFC 3986 asks (a space is %20), the VPA's "@" kept as UPI apps read it. */
function upiValue(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * The `upi://pay` URI of NPCI's UPI linking specification: the payee's VPA, name, the amount in
 * rupees with two places, INR, a note and the transaction reference (the invoice number).
 */
export function upiUri(p: { pa: string; pn: string; amountPaise: number; tn: string; tr: string }): string {
  const am = `${Math.floor(p.amountPaise / 100)}.${String(p.amountPaise % 100).padStart(2, "0")}`;
  const pa = upiValue(p.pa).replace(/%40/g, "@");
  return `upi://pay?pa=${pa}&pn=${upiValue(p.pn)}&am=${am}&cu=INR&tn=${upiValue(p.tn)}&tr=${upiValue(p.tr)}`;
}

const EN_UNITS = [
  "Zero",
  "One",
  "Two",
  "Three",
  "Four",
  "Five",
  "Six",
  "Seven",
  "Eight",
  "Nine",
  "Ten",
  "Eleven",
  "Twelve",
  "Thirteen",
  "Fourteen",
  "Fifteen",
  "Sixteen",
  "Seventeen",
  "Eighteen",
  "Nineteen",
];
const EN_TENS = ["", "", "Twenty", "Thirty", "Forty", "Fifty", "Sixty", "Seventy", "Eighty", "Ninety"];

/** Hindi has a word of its own for each number to 99. */
const HI_TO_99 = [
  "शून्य",
  "एक",
  "दो",
  "तीन",
  "चार",
  "पाँच",
  "छह",
  "सात",
  "आठ",
  "नौ",
  "दस",
  "ग्यारह",
  "बारह",
  "तेरह",
  "चौदह",
  "पंद्रह",
  "सोलह",
  "सत्रह",
  "अठारह",
  "उन्नीस",
  "बीस",
  "इक्कीस",
  "बाईस",
  "तेईस",
  "चौबीस",
  "पच्चीस",
  "छब्बीस",
  "सत्ताईस",
  "अट्ठाईस",
  "उनतीस",
  "तीस",
  "इकतीस",
  "बत्तीस",
  "तैंतीस",
  "चौंतीस",
  "पैंतीस",
  "छत्तीस",
  "सैंतीस",
  "अड़तीस",
  "उनतालीस",
  "चालीस",
  "इकतालीस",
  "बयालीस",
  "तैंतालीस",
  "चवालीस",
  "पैंतालीस",
  "छियालीस",
  "सैंतालीस",
  "अड़तालीस",
  "उनचास",
  "पचास",
  "इक्यावन",
  "बावन",
  "तिरपन",
  "चौवन",
  "पचपन",
  "छप्पन",
  "सत्तावन",
  "अट्ठावन",
  "उनसठ",
  "साठ",
  "इकसठ",
  "बासठ",
  "तिरसठ",
  "चौंसठ",
  "पैंसठ",
  "छियासठ",
  "सड़सठ",
  "अड़सठ",
  "उनहत्तर",
  "सत्तर",
  "इकहत्तर",
  "बहत्तर",
  "तिहत्तर",
  "चौहत्तर",
  "पचहत्तर",
  "छिहत्तर",
  "सतहत्तर",
  "अठहत्तर",
  "उन्यासी",
  "अस्सी",
  "इक्यासी",
  "बयासी",
  "तिरासी",
  "चौरासी",
  "पचासी",
  "छियासी",
  "सत्तासी",
  "अट्ठासी",
  "नवासी",
  "नब्बे",
  "इक्यानवे",
  "बानवे",
  "तिरानवे",
  "चौरानवे",
  "पचानवे",
  "छियानवे",
  "सत्तानवे",
  "अट्ठानवे",
  "निन्यानवे",
];

function below100(n: number, language: DocumentLanguage): string {
  if (language === "hi") return HI_TO_99[n] ?? "";
  if (n < 20) return EN_UNITS[n] ?? "";
  const tens = EN_TENS[Math.floor(n / 10)] ?? "";
  return n % 10 === 0 ? tens : `${tens}-${EN_UNITS[n % 10]}`;
}

const SCALE = {
  en: { hundred: "Hundred", thousand: "Thousand", lakh: "Lakh", crore: "Crore" },
  hi: { hundred: "सौ", thousand: "हज़ार", lakh: "लाख", crore: "करोड़" },
} as const;

/** A whole number in words, grouped the Indian way: crore, lakh, thousand, hundred. */
export function numberInWords(n: number, language: DocumentLanguage): string {
  if (n === 0) return below100(0, language);
  const words: string[] = [];
  const scale = SCALE[language];
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1_000);
  const hundred = Math.floor((n % 1_000) / 100);
  const rest = n % 100;
  if (crore > 0) words.push(numberInWords(crore, language), scale.crore);
  if (lakh > 0) words.push(below100(lakh, language), scale.lakh);
  if (thousand > 0) words.push(below100(thousand, language), scale.thousand);
  if (hundred > 0) words.push(below100(hundred, language), scale.hundred);
  if (rest > 0) words.push(below100(rest, language));
  return words.join(" ");
}

/**
 * An amount as an invoice writes it in words: "Rupees One Lakh Twenty-Three Thousand Four Hundred
 * Fifty-Six and Fifty Paise Only", "रुपये एक लाख तेईस हज़ार चार सौ छप्पन और पचास पैसे मात्र".
 */
export function amountInWords(paise: number, language: DocumentLanguage): string {
  const rupees = Math.floor(Math.abs(paise) / 100);
  const rest = Math.abs(paise) % 100;
  const rupeeWords = numberInWords(rupees, language);
  if (language === "hi") {
    return rest > 0 ? `रुपये ${rupeeWords} और ${below100(rest, "hi")} पैसे मात्र` : `रुपये ${rupeeWords} मात्र`;
  }
  return rest > 0
    ? `Rupees ${rupeeWords} and ${below100(rest, "en")} Paise Only`
    : `Rupees ${rupeeWords} Only`;
}
