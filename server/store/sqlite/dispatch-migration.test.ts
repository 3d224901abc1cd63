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

test("a database from before dispatch takes an order's steps on a Confirmed enquiry it already held, and refuses a malformed e-way bill", async () => {
  const dir = mkdtempSync(join(tmpdir(), "dispatch-migration-"));
  dirs.push(dir);
  const path = join(dir, "site.db");
  const steps = migrations(ENQUIRY_COLLECTION);
  // The dispatch's step, wherever later steps are added after it.
  const dispatchStep = steps.findIndex((step) => String(step).includes("CREATE TABLE enquiry_dispatch"));
  expect(dispatchStep).toBeGreaterThan(0);
  const old = new Database(path);
  for (const step of steps.slice(0, dispatchStep)) applyMigration(old, step);
  old.pragma(`user_version = ${dispatchStep}`);
  old
    .prepare(
      `INSERT INTO "${ENQUIRY_COLLECTION}" (id, Name, Email, Mobile, Quantity, RetailerSelfUse, received_at)
       VALUES ('e1', 'Meera Stores', 'meera.stores@gmail.com', '9811122233', 24, 'Retailer', '2026-01-05T05:30:00.000Z')`,
    )
    .run();
  old
    .prepare(
      `INSERT INTO enquiry_work (enquiry_id, status, version, received_at, touched_at) VALUES ('e1', 'Confirmed', 2, ?, ?)`,
    )
    .run("2026-01-05T05:30:00.000Z", "2026-01-05T07:00:00.000Z");
  old.close();

  const store = await SqliteStore.open({ path, enquiryCollection: ENQUIRY_COLLECTION });
  try {
    expect((await store.dispatch.get("e1"))?.step).toBeNull();
    const packed = await store.work.recordDispatch("e1", {
      expectedVersion: 0,
      input: { step: "packed", batches: "B2611", bestBefore: "2099-11" },
      staffEmail: "asha@collarise.example",
      at: new Date(),
    });
    expect(packed).toMatchObject({
      outcome: "changed",
      dispatch: { version: 1, step: "packed", batches: ["B2611"] },
    });
  } finally {
    await store.close();
  }
  const db = new Database(path);
  try {
    expect(() =>
      db.prepare(`UPDATE enquiry_dispatch SET eway_bill = '12345' WHERE enquiry_id = 'e1'`).run(),
    ).toThrow(/CHECK constraint failed/);
    expect(() =>
      db.prepare(`UPDATE enquiry_dispatch SET step = 'lost' WHERE enquiry_id = 'e1'`).run(),
    ).toThrow(/CHECK constraint failed/);
  } finally {
    db.close();
  }
});
