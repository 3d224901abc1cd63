/**
 * What is owed and what the accountant gets: an invoice's balance, how overdue it is, the month's
 * GSTR-1 tables as the GST portal's offline tool imports them (CSV) and the month's vouchers as
 * Tally imports them (XML). No I/O; docs/invoices.md names the sources of each format.
 */
import { GST_STATE_CODES } from "./company-facts";
import { istDay } from "./gst";
import {
  OVERDUE_BUCKETS,
  TAX_RECORD_KINDS,
  type DocumentKind,
  type IssuedDocument,
  type OverdueBucket,
  type RecordedPayment,
  type Receivables,
} from "./invoice";

/**
 * The kinds the accountant's month holds, its GSTR-1 tables and Tally vouchers: the supplies, tax
 * invoices and credit notes (the tax records). Quotations and pro-formas are not supplies.
 */
export const ACCOUNTANT_KINDS: readonly DocumentKind[] = TAX_RECORD_KINDS;

/** What is still owed on a tax invoice: its total less the payments and the credit notes against it. */
export function balancePaise(
  invoice: IssuedDocument,
  payments: RecordedPayment[],
  creditNotes: IssuedDocument[],
): number {
  const paid = payments
    .filter((payment) => payment.documentId === invoice.id)
    .reduce((sum, payment) => sum + payment.amountPaise, 0);
  const credited = creditNotes
    .filter((note) => note.kind === "credit-note" && note.against?.number === invoice.number)
    .reduce((sum, note) => sum + note.totals.totalPaise, 0);
  return invoice.totals.totalPaise - paid - credited;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole IST calendar days from an invoice's date to `now`'s. */
export function daysOwed(invoice: IssuedDocument, now: Date): number {
  const from = Date.parse(istDay(new Date(invoice.issuedAt)));
  const to = Date.parse(istDay(now));
  return Math.max(0, Math.round((to - from) / DAY_MS));
}

/** 0–7 days since the invoice's date, 8–30, or over 30. */
export function overdueBucket(invoice: IssuedDocument, now: Date): OverdueBucket {
  const days = daysOwed(invoice, now);
  if (days <= 7) return "0-7";
  if (days <= 30) return "8-30";
  return "over-30";
}

/** A tax invoice as the store reads it with what reduces it (server/store/documents.ts: DocumentWithAccount). */
export interface InvoiceAccount {
  document: IssuedDocument;
  payments: RecordedPayment[];
  creditNotes: IssuedDocument[];
}

/**
 * What is owed, by age: the count and balance of each bucket (overdueBucket) and the invoices with
 * a balance, in the order given (the store's: oldest first). The receivables page, the owner's
 * digest and a buyer's history all read it from here.
 */
export function receivablesOf(accounts: readonly InvoiceAccount[], now: Date): Receivables {
  const answer: Receivables = {
    buckets: Object.fromEntries(
      OVERDUE_BUCKETS.map((bucket) => [bucket, { count: 0, balancePaise: 0 }]),
    ) as Receivables["buckets"],
    invoices: [],
  };
  for (const { document, payments, creditNotes } of accounts) {
    if (document.kind !== "tax-invoice") continue;
    const balance = balancePaise(document, payments, creditNotes);
    if (balance <= 0) continue;
    const bucket = overdueBucket(document, now);
    answer.buckets[bucket].count += 1;
    answer.buckets[bucket].balancePaise += balance;
    answer.invoices.push({
      id: document.id,
      enquiryId: document.enquiryId,
      number: document.number,
      issuedAt: document.issuedAt,
      buyerName: document.buyer.name,
      totalPaise: document.totals.totalPaise,
      balancePaise: balance,
      bucket,
      daysOwed: daysOwed(document, now),
    });
  }
  return answer;
}

/**
 * The GSTR-1 tables this company's supplies fall in, each a CSV the offline tool imports:
 * B2B (table 4), B2CL (table 5), B2CS (table 7), CDNR and CDNUR (table 9B), and the HSN summary
 * (table 12) in its two tabs since May 2025, supplies to registered buyers and to the others.
 */
export type Gstr1Section = "b2b" | "b2cl" | "b2cs" | "cdnr" | "cdnur" | "hsn-b2b" | "hsn-b2c";
export const GSTR1_SECTIONS: readonly Gstr1Section[] = [
  "b2b",
  "b2cl",
  "b2cs",
  "cdnr",
  "cdnur",
  "hsn-b2b",
  "hsn-b2c",
];

const HSN_COLUMNS = [
  "HSN",
  "Description",
  "UQC",
  "Total Quantity",
  "Total Value",
  "Rate",
  "Taxable Value",
  "Integrated Tax Amount",
  "Central Tax Amount",
  "State/UT Tax Amount",
  "Cess Amount",
] as const;

/**
 * The header rows of the GST portal's offline tool CSV templates (GSTR-1, the sections this
 * company's supplies fall in): docs/invoices.md says where they come from.
 */
export const GSTR1_COLUMNS: Readonly<Record<Gstr1Section, readonly string[]>> = {
  b2b: [
    "GSTIN/UIN of Recipient",
    "Receiver Name",
    "Invoice Number",
    "Invoice date",
    "Invoice Value",
    "Place Of Supply",
    "Reverse Charge",
    "Applicable % of Tax Rate",
    "Invoice Type",
    "E-Commerce GSTIN",
    "Rate",
    "Taxable Value",
    "Cess Amount",
  ],
  b2cl: [
    "Invoice Number",
    "Invoice date",
    "Invoice Value",
    "Place Of Supply",
    "Applicable % of Tax Rate",
    "Rate",
    "Taxable Value",
    "Cess Amount",
    "E-Commerce GSTIN",
  ],
  b2cs: [
    "Type",
    "Place Of Supply",
    "Applicable % of Tax Rate",
    "Rate",
    "Taxable Value",
    "Cess Amount",
    "E-Commerce GSTIN",
  ],
  cdnr: [
    "GSTIN/UIN of Recipient",
    "Receiver Name",
    "Note Number",
    "Note Date",
    "Note Type",
    "Place Of Supply",
    "Reverse Charge",
    "Note Supply Type",
    "Note Value",
    "Applicable % of Tax Rate",
    "Rate",
    "Taxable Value",
    "Cess Amount",
  ],
  cdnur: [
    "UR Type",
    "Note Number",
    "Note Date",
    "Note Type",
    "Place Of Supply",
    "Note Value",
    "Applicable % of Tax Rate",
    "Rate",
    "Taxable Value",
    "Cess Amount",
  ],
  "hsn-b2b": HSN_COLUMNS,
  "hsn-b2c": HSN_COLUMNS,
};

/**
 * An invoice to an unregistered buyer in another state above this value is B2C Large (table 5),
 * reported invoice by invoice, not in B2CS: ₹1,00,000 from 1 August 2024 (Notification
 * 12/2024–Central Tax of 10 July 2024, which lowered it from ₹2,50,000 in Rule 59(4) and the
 * form's table 5). "Above" is strictly more: an invoice of exactly ₹1,00,000 is B2CS.
 */
export const B2CL_THRESHOLD_PAISE = 10_000_000;

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** The offline tool's date, dd-MMM-yyyy: "05-Nov-2026". */
export function gstr1Date(iso: string): string {
  const [year, month, day] = istDay(new Date(iso)).split("-");
  return `${day}-${MONTHS[Number(month) - 1]}-${year}`;
}

/** "07-Delhi": the state code and the state's name, as the offline tool lists them. */
export function placeOfSupply(stateCode: string): string {
  return `${stateCode}-${GST_STATE_CODES[stateCode] ?? ""}`;
}

const rupeesText = (paise: number) => (paise / 100).toFixed(2);
const rateText = (basisPoints: number) => String(basisPoints / 100);

function csvCell(value: string): string {
  return /[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

function csv(section: Gstr1Section, rows: string[][]): string {
  return [GSTR1_COLUMNS[section], ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}

/** Whether a document falls in a month ("2026-11") by its IST date. */
function inMonth(doc: IssuedDocument, month: string): boolean {
  return istDay(new Date(doc.issuedAt)).startsWith(`${month}-`);
}

/** Which GSTR-1 table a tax invoice or credit note is reported in. */
export type Gstr1Table = "b2b" | "b2cl" | "b2cs" | "cdnr" | "cdnur";

/**
 * Where a tax invoice or a credit note goes in GSTR-1: a registered buyer's in B2B (a note in
 * CDNR); an unregistered buyer's inter-state invoice above ₹1,00,000 in B2CL (its notes in
 * CDNUR, type B2CL); every other unregistered buyer's in B2CS, its notes netted there. A credit
 * note is placed by its invoice's value, which it carries (`against.invoiceTotalPaise`); a note
 * issued before it carried one is placed by the invoice when `documents` holds it, else by itself.
 */
export function gstr1TableOf(doc: IssuedDocument, documents: readonly IssuedDocument[] = []): Gstr1Table {
  const note = doc.kind === "credit-note";
  if (doc.buyer.gstin !== null) return note ? "cdnr" : "b2b";
  const invoiceTotal = note
    ? (doc.against?.invoiceTotalPaise ??
      documents.find((each) => each.kind === "tax-invoice" && each.number === doc.against?.number)?.totals
        .totalPaise ??
      doc.totals.totalPaise)
    : doc.totals.totalPaise;
  const large = doc.interState && invoiceTotal > B2CL_THRESHOLD_PAISE;
  if (!large) return "b2cs";
  return note ? "cdnur" : "b2cl";
}

/** Each rate's taxable value in a document, in the order first seen. */
function byRate(doc: IssuedDocument): Map<number, number> {
  const rates = new Map<number, number>();
  for (const line of doc.lines)
    rates.set(line.rateBasisPoints, (rates.get(line.rateBasisPoints) ?? 0) + line.taxableValuePaise);
  return rates;
}

interface HsnRow {
  hsn: string;
  description: string;
  uqc: string;
  rate: number;
  quantity: number;
  total: number;
  taxable: number;
  igst: number;
  cgst: number;
  sgst: number;
}

/** Table 12's rows for some documents: one per code, unit and rate, a credit note netted. */
function hsnRows(documents: readonly IssuedDocument[]): string[][] {
  const sums = new Map<string, HsnRow>();
  for (const doc of documents) {
    const sign = doc.kind === "credit-note" ? -1 : 1;
    for (const line of doc.lines) {
      const key = `${line.hsn}|${line.uqc}|${line.rateBasisPoints}`;
      const entry = sums.get(key) ?? {
        hsn: line.hsn,
        description: line.description.en,
        uqc: line.uqc,
        rate: line.rateBasisPoints,
        quantity: 0,
        total: 0,
        taxable: 0,
        igst: 0,
        cgst: 0,
        sgst: 0,
      };
      entry.quantity += sign * line.quantity;
      entry.taxable += sign * line.taxableValuePaise;
      entry.igst += sign * line.igstPaise;
      entry.cgst += sign * line.cgstPaise;
      entry.sgst += sign * line.sgstPaise;
      entry.total += sign * (line.taxableValuePaise + line.igstPaise + line.cgstPaise + line.sgstPaise);
      sums.set(key, entry);
    }
  }
  return [...sums.values()].map((entry) => [
    entry.hsn,
    entry.description,
    uqcText(entry.uqc),
    String(entry.quantity),
    rupeesText(entry.total),
    rateText(entry.rate),
    rupeesText(entry.taxable),
    rupeesText(entry.igst),
    rupeesText(entry.cgst),
    rupeesText(entry.sgst),
    "0.00",
  ]);
}

/**
 * One GSTR-1 table of a month's tax invoices and credit notes, as the offline tool's CSV: B2B and
 * B2CL one row per invoice and rate; B2CS one row per place of supply and rate, net of the credit
 * notes reported there; CDNR and CDNUR one row per note and rate; the HSN tabs one row per code,
 * unit and rate, B2B for registered buyers' invoices and notes, B2C for the others', net of
 * credit notes. Quotations and pro-formas are not supplies and never appear.
 */
export function gstr1Csv(documents: IssuedDocument[], month: string, section: Gstr1Section): string {
  const monthDocs = documents.filter((doc) => ACCOUNTANT_KINDS.includes(doc.kind) && inMonth(doc, month));
  const inTable = (table: Gstr1Table) => monthDocs.filter((doc) => gstr1TableOf(doc, documents) === table);

  switch (section) {
    case "b2b":
      return csv(
        section,
        inTable("b2b").flatMap((doc) =>
          [...byRate(doc)].map(([rate, taxable]) => [
            doc.buyer.gstin ?? "",
            doc.buyer.name,
            doc.number,
            gstr1Date(doc.issuedAt),
            rupeesText(doc.totals.totalPaise),
            placeOfSupply(doc.placeOfSupply.stateCode),
            doc.reverseCharge ? "Y" : "N",
            "",
            "Regular B2B",
            "",
            rateText(rate),
            rupeesText(taxable),
            "0.00",
          ]),
        ),
      );
    case "b2cl":
      return csv(
        section,
        inTable("b2cl").flatMap((doc) =>
          [...byRate(doc)].map(([rate, taxable]) => [
            doc.number,
            gstr1Date(doc.issuedAt),
            rupeesText(doc.totals.totalPaise),
            placeOfSupply(doc.placeOfSupply.stateCode),
            "",
            rateText(rate),
            rupeesText(taxable),
            "0.00",
            "",
          ]),
        ),
      );
    case "b2cs": {
      const sums = new Map<string, { pos: string; rate: number; taxable: number }>();
      for (const doc of inTable("b2cs")) {
        const sign = doc.kind === "credit-note" ? -1 : 1;
        for (const [rate, taxable] of byRate(doc)) {
          const key = `${doc.placeOfSupply.stateCode}|${rate}`;
          const entry = sums.get(key) ?? { pos: doc.placeOfSupply.stateCode, rate, taxable: 0 };
          entry.taxable += sign * taxable;
          sums.set(key, entry);
        }
      }
      return csv(
        section,
        [...sums.values()]
          .sort((a, b) => a.pos.localeCompare(b.pos) || a.rate - b.rate)
          .map((entry) => [
            "OE",
            placeOfSupply(entry.pos),
            "",
            rateText(entry.rate),
            rupeesText(entry.taxable),
            "0.00",
            "",
          ]),
      );
    }
    case "cdnr":
      return csv(
        section,
        inTable("cdnr").flatMap((note) =>
          [...byRate(note)].map(([rate, taxable]) => [
            note.buyer.gstin ?? "",
            note.buyer.name,
            note.number,
            gstr1Date(note.issuedAt),
            "C",
            placeOfSupply(note.placeOfSupply.stateCode),
            note.reverseCharge ? "Y" : "N",
            "Regular B2B",
            rupeesText(note.totals.totalPaise),
            "",
            rateText(rate),
            rupeesText(taxable),
            "0.00",
          ]),
        ),
      );
    case "cdnur":
      return csv(
        section,
        inTable("cdnur").flatMap((note) =>
          [...byRate(note)].map(([rate, taxable]) => [
            "B2CL",
            note.number,
            gstr1Date(note.issuedAt),
            "C",
            placeOfSupply(note.placeOfSupply.stateCode),
            rupeesText(note.totals.totalPaise),
            "",
            rateText(rate),
            rupeesText(taxable),
            "0.00",
          ]),
        ),
      );
    case "hsn-b2b":
      return csv(section, hsnRows(monthDocs.filter((doc) => doc.buyer.gstin !== null)));
    case "hsn-b2c":
      return csv(section, hsnRows(monthDocs.filter((doc) => doc.buyer.gstin === null)));
  }
}

/** The offline tool's unit names: the code and its description. */
const UQC_NAMES: Readonly<Record<string, string>> = {
  PCS: "PIECES",
  NOS: "NUMBERS",
  BOX: "BOX",
  PAC: "PACKS",
  KGS: "KILOGRAMS",
  GMS: "GRAMMES",
};

function uqcText(uqc: string): string {
  const name = UQC_NAMES[uqc];
  return name ? `${uqc}-${name}` : uqc;
}

/** The ledgers the vouchers post to: the accountant creates them once in Tally under these names. */
export const TALLY_LEDGERS = {
  sales: "Sales",
  cgst: "Output CGST",
  sgst: "Output SGST",
  igst: "Output IGST",
  roundOff: "Round Off",
} as const;

function xml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/** Tally's amounts: a debit negative, a credit positive, in rupees. */
function tallyAmount(paise: number): string {
  return (paise / 100).toFixed(2);
}

function ledgerEntry(ledger: string, paise: number): string {
  // In Tally's XML a debit is "deemed positive" and carries a negative amount.
  const debit = paise < 0;
  return [
    "<ALLLEDGERENTRIES.LIST>",
    `<LEDGERNAME>${xml(ledger)}</LEDGERNAME>`,
    `<ISDEEMEDPOSITIVE>${debit ? "Yes" : "No"}</ISDEEMEDPOSITIVE>`,
    `<AMOUNT>${tallyAmount(paise)}</AMOUNT>`,
    "</ALLLEDGERENTRIES.LIST>",
  ].join("");
}

function voucher(doc: IssuedDocument): string {
  const sale = doc.kind === "tax-invoice";
  const type = sale ? "Sales" : "Credit Note";
  // A sale debits the buyer and credits sales and tax; a credit note the other way round.
  const sign = sale ? 1 : -1;
  const { totals } = doc;
  const entries = [
    ledgerEntry(doc.buyer.name, -sign * totals.totalPaise),
    ledgerEntry(TALLY_LEDGERS.sales, sign * totals.taxableValuePaise),
    totals.cgstPaise ? ledgerEntry(TALLY_LEDGERS.cgst, sign * totals.cgstPaise) : "",
    totals.sgstPaise ? ledgerEntry(TALLY_LEDGERS.sgst, sign * totals.sgstPaise) : "",
    totals.igstPaise ? ledgerEntry(TALLY_LEDGERS.igst, sign * totals.igstPaise) : "",
    totals.roundOffPaise ? ledgerEntry(TALLY_LEDGERS.roundOff, sign * totals.roundOffPaise) : "",
  ];
  // The discount is already off the sales ledger's amount (the taxable value): the narration says it.
  const discount = doc.lines.reduce((sum, line) => sum + line.discountPaise, 0);
  const narration = doc.against
    ? `Against ${doc.against.number}: ${doc.against.reason}`
    : `${doc.lines.reduce((sum, line) => sum + line.quantity, 0)} ${doc.lines[0]?.unit.en ?? ""}s, HSN ${doc.lines[0]?.hsn ?? ""}` +
      (discount > 0 ? `, less a discount of ${tallyAmount(discount)}` : "");
  return [
    "<TALLYMESSAGE>",
    `<VOUCHER VCHTYPE="${type}" ACTION="Create">`,
    `<DATE>${istDay(new Date(doc.issuedAt)).replace(/-/g, "")}</DATE>`,
    `<VOUCHERTYPENAME>${type}</VOUCHERTYPENAME>`,
    `<VOUCHERNUMBER>${xml(doc.number)}</VOUCHERNUMBER>`,
    `<REFERENCE>${xml(doc.against?.number ?? doc.number)}</REFERENCE>`,
    `<PARTYLEDGERNAME>${xml(doc.buyer.name)}</PARTYLEDGERNAME>`,
    `<PARTYNAME>${xml(doc.buyer.name)}</PARTYNAME>`,
    doc.buyer.gstin ? `<PARTYGSTIN>${doc.buyer.gstin}</PARTYGSTIN>` : "",
    `<GSTREGISTRATIONTYPE>${doc.buyer.gstin ? "Regular" : "Unregistered/Consumer"}</GSTREGISTRATIONTYPE>`,
    `<STATENAME>${xml(GST_STATE_CODES[doc.buyer.address.stateCode] ?? "")}</STATENAME>`,
    `<PLACEOFSUPPLY>${xml(doc.placeOfSupply.stateName)}</PLACEOFSUPPLY>`,
    `<NARRATION>${xml(narration)}</NARRATION>`,
    "<PERSISTEDVIEW>Accounting Voucher View</PERSISTEDVIEW>",
    ...entries,
    "</VOUCHER>",
    "</TALLYMESSAGE>",
  ]
    .filter(Boolean)
    .join("\n");
}

/**
 * The month's tax invoices as Sales vouchers and credit notes as Credit Note vouchers, in the XML
 * envelope Tally imports (Import Data, Vouchers): the party, the sales and GST ledgers and the
 * round-off, each amount as the document states it.
 */
export function tallyXml(documents: IssuedDocument[], month: string): string {
  const vouchers = documents
    .filter((doc) => ACCOUNTANT_KINDS.includes(doc.kind) && inMonth(doc, month))
    .sort((a, b) => a.issuedAt.localeCompare(b.issuedAt) || a.number.localeCompare(b.number))
    .map(voucher);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    "<ENVELOPE>",
    "<HEADER><TALLYREQUEST>Import Data</TALLYREQUEST></HEADER>",
    "<BODY>",
    "<IMPORTDATA>",
    "<REQUESTDESC><REPORTNAME>Vouchers</REPORTNAME></REQUESTDESC>",
    "<REQUESTDATA>",
    ...vouchers,
    "</REQUESTDATA>",
    "</IMPORTDATA>",
    "</BODY>",
    "</ENVELOPE>",
    "",
  ].join("\n");
}
