import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, expect, test } from "vitest";
import { ENQUIRY_COLLECTION } from "../../../domain/contract";
import { PLACEHOLDER_FACTS } from "../../../domain/company-facts";
import { dashboardData } from "../../work/dashboard-figures";
import { SqliteStore } from "../index";
import { applyMigration, migrations } from "./migrations";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

test("history written before lines carried whether they are work counts a status change, a note or a contact as its author's work, and nothing else", async () => {
  const dir = mkdtempSync(join(tmpdir(), "history-worked-migration-"));
  dirs.push(dir);
  const path = join(dir, "site.db");
  const steps = migrations(ENQUIRY_COLLECTION);
  const step = steps.findIndex((sql) => typeof sql === "string" && sql.includes("ADD COLUMN worked"));
  expect(step).toBeGreaterThan(0);
  const old = new Database(path);
  old.pragma("foreign_keys = ON");
  for (const sql of steps.slice(0, step)) applyMigration(old, sql);
  old.pragma(`user_version = ${step}`);
  const enquiry = old.prepare(
    `INSERT INTO "${ENQUIRY_COLLECTION}" (id, Name, Email, Mobile, Quantity, RetailerSelfUse, received_at)
     VALUES (?, 'Meera Stores', 'orders@meera.example', '9811122233', 48, 'Retailer', '2026-03-10T04:30:00.000Z')`,
  );
  const history = old.prepare(
    `INSERT INTO enquiry_history (id, enquiry_id, at, staff_email, kind, from_status, to_status, text, from_owner)
     VALUES (?, ?, '2026-03-10T06:30:00.000Z', ?, ?, ?, ?, ?, NULL)`,
  );
  for (const id of ["e1", "e2", "e3", "e4"]) enquiry.run(id);
  history.run("h1", "e1", "asha@collarise.example", "status", "New", "Contacted", null);
  history.run("h2", "e2", "asha@collarise.example", "note", null, null, "Rang");
  history.run("h3", "e3", "bilal@collarise.example", "contact", null, null, "call");
  // Handing on, a follow-up and the deal's figures are no one's work with the buyer.
  history.run("h4", "e4", "chitra@collarise.example", "owner", null, null, "bilal@collarise.example");
  history.run("h5", "e4", "chitra@collarise.example", "follow-up", null, null, null);
  history.run("h6", "e4", "chitra@collarise.example", "deal", null, null, "Deal: 40 sachets");
  old.close();

  const store = await SqliteStore.open({ path, enquiryCollection: ENQUIRY_COLLECTION });
  try {
    const now = new Date("2026-03-10T12:00:00.000Z");
    const dashboard = await dashboardData(store.dashboard, {
      now,
      days: 30,
      hours: PLACEHOLDER_FACTS.workingHours,
    });
    expect(dashboard.breakdowns.members).toEqual([
      { key: "asha@collarise.example", enquiries: 2 },
      { key: "bilal@collarise.example", enquiries: 1 },
    ]);
  } finally {
    await store.close();
  }
});
