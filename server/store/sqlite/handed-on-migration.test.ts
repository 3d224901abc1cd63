import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, expect, test } from "vitest";
import { ENQUIRY_COLLECTION } from "../../../domain/contract";
import { SqliteStore } from "../index";
import { applyMigration, migrations } from "./migrations";
import { insertNotification } from "./notification-row";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

test("a database from before lists of enquiries handed on keeps every waiting mail with its enquiry and member, and takes a list", async () => {
  const dir = mkdtempSync(join(tmpdir(), "handed-on-migration-"));
  dirs.push(dir);
  const path = join(dir, "site.db");
  const steps = migrations(ENQUIRY_COLLECTION);
  const step = steps.findIndex((sql) => typeof sql === "string" && sql.includes("'handed-on'"));
  expect(step).toBeGreaterThan(0);
  const old = new Database(path);
  old.pragma("foreign_keys = ON");
  for (const sql of steps.slice(0, step)) applyMigration(old, sql);
  old.pragma(`user_version = ${step}`);
  const at = "2026-03-10T05:30:00.000Z";
  old
    .prepare(
      `INSERT INTO staff (id, email, role, password_hash, created_at) VALUES ('s1', 'asha@example.com', 'member', 'h', ?)`,
    )
    .run(at);
  old
    .prepare(
      `INSERT INTO "${ENQUIRY_COLLECTION}" (id, Name, Email, Mobile, Quantity, RetailerSelfUse, received_at)
       VALUES ('e1', 'Meera Stores', 'orders@meera.example', '9811122233', 48, 'Retailer', ?)`,
    )
    .run(at);
  const mail = old.prepare(
    `INSERT INTO notifications (id, enquiry_id, staff_id, kind, status, attempts, next_attempt_at, due_at, queued_at, payload)
     VALUES (?, ?, ?, ?, 'pending', 0, @at, @at, @at, ?)`,
  );
  mail.run("n1", "e1", null, "company", null, { at });
  mail.run("n2", "e1", "s1", "member-alert", null, { at });
  mail.run("n3", null, "s1", "digest", "{}", { at });
  old.close();

  const store = await SqliteStore.open({ path, enquiryCollection: ENQUIRY_COLLECTION });
  try {
    expect((await store.enquiries.outboxBacklog()).waiting).toBe(3);
    expect(
      await store.work.setOwners([{ enquiryId: "e1", expectedVersion: 0 }], {
        ownerId: "s1",
        actorId: null,
        staffEmail: "owner@example.com",
        at: new Date(at),
      }),
    ).toEqual(["changed"]);
  } finally {
    await store.close();
  }
  const reopened = new Database(path);
  try {
    expect(reopened.pragma("foreign_key_check")).toEqual([]);
    expect(reopened.prepare(`SELECT id, kind FROM notifications ORDER BY rowid`).all()).toEqual([
      { id: "n1", kind: "company" },
      { id: "n2", kind: "member-alert" },
      { id: "n3", kind: "digest" },
      { id: expect.any(String), kind: "member-alert" },
    ]);
    // The table takes a list now, and (as the codec checks) only a list with its member and its content.
    const list = (payload: string | null) =>
      insertNotification(reopened, { kind: "handed-on", at, staffId: "s1", payload });
    list('{"handedOnBy":"owner@example.com","items":[]}');
    expect(() => list(null)).toThrow(/payload/);
  } finally {
    reopened.close();
  }
});
