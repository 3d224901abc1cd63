/**
 * What one enquiry costs the SQLite store, counted in process: the server as main.ts builds it
 * (its route, checks and store) on a fresh SQLite file, enquiries posted through `app.inject` in
 * groups sent at once (as concurrent visitors arrive), and for each group the statements run, the
 * rows written (SQLite's `total_changes()`, triggers included), the write transactions, and the
 * WAL's frames, each page named by `dbstat` (which table or index it belongs to).
 *
 *   ./run exec -- tsx bench/write-path.ts            2,000 stored first, then 40 groups of 25
 *   BENCH_WRITE_GROUP=1 ./run exec -- tsx bench/write-path.ts     groups of one (a light load)
 *   BENCH_WRITE_BEFORE=15000                          enquiries stored before the counted groups
 *
 * The fsyncs are the system's: `strace -f -c -e trace=fsync,fdatasync` around the same command.
 */
import Database from "better-sqlite3";
import { mkdtemp, rm } from "node:fs/promises";
import { closeSync, openSync, readSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildApp } from "../server/app";
import { loadConfig, retentionPeriodsOf } from "../server/config";
import { API_PATHS } from "../domain/contract";
import { writeSiteFixture } from "../tests/support/test-app";
import { distinctEnquiries } from "./support/enquiries";

const GROUP = Number(process.env.BENCH_WRITE_GROUP ?? 25);
const GROUPS = Number(process.env.BENCH_WRITE_GROUPS ?? 40);
const BEFORE = Number(process.env.BENCH_WRITE_BEFORE ?? 2_000);
/** BENCH_WRITE_WAL=0: the WAL is left to its own checkpoints (for counting system calls), not read. */
const READ_WAL = process.env.BENCH_WRITE_WAL !== "0";

// Every statement any connection of this process runs, counted by its SQL's first words.
const probe = new Database(":memory:");
const statementPrototype = Object.getPrototypeOf(probe.prepare("SELECT 1")) as Record<
  string,
  (...args: unknown[]) => unknown
>;
probe.close();
const statements = new Map<string, number>();
let counting = false;
for (const method of ["run", "get", "all", "iterate"]) {
  const original = statementPrototype[method] as (...args: unknown[]) => unknown;
  statementPrototype[method] = function (this: { source: string }, ...args: unknown[]) {
    if (counting) {
      const key = this.source.replace(/\s+/g, " ").trim().slice(0, 70);
      statements.set(key, (statements.get(key) ?? 0) + 1);
    }
    return original.apply(this, args);
  };
}
const databasePrototype = Database.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
let transactions = 0;
/** The connections that ran a transaction: their `total_changes()` counts rows written, triggers' too. */
const connections = new Set<Database.Database>();
const originalTransaction = databasePrototype.transaction as (...args: unknown[]) => unknown;
databasePrototype.transaction = function (this: Database.Database, ...args: unknown[]) {
  connections.add(this);
  const inTransaction = () => this.inTransaction;
  const wrapped = originalTransaction.apply(this, args) as Record<string, unknown> &
    ((...a: unknown[]) => unknown);
  const count =
    (call: (...a: unknown[]) => unknown) =>
    (...a: unknown[]) => {
      // A transaction function called inside another is a savepoint, not a transaction.
      if (counting && !inTransaction()) transactions += 1;
      return call(...a);
    };
  const outer = count(wrapped) as Record<string, unknown> & ((...a: unknown[]) => unknown);
  for (const mode of ["deferred", "immediate", "exclusive"])
    outer[mode] = count(wrapped[mode] as (...a: unknown[]) => unknown);
  return outer;
};

/** The page number of each frame in the WAL file. */
function walPages(file: string): number[] {
  let size = 0;
  try {
    size = statSync(file).size;
  } catch {
    return [];
  }
  const fd = openSync(file, "r");
  try {
    const header = Buffer.alloc(32);
    if (readSync(fd, header, 0, 32, 0) < 32) return [];
    const pageSize = header.readUInt32BE(8);
    const pages: number[] = [];
    const frame = Buffer.alloc(4);
    for (let at = 32; at + 24 + pageSize <= size; at += 24 + pageSize) {
      readSync(fd, frame, 0, 4, at);
      pages.push(frame.readUInt32BE(0));
    }
    return pages;
  } finally {
    closeSync(fd);
  }
}

const dir = await mkdtemp(join(tmpdir(), "collarise-write-path-"));
try {
  const databaseFile = join(dir, "site.db");
  const config = loadConfig({
    SITE_DIR: join(dir, "site"),
    DATABASE_URL: `sqlite:${databaseFile}`,
    SINGLE_INSTANCE: "true",
    RATE_LIMIT_PER_MINUTE: "1000000",
    LOG_LEVEL: "warn",
  });
  await writeSiteFixture(dir, retentionPeriodsOf(config));
  const app = await buildApp({ config });
  await app.ready();
  const next = distinctEnquiries("Write Path", 8_000_000_000);
  const post = () =>
    app.inject({
      method: "POST",
      url: API_PATHS.enquiries,
      headers: { "content-type": "application/json" },
      payload: JSON.stringify(next()),
    });
  const sendGroup = async (size: number) => {
    const answers = await Promise.all(Array.from({ length: size }, post));
    const refused = answers.filter((answer) => answer.statusCode !== 201).length;
    if (refused) throw new Error(`${refused} of ${size} enquiries refused`);
  };
  for (let sent = 0; sent < BEFORE; sent += 50) await sendGroup(Math.min(50, BEFORE - sent));

  const reader = new Database(databaseFile);
  const totalChanges = () =>
    [...connections].reduce(
      (sum, db) => sum + (db.open ? (db.prepare("SELECT total_changes() AS n").get() as { n: number }).n : 0),
      0,
    );
  let rowsWritten = 0;
  const tables = (
    reader
      .prepare(`SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`)
      .all() as {
      name: string;
    }[]
  ).map(({ name }) => name);
  const rowCounts = () =>
    new Map(
      tables.map((name) => [
        name,
        (reader.prepare(`SELECT count(*) AS n FROM "${name.replace(/"/g, '""')}"`).get() as { n: number }).n,
      ]),
    );
  const pagesWritten = new Map<string, number>();
  let frames = 0;
  let rowsAdded = 0;
  const rowsByTable = new Map<string, number>();
  for (let group = 0; group < GROUPS; group += 1) {
    if (READ_WAL) reader.pragma("wal_checkpoint(TRUNCATE)");
    const before = READ_WAL ? rowCounts() : new Map<string, number>();
    const changesBefore = totalChanges();
    counting = true;
    await sendGroup(GROUP);
    counting = false;
    rowsWritten += totalChanges() - changesBefore;
    const pages = READ_WAL ? walPages(`${databaseFile}-wal`) : [];
    frames += pages.length;
    if (!READ_WAL) continue;
    const owner = new Map(
      (reader.prepare(`SELECT name, pageno FROM dbstat`).all() as { name: string; pageno: number }[]).map(
        ({ name, pageno }) => [pageno, name],
      ),
    );
    for (const page of pages) {
      const name = owner.get(page) ?? "(free or new)";
      pagesWritten.set(name, (pagesWritten.get(name) ?? 0) + 1);
    }
    for (const [name, count] of rowCounts()) {
      const added = count - (before.get(name) ?? 0);
      if (added) {
        rowsByTable.set(name, (rowsByTable.get(name) ?? 0) + added);
        rowsAdded += added;
      }
    }
  }
  reader.close();
  await app.close();

  const enquiries = GROUP * GROUPS;
  const per = (value: number) => (value / enquiries).toFixed(2);
  console.log(`${enquiries} enquiries in groups of ${GROUP}, after ${BEFORE} stored`);
  console.log(`write transactions per enquiry: ${per(transactions)}`);
  console.log(`WAL frames (pages written) per enquiry: ${per(frames)}`);
  console.log(`rows written per enquiry (inserted, updated or deleted, triggers' too): ${per(rowsWritten)}`);
  console.log(`rows added per enquiry (net, by table): ${per(rowsAdded)}`);
  for (const [name, count] of [...rowsByTable].sort((a, b) => b[1] - a[1]))
    console.log(`  ${name.padEnd(40)} ${per(count)}`);
  const totalStatements = [...statements.values()].reduce((a, b) => a + b, 0);
  console.log(`statements run per enquiry: ${per(totalStatements)}`);
  for (const [sql, count] of [...statements].sort((a, b) => b[1] - a[1]))
    console.log(`  ${per(count).padStart(6)}  ${sql}`);
  console.log(`pages per enquiry, by B-tree:`);
  for (const [name, count] of [...pagesWritten].sort((a, b) => b[1] - a[1]))
    console.log(`  ${name.padEnd(40)} ${per(count)}`);
} finally {
  await rm(dir, { recursive: true, force: true });
}
