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

test("templates kept before approvals were recorded list with none, and can then be given one", async () => {
  const dir = mkdtempSync(join(tmpdir(), "template-approval-migration-"));
  dirs.push(dir);
  const path = join(dir, "site.db");
  const steps = migrations(ENQUIRY_COLLECTION);
  const step = steps.findIndex(
    (sql) => typeof sql === "string" && sql.includes("ADD COLUMN whatsapp_template"),
  );
  expect(step).toBeGreaterThan(0);
  const old = new Database(path);
  old.pragma("foreign_keys = ON");
  for (const sql of steps.slice(0, step)) applyMigration(old, sql);
  old.pragma(`user_version = ${step}`);
  const at = "2026-11-20T05:30:00.000Z";
  old
    .prepare(
      `INSERT INTO reply_templates (id, channel, language, name, subject, body, version, updated_at, updated_by)
       VALUES (?, 'whatsapp', 'en', 'Follow-up', NULL, 'Hello {firstName}', 1, ?, NULL)`,
    )
    .run("t-whatsapp", at);
  old
    .prepare(
      `INSERT INTO reply_templates (id, channel, language, name, subject, body, version, updated_at, updated_by)
       VALUES (?, 'email', 'en', 'First reply', 'Your enquiry', 'Hello {firstName}', 1, ?, NULL)`,
    )
    .run("t-email", at);
  old.close();

  const store = await SqliteStore.open({ path, enquiryCollection: ENQUIRY_COLLECTION });
  try {
    expect((await store.templates.list()).map((template) => template.whatsappTemplate)).toEqual([null, null]);
    const approval = { name: "order_followup", language: "en" as const, parameters: ["firstName" as const] };
    const changed = await store.templates.update(
      "t-whatsapp",
      {
        channel: "whatsapp",
        language: "en",
        name: "Follow-up",
        subject: null,
        body: "Hello {firstName}",
        whatsappTemplate: approval,
      },
      { expectedVersion: 1, by: "owner@example.com", at: new Date() },
    );
    expect(changed).toMatchObject({ outcome: "changed", template: { whatsappTemplate: approval } });
  } finally {
    await store.close();
  }
});
