import { describe, expect, test } from "vitest";
import {
  documentBody,
  documentDate,
  EMPTY_ADDRESS,
  inputFor,
  moneyState,
  paise,
  paiseOf,
  typedRupees,
  type TypedDocument,
} from "./documents";
import type { IssuedDocument, RecordedPayment } from "../domain/invoice";

describe("money as a member types and reads it", () => {
  test("rupees typed with grouping, a ₹ sign or paise become whole paise; anything else is refused", () => {
    expect(paiseOf("1,499")).toBe(149_900);
    expect(paiseOf("₹ 1,00,000.5")).toBe(1_00_00_050);
    expect(paiseOf("7080.25")).toBe(708_025);
    expect(paiseOf("12.345")).toBeNull();
    expect(paiseOf("ten")).toBeNull();
    expect(paiseOf("")).toBeNull();
  });
  test("paise are written as the company writes rupees, and put back in the form without grouping", () => {
    expect(paise(708_000)).toBe("₹7,080.00");
    expect(paise(1_23_45_678_50)).toBe("₹1,23,45,678.50");
    expect(typedRupees(708_000)).toBe("7080");
    expect(typedRupees(354_050)).toBe("3540.50");
  });
  test("a document's date is its day in Delhi", () => {
    expect(documentDate("2026-11-30T20:00:00.000Z")).toBe("1 Dec 2026");
    expect(documentDate("2026-11-29")).toBe("29 Nov 2026");
  });
});

describe("how an invoice stands", () => {
  const invoice = { issuedAt: "2026-11-01T06:00:00.000Z" } as IssuedDocument;
  const payment: RecordedPayment = {
    id: "p1",
    documentId: "d1",
    amountPaise: 100_000,
    method: "upi",
    reference: "512345678901",
    receivedOn: "2026-11-02",
    recordedAt: "2026-11-02T06:00:00.000Z",
    recordedBy: "asha@collarise.example",
  };
  test("nothing paid: owed for the IST days since its date, late after a week", () => {
    expect(moneyState(invoice, 708_000, [], new Date("2026-11-01T17:00:00.000Z"))).toEqual({
      state: "owed",
      words: "Owed since today",
      late: false,
    });
    // 18:30 UTC is midnight in Delhi: a new day.
    expect(moneyState(invoice, 708_000, [], new Date("2026-11-01T18:30:00.000Z")).words).toBe("Owed 1 day");
    expect(moneyState(invoice, 708_000, [], new Date("2026-11-08T06:00:00.000Z"))).toMatchObject({
      words: "Owed 7 days",
      late: false,
    });
    expect(moneyState(invoice, 708_000, [], new Date("2026-11-09T06:00:00.000Z"))).toMatchObject({
      words: "Owed 8 days",
      late: true,
    });
  });
  test("some money came: Part paid; none left: Paid", () => {
    const now = new Date("2026-11-20T06:00:00.000Z");
    expect(moneyState(invoice, 608_000, [payment], now).words).toBe("Part paid");
    expect(moneyState(invoice, 0, [payment], now).words).toBe("Paid");
  });
  test("credit notes alone bring it to zero: Credited; past what was still owed: the refund due", () => {
    const now = new Date("2026-11-20T06:00:00.000Z");
    expect(moneyState(invoice, 0, [], now)).toEqual({ state: "paid", words: "Credited" });
    expect(moneyState(invoice, -339_500, [payment], now)).toEqual({
      state: "paid",
      words: "Refund due ₹3,395.00",
    });
  });
});

describe("the issue form's body", () => {
  const typed: TypedDocument = {
    kind: "tax-invoice",
    language: "hi",
    name: "  Meera Stores ",
    billing: { line1: "Shop 4, Main Bazar ", line2: " ", city: "Pune", stateCode: "27", pin: "411 001" },
    shipElsewhere: false,
    shipping: { ...EMPTY_ADDRESS, city: "Mumbai" },
    gstin: "27aapfu0939f1zv",
    quantity: "240",
  };
  test("trimmed lines without the empty one, the PIN without spaces, the GSTIN in capitals, the price list's price", () => {
    expect(documentBody(typed, { email: "meera@example.com", mobile: "9811100375" })).toEqual({
      kind: "tax-invoice",
      language: "hi",
      buyer: {
        name: "Meera Stores",
        address: { lines: ["Shop 4, Main Bazar"], city: "Pune", stateCode: "27", pin: "411001" },
        shippingAddress: null,
        gstin: "27AAPFU0939F1ZV",
        email: "meera@example.com",
        mobile: "9811100375",
      },
      lines: [{ quantity: 240, unitPricePaise: null, discountPaise: 0 }],
    });
  });
  test("a shipping address only when asked for; no GSTIN is null; a quantity that is not whole goes as 0 for the rules to name", () => {
    const body = documentBody(
      { ...typed, shipElsewhere: true, gstin: " ", quantity: "2.5" },
      { email: "", mobile: "" },
    );
    expect(body.buyer.shippingAddress).toEqual({ lines: [], city: "Mumbai", stateCode: "", pin: "" });
    expect(body.buyer.gstin).toBeNull();
    expect(body.buyer.email).toBeNull();
    expect(body.lines[0]?.quantity).toBe(0);
  });
});

describe("which input a refused field belongs to", () => {
  const inputs = ["buyer.name", "buyer.address.lines", "buyer.address.lines.1", "buyer.address.pin", "lines"];
  test("the longest input the field's path starts with", () => {
    expect(inputFor("buyer.address.lines", inputs)).toBe("buyer.address.lines");
    expect(inputFor("buyer.address.lines.0", inputs)).toBe("buyer.address.lines");
    expect(inputFor("buyer.address.lines.1", inputs)).toBe("buyer.address.lines.1");
    expect(inputFor("lines[0].quantity", inputs)).toBe("lines");
    expect(inputFor("lines.0.quantity", inputs)).toBe("lines");
  });
  test("a field wider than an input goes to its first input; the company's own facts to none", () => {
    expect(inputFor("buyer.address", inputs)).toBe("buyer.address.lines");
    expect(inputFor("supplier.gstin", inputs)).toBeNull();
    expect(inputFor("buyer.names", inputs)).toBeNull();
  });
});
