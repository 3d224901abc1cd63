/**
 * What an erasure keeps and what it erases, decided once above the stores: a person's erasure
 * under the DPDP Act (server/store/personal-data.ts) and the retention sweep (server/store/
 * retention.ts). Each store reads the documents, asks here, and deletes exactly the ids answered.
 * No I/O.
 *
 * An enquiry's quotations and pro-formas go with it; its tax invoices and credit notes (with their
 * payments) are kept for their statutory period (docs/retention.md, domain/invoice.ts:
 * taxRecordKeptUntil) and erased by the retention sweep once it is over. Everything else of an
 * enquiry (its work, history, conversation, deal, dispatch, mails) goes with it: none of it is a
 * tax record.
 */
import {
  TAX_RECORD_KINDS,
  taxRecordKeptUntil,
  type DocumentKind,
  type FinancialYear,
  type IssuedDocument,
} from "../../domain/invoice";
import type { ErasureCounts, KeptTaxRecord } from "../../domain/personal-data";

/** Whether a document of this kind outlives its enquiry for its statutory period. */
export function isTaxRecord(kind: DocumentKind): boolean {
  return TAX_RECORD_KINDS.includes(kind);
}

/** A tax invoice or credit note as kept after its enquiry was erased: its number and until when. */
export function keptRecordOf(
  document: Pick<IssuedDocument, "number" | "kind" | "financialYear">,
): KeptTaxRecord {
  return {
    number: document.number,
    kind: document.kind,
    keptUntil: taxRecordKeptUntil(document.financialYear),
  };
}

/** The ids of the documents that go with their erased enquiry (quotations and pro-formas), in the order given. */
export function documentsErasedWithEnquiry(
  documents: readonly { id: string; kind: DocumentKind }[],
): string[] {
  return documents.filter((document) => !isTaxRecord(document.kind)).map((document) => document.id);
}

/**
 * A person's erasure of their enquiries' documents (`documents`: all of them, oldest first): the
 * tax records kept, each with until when, and the ids of the others, which are erased.
 */
export function erasureOfDocuments(documents: readonly IssuedDocument[]): {
  kept: KeptTaxRecord[];
  erased: string[];
} {
  return {
    kept: documents.filter((document) => isTaxRecord(document.kind)).map(keptRecordOf),
    erased: documentsErasedWithEnquiry(documents),
  };
}

/**
 * Whether an erasure erased anything, and so is recorded in the activity log: an enquiry or a
 * subscription (the mails, work and documents all hang off one of them).
 */
export function erasedAnything(counts: Pick<ErasureCounts, "enquiries" | "subscriptions">): boolean {
  return counts.enquiries > 0 || counts.subscriptions > 0;
}

/** A tax record as the retention sweep reads it. */
export interface TaxRecordFacts {
  id: string;
  kind: DocumentKind;
  financialYear: FinancialYear;
  /** A credit note's tax invoice (its id); null for an invoice. */
  againstId: string | null;
}

/**
 * The ids of the tax records whose statutory period is over when `oldestKept` is the oldest
 * financial year still kept (domain/invoice.ts: oldestKeptFinancialYear): every credit note of an
 * earlier year, and every tax invoice of an earlier year that no kept credit note is against (a
 * credit note of a year still kept keeps its invoice). `records`: the tax records of the years
 * before `oldestKept` and every credit note against one of their invoices, whatever its year.
 * Credit notes come first, so a sweep cut off half way never leaves a note without its invoice.
 */
export function expiredTaxRecords(records: readonly TaxRecordFacts[], oldestKept: FinancialYear): string[] {
  const expired = (record: TaxRecordFacts) => isTaxRecord(record.kind) && record.financialYear < oldestKept;
  const notes = records.filter((record) => record.kind === "credit-note");
  const erasedNotes = new Set(notes.filter(expired).map((note) => note.id));
  const keptAgainst = new Set(
    notes
      .filter((note) => !erasedNotes.has(note.id) && note.againstId !== null)
      .map((note) => note.againstId),
  );
  const invoices = records
    .filter((record) => record.kind === "tax-invoice" && expired(record) && !keptAgainst.has(record.id))
    .map((invoice) => invoice.id);
  return [...erasedNotes, ...invoices];
}
