import { hash } from "node:crypto";
import type Database from "better-sqlite3";
import type { AttemptCounterStore } from "../attempt-counters";
import type { CounterToAdd } from "../store";
import { prepared, type SqliteRun } from "./connection";

/**
 * A counter's key in its table: the first 16 bytes of its name's SHA-256. The table has no rowid
 * (migrations.ts), so a new counter changes one page of one B-tree, and a short key puts more of
 * them on each page.
 */
function counterKey(name: string): Buffer {
  // One call, no Hash object: taken three times or more for each enquiry.
  return hash("sha256", name, "buffer").subarray(0, 16);
}

/** Counted, and forgotten after the expiry of the latest add (as Firestore's merge leaves it). */
const ADD = `INSERT INTO attempt_counters (name_hash, count, expires_at) VALUES (?, 1, ?)
  ON CONFLICT (name_hash) DO UPDATE SET count = count + 1, expires_at = excluded.expires_at RETURNING count`;
/** A parent counter (CounterToAdd.nested), which keeps the key of its first add's nested counter. */
const ADD_PARENT = `INSERT INTO attempt_counters (name_hash, count, expires_at, first_key) VALUES (?, 1, ?, ?)
  ON CONFLICT (name_hash) DO UPDATE SET count = count + 1, expires_at = excluded.expires_at
  RETURNING count, first_key AS firstKey`;
/** A nested counter written at last: the parent's first add counts in when its key was this one's. */
const ADD_NESTED = `INSERT INTO attempt_counters (name_hash, count, expires_at) VALUES (?, ?, ?)
  ON CONFLICT (name_hash) DO UPDATE SET count = count + 1, expires_at = excluded.expires_at RETURNING count`;
const TAKE_BACK = `UPDATE attempt_counters SET count = max(count - 1, 0) WHERE name_hash = ?`;

/**
 * Adds one to each counter in the caller's transaction (an enquiry's, which waits for the disk),
 * answering their counts in order. A nested counter (CounterToAdd.nested) is not written while its
 * parent counts one: the parent's row keeps its key instead, one random page of the B-tree fewer
 * for the day's first enquiry from a mobile. Once the parent counts more, the nested counter is
 * written, starting from 2 when the parent's first add was under the same key: the same counts as
 * writing it every time.
 */
export function addCountersIn(db: Database.Database, counters: readonly CounterToAdd[]): number[] {
  const add = prepared<[Buffer, string], { count: number }>(db, ADD);
  const parents = new Set(counters.flatMap(({ nested }) => (nested ? [nested.parent] : [])));
  const firstKeys = new Map<number, Buffer | null>();
  const counts: number[] = [];
  counters.forEach(({ name, expiresAt, nested }, index) => {
    const expires = expiresAt.toISOString();
    if (parents.has(index)) {
      const child = counters.find((counter) => counter.nested?.parent === index)?.nested;
      const row = prepared<[Buffer, string, Buffer | null], { count: number; firstKey: Buffer | null }>(
        db,
        ADD_PARENT,
      ).get(counterKey(name), expires, child ? counterKey(child.key) : null);
      counts.push(row?.count ?? Number.MAX_SAFE_INTEGER);
      firstKeys.set(index, row && row.count > 1 ? row.firstKey : null);
      return;
    }
    if (nested && (counts[nested.parent] ?? 0) === 1) {
      counts.push(1);
      return;
    }
    if (nested) {
      const first = firstKeys.get(nested.parent);
      const initial = first && first.equals(counterKey(nested.key)) ? 2 : 1;
      const row = prepared<[Buffer, number, string], { count: number }>(db, ADD_NESTED).get(
        counterKey(name),
        initial,
        expires,
      );
      counts.push(row?.count ?? Number.MAX_SAFE_INTEGER);
      return;
    }
    counts.push(add.get(counterKey(name), expires)?.count ?? Number.MAX_SAFE_INTEGER);
  });
  return counts;
}

/**
 * Runs one counter's change without waiting for the disk. A counter limits attempts; it is not a
 * record anyone is promised: a change lost to a power cut costs one attempt's worth of counting,
 * while waiting for the disk on every sign-in and newsletter confirmation would slow each one (an
 * enquiry's counters are added in its own transaction: `addCountersIn`). In WAL mode the next
 * commit that does wait (an enquiry's) writes these changes to the disk with its own.
 */
function withoutWaitingForTheDisk<T>(db: Database.Database, work: () => T): T {
  prepared(db, "PRAGMA synchronous = NORMAL").run();
  try {
    return work();
  } finally {
    prepared(db, "PRAGMA synchronous = FULL").run();
  }
}

/** One row per counter; one `INSERT … ON CONFLICT DO UPDATE … RETURNING` adds and reads at once. */
export class SqliteAttemptCounterStore implements AttemptCounterStore {
  constructor(private readonly run: SqliteRun) {}

  async add(name: string, expiresAt: Date): Promise<number> {
    return this.run((db) =>
      withoutWaitingForTheDisk(
        db,
        () => addCountersIn(db, [{ name, expiresAt }])[0] ?? Number.MAX_SAFE_INTEGER,
      ),
    );
  }

  async read(names: readonly string[]): Promise<number[]> {
    return this.run((db) => {
      const select = prepared<[Buffer], { count: number }>(
        db,
        `SELECT count FROM attempt_counters WHERE name_hash = ?`,
      );
      return names.map((name) => select.get(counterKey(name))?.count ?? 0);
    });
  }

  async takeBack(name: string): Promise<void> {
    this.run((db) =>
      withoutWaitingForTheDisk(db, () => prepared<[Buffer]>(db, TAKE_BACK).run(counterKey(name))),
    );
  }

  async eraseExpired(before: Date): Promise<number> {
    return this.run(
      (db) =>
        db.prepare(`DELETE FROM attempt_counters WHERE expires_at < ?`).run(before.toISOString()).changes,
    );
  }
}
