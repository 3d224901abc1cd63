import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ENQUIRY_COLLECTION } from "../../domain/contract";
import { SqliteStore } from "../store";
import { backupSqlite, checkDatabaseFile } from "./sqlite-backup";

let dir: string;
let database: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "sqlite-backup-"));
  database = join(dir, "site.db");
  // A database in WAL mode, as the server keeps it, with an enquiry in it.
  const store = await SqliteStore.open({ path: database, enquiryCollection: ENQUIRY_COLLECTION });
  await store.enquiries.add({
    Name: "Asha Verma",
    Email: "asha@example.in",
    Mobile: "9876543210",
    Quantity: 2,
    RetailerSelfUse: "Self Use",
  });
  await store.close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("a backup of the SQLite database", () => {
  test("leaves the checked copy alone in the backups' folder: no .partial, -shm or -wal file", async () => {
    const backups = join(dir, "backups");
    const first = await backupSqlite(database, backups, { keep: 5, now: new Date("2026-11-28T08:00:00Z") });
    await backupSqlite(database, backups, { keep: 5, now: new Date("2026-11-28T09:00:00Z") });
    expect(readdirSync(backups)).toEqual(["site-20261128T080000000Z.db", "site-20261128T090000000Z.db"]);
    expect(checkDatabaseFile(first.file).enquiries).toBe(1);
  });

  test("is checked again by a restore without leaving -shm or -wal files beside it", async () => {
    const folder = join(dir, "checked");
    const { file } = await backupSqlite(database, folder, { keep: 1, now: new Date("2026-11-28T10:00:00Z") });
    expect(checkDatabaseFile(file).enquiries).toBe(1);
    expect(readdirSync(folder)).toEqual(["site-20261128T100000000Z.db"]);
  });
});
