import type { Language } from "../../../domain/contract";
import type { BuyerType, StoredEnquiryFields } from "../../../domain/enquiry";
import type { StoredEnquiry } from "../store";

/**
 * An enquiry as its table holds it: the one list of its columns on SQLite, and its mapping to
 * what the store hands on (the five fields, with its id, time received and language beside them).
 */
export interface EnquiryRow {
  id: string;
  /** Null, as the next three, for an enquiry started on WhatsApp (whatsapp-enquiry-schema.ts). */
  Name: string | null;
  Email: string | null;
  Mobile: string;
  Quantity: number | null;
  RetailerSelfUse: string | null;
  received_at: string;
  language: string;
}

/** The columns to select, from the enquiries' table aliased `e`. */
export const ENQUIRY_COLUMNS = `e.id, e.Name, e.Email, e.Mobile, e.Quantity, e.RetailerSelfUse, e.received_at, e.language`;

/** A stored language: the column allows only the known ones. */
export function languageOf(value: string | null | undefined): Language {
  return value === "hi" ? "hi" : "en";
}

export function storedEnquiry(row: EnquiryRow): StoredEnquiry {
  return {
    id: row.id,
    receivedAt: row.received_at,
    language: languageOf(row.language),
    enquiry: enquiryFieldsOf(row),
  };
}

/** The five fields of a row: the form's, all given, or an enquiry started on WhatsApp's (no address). */
export function enquiryFieldsOf(
  row: Pick<EnquiryRow, "Name" | "Email" | "Mobile" | "Quantity" | "RetailerSelfUse">,
): StoredEnquiryFields {
  if (row.Email === null) {
    return { Name: row.Name, Email: null, Mobile: row.Mobile, Quantity: null, RetailerSelfUse: null };
  }
  // The table's CHECK: with an address, every field is given.
  return {
    Name: String(row.Name),
    Email: row.Email,
    Mobile: row.Mobile,
    Quantity: Number(row.Quantity),
    RetailerSelfUse: row.RetailerSelfUse as BuyerType,
  };
}
