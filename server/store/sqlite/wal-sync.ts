import { open } from "node:fs/promises";
import type Database from "better-sqlite3";
import { prepared } from "./connection";

const walModes = new WeakMap<Database.Database, boolean>();

/**
 * Whether the connection's database is in WAL mode, as the store asks (connection.ts); a file
 * system that cannot hold a WAL leaves it in its rollback journal, whose commits stay FULL.
 */
export function inWalMode(db: Database.Database): boolean {
  let wal = walModes.get(db);
  if (wal === undefined) {
    wal = db.pragma("journal_mode", { simple: true }) === "wal";
    walModes.set(db, wal);
  }
  return wal;
}

/**
 * The group commit's flush to disk, off the event loop. With `synchronous = FULL`, SQLite's
 * `COMMIT` waits for the WAL's fsync on the thread that serves every request (3 to 7 ms on this
 * project's machines, about a quarter of the intake's time under load). `commitWithoutWaiting`
 * runs one transaction with `synchronous = NORMAL` (its frames written to the WAL, not yet
 * flushed), and `WalSync.flushed` then flushes the WAL file on libuv's thread pool: the same
 * `fdatasync` of the same file that FULL's commit makes, while the event loop serves other
 * requests. A caller answers only once it has resolved, so what it answers is on disk as it
 * would be with FULL.
 *
 * Every other transaction of the connection stays FULL: one committed between the two (a change
 * from the console, the outbox or the webhooks leasing the enquiry's mail or event) flushes the
 * WAL before it returns, the frames written before its own included, so nothing is mailed or sent
 * on about an enquiry that is not on disk. A checkpoint in NORMAL still flushes the WAL before it
 * copies pages into the database file, and the database file after. A crash of the process loses
 * nothing either way (the operating system holds what was written); a power cut may lose a group
 * whose flush had not returned: its callers were not answered, though the console may have listed
 * its enquiries meanwhile.
 */
export function commitWithoutWaiting<T>(db: Database.Database, transaction: () => T): T {
  prepared(db, "PRAGMA synchronous = NORMAL").run();
  try {
    return transaction();
  } finally {
    prepared(db, "PRAGMA synchronous = FULL").run();
  }
}

const settled = () => undefined;

/**
 * Flushes one database's WAL file to disk on the thread pool, one flush at a time: a flush asked
 * for while one is running waits for the next, which then covers every commit made meanwhile, so
 * under a flood many group commits share one flush.
 */
export class WalSync {
  private readonly walPath: string;
  private running: Promise<void> | undefined;
  private next: Promise<void> | undefined;

  /** `databasePath`: the database file; its WAL is the file beside it ending in `-wal`. */
  constructor(databasePath: string) {
    this.walPath = `${databasePath}-wal`;
  }

  /** Resolves once every WAL frame written before this call is on disk. */
  flushed(): Promise<void> {
    if (!this.running) return this.start();
    // The one running may have begun before the frames just written: the next one covers them.
    this.next ??= this.running
      .catch(() => undefined)
      .then(() => {
        this.next = undefined;
        return this.start();
      });
    return this.next;
  }

  /** Resolves once no flush runs (at once when none does); never rejects. */
  idle(): Promise<void> {
    const running = this.next ?? this.running;
    return running ? running.then(settled, settled) : Promise.resolve();
  }

  private start(): Promise<void> {
    const flush = this.flush();
    this.running = flush;
    const done = () => {
      if (this.running === flush) this.running = undefined;
    };
    flush.then(done, done);
    return flush;
  }

  /**
   * Opened by its path each time, so that a connection opened again after a failure (whose WAL
   * may be a new file) is flushed, never a file left behind.
   */
  private async flush(): Promise<void> {
    const wal = await open(this.walPath, "r");
    try {
      await wal.datasync();
    } finally {
      await wal.close();
    }
  }
}
