import { describe, expect, test } from "vitest";
import type { DocumentKind, IssuedDocument } from "../../domain/invoice";
import {
  documentsErasedWithEnquiry,
  erasedAnything,
  erasureOfDocuments,
  expiredTaxRecords,
  type TaxRecordFacts,
} from "./erasure";

function issued(id: string, kind: DocumentKind, number: string, financialYear = "2025-26"): IssuedDocument {
  return { id, kind, number, financialYear } as IssuedDocument;
}

describe("what erasing a person's enquiries does with their documents", () => {
  test("the tax invoice and credit note are kept until 31 December six years after their year ends; the quotation and pro-forma are erased", () => {
    const plan = erasureOfDocuments([
      issued("q", "quotation", "QT/2025-26/1"),
      issued("p", "proforma", "PI/2025-26/1"),
      issued("i", "tax-invoice", "INV/2025-26/7"),
      issued("c", "credit-note", "CN/2026-27/1", "2026-27"),
    ]);
    expect(plan.erased).toEqual(["q", "p"]);
    expect(plan.kept).toEqual([
      { number: "INV/2025-26/7", kind: "tax-invoice", keptUntil: "2032-12-31" },
      { number: "CN/2026-27/1", kind: "credit-note", keptUntil: "2033-12-31" },
    ]);
  });

  test("an enquiry erased by the retention sweep takes its quotations and pro-formas, not its tax records", () => {
    expect(
      documentsErasedWithEnquiry([
        { id: "i", kind: "tax-invoice" },
        { id: "q", kind: "quotation" },
        { id: "c", kind: "credit-note" },
        { id: "p", kind: "proforma" },
      ]),
    ).toEqual(["q", "p"]);
  });

  test("an erasure is recorded when an enquiry or a subscription went, and not otherwise", () => {
    expect(erasedAnything({ enquiries: 0, subscriptions: 0 })).toBe(false);
    expect(erasedAnything({ enquiries: 1, subscriptions: 0 })).toBe(true);
    expect(erasedAnything({ enquiries: 0, subscriptions: 1 })).toBe(true);
  });
});

describe("which tax records the retention sweep erases", () => {
  const record = (
    id: string,
    kind: DocumentKind,
    financialYear: string,
    againstId: string | null = null,
  ): TaxRecordFacts => ({ id, kind, financialYear, againstId });

  test("those of years before the oldest kept, credit notes first; an invoice with a credit note of a kept year stays", () => {
    const records = [
      record("old-invoice", "tax-invoice", "2018-19"),
      record("old-note", "credit-note", "2018-19", "old-invoice"),
      record("held-invoice", "tax-invoice", "2018-19"),
      record("later-note", "credit-note", "2019-20", "held-invoice"),
      record("kept-invoice", "tax-invoice", "2019-20"),
    ];
    expect(expiredTaxRecords(records, "2019-20")).toEqual(["old-note", "old-invoice"]);
    // A year on, the later note's period is over too, and its invoice goes with it.
    expect(expiredTaxRecords(records, "2020-21")).toEqual([
      "old-note",
      "later-note",
      "old-invoice",
      "held-invoice",
      "kept-invoice",
    ]);
  });

  test("a quotation of an old year is not the sweep's: it goes with its enquiry", () => {
    expect(expiredTaxRecords([record("q", "quotation", "2010-11")], "2019-20")).toEqual([]);
  });
});
