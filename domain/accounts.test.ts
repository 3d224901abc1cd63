import { describe, expect, it } from "vitest";
import {
  DELHI_PERSON,
  DELHI_RETAILER,
  issue,
  MUMBAI_RETAILER,
  PUNE_PERSON,
} from "../tests/support/documents";
import { balancePaise, gstr1Csv, overdueBucket, tallyXml } from "./accounts";
import type { RecordedPayment } from "./invoice";

const november = (day: string) => new Date(`2026-11-${day}T06:30:00.000Z`);
const delhiInvoice = issue({ at: november("03"), sequence: 1 });
const mumbaiInvoice = issue({ at: november("10"), sequence: 2, buyer: MUMBAI_RETAILER });
const personInvoice = issue({
  at: november("12"),
  sequence: 3,
  buyer: DELHI_PERSON,
  buyerType: "Self Use",
  lines: [{ quantity: 30, unitPricePaise: null, discountPaise: 0 }],
});
const puneInvoice = issue({
  at: november("14"),
  sequence: 4,
  buyer: PUNE_PERSON,
  buyerType: "Self Use",
  lines: [{ quantity: 30, unitPricePaise: null, discountPaise: 0 }],
});
const creditNote = issue({
  kind: "credit-note",
  at: november("20"),
  against: mumbaiInvoice,
  reason: "10 sachets returned",
  lines: [{ quantity: 10, unitPricePaise: null, discountPaise: 0 }],
  buyer: MUMBAI_RETAILER,
});
const personNote = issue({
  kind: "credit-note",
  at: november("21"),
  sequence: 2,
  against: personInvoice,
  reason: "Damaged sachet",
  lines: [{ quantity: 1, unitPricePaise: null, discountPaise: 0 }],
  buyer: DELHI_PERSON,
});
const quotation = issue({ kind: "quotation", at: november("02") });
const december = issue({ at: new Date("2026-12-01T06:30:00.000Z"), sequence: 5 });
const month = [
  delhiInvoice,
  mumbaiInvoice,
  personInvoice,
  puneInvoice,
  creditNote,
  personNote,
  quotation,
  december,
];

// An unregistered buyer in Maharashtra above ₹1,00,000: B2C Large, and a return against it.
const large = issue({
  at: november("16"),
  sequence: 6,
  buyer: PUNE_PERSON,
  lines: [{ quantity: 3_500, unitPricePaise: null, discountPaise: 0 }],
});
const largeNote = issue({
  kind: "credit-note",
  at: november("25"),
  sequence: 3,
  against: large,
  reason: "300 sachets returned",
  buyer: PUNE_PERSON,
  lines: [{ quantity: 300, unitPricePaise: null, discountPaise: 0 }],
});
const withLarge = [...month, large, largeNote];

const rows = (section: Parameters<typeof gstr1Csv>[2], documents = withLarge) =>
  gstr1Csv(documents, "2026-11", section).split("\r\n");

describe("the month's GSTR-1 tables, as the offline tool imports them", () => {
  it("B2B: one row per invoice to a registered buyer, with the place of supply and rate", () => {
    expect(rows("b2b")).toEqual([
      "GSTIN/UIN of Recipient,Receiver Name,Invoice Number,Invoice date,Invoice Value,Place Of Supply,Reverse Charge,Applicable % of Tax Rate,Invoice Type,E-Commerce GSTIN,Rate,Taxable Value,Cess Amount",
      `${DELHI_RETAILER.gstin},Shree Ganesh Medicos,SH/2627/T0001,03-Nov-2026,10710.00,07-Delhi,N,,Regular B2B,,5,10200.00,0.00`,
      `${MUMBAI_RETAILER.gstin},Arogya Wellness Store,SH/2627/T0002,10-Nov-2026,10710.00,27-Maharashtra,N,,Regular B2B,,5,10200.00,0.00`,
      "",
    ]);
  });

  it("B2CL: the Maharashtra unregistered buyer's invoice above ₹1,00,000, invoice by invoice", () => {
    expect(large.totals.totalPaise).toBe(11_025_000); // 3,500 × ₹30 + 5 % IGST
    expect(rows("b2cl")).toEqual([
      "Invoice Number,Invoice date,Invoice Value,Place Of Supply,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount,E-Commerce GSTIN",
      "SH/2627/T0006,16-Nov-2026,110250.00,27-Maharashtra,,5,105000.00,0.00,",
      "",
    ]);
  });

  it("B2CS: the other unregistered buyers by place of supply and rate, net of their credit notes; B2C Large left out", () => {
    expect(rows("b2cs")).toEqual([
      "Type,Place Of Supply,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount,E-Commerce GSTIN",
      "OE,07-Delhi,,5,1380.11,0.00,", // 30 × 47.59 − 1 × 47.59
      "OE,27-Maharashtra,,5,1427.70,0.00,", // the Pune buyer below ₹1,00,000 only
      "",
    ]);
  });

  it("CDNR: the credit note to a registered buyer", () => {
    expect(rows("cdnr")).toEqual([
      "GSTIN/UIN of Recipient,Receiver Name,Note Number,Note Date,Note Type,Place Of Supply,Reverse Charge,Note Supply Type,Note Value,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount",
      `${MUMBAI_RETAILER.gstin},Arogya Wellness Store,SH/2627/C0001,20-Nov-2026,C,27-Maharashtra,N,Regular B2B,357.00,,5,340.00,0.00`,
      "",
    ]);
  });

  it("CDNUR: the credit note against the B2C Large invoice; a note against a B2CS invoice stays in B2CS", () => {
    expect(rows("cdnur")).toEqual([
      "UR Type,Note Number,Note Date,Note Type,Place Of Supply,Note Value,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount",
      "B2CL,SH/2627/C0003,25-Nov-2026,C,27-Maharashtra,9450.00,,5,9000.00,0.00",
      "",
    ]);
    expect(rows("cdnur")).not.toContain(personNote.number);
  });

  it("a credit note is placed by the invoice's value it carries, even in a month without the invoice", () => {
    expect(largeNote.against?.invoiceTotalPaise).toBe(11_025_000);
    expect(gstr1Csv([largeNote], "2026-11", "cdnur")).toContain("B2CL,SH/2627/C0003,25-Nov-2026");
    expect(gstr1Csv([largeNote], "2026-11", "b2cs").split("\r\n")).toHaveLength(2);
  });

  it("HSN: a B2B tab for registered buyers and a B2C tab for the others, each net of its credit notes", () => {
    const header =
      "HSN,Description,UQC,Total Quantity,Total Value,Rate,Taxable Value,Integrated Tax Amount,Central Tax Amount,State/UT Tax Amount,Cess Amount";
    const product =
      '21069099,"Sanvera Healthcare collagen peptides, 12.5 g sachet (Fish (marine) collagen peptides)",PCS-PIECES';
    expect(rows("hsn-b2b")).toEqual([
      header,
      // 300 + 300 − 10 sachets; taxable 10,200 × 2 − 340; IGST 510 − 17; CGST and SGST each 255.
      `${product},590,21063.00,5,20060.00,493.00,255.00,255.00,0.00`,
      "",
    ]);
    expect(rows("hsn-b2c")).toEqual([
      header,
      // 30 + 30 + 3,500 − 1 − 300 sachets; taxable 1,427.70 × 2 + 1,05,000 − 47.59 − 9,000;
      // IGST 71.39 + 5,250 − 450; CGST and SGST each 35.69 − 1.19.
      `${product},3259,103748.20,5,98807.81,4871.39,34.50,34.50,0.00`,
      "",
    ]);
  });

  it("an inter-state invoice to an unregistered buyer of exactly ₹1,00,000 is B2CS; B2C Large is strictly above", () => {
    // 3,000 × ₹31.75 less ₹11.90 = ₹95,238.10; IGST ₹4,761.905 → ₹4,761.91; total ₹1,00,000.01 → ₹1,00,000.
    const atThreshold = issue({
      at: november("18"),
      sequence: 7,
      buyer: PUNE_PERSON,
      lines: [{ quantity: 3_000, unitPricePaise: 3_175, discountPaise: 1_190 }],
    });
    expect(atThreshold.totals.totalPaise).toBe(10_000_000);
    expect(gstr1Csv([atThreshold], "2026-11", "b2cl").split("\r\n")).toHaveLength(2);
    expect(gstr1Csv([atThreshold], "2026-11", "b2cs")).toContain("OE,27-Maharashtra,,5,95238.10,0.00,");
  });

  it("a month without documents has the headers only; quotations never appear", () => {
    expect(gstr1Csv([quotation], "2026-11", "b2b").split("\r\n")).toHaveLength(2);
    expect(gstr1Csv([quotation], "2026-11", "hsn-b2b").split("\r\n")).toHaveLength(2);
  });
});

describe("the month for Tally", () => {
  it("has a Sales voucher per invoice and a Credit Note voucher per note, with party, ledgers and GST", () => {
    const xml = tallyXml(month, "2026-11");
    expect(xml.match(/<VOUCHER VCHTYPE="Sales" ACTION="Create">/g)).toHaveLength(4);
    expect(xml.match(/<VOUCHER VCHTYPE="Credit Note" ACTION="Create">/g)).toHaveLength(2);
    expect(xml).toContain("<TALLYREQUEST>Import Data</TALLYREQUEST>");
    expect(xml).toContain("<VOUCHERNUMBER>SH/2627/T0001</VOUCHERNUMBER>");
    expect(xml).toContain("<DATE>20261103</DATE>");
    expect(xml).toContain(
      "<ALLLEDGERENTRIES.LIST><LEDGERNAME>Shree Ganesh Medicos</LEDGERNAME><ISDEEMEDPOSITIVE>Yes</ISDEEMEDPOSITIVE><AMOUNT>-10710.00</AMOUNT></ALLLEDGERENTRIES.LIST>",
    );
    expect(xml).toContain(
      "<LEDGERNAME>Output CGST</LEDGERNAME><ISDEEMEDPOSITIVE>No</ISDEEMEDPOSITIVE><AMOUNT>255.00</AMOUNT>",
    );
    expect(xml).toContain(
      "<LEDGERNAME>Output IGST</LEDGERNAME><ISDEEMEDPOSITIVE>Yes</ISDEEMEDPOSITIVE><AMOUNT>-17.00</AMOUNT>",
    );
    expect(xml).toContain("<NARRATION>Against SH/2627/T0002: 10 sachets returned</NARRATION>");
    expect(xml).not.toContain("SH/2627/Q0001");
    expect(xml).not.toContain("SH/2627/T0005");
  });
});

describe("a discounted invoice for the accountant", () => {
  it("is reported at its taxable value after the discount, in GSTR-1 and in Tally", () => {
    // 300 sachets at ₹34.00 less ₹1,200.00: ₹9,000.00 taxable, CGST and SGST ₹225.00 each.
    const discounted = issue({
      at: november("09"),
      lines: [{ quantity: 300, unitPricePaise: null, discountPaise: 120_000 }],
    });
    expect(gstr1Csv([discounted], "2026-11", "b2b")).toContain(
      "SH/2627/T0001,09-Nov-2026,9450.00,07-Delhi,N,,Regular B2B,,5,9000.00,0.00",
    );
    expect(gstr1Csv([discounted], "2026-11", "hsn-b2b")).toContain(
      ",300,9450.00,5,9000.00,0.00,225.00,225.00,",
    );
    const xml = tallyXml([discounted], "2026-11");
    expect(xml).toContain(
      "<LEDGERNAME>Sales</LEDGERNAME><ISDEEMEDPOSITIVE>No</ISDEEMEDPOSITIVE><AMOUNT>9000.00</AMOUNT>",
    );
    expect(xml).toContain("<NARRATION>300 sachets, HSN 21069099, less a discount of 1200.00</NARRATION>");
  });
});

describe("what is owed", () => {
  const payment = (amountPaise: number): RecordedPayment => ({
    id: `p-${amountPaise}`,
    documentId: mumbaiInvoice.id,
    amountPaise,
    method: "upi",
    reference: "412345678901",
    receivedOn: "2026-11-15",
    recordedAt: "2026-11-15T06:30:00.000Z",
    recordedBy: "ravi@example.com",
  });

  it("part payments and a credit note bring the balance to zero", () => {
    expect(balancePaise(mumbaiInvoice, [], [])).toBe(1_071_000);
    expect(balancePaise(mumbaiInvoice, [payment(500_000)], [])).toBe(571_000);
    expect(balancePaise(mumbaiInvoice, [payment(500_000), payment(535_300)], [creditNote, personNote])).toBe(
      0,
    );
  });

  it("counts overdue days on the IST calendar: 0–7, 8–30, over 30", () => {
    expect(overdueBucket(delhiInvoice, new Date("2026-11-10T18:29:00.000Z"))).toBe("0-7");
    expect(overdueBucket(delhiInvoice, new Date("2026-11-10T18:30:00.000Z"))).toBe("8-30");
    expect(overdueBucket(delhiInvoice, new Date("2026-12-03T12:00:00.000Z"))).toBe("8-30");
    expect(overdueBucket(delhiInvoice, new Date("2026-12-04T12:00:00.000Z"))).toBe("over-30");
  });
});
