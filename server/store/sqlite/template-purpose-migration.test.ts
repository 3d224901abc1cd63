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

test("templates kept before purposes are replies; an e-mail template cannot be made a document's", async () => {
  const dir = mkdtempSync(join(tmpdir(), "template-purpose-migration-"));
  dirs.push(dir);
  const path = join(dir, "site.db");
  const steps = migrations(ENQUIRY_COLLECTION);
  const step = steps.findIndex((sql) => typeof sql === "string" && sql.includes("ADD COLUMN purpose"));
  expect(step).toBeGreaterThan(0);
  const old = new Database(path);
  old.pragma("foreign_keys = ON");
  for (const sql of steps.slice(0, step)) applyMigration(old, sql);
  old.pragma(`user_version = ${step}`);
  old
    .prepare(
      `INSERT INTO reply_templates (id, channel, language, name, subject, body, version, updated_at, updated_by)
       VALUES ('t-email', 'email', 'en', 'First reply', 'Your enquiry', 'Hello {firstName}', 1, ?, NULL)`,
    )
    .run("2026-11-20T05:30:00.000Z");
  old.close();

  const store = await SqliteStore.open({ path, enquiryCollection: ENQUIRY_COLLECTION });
  try {
    expect((await store.templates.list()).map((template) => [template.name, template.purpose])).toEqual([
      ["First reply", undefined],
    ]);
  } finally {
    await store.close();
  }
  const db = new Database(path);
  try {
    expect(db.prepare(`SELECT purpose FROM reply_templates`).all()).toEqual([{ purpose: "reply" }]);
    expect(() =>
      db.prepare(`UPDATE reply_templates SET purpose = 'invoice' WHERE id = 't-email'`).run(),
    ).toThrow(/CHECK constraint failed/);
  } finally {
    db.close();
  }
});
