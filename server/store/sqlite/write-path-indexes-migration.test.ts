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

const plan = (db: Database.Database, sql: string) =>
  db
    .prepare<[string], { detail: string }>(`EXPLAIN QUERY PLAN ${sql}`)
    .all("x")
    .map((row) => row.detail)
    .join("; ");

test("an enquiry's mails are in neither the members' nor the subscribers' index of notifications, whose own are still found by them and go with them", async () => {
  const dir = mkdtempSync(join(tmpdir(), "write-path-indexes-"));
  dirs.push(dir);
  const path = join(dir, "site.db");
  const store = await SqliteStore.open({ path, enquiryCollection: ENQUIRY_COLLECTION });
  let memberId: string;
  try {
    await store.enquiries.add(
      {
        Name: "Asha Verma",
        Email: "asha@example.com",
        Mobile: "9876543210",
        Quantity: 3,
        RetailerSelfUse: "Self Use",
      },
      { acknowledge: true },
    );
    await store.subscribers.request("reader@example.org", { now: new Date(), resendAfterMs: 3_600_000 });
    memberId = (await store.staff.add({ email: "ravi@collarise.example", role: "member", passwordHash: "h" }))
      .id;
  } finally {
    await store.close();
  }

  const db = new Database(path);
  try {
    db.pragma("foreign_keys = ON");
    db.prepare(
      `INSERT INTO notifications (id, staff_id, kind, status, next_attempt_at, payload)
       VALUES ('digest-1', ?, 'digest', 'pending', '2026-11-30T03:30:00.000Z', '{}')`,
    ).run(memberId);
    const kinds = () =>
      db
        .prepare<[], { kind: string }>(`SELECT kind FROM notifications ORDER BY kind`)
        .all()
        .map((row) => row.kind);
    expect(kinds()).toEqual(["acknowledgement", "company", "digest", "newsletter-confirmation"]);
    // Each index holds only the rows that are someone's.
    const inIndex = (index: string, column: string) =>
      db
        .prepare<[], { n: number }>(
          `SELECT count(*) AS n FROM notifications INDEXED BY ${index} WHERE ${column} IS NOT NULL`,
        )
        .get()?.n;
    expect(inIndex("notifications_staff", "staff_id")).toBe(1);
    expect(inIndex("notifications_subscriber", "subscriber_id")).toBe(1);
    // A member's or a subscriber's rows are looked up by their index, as the foreign keys' deletes do.
    expect(plan(db, `DELETE FROM notifications WHERE staff_id = ?`)).toContain("notifications_staff");
    expect(plan(db, `DELETE FROM notifications WHERE subscriber_id = ?`)).toContain(
      "notifications_subscriber",
    );
    db.prepare(`DELETE FROM staff WHERE id = ?`).run(memberId);
    db.prepare(`DELETE FROM subscribers`).run();
    expect(kinds()).toEqual(["acknowledgement", "company"]);
  } finally {
    db.close();
  }
});

test("an older database's rows beside its enquiries are kept as they were, in one B-tree keyed by the enquiry", async () => {
  const dir = mkdtempSync(join(tmpdir(), "write-path-indexes-"));
  dirs.push(dir);
  const path = join(dir, "site.db");
  const steps = migrations(ENQUIRY_COLLECTION);
  const step = steps.findIndex((sql) => typeof sql === "string" && sql.includes("enquiry_meta_next"));
  expect(step).toBeGreaterThan(0);
  const old = new Database(path);
  old.pragma("foreign_keys = ON");
  for (const sql of steps.slice(0, step)) applyMigration(old, sql);
  old.pragma(`user_version = ${step}`);
  const addEnquiry = old.prepare(
    `INSERT INTO "${ENQUIRY_COLLECTION}" (id, Name, Email, Mobile, Quantity, RetailerSelfUse, received_at)
     VALUES (?, 'Meera Stores', 'orders@meera.example', '9811122233', 48, 'Retailer', '2026-11-20T05:00:00.000Z')`,
  );
  addEnquiry.run("e-1");
  addEnquiry.run("e-2");
  old
    .prepare(
      `INSERT INTO enquiry_meta (enquiry_id, spam_score, spam_reasons, filed_as_spam, utm_source, utm_medium,
         utm_campaign, referrer_host, landing_path, source_label, whatsapp_consent_at,
         whatsapp_consent_wording, whatsapp_consent_language)
       VALUES ('e-1', 3, '["links"]', 1, 'instagram', 'social', 'diwali', 'l.instagram.com', '/hi',
         'instagram', '2026-11-20T05:00:00.000Z', 'हाँ, WhatsApp पर संदेश भेजें', 'hi')`,
    )
    .run();
  old.prepare(`INSERT INTO enquiry_meta (enquiry_id) VALUES ('e-2')`).run();
  const rows = (db: Database.Database) => db.prepare(`SELECT * FROM enquiry_meta ORDER BY enquiry_id`).all();
  const before = rows(old);
  expect(before).toHaveLength(2);
  old.close();

  const store = await SqliteStore.open({ path, enquiryCollection: ENQUIRY_COLLECTION });
  await store.close();
  const db = new Database(path);
  try {
    db.pragma("foreign_keys = ON");
    expect(rows(db)).toEqual(before);
    const table = db
      .prepare<[], { sql: string }>(
        `SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = 'enquiry_meta'`,
      )
      .get()?.sql;
    expect(table).toContain("WITHOUT ROWID");
    expect(
      db
        .prepare(
          `SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'enquiry_meta' AND sql IS NOT NULL`,
        )
        .all(),
    ).toEqual([]);
    // Still gone with its enquiry.
    db.prepare(`DELETE FROM "${ENQUIRY_COLLECTION}" WHERE id = 'e-1'`).run();
    expect(rows(db)).toEqual([before[1]]);
  } finally {
    db.close();
  }
});
