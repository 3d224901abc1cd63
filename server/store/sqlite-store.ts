import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import Database from "better-sqlite3";
import type { BuyerType, Enquiry } from "../../domain/enquiry";
import {
  StoreUnavailableError,
  type AddEnquiryOptions,
  type NotificationKind,
  type PendingNotification,
  type Store,
  type StoredEnquiry,
  type StoredSubscriber,
  type VitalSample,
  type VitalSummary,
} from "./store";
import { SqliteActivityLog } from "./sqlite/activity";
import { consoleSchema } from "./sqlite/console-schema";
import type { SqliteRun } from "./sqlite/connection";
import { SqliteEnquiryWorkStore } from "./sqlite/enquiry-work";
import { SqliteSessionStore } from "./sqlite/sessions";
import { SqliteSignInThrottleStore } from "./sqlite/sign-in-throttle";
import { SqliteStaffStore } from "./sqlite/staff";
import { SqliteSubscriberDirectory } from "./sqlite/subscriber-directory";

export interface SqliteStoreOptions {
  /** A file path, or ":memory:" (tests only: nothing survives the process). */
  path: string;
  /** The enquiries' table, `{product}_Form`. */
  enquiryCollection: string;
  /**
   * How long a write waits for another connection's lock before giving up.
   * better-sqlite3 is synchronous, so this wait blocks the event loop: keep it short.
   */
  busyTimeoutMs?: number;
}

export const DEFAULT_BUSY_TIMEOUT_MS = 2_000;

/** `sqlite:<path>` → the path; `sqlite::memory:` → ":memory:". */
export function sqlitePathFromUrl(databaseUrl: string): string {
  const match = /^sqlite:(.+)$/.exec(databaseUrl);
  if (!match?.[1]) throw new Error(`Not a SQLite database URL: ${databaseUrl}`);
  return match[1];
}

/**
 * Schema migrations, in order; `PRAGMA user_version` holds how many have run.
 * A later version appends a step here and never edits one that has shipped.
 */
function migrations(enquiryTable: string): string[] {
  const table = quoteIdentifier(enquiryTable);
  return [
    `
    CREATE TABLE ${table} (
      id TEXT PRIMARY KEY,
      Name TEXT NOT NULL,
      Email TEXT NOT NULL,
      Mobile TEXT NOT NULL,
      Quantity INTEGER NOT NULL CHECK (Quantity >= 1),
      RetailerSelfUse TEXT NOT NULL CHECK (RetailerSelfUse IN ('Retailer', 'Self Use')),
      received_at TEXT NOT NULL
    ) STRICT;
    CREATE INDEX ${quoteIdentifier(`${enquiryTable}_received_at`)} ON ${table} (received_at);

    CREATE TABLE subscribers (
      id TEXT PRIMARY KEY,
      email TEXT NOT NULL UNIQUE CHECK (email = lower(email)),
      subscribed_at TEXT NOT NULL
    ) STRICT;

    CREATE TABLE notifications (
      id TEXT PRIMARY KEY,
      enquiry_id TEXT NOT NULL REFERENCES ${table} (id),
      status TEXT NOT NULL CHECK (status IN ('pending', 'sent')),
      attempts INTEGER NOT NULL DEFAULT 0,
      next_attempt_at TEXT NOT NULL,
      claimed_by TEXT,
      claim_expires_at TEXT,
      last_error TEXT,
      sent_at TEXT
    ) STRICT;
    CREATE INDEX notifications_due ON notifications (status, next_attempt_at);

    CREATE TABLE vitals (
      id INTEGER PRIMARY KEY,
      page TEXT NOT NULL,
      metric TEXT NOT NULL,
      value REAL NOT NULL,
      received_at TEXT NOT NULL
    ) STRICT;
    CREATE INDEX vitals_page_metric ON vitals (page, metric, value);
    `,
    consoleSchema(enquiryTable, quoteIdentifier),
  ];
}

export const SQLITE_SCHEMA_VERSION = migrations("x_Form").length;

function quoteIdentifier(name: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`Not a table name: ${name}`);
  return `"${name}"`;
}

/** SQLite's result codes that mean the database cannot be used now, rather than a bug in a query. */
const UNAVAILABLE_CODES =
  /^SQLITE_(CANTOPEN|READONLY|IOERR|BUSY|LOCKED|FULL|NOTADB|CORRUPT|PERM|PROTOCOL|NOLFS|AUTH)/;
/** Errors of the file system while preparing the database's folder. */
const UNAVAILABLE_FS_CODES = new Set(["EACCES", "EPERM", "EROFS", "ENOSPC", "ENOTDIR", "EIO", "EEXIST"]);

function isUnavailable(error: unknown): boolean {
  if (error instanceof Database.SqliteError) return UNAVAILABLE_CODES.test(error.code);
  // better-sqlite3's own refusals: a connection closed under us, or the file's folder gone.
  if (error instanceof TypeError && /connection is not open|directory does not exist/i.test(error.message)) {
    return true;
  }
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && UNAVAILABLE_FS_CODES.has(code);
}

interface EnquiryRow {
  id: string;
  Name: string;
  Email: string;
  Mobile: string;
  Quantity: number;
  RetailerSelfUse: string;
  received_at: string;
}

interface ClaimedRow extends EnquiryRow {
  notification_id: string;
  kind: NotificationKind;
  attempts: number;
}

function storedEnquiry(row: EnquiryRow): StoredEnquiry {
  return {
    id: row.id,
    receivedAt: row.received_at,
    enquiry: {
      Name: row.Name,
      Email: row.Email,
      Mobile: row.Mobile,
      Quantity: row.Quantity,
      RetailerSelfUse: row.RetailerSelfUse as BuyerType,
    },
  };
}

/**
 * The default store: one SQLite file, in WAL mode with `synchronous=FULL`, so a stored enquiry
 * survives a crash of the process and a power cut once `addEnquiry` has resolved.
 *
 * When SQLite reports that the file cannot be used (locked beyond the timeout, read-only,
 * missing, disk full, I/O error), the call throws StoreUnavailableError and the connection
 * is dropped; the next call opens a fresh one, so the store recovers without a restart once
 * the cause is gone. A reopened connection requires the file to exist: an empty database is
 * never created silently in place of one that went missing.
 *
 * Unix checks a file's permissions when it is opened: making the file read-only under a running
 * connection does not stop that connection's writes. The read-only case shows when a connection
 * is opened (at start-up, or after a failure), and then clears as soon as the file is writable.
 */
export class SqliteStore implements Store {
  readonly enquiryCollection: string;
  readonly path: string;
  private readonly busyTimeoutMs: number;
  private readonly table: string;
  private db: Database.Database | undefined;
  private closed = false;
  private connectedOnce = false;
  readonly staff: SqliteStaffStore;
  readonly sessions: SqliteSessionStore;
  readonly signInThrottle: SqliteSignInThrottleStore;
  readonly enquiryWork: SqliteEnquiryWorkStore;
  readonly subscriberDirectory: SqliteSubscriberDirectory;
  readonly activity: SqliteActivityLog;

  private constructor(options: SqliteStoreOptions) {
    this.path = options.path === ":memory:" ? options.path : resolve(options.path);
    this.enquiryCollection = options.enquiryCollection;
    this.table = quoteIdentifier(options.enquiryCollection);
    this.busyTimeoutMs = options.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS;
    const run: SqliteRun = (work) => this.run(work);
    this.staff = new SqliteStaffStore(run);
    this.sessions = new SqliteSessionStore(run);
    this.signInThrottle = new SqliteSignInThrottleStore(run);
    this.enquiryWork = new SqliteEnquiryWorkStore(run, this.table);
    this.subscriberDirectory = new SqliteSubscriberDirectory(run);
    this.activity = new SqliteActivityLog(run);
  }

  /**
   * Opens the store, creating the folder, the file and the schema if needed. When the file cannot
   * be used yet (read-only, locked, folder missing…), the store is returned all the same: every call
   * fails with StoreUnavailableError until the cause is gone, so the server can start and recover
   * on its own. A schema newer than this code knows rejects at once.
   */
  static async open(options: SqliteStoreOptions): Promise<SqliteStore> {
    const store = new SqliteStore(options);
    try {
      store.connect();
    } catch (error) {
      if (!isUnavailable(error)) throw error;
    }
    return store;
  }

  private connect(): Database.Database {
    const memory = this.path === ":memory:";
    if (!memory && !this.connectedOnce) mkdirSync(dirname(this.path), { recursive: true });
    // Once the database has existed, a missing file is an incident, not a fresh install.
    const db = new Database(this.path, { fileMustExist: this.connectedOnce, timeout: this.busyTimeoutMs });
    try {
      db.pragma(`busy_timeout = ${this.busyTimeoutMs}`);
      if (!memory) db.pragma("journal_mode = WAL");
      // FULL: in WAL mode, NORMAL may lose the last commits on power loss; an acknowledged enquiry must not be lost.
      db.pragma("synchronous = FULL");
      db.pragma("foreign_keys = ON");
      this.migrate(db);
    } catch (error) {
      db.close();
      throw error;
    }
    this.db = db;
    this.connectedOnce = true;
    return db;
  }

  private migrate(db: Database.Database): void {
    const steps = migrations(this.enquiryCollection);
    const version = () => db.pragma("user_version", { simple: true }) as number;
    if (version() === steps.length) return;
    // IMMEDIATE: two processes starting together do not both migrate.
    db.transaction(() => {
      const current = version();
      if (current > steps.length) {
        throw new Error(
          `The database's schema (version ${current}) is newer than this server knows (${steps.length})`,
        );
      }
      for (let next = current; next < steps.length; next++) {
        db.exec(steps[next] as string);
        db.pragma(`user_version = ${next + 1}`);
      }
    }).immediate();
  }

  /** Runs `work` on a live connection, translating "cannot use the database" into StoreUnavailableError. */
  private run<T>(work: (db: Database.Database) => T): T {
    if (this.closed) throw new StoreUnavailableError("The store is closed");
    try {
      return work(this.db ?? this.connect());
    } catch (error) {
      if (isUnavailable(error)) this.dropConnection();
      throw this.translate(error);
    }
  }

  private translate(error: unknown): unknown {
    if (!isUnavailable(error)) return error;
    const code = (error as { code?: string }).code;
    return new StoreUnavailableError(`The SQLite database cannot be used${code ? ` (${code})` : ""}`, {
      cause: error,
    });
  }

  private dropConnection(): void {
    // An in-memory database would lose everything with its connection.
    if (this.path === ":memory:" || !this.db) return;
    try {
      this.db.close();
    } catch {
      // It is being dropped because it failed; a second failure changes nothing.
    }
    this.db = undefined;
  }

  /** Enquiries waiting for the next group commit, with the callers waiting on them. */
  private queuedEnquiries: {
    stored: StoredEnquiry;
    acknowledge: boolean;
    resolve: (stored: StoredEnquiry) => void;
    reject: (error: unknown) => void;
  }[] = [];

  /**
   * Stores the enquiry and its pending notification, and resolves once they are on disk.
   * Enquiries that arrive in the same turn of the event loop share one transaction and so one
   * flush to disk (a group commit): each caller still hears back only after its own enquiry
   * is committed, and under load the disk is flushed once per batch, not once per enquiry.
   */
  addEnquiry(enquiry: Enquiry, options: AddEnquiryOptions = {}): Promise<StoredEnquiry> {
    const stored: StoredEnquiry = {
      id: randomUUID(),
      receivedAt: new Date().toISOString(),
      enquiry: {
        Name: enquiry.Name,
        Email: enquiry.Email,
        Mobile: enquiry.Mobile,
        Quantity: enquiry.Quantity,
        RetailerSelfUse: enquiry.RetailerSelfUse,
      },
    };
    return new Promise((resolve, reject) => {
      this.queuedEnquiries.push({ stored, acknowledge: options.acknowledge ?? false, resolve, reject });
      if (this.queuedEnquiries.length === 1) setImmediate(() => this.commitQueuedEnquiries());
    });
  }

  private commitQueuedEnquiries(): void {
    const batch = this.queuedEnquiries;
    this.queuedEnquiries = [];
    try {
      this.insertEnquiries(batch);
      for (const entry of batch) entry.resolve(entry.stored);
    } catch (error) {
      if (error instanceof StoreUnavailableError || batch.length === 1) {
        for (const entry of batch) entry.reject(error);
        return;
      }
      // One enquiry the database refused must not take the others with it: commit each alone.
      for (const entry of batch) {
        try {
          this.insertEnquiries([entry]);
          entry.resolve(entry.stored);
        } catch (single) {
          entry.reject(single);
        }
      }
    }
  }

  private insertEnquiries(enquiries: readonly { stored: StoredEnquiry; acknowledge: boolean }[]): void {
    this.run((db) => {
      const insertEnquiry = db.prepare(
        `INSERT INTO ${this.table} (id, Name, Email, Mobile, Quantity, RetailerSelfUse, received_at)
         VALUES (@id, @Name, @Email, @Mobile, @Quantity, @RetailerSelfUse, @receivedAt)`,
      );
      const insertNotification = db.prepare(
        `INSERT INTO notifications (id, enquiry_id, kind, status, attempts, next_attempt_at)
         VALUES (?, ?, ?, 'pending', 0, ?)`,
      );
      db.transaction(() => {
        for (const { stored, acknowledge } of enquiries) {
          insertEnquiry.run({ id: stored.id, receivedAt: stored.receivedAt, ...stored.enquiry });
          insertNotification.run(randomUUID(), stored.id, "company", stored.receivedAt);
          if (acknowledge)
            insertNotification.run(randomUUID(), stored.id, "acknowledgement", stored.receivedAt);
        }
      }).immediate();
    });
  }

  async listEnquiries(): Promise<StoredEnquiry[]> {
    return this.run((db) =>
      db
        .prepare<[], EnquiryRow>(
          `SELECT id, Name, Email, Mobile, Quantity, RetailerSelfUse, received_at
           FROM ${this.table} ORDER BY received_at, rowid`,
        )
        .all()
        .map(storedEnquiry),
    );
  }

  async addSubscriber(email: string): Promise<{ created: boolean }> {
    const address = email.trim().toLowerCase();
    return this.run((db) => {
      const result = db
        .prepare(
          `INSERT INTO subscribers (id, email, subscribed_at) VALUES (?, ?, ?) ON CONFLICT (email) DO NOTHING`,
        )
        .run(randomUUID(), address, new Date().toISOString());
      return { created: result.changes === 1 };
    });
  }

  async listSubscribers(): Promise<StoredSubscriber[]> {
    return this.run((db) =>
      db
        .prepare<[], StoredSubscriber>(
          `SELECT id, email, subscribed_at AS subscribedAt FROM subscribers ORDER BY subscribed_at, rowid`,
        )
        .all(),
    );
  }

  async claimDueNotifications(options: {
    worker: string;
    now: Date;
    limit: number;
    leaseMs: number;
  }): Promise<PendingNotification[]> {
    const now = options.now.toISOString();
    const until = new Date(options.now.getTime() + options.leaseMs).toISOString();
    return this.run((db) =>
      // BEGIN IMMEDIATE takes the write lock first, so two processes never pick the same rows.
      db
        .transaction(() => {
          const claimed = db
            .prepare<{ worker: string; now: string; until: string; limit: number }, { id: string }>(
              `UPDATE notifications SET claimed_by = @worker, claim_expires_at = @until
             WHERE id IN (
               SELECT id FROM notifications
               WHERE status = 'pending' AND next_attempt_at <= @now
                 AND (claim_expires_at IS NULL OR claim_expires_at <= @now)
               ORDER BY next_attempt_at, rowid
               LIMIT @limit
             )
             RETURNING id`,
            )
            .all({ worker: options.worker, now, until, limit: Math.max(0, Math.floor(options.limit)) });
          if (claimed.length === 0) return [];
          const rows = db
            .prepare<[string], ClaimedRow>(
              `SELECT n.id AS notification_id, n.kind, n.attempts, e.id, e.Name, e.Email, e.Mobile, e.Quantity,
                    e.RetailerSelfUse, e.received_at
             FROM notifications n JOIN ${this.table} e ON e.id = n.enquiry_id
             WHERE n.id IN (SELECT value FROM json_each(?))
             ORDER BY n.next_attempt_at, n.rowid`,
            )
            .all(JSON.stringify(claimed.map((row) => row.id)));
          return rows.map((row) => {
            const { enquiry, receivedAt } = storedEnquiry(row);
            return {
              id: row.notification_id,
              kind: row.kind,
              enquiryId: row.id,
              enquiry,
              receivedAt,
              attempts: row.attempts,
            };
          });
        })
        .immediate(),
    );
  }

  async markNotificationSent(id: string, worker: string): Promise<void> {
    // Recorded as sent even if the lease ran out meanwhile: the mail did go, and must not go again.
    this.run((db) =>
      db
        .prepare(
          `UPDATE notifications
           SET status = 'sent', sent_at = @now, last_attempt_at = @now, attempts = attempts + 1,
               claimed_by = @worker, claim_expires_at = NULL, last_error = NULL
           WHERE id = @id AND status = 'pending'`,
        )
        .run({ now: new Date().toISOString(), worker, id }),
    );
  }

  async markNotificationFailed(
    id: string,
    worker: string,
    error: string,
    nextAttemptAt: Date,
  ): Promise<void> {
    // Only the worker holding the claim may release it; after its lease ran out, another may hold it.
    this.run((db) =>
      db
        .prepare(
          `UPDATE notifications
           SET attempts = attempts + 1, last_error = ?, next_attempt_at = ?, last_attempt_at = ?,
               claimed_by = NULL, claim_expires_at = NULL
           WHERE id = ? AND status = 'pending' AND claimed_by = ?`,
        )
        .run(error.slice(0, 2000), nextAttemptAt.toISOString(), new Date().toISOString(), id, worker),
    );
  }

  async countPendingNotifications(): Promise<number> {
    return this.run(
      (db) =>
        db
          .prepare<[], { count: number }>(
            `SELECT count(*) AS count FROM notifications WHERE status = 'pending'`,
          )
          .get()?.count ?? 0,
    );
  }

  async addVitals(samples: readonly VitalSample[]): Promise<void> {
    if (samples.length === 0) return;
    const receivedAt = new Date().toISOString();
    this.run((db) => {
      const insert = db.prepare(`INSERT INTO vitals (page, metric, value, received_at) VALUES (?, ?, ?, ?)`);
      db.transaction(() => {
        for (const sample of samples) insert.run(sample.page, sample.metric, sample.value, receivedAt);
      }).immediate();
    });
  }

  async summarizeVitals(): Promise<VitalSummary[]> {
    // Nearest rank: the value at position ceil(0.75 n) in ascending order; (3n + 3) / 4 is that ceiling in integers.
    return this.run((db) =>
      db
        .prepare<[], VitalSummary>(
          `WITH ranked AS (
             SELECT page, metric, value,
                    row_number() OVER (PARTITION BY page, metric ORDER BY value) AS rank,
                    count(*) OVER (PARTITION BY page, metric) AS n
             FROM vitals
           )
           SELECT page, metric, n AS count, value AS p75
           FROM ranked WHERE rank = (3 * n + 3) / 4
           ORDER BY page, metric`,
        )
        .all(),
    );
  }

  async ping(): Promise<void> {
    // A write that changes nothing: SQLite still takes the write lock and refuses a read-only file,
    // so this proves the database can be written, not only that it opened.
    this.run((db) => {
      db.transaction(() => {
        db.prepare("DELETE FROM vitals WHERE 0").run();
      }).immediate();
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.db) {
      const db = this.db;
      this.db = undefined;
      db.close();
    }
  }
}
