/**
 * What is owed and what the accountant gets: an invoice's balance, how overdue it is, the month's
 * GSTR-1 tables as the GST portal's offline tool imports them (CSV) and the month's vouchers as
 * Tally imports them (XML). No I/O; docs/invoices.md names the sources of each format.
 */
import { GST_STATE_CODES } from "./company-facts";
import { istDay } from "./gst";
import {
  OVERDUE_BUCKETS,
  type IssuedDocument,
  type OverdueBucket,
  type RecordedPayment,
  type Receivables,
} from "./invoice";

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

export type Gstr1Section = "b2b" | "b2cs" | "hsn" | "cdnr" | "cdnur";
export const GSTR1_SECTIONS: readonly Gstr1Section[] = ["b2b", "b2cs", "hsn", "cdnr", "cdnur"];

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
  b2cs: [
    "Type",
    "Place Of Supply",
    "Applicable % of Tax Rate",
    "Rate",
    "Taxable Value",
    "Cess Amount",
    "E-Commerce GSTIN",
  ],
  hsn: [
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
};

/**
 * An invoice to an unregistered buyer in another state above this value is B2C Large (table 5),
 * reported invoice by invoice, not in B2CS: ₹1,00,000 from 1 August 2024 (Rule 59(4) as amended by
 * Notification 12/2024–Central Tax).
 */
export const B2CL_THRESHOLD_PAISE = 10_000_000;

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** The offline tool's date: "05-Nov-26". */
export function gstr1Date(iso: string): string {
  const [year, month, day] = istDay(new Date(iso)).split("-");
  return `${day}-${MONTHS[Number(month) - 1]}-${(year ?? "").slice(2)}`;
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

const isB2cl = (doc: IssuedDocument, invoiceTotalPaise: number) =>
  doc.buyer.gstin === null && doc.interState && invoiceTotalPaise > B2CL_THRESHOLD_PAISE;

/** Each rate's taxable value in a document, in the order first seen. */
function byRate(doc: IssuedDocument): Map<number, number> {
  const rates = new Map<number, number>();
  for (const line of doc.lines)
    rates.set(line.rateBasisPoints, (rates.get(line.rateBasisPoints) ?? 0) + line.taxableValuePaise);
  return rates;
}

/**
 * One GSTR-1 table of a month's tax invoices and credit notes, as the offline tool's CSV: B2B one
 * row per invoice and rate; B2CS one row per place of supply and rate, net of the credit notes to
 * unregistered buyers; HSN one row per code, unit and rate, net of credit notes; CDNR and CDNUR one
 * row per note and rate. Quotations and pro-formas are not supplies and never appear.
 */
export function gstr1Csv(documents: IssuedDocument[], month: string, section: Gstr1Section): string {
  const monthDocs = documents.filter((doc) => inMonth(doc, month));
  const invoices = monthDocs.filter((doc) => doc.kind === "tax-invoice");
  const notes = monthDocs.filter((doc) => doc.kind === "credit-note");
  // A credit note is placed by its original invoice's total; the note carries only the number, so
  // look the invoice up when the list holds it, else judge by the note itself.
  const invoiceTotal = (note: IssuedDocument) =>
    documents.find((doc) => doc.kind === "tax-invoice" && doc.number === note.against?.number)?.totals
      .totalPaise ?? note.totals.totalPaise;

  switch (section) {
    case "b2b":
      return csv(
        section,
        invoices
          .filter((doc) => doc.buyer.gstin !== null)
          .flatMap((doc) =>
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
    case "b2cs": {
      const sums = new Map<string, { pos: string; rate: number; taxable: number }>();
      const add = (doc: IssuedDocument, sign: 1 | -1) => {
        for (const [rate, taxable] of byRate(doc)) {
          const key = `${doc.placeOfSupply.stateCode}|${rate}`;
          const entry = sums.get(key) ?? { pos: doc.placeOfSupply.stateCode, rate, taxable: 0 };
          entry.taxable += sign * taxable;
          sums.set(key, entry);
        }
      };
      for (const doc of invoices)
        if (doc.buyer.gstin === null && !isB2cl(doc, doc.totals.totalPaise)) add(doc, 1);
      for (const note of notes)
        if (note.buyer.gstin === null && !isB2cl(note, invoiceTotal(note))) add(note, -1);
      return csv(
        section,
        [...sums.values()].map((entry) => [
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
    case "hsn": {
      const sums = new Map<
        string,
        {
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
      >();
      for (const doc of [...invoices, ...notes]) {
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
      return csv(
        section,
        [...sums.values()].map((entry) => [
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
        ]),
      );
    }
    case "cdnr":
      return csv(
        section,
        notes
          .filter((note) => note.buyer.gstin !== null)
          .flatMap((note) =>
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
        notes
          .filter((note) => isB2cl(note, invoiceTotal(note)))
          .flatMap((note) =>
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
  const narration = doc.against
    ? `Against ${doc.against.number}: ${doc.against.reason}`
    : `${doc.lines.reduce((sum, line) => sum + line.quantity, 0)} ${doc.lines[0]?.unit.en ?? ""}s, HSN ${doc.lines[0]?.hsn ?? ""}`;
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
    .filter((doc) => (doc.kind === "tax-invoice" || doc.kind === "credit-note") && inMonth(doc, month))
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
