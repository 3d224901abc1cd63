import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, expect, test } from "vitest";
import { ENQUIRY_COLLECTION } from "../../../domain/contract";
import { enquiryReference } from "../../../domain/console";
import { SqliteStore } from "../index";
import { applyMigration, migrations } from "./migrations";
import { catchUpReferences, REFERENCE_BATCH } from "./references";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const V7 = "0192f4a0-1c2b-7d3e-8f40-5a6b7c8d9e0f";
const V4 = "3f2a1b4c-5d6e-4f70-8a9b-0c1d2e3f4a5b";

test("an older database's enquiries are found by the reference a buyer's mail quotes, as are new ones whatever read their buyer first, until they are erased", async () => {
  const dir = mkdtempSync(join(tmpdir(), "reference-migration-"));
  dirs.push(dir);
  const path = join(dir, "site.db");
  const steps = migrations(ENQUIRY_COLLECTION);
  const step = steps.findIndex(
    (sql) => typeof sql === "string" && sql.includes("CREATE TABLE enquiry_references"),
  );
  expect(step).toBeGreaterThan(0);
  const old = new Database(path);
  old.pragma("foreign_keys = ON");
  for (const sql of steps.slice(0, step)) applyMigration(old, sql);
  old.pragma(`user_version = ${step}`);
  const insert = old.prepare(
    `INSERT INTO "${ENQUIRY_COLLECTION}" (id, Name, Email, Mobile, Quantity, RetailerSelfUse, received_at)
     VALUES (?, 'Meera Stores', ?, '9811122233', 48, 'Retailer', '2026-11-20T05:30:00.000Z')`,
  );
  insert.run(V7, "v7@meera.example");
  insert.run(V4, "v4@meera.example");
  old.close();

  const store = await SqliteStore.open({ path, enquiryCollection: ENQUIRY_COLLECTION });
  try {
    expect(enquiryReference(V7)).toBe("7C8D9E0F");
    expect(enquiryReference(V4)).toBe("3F2A1B4C");
    expect(await store.conversations.enquiriesByReference("7C8D9E0F")).toEqual([
      { id: V7, email: "v7@meera.example" },
    ]);
    expect(await store.conversations.enquiriesByReference("3f2a1b4c")).toEqual([
      { id: V4, email: "v4@meera.example" },
    ]);
    expect(await store.conversations.enquiriesByReference("00000000")).toEqual([]);

    // One stored since is found at the first look, its reference given then, though an instance
    // of the release before, reading a buyer, gave the waiting enquiries their buyer keys first
    // (and knows nothing of references).
    const added = await store.enquiries.add({
      Name: "Ravi Kumar",
      Email: "ravi@example.com",
      Mobile: "9876543210",
      Quantity: 2,
      RetailerSelfUse: "Self Use",
    });
    const before = new Database(path);
    try {
      expect(before.prepare(`DELETE FROM enquiry_buyers_pending`).run().changes).toBe(3);
    } finally {
      before.close();
    }
    expect(await store.conversations.enquiriesByReference(enquiryReference(added.id))).toEqual([
      { id: added.id, email: "ravi@example.com" },
    ]);

    // An enquiry erased takes its reference with it.
    const db = new Database(path);
    try {
      db.pragma("foreign_keys = ON");
      db.prepare(`DELETE FROM "${ENQUIRY_COLLECTION}" WHERE id = ?`).run(V7);
      expect(db.prepare(`SELECT enquiry_id FROM enquiry_references WHERE enquiry_id = ?`).all(V7)).toEqual(
        [],
      );
    } finally {
      db.close();
    }
    expect(await store.conversations.enquiriesByReference("7C8D9E0F")).toEqual([]);
  } finally {
    await store.close();
  }
});

test("a buyer read gives the waiting references too, so their queue stays short where no mailbox is read", async () => {
  const dir = mkdtempSync(join(tmpdir(), "reference-queue-"));
  dirs.push(dir);
  const path = join(dir, "site.db");
  const store = await SqliteStore.open({ path, enquiryCollection: ENQUIRY_COLLECTION });
  try {
    const added = await store.enquiries.add({
      Name: "Ravi Kumar",
      Email: "ravi@example.com",
      Mobile: "9876543210",
      Quantity: 2,
      RetailerSelfUse: "Self Use",
    });
    const waiting = () => {
      const db = new Database(path, { readonly: true });
      try {
        return db.prepare(`SELECT enquiry_id FROM enquiry_references_pending`).all();
      } finally {
        db.close();
      }
    };
    expect(waiting()).toEqual([{ enquiry_id: added.id }]);
    expect(await store.buyers.backfillKeys()).toBe(1);
    expect(waiting()).toEqual([]);
    expect(await store.conversations.enquiriesByReference(enquiryReference(added.id))).toEqual([
      { id: added.id, email: "ravi@example.com" },
    ]);
  } finally {
    await store.close();
  }
});

test("a flood's references are given a batch at a time, and a look-up still finds the last enquiry of it", async () => {
  const dir = mkdtempSync(join(tmpdir(), "reference-flood-"));
  dirs.push(dir);
  const path = join(dir, "site.db");
  const store = await SqliteStore.open({ path, enquiryCollection: ENQUIRY_COLLECTION });
  try {
    const flood = REFERENCE_BATCH * 2 + 7;
    const ids = Array.from({ length: flood }, () => randomUUID());
    const db = new Database(path);
    try {
      const insert = db.prepare(
        `INSERT INTO "${ENQUIRY_COLLECTION}" (id, Name, Email, Mobile, Quantity, RetailerSelfUse, received_at)
         VALUES (?, 'Flood', 'flood@example.com', '9811122233', 1, 'Retailer', '2026-11-30T05:30:00.000Z')`,
      );
      db.transaction(() => ids.forEach((id) => insert.run(id)))();
      const waiting = () => db.prepare(`SELECT count(*) AS n FROM enquiry_references_pending`).get();
      // One catch-up gives one batch and leaves the rest waiting.
      expect(catchUpReferences(db, `"${ENQUIRY_COLLECTION}"`)).toBe(REFERENCE_BATCH);
      expect(waiting()).toEqual({ n: flood - REFERENCE_BATCH });

      const last = ids.at(-1) ?? "";
      expect(await store.conversations.enquiriesByReference(enquiryReference(last))).toEqual([
        { id: last, email: "flood@example.com" },
      ]);
      expect(waiting()).toEqual({ n: 0 });
    } finally {
      db.close();
    }
  } finally {
    await store.close();
  }
});
