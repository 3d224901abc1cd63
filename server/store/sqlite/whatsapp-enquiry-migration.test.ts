import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, expect, test } from "vitest";
import { ENQUIRY_COLLECTION } from "../../../domain/contract";
import { SqliteStore } from "../index";
import { applyMigration, migrations } from "./migrations";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const TABLE = `"${ENQUIRY_COLLECTION}"`;
const FORM = "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b";

/** The indexes and triggers on the enquiries' table, by name, as the database holds them. */
function schemaOf(db: Database.Database): string[] {
  return db
    .prepare<[string], { type: string; name: string }>(
      `SELECT type, name FROM sqlite_master WHERE tbl_name = ? AND type IN ('index', 'trigger') ORDER BY name`,
    )
    .all(ENQUIRY_COLLECTION)
    .map(({ type, name }) => `${type} ${name}`);
}

test("the form's enquiries are kept with all five fields, and an enquiry from WhatsApp may then have none but its mobile", async () => {
  const dir = mkdtempSync(join(tmpdir(), "whatsapp-enquiry-migration-"));
  dirs.push(dir);
  const path = join(dir, "site.db");
  const steps = migrations(ENQUIRY_COLLECTION);
  // The step that lets an enquiry have no address (whatsapp-enquiry-schema.ts).
  const step = steps.findIndex(
    (sql) => typeof sql === "function" && String(sql).includes("Email IS NULL AND Quantity IS NULL"),
  );
  expect(step).toBeGreaterThan(0);
  const old = new Database(path);
  old.pragma("foreign_keys = ON");
  for (const sql of steps.slice(0, step)) applyMigration(old, sql);
  old.pragma(`user_version = ${step}`);
  const at = "2026-11-20T05:30:00.000Z";
  old
    .prepare(
      `INSERT INTO ${TABLE} (id, Name, Email, Mobile, Quantity, RetailerSelfUse, received_at, language)
       VALUES (?, 'Meera Stores', 'orders@meera.example', '9811122233', 48, 'Retailer', ?, 'hi')`,
    )
    .run(FORM, at);
  old
    .prepare(
      `INSERT INTO enquiry_messages (id, enquiry_id, direction, message_id, at, staff_email, subject, body)
       VALUES ('m1', ?, 'out', '<m1@example.com>', ?, 'priya@example.com', 'Re: Your enquiry', 'Thank you')`,
    )
    .run(FORM, at);
  const before = schemaOf(old);
  const days = old.prepare(`SELECT day, buyer, enquiries, quantity FROM enquiry_days ORDER BY day, buyer`);
  const daysBefore = days.all();
  old.close();

  const store = await SqliteStore.open({ path, enquiryCollection: ENQUIRY_COLLECTION });
  try {
    expect(
      (await store.enquiries.list()).map(({ id, enquiry, language }) => ({ id, enquiry, language })),
    ).toEqual([
      {
        id: FORM,
        language: "hi",
        enquiry: {
          Name: "Meera Stores",
          Email: "orders@meera.example",
          Mobile: "9811122233",
          Quantity: 48,
          RetailerSelfUse: "Retailer",
        },
      },
    ]);
    const check = new Database(path);
    try {
      expect(check.pragma("user_version", { simple: true })).toBe(steps.length);
      // Every index and trigger on the table is made again; what refers to it still does. The
      // indexes on the id's ends went in a later step, for a table of references of their own
      // given from a queue, which a trigger of the table fills.
      expect(schemaOf(check).filter((entry) => !entry.endsWith("_references_insert"))).toEqual(
        before.filter((entry) => !entry.includes("_reference_")),
      );
      expect(check.pragma("foreign_key_check")).toEqual([]);
      expect(check.prepare(`SELECT enquiry_id FROM enquiry_messages`).all()).toEqual([{ enquiry_id: FORM }]);
      const insert = check.prepare(
        `INSERT INTO ${TABLE} (id, Name, Email, Mobile, Quantity, RetailerSelfUse, received_at)
         VALUES (@id, @Name, @Email, @Mobile, @Quantity, @RetailerSelfUse, @at)`,
      );
      const whatsapp = {
        Name: null,
        Email: null,
        Mobile: "447700900123",
        Quantity: null,
        RetailerSelfUse: null,
      };
      insert.run({ id: "w1", ...whatsapp, at });
      // The form's enquiry keeps all five or none of the three: an address without a quantity is refused.
      expect(() =>
        insert.run({
          id: "f2",
          ...whatsapp,
          Name: "Asha",
          Email: "asha@example.com",
          Mobile: "9811100000",
          at,
        }),
      ).toThrow(/CHECK constraint/);
      expect(() => insert.run({ id: "f3", ...whatsapp, Quantity: 12, at })).toThrow(/CHECK constraint/);
      // The per-day rollup counts by buyer type: an enquiry with none leaves it as it was.
      expect(
        check.prepare(`SELECT day, buyer, enquiries, quantity FROM enquiry_days ORDER BY day, buyer`).all(),
      ).toEqual(daysBefore);
      check.prepare(`DELETE FROM ${TABLE} WHERE id = 'w1'`).run();
    } finally {
      check.close();
    }
  } finally {
    await store.close();
  }
});
