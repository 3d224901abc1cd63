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

describe("the month's GSTR-1 tables, as the offline tool imports them", () => {
  it("B2B: one row per invoice to a registered buyer, with the place of supply and rate", () => {
    expect(gstr1Csv(month, "2026-11", "b2b").split("\r\n")).toEqual([
      "GSTIN/UIN of Recipient,Receiver Name,Invoice Number,Invoice date,Invoice Value,Place Of Supply,Reverse Charge,Applicable % of Tax Rate,Invoice Type,E-Commerce GSTIN,Rate,Taxable Value,Cess Amount",
      `${DELHI_RETAILER.gstin},Shree Ganesh Medicos,SH/2627/T0001,03-Nov-26,10710.00,07-Delhi,N,,Regular B2B,,5,10200.00,0.00`,
      `${MUMBAI_RETAILER.gstin},Arogya Wellness Store,SH/2627/T0002,10-Nov-26,10710.00,27-Maharashtra,N,,Regular B2B,,5,10200.00,0.00`,
      "",
    ]);
  });

  it("B2CS: unregistered buyers by state and rate, net of their credit notes", () => {
    expect(gstr1Csv(month, "2026-11", "b2cs").split("\r\n")).toEqual([
      "Type,Place Of Supply,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount,E-Commerce GSTIN",
      "OE,07-Delhi,,5,1380.11,0.00,", // 30 × 47.59 − 1 × 47.59
      "OE,27-Maharashtra,,5,1427.70,0.00,",
      "",
    ]);
  });

  it("HSN: the code's quantity, values and taxes, net of credit notes", () => {
    expect(gstr1Csv(month, "2026-11", "hsn").split("\r\n")).toEqual([
      "HSN,Description,UQC,Total Quantity,Total Value,Rate,Taxable Value,Integrated Tax Amount,Central Tax Amount,State/UT Tax Amount,Cess Amount",
      // 300 + 300 + 30 + 30 − 10 − 1 sachets; taxable 10,200 × 2 + 1,427.70 × 2 − 340 − 47.59;
      // IGST 510 + 71.39 − 17; CGST and SGST each 255 + 35.69 − 1.19.
      '21069099,"Sanvera Healthcare collagen peptides, 12.5 g sachet (Fish (marine) collagen peptides)",PCS-PIECES,649,24011.20,5,22867.81,564.39,289.50,289.50,0.00',
      "",
    ]);
  });

  it("CDNR: the credit note to a registered buyer; CDNUR is empty (no B2C Large invoice)", () => {
    expect(gstr1Csv(month, "2026-11", "cdnr").split("\r\n")).toEqual([
      "GSTIN/UIN of Recipient,Receiver Name,Note Number,Note Date,Note Type,Place Of Supply,Reverse Charge,Note Supply Type,Note Value,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount",
      `${MUMBAI_RETAILER.gstin},Arogya Wellness Store,SH/2627/C0001,20-Nov-26,C,27-Maharashtra,N,Regular B2B,357.00,,5,340.00,0.00`,
      "",
    ]);
    expect(gstr1Csv(month, "2026-11", "cdnur")).toBe(
      "UR Type,Note Number,Note Date,Note Type,Place Of Supply,Note Value,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount\r\n",
    );
  });

  it("a month without documents has the headers only; quotations never appear", () => {
    expect(gstr1Csv([quotation], "2026-11", "b2b").split("\r\n")).toHaveLength(2);
  });
});

describe("B2C Large: an unregistered buyer in another state above ₹1,00,000", () => {
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

  it("is not in B2CS, and its credit note is in CDNUR", () => {
    expect(large.totals.totalPaise).toBe(11_025_000); // 3,500 × ₹30 + 5 % IGST
    const b2cs = gstr1Csv([...month, large, largeNote], "2026-11", "b2cs");
    expect(b2cs).toContain("OE,27-Maharashtra,,5,1427.70,0.00,");
    expect(gstr1Csv([...month, large, largeNote], "2026-11", "cdnur").split("\r\n")).toEqual([
      "UR Type,Note Number,Note Date,Note Type,Place Of Supply,Note Value,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount",
      "B2CL,SH/2627/C0003,25-Nov-26,C,27-Maharashtra,9450.00,,5,9000.00,0.00",
      "",
    ]);
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
