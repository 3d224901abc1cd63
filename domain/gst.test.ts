import { describe, expect, it } from "vitest";
import type { IssuedDocument } from "./invoice";
import {
  DELHI_PERSON,
  DELHI_RETAILER,
  draftInput,
  INVOICING_FACTS,
  issue,
  MUMBAI_RETAILER,
  PUNE_PERSON,
} from "../tests/support/documents";
import { PLACEHOLDER_FACTS } from "./company-facts";
import {
  amountInWords,
  creditNoteLine,
  lastReturnCredit,
  documentNumber,
  draftDocument,
  financialYearOf,
  rateOn,
  upiUri,
} from "./gst";

describe("GST on a document", () => {
  it("a retailer in Delhi pays CGST and SGST, each half the rate, at the price list's step", () => {
    const doc = issue({ buyer: DELHI_RETAILER });
    expect(doc.interState).toBe(false);
    expect(doc.placeOfSupply).toEqual({ stateCode: "07", stateName: "Delhi" });
    expect(doc.lines[0]).toMatchObject({
      hsn: "21069099",
      quantity: 300,
      uqc: "PCS",
      unitPricePaise: 3_400,
      taxableValuePaise: 1_020_000,
      rateBasisPoints: 500,
      cgstPaise: 25_500,
      sgstPaise: 25_500,
      igstPaise: 0,
    });
    expect(doc.totals).toEqual({
      taxableValuePaise: 1_020_000,
      cgstPaise: 25_500,
      sgstPaise: 25_500,
      igstPaise: 0,
      roundOffPaise: 0,
      totalPaise: 1_071_000,
    });
    expect(doc.reverseCharge).toBe(false);
  });

  it("a retailer in Maharashtra pays IGST at the whole rate", () => {
    const doc = issue({
      buyer: MUMBAI_RETAILER,
      lines: [{ quantity: 1_500, unitPricePaise: null, discountPaise: 0 }],
    });
    expect(doc.interState).toBe(true);
    expect(doc.placeOfSupply).toEqual({ stateCode: "27", stateName: "Maharashtra" });
    expect(doc.lines[0]).toMatchObject({
      unitPricePaise: 3_200,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 240_000,
    });
    expect(doc.totals.totalPaise).toBe(5_040_000);
  });

  it("a person buying for themselves pays the MRP: the taxable value is taken out of it, the total rounded to the rupee", () => {
    const delhi = issue({
      buyer: DELHI_PERSON,
      buyerType: "Self Use",
      lines: [{ quantity: 1, unitPricePaise: null, discountPaise: 0 }],
    });
    // ₹49.97 includes 5 %: 49.97 / 1.05 = 47.59; CGST and SGST 2.5 % of 47.59 = 1.18975 → 1.19 each.
    expect(delhi.lines[0]).toMatchObject({ unitPricePaise: 4_759, cgstPaise: 119, sgstPaise: 119 });
    expect(delhi.totals).toMatchObject({ roundOffPaise: 3, totalPaise: 5_000 });
    const pune = issue({
      buyer: PUNE_PERSON,
      buyerType: "Self Use",
      lines: [{ quantity: 1, unitPricePaise: null, discountPaise: 0 }],
    });
    expect(pune.lines[0]).toMatchObject({ unitPricePaise: 4_759, igstPaise: 238 });
    expect(pune.totals).toMatchObject({ roundOffPaise: 3, totalPaise: 5_000 });
    expect(pune.buyer.gstin).toBeNull();
  });

  it("rounds each head's tax half up to the paisa and the total to the nearest rupee, up or down", () => {
    const total = (unitPricePaise: number) =>
      issue({ lines: [{ quantity: 1, unitPricePaise, discountPaise: 0 }] });
    expect(total(1_020).lines[0]).toMatchObject({ cgstPaise: 26, sgstPaise: 26 }); // 25.5 paise → 26
    expect(total(1_010).lines[0]).toMatchObject({ cgstPaise: 25, sgstPaise: 25 }); // 25.25 → 25
    expect(total(1_000).totals).toMatchObject({ roundOffPaise: 50, totalPaise: 1_100 }); // ₹10.50 → ₹11
    expect(total(1_060).totals).toMatchObject({ roundOffPaise: -14, totalPaise: 1_100 }); // ₹11.14 → ₹11
  });

  it("takes a discount off the line before tax", () => {
    const doc = issue({ lines: [{ quantity: 300, unitPricePaise: null, discountPaise: 20_000 }] });
    expect(doc.lines[0]).toMatchObject({ taxableValuePaise: 1_000_000, cgstPaise: 25_000 });
  });

  it("applies the rate in force on the document's IST day, from the dated rates", () => {
    expect(rateOn(INVOICING_FACTS.billing.gstRates, "2025-09-21")).toBe(1_800);
    expect(rateOn(INVOICING_FACTS.billing.gstRates, "2025-09-22")).toBe(500);
    expect(rateOn(INVOICING_FACTS.billing.gstRates, "2017-06-30")).toBeNull();
    const before = issue({ at: new Date("2025-09-21T18:29:00.000Z") }); // 23:59 IST on the 21st
    expect(before.lines[0]?.rateBasisPoints).toBe(1_800);
    const after = issue({ at: new Date("2025-09-21T18:30:00.000Z") }); // 00:00 IST on the 22nd
    expect(after.lines[0]?.rateBasisPoints).toBe(500);
  });
});

describe("numbers and the financial year", () => {
  it("the financial year turns at midnight IST between 31 March and 1 April", () => {
    expect(financialYearOf(new Date("2027-03-31T18:29:59.000Z"))).toBe("2026-27"); // 23:59:59 IST, 31 March
    expect(financialYearOf(new Date("2027-03-31T18:30:00.000Z"))).toBe("2027-28"); // 00:00 IST, 1 April
    expect(financialYearOf(new Date("2099-12-31T00:00:00.000Z"))).toBe("2099-00");
  });

  it("numbers each kind in its own series, within 16 letters, digits and slashes", () => {
    expect(documentNumber(INVOICING_FACTS, "tax-invoice", "2026-27", 1)).toBe("SH/2627/T0001");
    expect(documentNumber(INVOICING_FACTS, "credit-note", "2026-27", 1)).toBe("SH/2627/C0001");
    expect(documentNumber(INVOICING_FACTS, "quotation", "2026-27", 1)).toBe("SH/2627/Q0001");
    expect(documentNumber(INVOICING_FACTS, "proforma", "2027-28", 12)).toBe("SH/2728/P0012");
    const longest = documentNumber(
      { ...INVOICING_FACTS, billing: { ...INVOICING_FACTS.billing, invoicePrefix: "ABCD" } },
      "tax-invoice",
      "2026-27",
      99_999,
    );
    expect(longest).toBe("ABCD/2627/T99999");
    expect(longest.length).toBeLessThanOrEqual(16);
    expect(longest).toMatch(/^[A-Za-z0-9/-]+$/);
    expect(() => documentNumber(INVOICING_FACTS, "tax-invoice", "2026-27", 100_000)).toThrow(RangeError);
  });
});

describe("the amount in words, Indian numbering", () => {
  it.each([
    [100, "Rupees One Only", "रुपये एक मात्र"],
    [9_900, "Rupees Ninety-Nine Only", "रुपये निन्यानवे मात्र"],
    [10_000_000, "Rupees One Lakh Only", "रुपये एक लाख मात्र"],
    [
      1_234_567_850,
      "Rupees One Crore Twenty-Three Lakh Forty-Five Thousand Six Hundred Seventy-Eight and Fifty Paise Only",
      "रुपये एक करोड़ तेईस लाख पैंतालीस हज़ार छह सौ अठहत्तर और पचास पैसे मात्र",
    ],
  ])("%i paise", (paise, english, hindi) => {
    expect(amountInWords(paise, "en")).toBe(english);
    expect(amountInWords(paise, "hi")).toBe(hindi);
  });
});

describe("the UPI payment URI", () => {
  it("asks the merchant UPI ID for the total, encoded as a URI (spaces as %20)", () => {
    expect(
      upiUri({
        pa: "sanverahealth@icici",
        pn: "Sanvera Healthcare Pvt. Ltd.",
        amountPaise: 123_450,
        tn: "Invoice SH/2627/T0001",
        tr: "SH/2627/T0001",
      }),
    ).toBe(
      "upi://pay?pa=sanverahealth@icici&pn=Sanvera%20Healthcare%20Pvt.%20Ltd.&am=1234.50&cu=INR&tn=Invoice%20SH%2F2627%2FT0001&tr=SH%2F2627%2FT0001",
    );
  });

  it("is on tax invoices and pro-formas, not on quotations or credit notes, nor without a merchant UPI ID", () => {
    expect(issue().upiUri).toMatch(/^upi:\/\/pay\?pa=sanverahealth@icici&.*am=10710\.00&cu=INR/);
    expect(issue({ kind: "proforma" }).upiUri).toMatch(/tr=SH%2F2627%2FP0001$/);
    expect(issue({ kind: "quotation" }).upiUri).toBeNull();
    const noUpi = { ...INVOICING_FACTS, billing: { ...INVOICING_FACTS.billing, merchantUpiId: null } };
    expect(issue({ facts: noUpi }).upiUri).toBeNull();
  });
});

describe("refusing a document Rule 46 would not accept", () => {
  it("names every missing or wrong field at once", () => {
    const result = draftDocument(
      draftInput({
        at: new Date("2017-06-01T06:00:00.000Z"),
        facts: { ...PLACEHOLDER_FACTS, billing: { ...PLACEHOLDER_FACTS.billing, hsn: "2106X" } },
        buyer: {
          name: " ",
          address: { lines: [""], city: "", stateCode: "99", pin: "01234" },
          shippingAddress: null,
          gstin: "07ABCDE1234F1ZX",
          email: null,
          mobile: null,
        },
        lines: [{ quantity: 0, unitPricePaise: -5, discountPaise: -1 }],
      }),
    );
    expect(result.ok).toBe(false);
    const fields = result.ok ? [] : result.missing.map((missing) => missing.field);
    expect(fields).toEqual([
      "supplier.gstin",
      "hsn",
      "rate",
      "buyer.name",
      "buyer.address.lines",
      "buyer.address.city",
      "buyer.address.pin",
      "buyer.address.stateCode",
      "buyer.gstin",
      "lines.0.quantity",
      "lines.0.unitPricePaise",
      "lines.0.discountPaise",
    ]);
    const messages = result.ok ? [] : result.missing.map((missing) => missing.message);
    expect(messages[0]).toMatch(/GSTIN on the Company page/);
    expect(messages[2]).toMatch(/No GST rate is in force on 2017-06-01/);
  });

  it("refuses a buyer's GSTIN of another state than the billing address", () => {
    const result = draftDocument(draftInput({ buyer: { ...MUMBAI_RETAILER, gstin: DELHI_RETAILER.gstin } }));
    expect(result).toEqual({
      ok: false,
      missing: [
        {
          field: "buyer.gstin",
          message: expect.stringMatching(/registered in Delhi.*billing address is in Maharashtra/),
        },
      ],
    });
  });

  it("refuses a credit note without its invoice or reason, or for more than was invoiced", () => {
    const bare = draftDocument(draftInput({ kind: "credit-note" }));
    expect(bare.ok ? [] : bare.missing.map((missing) => missing.field)).toEqual(["against", "reason"]);
    const invoice = issue();
    const tooMuch = draftDocument(
      draftInput({
        kind: "credit-note",
        against: invoice,
        reason: "Returned",
        lines: [{ quantity: 301, unitPricePaise: null, discountPaise: 0 }],
      }),
    );
    expect(tooMuch.ok ? [] : tooMuch.missing.map((missing) => missing.message)).toEqual([
      "The invoice SH/2627/T0001 was for 300 sachets: a credit note cannot return more.",
      "The invoice SH/2627/T0001's taxable value was less: a credit note cannot credit more than was invoiced.",
    ]);
  });

  it("a credit note takes its invoice's price and rate and names it", () => {
    const invoice = issue();
    const note = issue({
      kind: "credit-note",
      against: invoice,
      reason: "10 sachets returned damaged",
      lines: [{ quantity: 10, unitPricePaise: null, discountPaise: 0 }],
    });
    expect(note.number).toBe("SH/2627/C0001");
    expect(note.against).toEqual({
      number: "SH/2627/T0001",
      issuedAt: invoice.issuedAt,
      reason: "10 sachets returned damaged",
      invoiceTotalPaise: invoice.totals.totalPaise,
    });
    expect(note.lines[0]).toMatchObject({
      unitPricePaise: 3_400,
      taxableValuePaise: 34_000,
      cgstPaise: 850,
      sgstPaise: 850,
    });
    expect(note.totals.totalPaise).toBe(35_700);
  });

  it("a credit note's line takes the invoice's discount in proportion to the sachets returned", () => {
    // 300 sachets at ₹34.00 less ₹500.00: ₹9,700.00 taxable.
    const invoice = issue({ lines: [{ quantity: 300, unitPricePaise: null, discountPaise: 50_000 }] });
    expect(creditNoteLine(invoice, 100)).toEqual({
      quantity: 100,
      unitPricePaise: 3_400,
      discountPaise: 16_667,
    });
    expect(creditNoteLine(invoice, 300)).toEqual({
      quantity: 300,
      unitPricePaise: 3_400,
      discountPaise: 50_000,
    });
    const whole = issue({
      kind: "credit-note",
      against: invoice,
      reason: "All returned",
      lines: [creditNoteLine(invoice, 300)],
    });
    expect(whole.totals.totalPaise).toBe(invoice.totals.totalPaise);
    // Without a discount on the invoice, none on the note.
    expect(creditNoteLine(issue(), 10)).toEqual({ quantity: 10, unitPricePaise: 3_400, discountPaise: 0 });
  });
});

describe("a return in parts", () => {
  const returned = (
    invoice: IssuedDocument,
    earlier: IssuedDocument[],
    quantity: number,
    sequence: number,
  ) => {
    const note = issue({
      kind: "credit-note",
      against: invoice,
      reason: `${quantity} sachets returned`,
      lines: [creditNoteLine(invoice, quantity)],
      sequence,
    });
    return { ...note, ...lastReturnCredit(note, invoice, earlier) };
  };

  it("half and then the other half of 30 sachets credit ₹1,499, the invoice, not ₹1,500", () => {
    const invoice = issue({ lines: [{ quantity: 30, unitPricePaise: null, discountPaise: 0 }] });
    const first = returned(invoice, [], 15, 1);
    const second = returned(invoice, [first], 15, 2);
    expect(invoice.totals.totalPaise).toBe(149_900);
    expect(first.totals.totalPaise).toBe(75_000);
    expect(second.totals.totalPaise).toBe(74_900);
    expect(second.lines[0]).toMatchObject({ quantity: 15, unitPricePaise: invoice.lines[0]!.unitPricePaise });
    expect(first.lines[0]!.cgstPaise + second.lines[0]!.cgstPaise).toBe(invoice.lines[0]!.cgstPaise);
    expect(second.totals.roundOffPaise).toBe(
      second.totals.totalPaise -
        second.totals.taxableValuePaise -
        second.totals.cgstPaise -
        second.totals.sgstPaise,
    );
  });

  it("every split of a discounted invoice sums to the invoice to the paisa, each head of tax included", () => {
    for (const [quantity, discountPaise] of [
      [7, 1_234],
      [10, 5_000],
      [97, 50_000],
      [300, 50_000],
    ] as const) {
      const invoice = issue({ lines: [{ quantity, unitPricePaise: null, discountPaise }] });
      for (let parts = 2; parts <= 5; parts++) {
        const each = Math.floor(quantity / parts);
        const notes: IssuedDocument[] = [];
        for (let part = 0; part < parts; part++)
          notes.push(
            returned(invoice, notes, part === parts - 1 ? quantity - each * (parts - 1) : each, part + 1),
          );
        const sum = (pick: (doc: IssuedDocument) => number) =>
          notes.reduce((total, note) => total + pick(note), 0);
        expect([
          quantity,
          parts,
          sum((note) => note.totals.totalPaise),
          sum((note) => note.totals.taxableValuePaise),
        ]).toEqual([quantity, parts, invoice.totals.totalPaise, invoice.totals.taxableValuePaise]);
        expect(sum((note) => note.lines[0]!.discountPaise)).toBe(invoice.lines[0]!.discountPaise);
      }
    }
  });

  it("a part that leaves sachets unreturned, and a note at another price, are credited as drafted", () => {
    const invoice = issue({ lines: [{ quantity: 30, unitPricePaise: null, discountPaise: 0 }] });
    const part = issue({
      kind: "credit-note",
      against: invoice,
      reason: "r",
      lines: [creditNoteLine(invoice, 10)],
    });
    expect(lastReturnCredit(part, invoice, [])).toBe(part);
    const corrected = issue({
      kind: "credit-note",
      against: invoice,
      reason: "Price corrected",
      lines: [{ quantity: 30, unitPricePaise: 100, discountPaise: 0 }],
    });
    expect(lastReturnCredit(corrected, invoice, [])).toBe(corrected);
  });
});
