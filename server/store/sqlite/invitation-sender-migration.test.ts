import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, expect, test } from "vitest";
import { ENQUIRY_COLLECTION } from "../../../domain/contract";
import { SqliteStore } from "../index";
import { invitationSenderSchema } from "./invitation-sender-schema";
import { applyMigration, migrations } from "./migrations";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

test("links made before they recorded a sender let no pending invitee in, and still reset an active account's password", async () => {
  const dir = mkdtempSync(join(tmpdir(), "invitation-sender-migration-"));
  dirs.push(dir);
  const path = join(dir, "site.db");
  const steps = migrations(ENQUIRY_COLLECTION);
  const step = steps.indexOf(invitationSenderSchema);
  expect(step).toBeGreaterThan(0);
  const old = new Database(path);
  old.pragma("foreign_keys = ON");
  for (const sql of steps.slice(0, step)) applyMigration(old, sql);
  old.pragma(`user_version = ${step}`);
  const at = "2026-03-10T05:30:00.000Z";
  const until = "2026-03-12T05:30:00.000Z";
  const staff = old.prepare(
    `INSERT INTO staff (id, email, role, password_hash, created_at) VALUES (?, ?, ?, ?, ?)`,
  );
  staff.run("s-owner", "owner@example.com", "owner", "h", at);
  staff.run("s-active", "asha@example.com", "member", "h", at);
  staff.run("s-invited", "second.owner@example.net", "owner", "", at);
  const link = old.prepare(
    `INSERT INTO staff_links (id, staff_id, purpose, created_at, expires_at) VALUES (?, ?, ?, ?, ?)`,
  );
  link.run("l-invitation", "s-invited", "invitation", at, until);
  link.run("l-reset", "s-active", "reset", at, until);
  old.close();

  const store = await SqliteStore.open({ path, enquiryCollection: ENQUIRY_COLLECTION });
  try {
    expect(await store.members.findLink("l-invitation")).toMatchObject({ sentBy: null, revokedAt: null });
    const now = new Date(at);
    expect(await store.members.useLink("l-invitation", { passwordHash: "x", totpOff: false, now })).toBe(
      "untraced",
    );
    expect(await store.staff.findById("s-invited")).toMatchObject({ invited: true, role: "owner" });
    expect(await store.members.useLink("l-reset", { passwordHash: "new", totpOff: true, now })).toBe("set");
    expect((await store.staff.findById("s-active"))?.passwordHash).toBe("new");
    // New links record who sent them.
    expect(
      await store.members.sendReset({
        staffId: "s-invited",
        sentBy: "s-owner",
        linkId: "l-new",
        expiresAt: new Date(until),
        now,
      }),
    ).toBe(true);
    expect(await store.members.findLink("l-new")).toMatchObject({ sentBy: "s-owner" });
    expect(await store.members.useLink("l-new", { passwordHash: "p", totpOff: false, now })).toBe("set");
  } finally {
    await store.close();
  }
});
