import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, expect, test } from "vitest";
import { ENQUIRY_COLLECTION } from "../../../domain/contract";
import { WAITING_STATUSES, type EnquiryStatus } from "../../../domain/status";
import { inboxFilterOf } from "../../lifecycle/inbox-listing";
import { SqliteStore } from "../index";
import { quoteIdentifier } from "./identifiers";
import { SqliteInboxListing } from "./inbox-listing";
import { applyMigration, migrations } from "./migrations";
import { statusIn, workStatusWhere } from "./status-sql";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The Waiting on us filter as SQLite's listing wrote it before the work record kept the flag. */
const OLD_WAITING_FILTER = `${workStatusWhere("w.status")} AND ${statusIn("w.status", WAITING_STATUSES)}
  AND (w.touched_at IS NULL OR w.answered_at IS NOT NULL)`;

/** One work record of each kind the old filter told apart: status, contacted or not, answered since or not. */
const RECORDS: { id: string; status: EnquiryStatus; touched: boolean; answered: boolean; owner?: string }[] =
  [
    { id: "new-untouched", status: "New", touched: false, answered: false, owner: "s-asha" },
    { id: "new-handed-on", status: "New", touched: false, answered: false },
    { id: "new-answered", status: "New", touched: true, answered: true },
    { id: "new-noted", status: "New", touched: true, answered: false },
    { id: "contacted", status: "Contacted", touched: true, answered: false, owner: "s-asha" },
    { id: "contacted-answered", status: "Contacted", touched: true, answered: true, owner: "s-asha" },
    { id: "confirmed-answered", status: "Confirmed", touched: true, answered: true },
    { id: "fulfilled", status: "Fulfilled", touched: true, answered: false },
    { id: "declined-untouched", status: "Declined", touched: false, answered: false },
    { id: "duplicate", status: "Duplicate", touched: false, answered: false },
    { id: "spam", status: "Spam", touched: false, answered: false },
  ];

test("an older database's work records wait on us exactly where the old filter said, and the Waiting view lists and counts them from its index", async () => {
  const dir = mkdtempSync(join(tmpdir(), "waiting-on-us-migration-"));
  dirs.push(dir);
  const path = join(dir, "site.db");
  const steps = migrations(ENQUIRY_COLLECTION);
  const step = steps.findIndex((sql) => typeof sql === "string" && sql.includes("ADD COLUMN waiting_on_us"));
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
  const work = old.prepare(
    `INSERT INTO enquiry_work (enquiry_id, status, version, received_at, owner_id, touched_at, answered_at,
       due_at, closed_at, buyer)
     VALUES (@id, @status, 1, @receivedAt, @owner, @touchedAt, @answeredAt, @dueAt, @closedAt, 'Retailer')`,
  );
  for (const [index, record] of RECORDS.entries()) {
    const receivedAt = new Date(Date.UTC(2026, 2, 10, 4, index)).toISOString();
    const open = ["New", "Contacted", "Confirmed"].includes(record.status);
    enquiry.run(record.id, receivedAt);
    work.run({
      id: record.id,
      status: record.status,
      receivedAt,
      owner: record.owner ?? null,
      touchedAt: record.touched ? "2026-03-10T06:00:00.000Z" : null,
      answeredAt: record.answered ? "2026-03-10T07:00:00.000Z" : null,
      dueAt: open ? new Date(Date.UTC(2026, 2, 11, 4, 30 - index)).toISOString() : null,
      closedAt: open ? null : "2026-03-10T08:00:00.000Z",
    });
  }
  const waitingBefore = old
    .prepare<[], { id: string }>(
      `SELECT w.enquiry_id AS id FROM enquiry_work w WHERE ${OLD_WAITING_FILTER} ORDER BY w.enquiry_id`,
    )
    .all()
    .map(({ id }) => id);
  old.close();
  expect(waitingBefore).toEqual(["contacted-answered", "new-answered", "new-handed-on", "new-untouched"]);

  const store = await SqliteStore.open({ path, enquiryCollection: ENQUIRY_COLLECTION });
  try {
    const viewer = {
      staffId: "s-asha",
      now: new Date("2026-03-10T12:00:00.000Z"),
      dayEnd: new Date("2026-03-10T18:30:00.000Z"),
    };
    const waiting = inboxFilterOf({ view: "waiting" }, viewer)!;
    const page = await store.enquiryWork.list({ ...waiting, cursor: null, limit: 50 });
    // Soonest due first: the view's own order.
    expect(page.items.map((row) => row.id)).toEqual([
      "contacted-answered",
      "new-answered",
      "new-handed-on",
      "new-untouched",
    ]);
    expect(await store.enquiryWork.count(waiting)).toBe(4);
    const mine = inboxFilterOf({ view: "waiting", owner: "s-asha" }, viewer)!;
    expect(await store.enquiryWork.count(mine)).toBe(2);
  } finally {
    await store.close();
  }

  const migrated = new Database(path, { readonly: true });
  try {
    const flags = migrated
      .prepare<[], { id: string; waiting: number }>(
        `SELECT enquiry_id AS id, waiting_on_us AS waiting FROM enquiry_work ORDER BY enquiry_id`,
      )
      .all();
    expect(flags.filter(({ waiting }) => waiting === 1).map(({ id }) => id)).toEqual(waitingBefore);
    expect(flags).toHaveLength(RECORDS.length);

    // The view's page and count read the partial index alone, in the view's order (no sort).
    const statements: string[] = [];
    const prepare = migrated.prepare.bind(migrated);
    migrated.prepare = ((sql: string) => {
      statements.push(sql);
      return prepare(sql);
    }) as typeof migrated.prepare;
    const listing = new SqliteInboxListing(migrated, quoteIdentifier(ENQUIRY_COLLECTION));
    const filter = inboxFilterOf(
      { view: "waiting" },
      { staffId: "s-asha", now: new Date(), dayEnd: new Date() },
    )!;
    expect(listing.page(filter, { by: "due" }, null, 10)).toHaveLength(4);
    expect(listing.count(filter)).toBe(4);
    const plans = statements
      .filter((sql) => sql.includes("waiting_on_us") && !sql.includes("LIMIT 4000"))
      .map((sql) =>
        prepare(`EXPLAIN QUERY PLAN ${sql}`)
          .all({ limit: 10 })
          .map((row) => (row as { detail: string }).detail)
          .join(" | "),
      );
    expect(plans).toEqual([
      "SEARCH w USING COVERING INDEX enquiry_work_waiting (due_at>?)",
      "SCAN w USING COVERING INDEX enquiry_work_waiting",
    ]);
  } finally {
    migrated.close();
  }
});
