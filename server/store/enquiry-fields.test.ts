import { createHash } from "node:crypto";
import Database from "better-sqlite3";
import { describe, expect, test } from "vitest";
import {
  ENQUIRY_FIELD_SPECS,
  ENQUIRY_FIELDS,
  type Enquiry,
  type StoredEnquiryFields,
  type WhatsAppEnquiry,
} from "../../domain/enquiry";
import { mailFieldRows } from "../notify/mail-content";
import { enquiryDocument, enquiryFromDocument } from "./firestore/documents";
import { enquiryFingerprint } from "./idempotency";
import { enquiryFieldsOf, enquiryRowFields, ENQUIRY_COLUMNS } from "./sqlite/enquiry-row";
import { applyMigration, migrations } from "./sqlite/migrations";

// The enquiry's descriptor (domain/enquiry.ts: ENQUIRY_FIELD_SPECS) against each place that reads
// it: a field missing from one of them, or one place listing fields of its own, fails here.

const form: Enquiry = {
  Name: "Asha Verma",
  Email: "asha@example.in",
  Mobile: "9876543210",
  Quantity: 24,
  RetailerSelfUse: "Retailer",
};
const whatsapp: WhatsAppEnquiry = {
  Name: null,
  Email: null,
  Mobile: "919876543210",
  Quantity: null,
  RetailerSelfUse: null,
};
const optional = ENQUIRY_FIELD_SPECS.filter((spec) => !spec.required);
/** The form's enquiry with every optional field filled in. */
const filled = {
  ...form,
  ...Object.fromEntries(optional.map((spec) => [spec.name, `Meera Stores (${spec.name})`])),
} as Enquiry;

function enquiryTableColumns(): string[] {
  const db = new Database(":memory:");
  try {
    for (const step of migrations("x_Form")) applyMigration(db, step);
    return (db.prepare(`PRAGMA table_info("x_Form")`).all() as { name: string }[]).map((row) => row.name);
  } finally {
    db.close();
  }
}

describe("the enquiry's fields, described once", () => {
  test("name the fields in the form's order, each once", () => {
    expect(ENQUIRY_FIELD_SPECS.map((spec) => spec.name)).toEqual(ENQUIRY_FIELDS);
    expect(new Set(ENQUIRY_FIELDS).size).toBe(ENQUIRY_FIELDS.length);
  });

  test("are the enquiries' table on SQLite, column for column beside its id, time and language", () => {
    const columns = enquiryTableColumns();
    expect(columns.filter((column) => !["id", "received_at", "language"].includes(column)).sort()).toEqual(
      ENQUIRY_FIELD_SPECS.map((spec) => spec.sqliteColumn).sort(),
    );
    for (const spec of ENQUIRY_FIELD_SPECS) expect(ENQUIRY_COLUMNS).toContain(`e.${spec.sqliteColumn}`);
  });

  test.each([
    ["the form's", form],
    ["a WhatsApp", whatsapp],
    ["a filled-in", filled],
  ])("come back from %s enquiry's SQLite row and Firestore document as they went in", (_, enquiry) => {
    const row = enquiryRowFields(enquiry);
    expect(Object.keys(row)).toEqual(ENQUIRY_FIELD_SPECS.map((spec) => spec.sqliteColumn));
    expect(enquiryFieldsOf(row as unknown as Parameters<typeof enquiryFieldsOf>[0])).toEqual(enquiry);

    const document = enquiryDocument(
      { id: "e1", receivedAt: "2026-11-29T10:00:00.000Z", language: "en", enquiry },
      [],
    );
    for (const spec of ENQUIRY_FIELD_SPECS) {
      const given = spec.required || enquiry === filled;
      expect(Object.hasOwn(document, spec.firestoreField), spec.firestoreField).toBe(given);
    }
    expect(enquiryFromDocument(document)).toEqual(enquiry);
  });

  test("are every line of the fields in the mails, with the descriptor's labels", () => {
    expect(mailFieldRows(form)).toEqual([
      ["Name", "Asha Verma"],
      ["Email", "asha@example.in"],
      ["Mobile", "9876543210"],
      ["Quantity", "24"],
      ["Retailer / Self Use", "Retailer"],
    ]);
    expect(mailFieldRows(filled).map(([label]) => label)).toEqual(
      ENQUIRY_FIELD_SPECS.map((spec) => spec.mailLabel),
    );
    // An optional field left empty is not in the mail: the mails of enquiries without it are as they were.
    expect(mailFieldRows(whatsapp).map(([label]) => label)).toEqual(
      ENQUIRY_FIELD_SPECS.filter((spec) => spec.required).map((spec) => spec.mailLabel),
    );
  });

  test("each change the retry's fingerprint, where the descriptor puts them in it", () => {
    const changed: Partial<Record<string, StoredEnquiryFields[]>> = {
      Name: [{ ...form, Name: "Asha V." }],
      Email: [{ ...form, Email: "asha.v@example.in" }],
      Mobile: [{ ...form, Mobile: "9876543211" }],
      Quantity: [{ ...form, Quantity: 25 }],
      RetailerSelfUse: [{ ...form, RetailerSelfUse: "Self Use" }],
    };
    // An optional field filled in with another text, or left empty.
    for (const spec of optional) {
      const { [spec.name]: _left, ...without } = filled;
      changed[spec.name] = [{ ...filled, [spec.name]: "Other Stores" } as Enquiry, without as Enquiry];
    }
    for (const spec of ENQUIRY_FIELD_SPECS) {
      if (spec.fingerprint === false) continue;
      const examples = changed[spec.name];
      expect(examples, `an example changing ${spec.name}`).toBeDefined();
      const base = spec.required ? form : filled;
      for (const example of examples!) expect(enquiryFingerprint(example)).not.toBe(enquiryFingerprint(base));
    }
  });
});

describe("the retry's fingerprint across the upgrade", () => {
  // As the fingerprint was made before the descriptor: a key stored then must still match its retry.
  const before = (enquiry: StoredEnquiryFields) =>
    createHash("sha256")
      .update(
        JSON.stringify([
          enquiry.Name,
          enquiry.Email,
          enquiry.Mobile,
          String(enquiry.Quantity),
          enquiry.RetailerSelfUse,
        ]),
      )
      .digest("base64url");

  test.each([
    ["the form's", form],
    ["a WhatsApp", whatsapp],
    ["a Hindi name's", { ...form, Name: "अनीता शर्मा", RetailerSelfUse: "Self Use" } as Enquiry],
  ])("of %s enquiry is the one its key was stored with", (_, enquiry) => {
    expect(enquiryFingerprint(enquiry)).toBe(before(enquiry));
  });

  test("of one enquiry is the very value keys were stored with", () => {
    expect(enquiryFingerprint(form)).toBe(before(form));
    expect(enquiryFingerprint(form)).toBe(
      createHash("sha256")
        .update('["Asha Verma","asha@example.in","9876543210","24","Retailer"]')
        .digest("base64url"),
    );
  });
});
