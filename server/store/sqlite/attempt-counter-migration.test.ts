import { createHash } from "node:crypto";
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

/** The statement of the release before, keyed by the name's whole SHA-256 in hex. */
const OLD_ADD = `INSERT INTO attempt_counters (name_hash, count, expires_at) VALUES (?, 1, ?)
  ON CONFLICT (name_hash) DO UPDATE SET count = count + 1 RETURNING count`;
const hexOf = (name: string) => createHash("sha256").update(name).digest("hex");

test("the counters of an older database count on from where they were, and an instance of the release before keeps counting", async () => {
  const dir = mkdtempSync(join(tmpdir(), "attempt-counter-migration-"));
  dirs.push(dir);
  const path = join(dir, "site.db");
  const steps = migrations(ENQUIRY_COLLECTION);
  const step = steps.findIndex((sql) => typeof sql === "string" && sql.includes("attempt_counters_next"));
  expect(step).toBeGreaterThan(0);
  const tomorrow = new Date(Date.now() + 24 * 3_600_000);
  const yesterday = new Date(Date.now() - 24 * 3_600_000);
  const old = new Database(path);
  old.pragma("foreign_keys = ON");
  for (const sql of steps.slice(0, step)) applyMigration(old, sql);
  old.pragma(`user_version = ${step}`);
  const add = old.prepare<[string, string], { count: number }>(OLD_ADD);
  for (let i = 0; i < 4; i += 1) add.get(hexOf("sign-in:asha@collarise.example"), tomorrow.toISOString());
  add.get(hexOf("mailbox:2026-11-29:buyer@example.com"), yesterday.toISOString());
  old.close();

  const store = await SqliteStore.open({ path, enquiryCollection: ENQUIRY_COLLECTION });
  try {
    expect(await store.attemptCounters.read(["sign-in:asha@collarise.example", "never counted"])).toEqual([
      4, 0,
    ]);
    expect(await store.attemptCounters.add("sign-in:asha@collarise.example", tomorrow)).toBe(5);

    // An instance of the release before, still serving while the new one starts, counts under its
    // own keys without an error, and the new keys are not disturbed.
    const before = new Database(path);
    try {
      const oldAdd = before.prepare<[string, string], { count: number }>(OLD_ADD);
      expect(oldAdd.get(hexOf("sign-in:ravi@collarise.example"), tomorrow.toISOString())?.count).toBe(1);
    } finally {
      before.close();
    }
    expect(await store.attemptCounters.read(["sign-in:asha@collarise.example"])).toEqual([5]);

    // The expired one goes with the sweep; the day's stay.
    expect(await store.attemptCounters.eraseExpired(new Date())).toBe(1);
    expect(await store.attemptCounters.read(["sign-in:asha@collarise.example"])).toEqual([5]);
  } finally {
    await store.close();
  }

  const migrated = new Database(path, { readonly: true });
  try {
    const kinds = migrated
      .prepare<[], { kind: string; n: number }>(
        `SELECT typeof(name_hash) AS kind, count(*) AS n FROM attempt_counters GROUP BY 1 ORDER BY 1`,
      )
      .all();
    expect(kinds).toEqual([
      { kind: "blob", n: 1 },
      { kind: "text", n: 1 },
    ]);
    // One B-tree: the table without rowids, no index beside it.
    expect(
      migrated
        .prepare(`SELECT name FROM sqlite_schema WHERE tbl_name = 'attempt_counters' AND type = 'index'`)
        .all(),
    ).toEqual([]);
  } finally {
    migrated.close();
  }
});
