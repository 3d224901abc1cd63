import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, expect, test } from "vitest";
import { ENQUIRY_COLLECTION } from "../../../domain/contract";
import { DEFAULT_TEMPLATES } from "../../templates/default-templates";
import { SqliteStore } from "../index";
import { applyMigration, migrations } from "./migrations";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

test("a store whose replies were seeded before the templates came in sets keeps them, and gets the documents' templates once", async () => {
  const dir = mkdtempSync(join(tmpdir(), "template-seeds-migration-"));
  dirs.push(dir);
  const path = join(dir, "site.db");
  const steps = migrations(ENQUIRY_COLLECTION);
  const step = steps.findIndex(
    (sql) => typeof sql === "string" && sql.includes("CREATE TABLE template_seeds"),
  );
  expect(step).toBeGreaterThan(0);
  const old = new Database(path);
  old.pragma("foreign_keys = ON");
  for (const sql of steps.slice(0, step)) applyMigration(old, sql);
  old.pragma(`user_version = ${step}`);
  // Seeded as the console did then: its replies, and the marker.
  old
    .prepare(
      `INSERT INTO reply_templates (id, channel, language, name, subject, body, version, updated_at, updated_by, whatsapp_template, purpose)
       VALUES ('t1', 'whatsapp', 'en', 'First reply', NULL, 'Hello {firstName}', 1, '2026-03-10T04:30:00.000Z', NULL, NULL, 'reply')`,
    )
    .run();
  old
    .prepare(`INSERT INTO reply_templates_seeded (id, seeded_at) VALUES (1, '2026-03-10T04:30:00.000Z')`)
    .run();
  old.close();

  const store = await SqliteStore.open({ path, enquiryCollection: ENQUIRY_COLLECTION });
  try {
    const at = new Date("2026-12-01T04:30:00.000Z");
    expect(await store.templates.seedStarters(DEFAULT_TEMPLATES, at)).toBe(true);
    expect(await store.templates.seedStarters(DEFAULT_TEMPLATES, at)).toBe(false);
    const listed = await store.templates.list();
    const documents = DEFAULT_TEMPLATES.filter((template) => template.purpose !== undefined);
    expect(listed.map((template) => template.name)).toEqual([
      "First reply",
      ...documents.map((template) => template.name),
    ]);
  } finally {
    await store.close();
  }
});
