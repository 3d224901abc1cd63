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

test("a database from before the sale's figures gives every enquiry its buyer keys, keeps its history, and takes deals and lost reasons", async () => {
  const dir = mkdtempSync(join(tmpdir(), "sale-migration-"));
  dirs.push(dir);
  const path = join(dir, "site.db");
  const steps = migrations(ENQUIRY_COLLECTION);
  // The sale's step, wherever later steps are added after it.
  const saleStep = steps.findIndex((step) => String(step).includes("CREATE TABLE enquiry_deals"));
  expect(saleStep).toBeGreaterThan(0);
  const old = new Database(path);
  for (const step of steps.slice(0, saleStep)) applyMigration(old, step);
  old.pragma(`user_version = ${saleStep}`);
  const insert = old.prepare(
    `INSERT INTO "${ENQUIRY_COLLECTION}" (id, Name, Email, Mobile, Quantity, RetailerSelfUse, received_at)
     VALUES (?, 'Meera Stores', ?, ?, 24, 'Retailer', ?)`,
  );
  insert.run("e1", "meera.stores@gmail.com", "9811122233", "2026-01-05T05:30:00.000Z");
  insert.run("e2", "MeeraStores+orders@googlemail.com", "9800000001", "2026-02-05T05:30:00.000Z");
  insert.run("e3", "accounts@meera.example", "9811122233", "2026-03-05T05:30:00.000Z");
  insert.run("e4", "someone@else.example", "9800000002", "2026-03-06T05:30:00.000Z");
  old
    .prepare(
      `INSERT INTO enquiry_work (enquiry_id, status, version, received_at, touched_at) VALUES ('e1', 'Confirmed', 2, ?, ?)`,
    )
    .run("2026-01-05T05:30:00.000Z", "2026-01-05T07:00:00.000Z");
  old
    .prepare(
      `INSERT INTO enquiry_history (id, enquiry_id, at, staff_email, kind, from_status, to_status, text, from_owner)
       VALUES ('h1', 'e1', '2026-01-05T07:00:00.000Z', 'asha@collarise.example', 'status', 'New', 'Confirmed', 'Agreed', NULL)`,
    )
    .run();
  old.close();

  const store = await SqliteStore.open({ path, enquiryCollection: ENQUIRY_COLLECTION });
  try {
    // One buyer by her mobile (e3) and by her Gmail mailbox however written (e2); e4 is someone else.
    const history = await store.buyers.history("e1", 10);
    expect(history?.enquiries.map((each) => [each.id, each.sameMobile, each.sameMailbox])).toEqual([
      ["e3", true, false],
      ["e2", false, true],
    ]);
    expect(Object.fromEntries(await store.buyers.earlierCounts(["e1", "e2", "e3", "e4"]))).toEqual({
      e2: 1,
      e3: 1,
    });
    // The index holds hashes: neither the number nor the address is in it.
    const db = new Database(path, { readonly: true });
    try {
      const keys = db.prepare(`SELECT buyer_key FROM enquiry_buyers`).all() as { buyer_key: string }[];
      expect(keys).toHaveLength(8);
      expect(JSON.stringify(keys)).not.toMatch(/9811122233|meera|gmail/i);
    } finally {
      db.close();
    }

    expect((await store.enquiryWork.get("e1"))?.history).toEqual([
      expect.objectContaining({ id: "h1", kind: "status", to: "Confirmed", text: "Agreed" }),
    ]);
    const at = new Date("2026-03-10T06:30:00.000Z");
    const recorded = await store.work.recordDeal("e1", {
      expectedVersion: 0,
      figures: { quantity: 24, valueRupees: 21_600, city: "Jaipur", pinCode: "302001", gstin: null },
      staffEmail: "asha@collarise.example",
      at,
    });
    expect(recorded.outcome).toBe("changed");
    expect(
      await store.work.changeStatus("e4", {
        to: "Declined",
        expectedVersion: 0,
        lostReason: "only-asking",
        staffEmail: "asha@collarise.example",
        at,
      }),
    ).toEqual({ outcome: "changed", version: 1 });
    expect((await store.deals.get("e4"))?.lostReason).toBe("only-asking");
    // A deal's line is no first touch; the status change still is.
    const dashboard = await dashboardData(store.dashboard, {
      now: new Date("2026-03-14T06:30:00.000Z"),
      days: 90,
      hours: DEFAULT_HOURS,
    });
    expect(dashboard.firstContact.contacted).toBe(2);
    expect(dashboard.sales).toMatchObject({ orders: 1, value: 21_600, won: 1, decided: 2 });
  } finally {
    await store.close();
  }
});
