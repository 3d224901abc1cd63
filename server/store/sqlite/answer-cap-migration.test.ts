import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, expect, test } from "vitest";
import { ENQUIRY_COLLECTION } from "../../../domain/contract";
import type { IncomingMessage } from "../../../domain/conversation";
import { SqliteStore } from "../index";
import { applyMigration, migrations } from "./migrations";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const ENQUIRY = "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b";

test("answers stored before answers were weighed count as verified, and the day's count starts at the next", async () => {
  const dir = mkdtempSync(join(tmpdir(), "answer-cap-migration-"));
  dirs.push(dir);
  const path = join(dir, "site.db");
  const steps = migrations(ENQUIRY_COLLECTION);
  const step = steps.findIndex(
    (sql) => typeof sql === "string" && sql.includes("CREATE TABLE enquiry_answer_days"),
  );
  expect(step).toBeGreaterThan(0);
  const old = new Database(path);
  old.pragma("foreign_keys = ON");
  for (const sql of steps.slice(0, step)) applyMigration(old, sql);
  old.pragma(`user_version = ${step}`);
  old
    .prepare(
      `INSERT INTO "${ENQUIRY_COLLECTION}" (id, Name, Email, Mobile, Quantity, RetailerSelfUse, received_at)
       VALUES (?, 'Meera Stores', 'orders@meera.example', '9811122233', 48, 'Retailer', '2026-11-20T05:30:00.000Z')`,
    )
    .run(ENQUIRY);
  old
    .prepare(
      `INSERT INTO enquiry_messages (id, enquiry_id, direction, message_id, at, from_address, subject, body, unread)
       VALUES ('m1', ?, 'in', '<earlier@meera.example>', '2026-11-20T06:00:00.000Z', 'orders@meera.example',
         'Re: Your enquiry', 'Yes, 48 please.', 1)`,
    )
    .run(ENQUIRY);
  old.close();

  const store = await SqliteStore.open({ path, enquiryCollection: ENQUIRY_COLLECTION });
  try {
    const page = await store.conversations.list(ENQUIRY, { limit: 10 });
    expect(page?.messages).toEqual([
      expect.objectContaining({
        messageId: "<earlier@meera.example>",
        verified: true,
      } satisfies Partial<IncomingMessage>),
    ]);
    expect(
      await store.work.addAnswers([
        {
          enquiryId: ENQUIRY,
          messageId: "<later@elsewhere.example>",
          inReplyTo: null,
          references: [],
          from: "someone@elsewhere.example",
          subject: "Re: Your enquiry",
          text: "Cancel it.",
          at: new Date("2026-11-21T06:00:00.000Z"),
          attachments: 0,
          truncated: false,
          quoteTrimmed: false,
          verified: false,
        },
      ]),
    ).toEqual(["added"]);
    expect(
      (await store.conversations.list(ENQUIRY, { limit: 10 }))?.messages.map(
        (m) => m.direction === "in" && m.verified,
      ),
    ).toEqual([true, false]);
  } finally {
    await store.close();
  }
});
