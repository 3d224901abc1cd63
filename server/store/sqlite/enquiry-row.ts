import type { Language } from "../../../domain/contract";
import type { BuyerType } from "../../../domain/enquiry";
import type { StoredEnquiry } from "../store";

/**
 * An enquiry as its table holds it: the one list of its columns on SQLite, and its mapping to
 * what the store hands on (the five fields, with its id, time received and language beside them).
 */
export interface EnquiryRow {
  id: string;
  Name: string;
  Email: string;
  Mobile: string;
  Quantity: number;
  RetailerSelfUse: string;
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
    enquiry: {
      Name: row.Name,
      Email: row.Email,
      Mobile: row.Mobile,
      Quantity: row.Quantity,
      RetailerSelfUse: row.RetailerSelfUse as BuyerType,
    },
  };
}
