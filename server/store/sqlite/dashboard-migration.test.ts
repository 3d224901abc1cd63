import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, expect, test } from "vitest";
import { ENQUIRY_COLLECTION } from "../../../domain/contract";
import { dashboardData } from "../../work/dashboard-figures";
import { SqliteStore } from "../index";
import { applyMigration, migrations } from "./migrations";
import { PLACEHOLDER_FACTS } from "../../../domain/company-facts";

/** The build's default record: 10:00–19:00 IST, Monday to Saturday, first contact within 4 hours. */
const DEFAULT_HOURS = PLACEHOLDER_FACTS.workingHours;

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

test("a database from before the dashboard gets its per-day counts and first touches from what it holds, and keeps them up to date", async () => {
  const dir = mkdtempSync(join(tmpdir(), "dashboard-migration-"));
  dirs.push(dir);
  const path = join(dir, "site.db");
  const steps = migrations(ENQUIRY_COLLECTION);
  // The schema as it was just before the dashboard's migration; opening the store runs the rest.
  const dashboard = steps.findIndex(
    (step) => typeof step === "string" && step.includes("CREATE TABLE enquiry_days"),
  );
  const old = new Database(path);
  for (const step of steps.slice(0, dashboard)) applyMigration(old, step);
  old.pragma(`user_version = ${dashboard}`);
  const insert = old.prepare(
    `INSERT INTO "${ENQUIRY_COLLECTION}" (id, Name, Email, Mobile, Quantity, RetailerSelfUse, received_at)
     VALUES (?, 'Meera Stores', 'orders@meera.example', '9811122233', ?, ?, ?)`,
  );
  // 23:50 IST on 9 March and 00:10 IST on 10 March: two IST days, though one UTC day.
  insert.run("e1", 48, "Retailer", "2026-03-09T18:20:00.000Z");
  insert.run("e2", 2, "Self Use", "2026-03-09T18:40:00.000Z");
  const history = old.prepare(
    `INSERT INTO enquiry_history (id, enquiry_id, at, staff_email, kind, text) VALUES (?, ?, ?, 'asha@collarise.example', 'note', 'x')`,
  );
  // The second entry of e1 is older than the first one written: the first touch is the earliest.
  history.run("h1", "e1", "2026-03-10T06:30:00.000Z");
  history.run("h2", "e1", "2026-03-10T05:30:00.000Z");
  old.close();

  const store = await SqliteStore.open({ path, enquiryCollection: ENQUIRY_COLLECTION });
  try {
    const now = new Date("2026-03-10T12:00:00.000Z");
    const before = await dashboardData(store.dashboard, { now, days: 30, hours: DEFAULT_HOURS });
    expect(before.perDay.slice(-2)).toEqual([
      { date: "2026-03-09", enquiries: { Retailer: 1, "Self Use": 0 }, quantity: 48 },
      { date: "2026-03-10", enquiries: { Retailer: 0, "Self Use": 1 }, quantity: 2 },
    ]);
    // Received at 23:50 IST on Monday, first touched at 11:00 IST on Tuesday: one working hour.
    expect(before.firstContact).toMatchObject({ received: 2, contacted: 1, medianWorkingMinutes: 60 });

    // A note on e2 at 17:30 IST, 450 working minutes after it came: the median of 60 and 450.
    await store.work.addNote("e2", { text: "y", staffEmail: "bilal@collarise.example", at: now });
    const after = await dashboardData(store.dashboard, { now, days: 30, hours: DEFAULT_HOURS });
    expect(after.firstContact).toMatchObject({
      contacted: 2,
      medianWorkingMinutes: (60 + (17 * 60 + 30 - 10 * 60)) / 2,
    });
  } finally {
    await store.close();
  }
});
