import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { commitWithoutWaiting, WalSync } from "./wal-sync";

let dir: string;
let db: Database.Database;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "collarise-wal-sync-"));
  db = new Database(join(dir, "site.db"));
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = FULL");
  db.exec("CREATE TABLE t (n INTEGER)");
});

afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const synchronous = () => db.pragma("synchronous", { simple: true });
const FULL = 2;
const NORMAL = 1;

describe("commitWithoutWaiting", () => {
  test("commits with synchronous = NORMAL and leaves the connection at FULL for every other commit", () => {
    const inside = commitWithoutWaiting(db, () =>
      db.transaction(() => {
        db.prepare("INSERT INTO t VALUES (1)").run();
        return synchronous();
      })(),
    );

    expect(inside).toBe(NORMAL);
    expect(synchronous()).toBe(FULL);
    expect(db.prepare("SELECT count(*) AS n FROM t").get()).toEqual({ n: 1 });
  });

  test("leaves the connection at FULL when the transaction fails", () => {
    expect(() =>
      commitWithoutWaiting(db, () =>
        db.transaction(() => {
          db.prepare("INSERT INTO t VALUES (1)").run();
          throw new Error("refused");
        })(),
      ),
    ).toThrow("refused");

    expect(synchronous()).toBe(FULL);
    expect(db.prepare("SELECT count(*) AS n FROM t").get()).toEqual({ n: 0 });
  });
});

describe("WalSync", () => {
  test("flushes the database's log; flushes asked while one runs share the next one", async () => {
    const wal = new WalSync(join(dir, "site.db"));
    commitWithoutWaiting(db, () => db.prepare("INSERT INTO t VALUES (1)").run());

    const first = wal.flushed();
    commitWithoutWaiting(db, () => db.prepare("INSERT INTO t VALUES (2)").run());
    const second = wal.flushed();
    const third = wal.flushed();

    expect(second).not.toBe(first);
    expect(third).toBe(second);
    await expect(Promise.all([first, second, third])).resolves.toEqual([undefined, undefined, undefined]);
    // Nothing runs any more: the next flush starts at once.
    await expect(wal.flushed()).resolves.toBeUndefined();
  });

  test("fails when the log cannot be flushed, and each flush after it is tried afresh", async () => {
    const wal = new WalSync(join(dir, "missing.db"));

    await expect(wal.flushed()).rejects.toMatchObject({ code: "ENOENT" });
    await expect(wal.flushed()).rejects.toMatchObject({ code: "ENOENT" });
  });
});
