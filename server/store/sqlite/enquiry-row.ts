import { storedLanguage } from "../../../domain/contract";
import {
  ENQUIRY_FIELD_SPECS,
  enquiryFieldsFromRecord,
  enquiryFieldsRecord,
  type OptionalEnquiryColumn,
  type StoredEnquiryFields,
} from "../../../domain/enquiry";
import type { StoredEnquiry } from "../store";
import { columnsOf, insertStatement, selectList } from "./row-codec";

/**
 * An enquiry as its table holds it: the one list of its columns on SQLite, and its mapping to
 * what the store hands on (the enquiry's fields, with its id, time received and language beside
 * them). The fields' columns are the descriptor's (domain/enquiry.ts: ENQUIRY_FIELD_SPECS); the
 * row is made by enquiryRowOf, whose keys are the columns the SELECT reads and the INSERT writes.
 */
export type EnquiryRow = {
  id: string;
  /** Null, as the next three, for an enquiry started on WhatsApp (whatsapp-enquiry-schema.ts). */
  Name: string | null;
  Email: string | null;
  Mobile: string;
  Quantity: number | null;
  RetailerSelfUse: string | null;
  received_at: string;
  language: string;
} & { [Column in OptionalEnquiryColumn]: string | null };

/** An enquiry's row as its INSERT writes it: every column, an optional field not given null. */
export function enquiryRowOf(stored: StoredEnquiry): EnquiryRow {
  return {
    id: stored.id,
    ...enquiryRowFields(stored.enquiry),
    received_at: stored.receivedAt,
    language: stored.language,
  } as EnquiryRow;
}

/** The table's columns in the row's order, read from a row as enquiryRowOf makes it. */
const ENQUIRY_ROW_COLUMNS = columnsOf(
  enquiryRowOf({
    id: "",
    receivedAt: "",
    language: "en",
    enquiry: { Name: null, Email: null, Mobile: "", Quantity: null, RetailerSelfUse: null },
  }),
);

/** The enquiry's field columns, from the enquiries' table aliased `e`. */
export const ENQUIRY_FIELD_COLUMNS = ENQUIRY_FIELD_SPECS.map((spec) => `e.${spec.sqliteColumn}`).join(", ");

/** The columns to select, from the enquiries' table aliased `e`. */
export const ENQUIRY_COLUMNS = selectList("e", ENQUIRY_ROW_COLUMNS);

/** The statement that inserts an enquiry's row (enquiryRowOf) into `table`, already quoted. */
export function insertEnquiryStatement(table: string): string {
  return insertStatement(table, ENQUIRY_ROW_COLUMNS);
}

export function storedEnquiry(row: EnquiryRow): StoredEnquiry {
  return {
    id: row.id,
    receivedAt: row.received_at,
    language: storedLanguage(row.language),
    enquiry: enquiryFieldsOf(row),
  };
}

/** The enquiry's fields of a row: the form's, all required ones given, or an enquiry started on WhatsApp's (no address). */
export function enquiryFieldsOf(
  row: Omit<EnquiryRow, "id" | "received_at" | "language">,
): StoredEnquiryFields {
  // The table's CHECK: with an address, every required field is given.
  return enquiryFieldsFromRecord(row, "sqliteColumn");
}

/** A new enquiry's fields as the INSERT's parameters, by column: null where not given. */
export function enquiryRowFields(enquiry: StoredEnquiryFields): Record<string, string | number | null> {
  return enquiryFieldsRecord(enquiry, "sqliteColumn", "null");
}
