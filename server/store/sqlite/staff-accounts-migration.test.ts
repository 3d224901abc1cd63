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

test("a database from before owners and members reads each 'staff' account as a member, and keeps its sessions, enquiries and mails", async () => {
  const dir = mkdtempSync(join(tmpdir(), "staff-accounts-migration-"));
  dirs.push(dir);
  const path = join(dir, "site.db");
  const steps = migrations(ENQUIRY_COLLECTION);
  const step = steps.findIndex((sql) => typeof sql === "string" && sql.includes("CREATE TABLE staff_links"));
  expect(step).toBeGreaterThan(0);
  const old = new Database(path);
  old.pragma("foreign_keys = ON");
  for (const sql of steps.slice(0, step)) applyMigration(old, sql);
  old.pragma(`user_version = ${step}`);
  const at = "2026-03-10T05:30:00.000Z";
  const staff = old.prepare(
    `INSERT INTO staff (id, email, role, password_hash, created_at, alerts) VALUES (?, ?, ?, 'h', ?, ?)`,
  );
  staff.run("s-owner", "owner@example.com", "owner", at, "mine");
  staff.run("s-member", "asha@example.com", "staff", at, "all");
  old
    .prepare(
      `INSERT INTO sessions (token_hash, staff_id, created_at, last_seen_at) VALUES ('t', 's-member', ?, ?)`,
    )
    .run(at, at);
  old
    .prepare(
      `INSERT INTO "${ENQUIRY_COLLECTION}" (id, Name, Email, Mobile, Quantity, RetailerSelfUse, received_at)
       VALUES ('e1', 'Meera Stores', 'orders@meera.example', '9811122233', 48, 'Retailer', ?)`,
    )
    .run(at);
  old
    .prepare(
      `INSERT INTO enquiry_work (enquiry_id, status, version, received_at, owner_id) VALUES ('e1', 'New', 1, ?, 's-member')`,
    )
    .run(at);
  old
    .prepare(
      `INSERT INTO notifications (id, staff_id, kind, status, attempts, next_attempt_at, due_at, queued_at, payload)
       VALUES ('n1', 's-member', 'digest', 'pending', 0, ?, ?, ?, '{}')`,
    )
    .run(at, at, at);
  old.close();

  const store = await SqliteStore.open({ path, enquiryCollection: ENQUIRY_COLLECTION });
  try {
    expect((await store.staff.list()).map(({ email, role }) => ({ email, role }))).toEqual([
      { email: "asha@example.com", role: "member" },
      { email: "owner@example.com", role: "owner" },
    ]);
    expect(await store.sessions.touch("t", new Date(at), 3_600_000)).toEqual({ staffId: "s-member" });
    expect((await store.team.fieldsOf(["e1"])).get("e1")?.ownerId).toBe("s-member");
    expect((await store.team.alertChoices()).get("s-member")).toBe("all");
    expect((await store.enquiries.outboxBacklog()).waiting).toBe(1);
    // The table takes only the two names from now on.
    await expect(
      store.staff.add({ email: "x@example.com", role: "staff" as "member", passwordHash: "h" }),
    ).rejects.toThrow();
  } finally {
    await store.close();
  }
  const reopened = new Database(path);
  try {
    expect(reopened.pragma("foreign_key_check")).toEqual([]);
    expect(reopened.prepare(`SELECT role FROM staff WHERE id = 's-member'`).get()).toEqual({
      role: "member",
    });
  } finally {
    reopened.close();
  }
});
