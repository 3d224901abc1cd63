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

test("a database from before conversations keeps every mail with its enquiry, member or address, and takes replies at once", async () => {
  const dir = mkdtempSync(join(tmpdir(), "conversation-migration-"));
  dirs.push(dir);
  const path = join(dir, "site.db");
  const steps = migrations(ENQUIRY_COLLECTION);
  const step = steps.findIndex(
    (sql) => typeof sql === "string" && sql.includes("CREATE TABLE enquiry_messages"),
  );
  expect(step).toBeGreaterThan(0);
  const old = new Database(path);
  old.pragma("foreign_keys = ON");
  for (const sql of steps.slice(0, step)) applyMigration(old, sql);
  old.pragma(`user_version = ${step}`);
  const at = "2026-11-20T05:30:00.000Z";
  old
    .prepare(
      `INSERT INTO staff (id, email, role, password_hash, created_at) VALUES ('s1', 'priya@example.com', 'member', 'h', ?)`,
    )
    .run(at);
  old
    .prepare(
      `INSERT INTO "${ENQUIRY_COLLECTION}" (id, Name, Email, Mobile, Quantity, RetailerSelfUse, received_at)
       VALUES ('0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b', 'Meera Stores', 'orders@meera.example', '9811122233', 48, 'Retailer', ?)`,
    )
    .run(at);
  const mail = old.prepare(
    `INSERT INTO notifications (id, enquiry_id, staff_id, kind, status, attempts, next_attempt_at, due_at, queued_at, sent_at)
     VALUES (?, ?, ?, ?, ?, 0, ?, ?, ?, ?)`,
  );
  mail.run("n-company", "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b", null, "company", "sent", at, at, at, at);
  mail.run("n-ack", "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b", null, "acknowledgement", "sent", at, at, at, at);
  mail.run(
    "n-alert",
    "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b",
    "s1",
    "member-alert",
    "pending",
    at,
    at,
    at,
    null,
  );
  const before = old.prepare(`SELECT * FROM notifications ORDER BY id`).all();
  old.close();

  const store = await SqliteStore.open({ path, enquiryCollection: ENQUIRY_COLLECTION });
  try {
    const check = new Database(path, { readonly: true });
    try {
      expect(check.pragma("user_version", { simple: true })).toBe(steps.length);
      expect(
        check
          .prepare(`SELECT * FROM notifications ORDER BY id`)
          .all()
          // message_id is this step's; request_id a later step's, null on every row before it.
          .map((row) => ({
            ...(row as Record<string, unknown>),
            message_id: undefined,
            request_id: undefined,
          })),
      ).toEqual(before.map((row) => ({ ...(row as Record<string, unknown>), message_id: undefined })));
    } finally {
      check.close();
    }
    const queued = await store.work.reply("0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b", {
      subject: "Re: Your enquiry 2E3F4A5B",
      text: "Hello",
      staffEmail: "priya@example.com",
      at: new Date(),
      messageIdDomain: "collarise.example",
    });
    // Threaded under the acknowledgement sent before the migration.
    expect(queued?.message.inReplyTo).toBe("<acknowledgement-n-ack@collarise.example>");
    expect(await store.conversations.enquiriesByReference("2E3F4A5B")).toEqual([
      { id: "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b", email: "orders@meera.example" },
    ]);
  } finally {
    await store.close();
  }
});
