import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, expect, test } from "vitest";
import { ENQUIRY_COLLECTION } from "../../../domain/contract";
import { PLACEHOLDER_FACTS } from "../../../domain/company-facts";
import { dashboardData } from "../dashboard";
import { SqliteStore } from "../index";
import { applyMigration, migrations } from "./migrations";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** An instant given as IST wall-clock time, on Tuesday 10 March 2026. */
const ist = (time: string) => new Date(`2026-03-10T${time}:00+05:30`);

test("an older database's first touches are kept, and a line of contact written later with an earlier time becomes the first touch", async () => {
  const dir = mkdtempSync(join(tmpdir(), "contact-times-migration-"));
  dirs.push(dir);
  const path = join(dir, "site.db");
  const steps = migrations(ENQUIRY_COLLECTION);
  const step = steps.findIndex(
    (sql) => typeof sql === "string" && sql.includes("CREATE TABLE enquiry_contact_times"),
  );
  expect(step).toBeGreaterThan(0);
  const old = new Database(path);
  old.pragma("foreign_keys = ON");
  for (const sql of steps.slice(0, step)) applyMigration(old, sql);
  old.pragma(`user_version = ${step}`);
  const enquiry = old.prepare(
    `INSERT INTO "${ENQUIRY_COLLECTION}" (id, Name, Email, Mobile, Quantity, RetailerSelfUse, received_at)
     VALUES (?, 'Meera Stores', 'orders@meera.example', '9811122233', 48, 'Retailer', ?)`,
  );
  const work = old.prepare(
    `INSERT INTO enquiry_work (enquiry_id, status, version, received_at, touched_at, buyer)
     VALUES (?, 'Contacted', 1, ?, ?, 'Retailer')`,
  );
  const touch = old.prepare(
    `INSERT INTO enquiry_first_touch (enquiry_id, received_at, first_at) VALUES (?, ?, ?)`,
  );
  // Received at 10:00; first contacted at 11:00 (one hour) and at 12:00 (two hours).
  for (const [id, firstAt] of [
    ["early", ist("11:00")],
    ["late", ist("12:00")],
  ] as const) {
    enquiry.run(id, ist("10:00").toISOString());
    work.run(id, ist("10:00").toISOString(), firstAt.toISOString());
    touch.run(id, ist("10:00").toISOString(), firstAt.toISOString());
  }
  old.close();

  const hours = PLACEHOLDER_FACTS.workingHours;
  const firstContact = async (store: SqliteStore) =>
    (await dashboardData(store.dashboard, { now: ist("16:00"), days: 30, hours })).firstContact;
  const store = await SqliteStore.open({ path, enquiryCollection: ENQUIRY_COLLECTION });
  try {
    expect(await firstContact(store)).toMatchObject({ contacted: 2, medianWorkingMinutes: 90 });
    // Another instance, its clock behind, writes a note on "late" stamped before its first touch.
    await store.work.addNote("late", { text: "Rang back", staffEmail: "asha@example.com", at: ist("10:30") });
    // And one after "early"'s first touch, which changes nothing.
    await store.work.addNote("early", {
      text: "Sent samples",
      staffEmail: "asha@example.com",
      at: ist("15:00"),
    });
    expect(await firstContact(store)).toMatchObject({ contacted: 2, medianWorkingMinutes: 45 });
  } finally {
    await store.close();
  }

  const migrated = new Database(path, { readonly: true });
  try {
    expect(
      migrated
        .prepare(
          `SELECT enquiry_id AS id, first_at AS at FROM enquiry_first_touch ORDER BY enquiry_id, first_at`,
        )
        .all(),
    ).toEqual([
      { id: "early", at: ist("11:00").toISOString() },
      { id: "early", at: ist("15:00").toISOString() },
      { id: "late", at: ist("10:30").toISOString() },
      { id: "late", at: ist("12:00").toISOString() },
    ]);
    // The dashboard reads them by when the enquiry came, from the index alone.
    const plan = migrated
      .prepare(
        `EXPLAIN QUERY PLAN SELECT t.enquiry_id, t.received_at, t.first_at FROM enquiry_first_touch t
         WHERE t.received_at >= ? AND t.received_at < ?`,
      )
      .all("2026-03-01", "2026-03-31")
      .map((row) => (row as { detail: string }).detail);
    expect(plan).toEqual([
      "SEARCH t USING COVERING INDEX enquiry_first_touch_received (received_at>? AND received_at<?)",
    ]);
  } finally {
    migrated.close();
  }
});
