import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, expect, test } from "vitest";
import { ENQUIRY_COLLECTION } from "../../../domain/contract";
import { CLOSED_TOO } from "../../../domain/inbox";
import { ENQUIRY_STATUSES, isWork } from "../../../domain/status";
import { inboxFilterOf } from "../../lifecycle/inbox-listing";
import { SqliteStore } from "../index";
import { applyMigration, migrations } from "./migrations";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

test("an older database's work records are the team's work exactly where their status made them so, and the views list what they listed", async () => {
  const dir = mkdtempSync(join(tmpdir(), "team-work-migration-"));
  dirs.push(dir);
  const path = join(dir, "site.db");
  const steps = migrations(ENQUIRY_COLLECTION);
  const step = steps.findIndex((sql) => typeof sql === "string" && sql.includes("ADD COLUMN team_work"));
  expect(step).toBeGreaterThan(0);
  const old = new Database(path);
  old.pragma("foreign_keys = ON");
  for (const sql of steps.slice(0, step)) applyMigration(old, sql);
  old.pragma(`user_version = ${step}`);
  old
    .prepare(
      `INSERT INTO staff (id, email, role, password_hash, created_at)
       VALUES ('s-asha', 'asha@collarise.example', 'member', 'h', '2026-03-01T04:30:00.000Z')`,
    )
    .run();
  const enquiry = old.prepare(
    `INSERT INTO "${ENQUIRY_COLLECTION}" (id, Name, Email, Mobile, Quantity, RetailerSelfUse, received_at)
     VALUES (?, 'Meera Stores', 'orders@meera.example', '9811122233', 48, 'Retailer', ?)`,
  );
  // One record at each status, each owned by Asha: spam filed by hand keeps its owner.
  const work = old.prepare(
    `INSERT INTO enquiry_work (enquiry_id, status, version, received_at, owner_id, buyer)
     VALUES (?, ?, 1, ?, 's-asha', 'Retailer')`,
  );
  for (const [index, status] of ENQUIRY_STATUSES.entries()) {
    const receivedAt = new Date(Date.UTC(2026, 2, 10, 4, index)).toISOString();
    enquiry.run(status, receivedAt);
    work.run(status, status, receivedAt);
  }
  old.close();

  const store = await SqliteStore.open({ path, enquiryCollection: ENQUIRY_COLLECTION });
  try {
    // Each record keeps its owner, whatever the flag.
    const fields = await store.team.fieldsOf([...ENQUIRY_STATUSES]);
    expect([...fields.values()].every((each) => each.ownerId === "s-asha")).toBe(true);
    // What the team's views list is unchanged: Mine of Asha, closed ones too, holds no spam or duplicate.
    const viewer = {
      staffId: "s-asha",
      now: new Date("2026-03-10T12:00:00.000Z"),
      dayEnd: new Date("2026-03-10T18:30:00.000Z"),
    };
    const mine = inboxFilterOf({ view: "mine", closed: CLOSED_TOO }, viewer)!;
    const page = await store.enquiryWork.list({ ...mine, cursor: null, limit: 50 });
    expect(page.items.map((row) => row.id).sort()).toEqual(ENQUIRY_STATUSES.filter(isWork).sort());
  } finally {
    await store.close();
  }

  const migrated = new Database(path, { readonly: true });
  try {
    const flags = migrated
      .prepare<[], { status: string; team_work: number }>(`SELECT status, team_work FROM enquiry_work`)
      .all();
    expect(Object.fromEntries(flags.map((row) => [row.status, row.team_work === 1]))).toEqual(
      Object.fromEntries(ENQUIRY_STATUSES.map((status) => [status, isWork(status)])),
    );
  } finally {
    migrated.close();
  }
});
