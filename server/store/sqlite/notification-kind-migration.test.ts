import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, expect, test } from "vitest";
import { ENQUIRY_COLLECTION } from "../../../domain/contract";
import { SqliteStore } from "../index";
import { applyMigration, migrations } from "./migrations";
import { insertNotification } from "./notification-row";
import { notificationKindSchema } from "./notification-kind-schema";
import { quoteIdentifier } from "./identifiers";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const ENQUIRY = "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b";

test("a database whose notifications listed their kinds keeps every notification, in order, with its indexes", async () => {
  const dir = mkdtempSync(join(tmpdir(), "notification-kind-migration-"));
  dirs.push(dir);
  const path = join(dir, "site.db");
  const steps = migrations(ENQUIRY_COLLECTION);
  const step = steps.indexOf(notificationKindSchema(ENQUIRY_COLLECTION, quoteIdentifier));
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
       VALUES (?, 'Meera Stores', 'orders@meera.example', '9811122233', 48, 'Retailer', ?)`,
    )
    .run(ENQUIRY, at);
  old
    .prepare(
      `INSERT INTO subscribers (id, email, subscribed_at, status, unsubscribe_nonce, requested_at)
       VALUES ('sub1', 'reader@example.com', ?, 'pending', 'u1', ?)`,
    )
    .run(at, at);
  old
    .prepare(
      `INSERT INTO enquiry_messages (id, enquiry_id, direction, message_id, at, staff_email, subject, body)
       VALUES ('m1', ?, 'out', '<m1@example.com>', ?, 'priya@example.com', 'Re: Your enquiry', 'Thank you')`,
    )
    .run(ENQUIRY, at);
  const mail = old.prepare(
    `INSERT INTO notifications (id, enquiry_id, subscriber_id, staff_id, message_id, kind, status, attempts,
       next_attempt_at, due_at, queued_at, sent_at, payload, request_id)
     VALUES (@id, @enquiry, @subscriber, @staff, @message, @kind, @status, @attempts, @at, @at, @at, @sent, @payload, @request)`,
  );
  const none = { enquiry: null, subscriber: null, staff: null, message: null, payload: null, request: null };
  const sent = { status: "sent", attempts: 1, sent: at, at };
  const pending = { status: "pending", attempts: 0, sent: null, at };
  // Made out of order by id, so that the copy's order is the rows' own.
  mail.run({ ...none, ...sent, id: "n-9", kind: "company", enquiry: ENQUIRY, request: "req-1" });
  mail.run({
    ...none,
    ...pending,
    id: "n-1",
    kind: "member-alert",
    enquiry: ENQUIRY,
    staff: "s1",
    payload: "{}",
  });
  mail.run({
    ...none,
    ...pending,
    id: "n-5",
    kind: "reply",
    enquiry: ENQUIRY,
    message: "m1",
    request: "req-2",
  });
  mail.run({ ...none, ...pending, id: "n-3", kind: "newsletter-confirmation", subscriber: "sub1" });
  mail.run({ ...none, ...sent, id: "n-7", kind: "digest", staff: "s1", payload: '{"day":"2026-11-20"}' });
  const rows = (db: Database.Database) =>
    db.prepare(`SELECT rowid, * FROM notifications ORDER BY rowid`).all();
  const indexes = (db: Database.Database) =>
    db
      .prepare(
        `SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'notifications' ORDER BY name`,
      )
      .all();
  const before = { rows: rows(old), indexes: indexes(old) };
  // Six and the primary key's.
  expect(before.indexes).toHaveLength(7);
  old.close();

  const store = await SqliteStore.open({ path, enquiryCollection: ENQUIRY_COLLECTION });
  try {
    const check = new Database(path);
    try {
      expect(check.pragma("user_version", { simple: true })).toBe(steps.length);
      expect(rows(check)).toEqual(before.rows);
      // The same indexes by name (a later step keeps only the rows a member's or subscriber's index needs).
      const names = (list: unknown[]) => list.map((index) => (index as { name: string }).name);
      expect(names(indexes(check))).toEqual(names(before.indexes));
      const schema = check
        .prepare<[], { sql: string }>(`SELECT sql FROM sqlite_master WHERE name = 'notifications'`)
        .get()?.sql;
      expect(schema).toContain("kind TEXT NOT NULL,");
      expect(schema).toContain("CHECK (status IN ('pending', 'sent', 'undeliverable'))");
      expect(schema).not.toContain("member-alert");
      // The kinds are the codec's to check: one it does not know is refused before the table sees it.
      expect(() => insertNotification(check, { kind: "fax" as "company", at, enquiryId: ENQUIRY })).toThrow(
        /Unknown notification kind: fax/,
      );
      expect(() => insertNotification(check, { kind: "reply", at, enquiryId: ENQUIRY })).toThrow(/messageId/);
    } finally {
      check.close();
    }
    const claimed = await store.enquiries.claimDueNotifications({
      worker: "w1",
      now: new Date(at),
      limit: 10,
      leaseMs: 60_000,
    });
    expect(claimed.map((notification) => [notification.id, notification.kind]).sort()).toEqual([
      ["n-1", "member-alert"],
      ["n-3", "newsletter-confirmation"],
      ["n-5", "reply"],
    ]);
    expect(claimed.find((notification) => notification.id === "n-5")).toMatchObject({ requestId: "req-2" });
  } finally {
    await store.close();
  }
});
