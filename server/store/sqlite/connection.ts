import { dirname, resolve } from "node:path";
import Database from "better-sqlite3";
import { StoreUnavailableError } from "../store";
import { applyMigration, migrations, type MigrationStep } from "./migrations";
import { quoteIdentifier } from "./identifiers";
import { createPrivateFile, makePrivateFolder } from "./private-files";

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
  /**
   * The form's enquiries written on a thread of their own, on a connection of their own to the
   * same file (server/work/intake-thread.ts); not for ":memory:", which another connection cannot see.
   */
  intakeThread?: boolean;
}

const DEFAULT_BUSY_TIMEOUT_MS = 2_000;

/** The database file of a `sqlite:<path>` URL; undefined for another store or an in-memory database. */
export function sqliteFileOf(databaseUrl: string): string | undefined {
  if (!databaseUrl.startsWith("sqlite:")) return undefined;
  const path = sqlitePathFromUrl(databaseUrl);
  return path === ":memory:" ? undefined : path;
}

/** `sqlite:<path>` → the path; `sqlite::memory:` → ":memory:". */
export function sqlitePathFromUrl(databaseUrl: string): string {
  const match = /^sqlite:(.+)$/.exec(databaseUrl);
  if (!match?.[1]) throw new Error(`Not a SQLite database URL: ${databaseUrl}`);
  return match[1];
}

/** SQLite's result codes that mean the database cannot be used now, rather than a bug in a query. */
const UNAVAILABLE_CODES =
  /^SQLITE_(CANTOPEN|READONLY|IOERR|BUSY|LOCKED|FULL|NOTADB|CORRUPT|PERM|PROTOCOL|NOLFS|AUTH)/;
/** Errors of the file system while preparing the database's folder. */
const UNAVAILABLE_FS_CODES = new Set(["EACCES", "EPERM", "EROFS", "ENOSPC", "ENOTDIR", "EIO", "EEXIST"]);

export function isUnavailable(error: unknown): boolean {
  if (error instanceof Database.SqliteError) return UNAVAILABLE_CODES.test(error.code);
  // better-sqlite3's own refusals: a connection closed under us, or the file's folder gone.
  if (error instanceof TypeError && /connection is not open|directory does not exist/i.test(error.message)) {
    return true;
  }
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && UNAVAILABLE_FS_CODES.has(code);
}

/**
 * A connection to the SQLite file: the one every concern of the store shares (and, on the server,
 * the intake's thread's own, server/work/intake-thread.ts), in WAL mode
 * with `synchronous=FULL`, so that a committed write survives a crash of the process and a
 * power cut.
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
export class SqliteConnection {
  readonly path: string;
  /** The enquiries' table, quoted for SQL. */
  readonly enquiryTable: string;
  private readonly enquiryCollection: string;
  private readonly busyTimeoutMs: number;
  private db: Database.Database | undefined;
  private closed = false;
  private connectedOnce = false;

  /** `existing`: the file was made by another connection (the store's own), and is never made here. */
  constructor(options: SqliteStoreOptions, { existing = false }: { existing?: boolean } = {}) {
    this.connectedOnce = existing;
    this.path = options.path === ":memory:" ? options.path : resolve(options.path);
    this.enquiryCollection = options.enquiryCollection;
    this.enquiryTable = quoteIdentifier(options.enquiryCollection);
    this.busyTimeoutMs = options.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS;
  }

  /**
   * Opens the connection, creating the folder (0700), the file (0600) and the schema if needed. When the file
   * cannot be used yet (read-only, locked, folder missing…), it is left closed: every call fails
   * with StoreUnavailableError until the cause is gone, so the server can start and recover on its
   * own. A schema newer than this code knows throws at once.
   */
  open(): void {
    try {
      this.connect();
    } catch (error) {
      if (!isUnavailable(error)) throw error;
    }
  }

  private connect(): Database.Database {
    const memory = this.path === ":memory:";
    if (!memory && !this.connectedOnce) {
      // Made private before SQLite writes a byte: its -wal and -shm files take the file's mode.
      makePrivateFolder(dirname(this.path));
      createPrivateFile(this.path);
    }
    // Once the database has existed, a missing file is an incident, not a fresh install.
    const db = new Database(this.path, { fileMustExist: this.connectedOnce, timeout: this.busyTimeoutMs });
    try {
      db.pragma(`busy_timeout = ${this.busyTimeoutMs}`);
      if (!memory) db.pragma("journal_mode = WAL");
      // FULL: in WAL mode, NORMAL may lose the last commits on power loss; an acknowledged enquiry must not be lost.
      db.pragma("synchronous = FULL");
      // Statement journals in memory: every statement of a group commit that may need undoing
      // alone (one with a trigger, a unique index or a savepoint) copied each page it changed to a
      // temporary file first, five times as many writes to the disk as the WAL's own; they only
      // serve to undo a statement while its transaction is open, never a crash.
      db.pragma("temp_store = MEMORY");
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
    // Foreign keys off while the schema changes (SQLite's way of rebuilding a table: dropping the
    // old one would otherwise delete, or unlink, the rows that refer to it), checked before the
    // commit. The pragma has no effect inside a transaction, so it is set around it.
    db.pragma("foreign_keys = OFF");
    try {
      // IMMEDIATE: two processes starting together do not both migrate.
      db.transaction(() => {
        const current = version();
        if (current > steps.length) {
          throw new Error(
            `The database's schema (version ${current}) is newer than this server knows (${steps.length})`,
          );
        }
        for (let next = current; next < steps.length; next++) {
          applyMigration(db, steps[next] as MigrationStep);
          db.pragma(`user_version = ${next + 1}`);
        }
        if ((db.pragma("foreign_key_check") as unknown[]).length > 0) {
          throw new Error("The schema's migration left rows that refer to nothing");
        }
      }).immediate();
    } finally {
      db.pragma("foreign_keys = ON");
    }
  }

  /** Runs `work` on a live connection, translating "cannot use the database" into StoreUnavailableError. */
  run<T>(work: (db: Database.Database) => T): T {
    if (this.closed) throw new StoreUnavailableError("The store is closed");
    try {
      return work(this.db ?? this.connect());
    } catch (error) {
      if (isUnavailable(error)) this.dropConnection();
      throw this.translate(error);
    }
  }

  /**
   * Runs `work`, a transaction whose first statement writes, without holding the event loop while
   * another connection holds the write lock (the intake's thread, another instance): it is tried
   * without SQLite's own wait, which sleeps on this thread, and tried again a moment later, until
   * the busy timeout. For the background loops' claims, which would otherwise stop every request
   * for each group the intake's thread commits. `work` changes nothing outside its transaction,
   * which a refused try undoes.
   */
  async runWhenFree<T>(work: (db: Database.Database) => T): Promise<T> {
    const deadline = Date.now() + this.busyTimeoutMs;
    for (let pause = 1; ; pause = Math.min(pause * 2, 8)) {
      const tried = this.run((db) => {
        db.pragma("busy_timeout = 0");
        try {
          return { value: work(db) };
        } catch (error) {
          const busy = error instanceof Database.SqliteError && error.code === "SQLITE_BUSY";
          if (busy && Date.now() < deadline) return undefined;
          throw error;
        } finally {
          db.pragma(`busy_timeout = ${this.busyTimeoutMs}`);
        }
      });
      if (tried) return tried.value;
      await new Promise((resolve) => setTimeout(resolve, pause));
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

  close(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.db) {
      const db = this.db;
      this.db = undefined;
      db.close();
    }
  }
}

/**
 * Runs work on the SQLite store's live connection, reconnecting after a failure and translating
 * "cannot use the database" into StoreUnavailableError (`SqliteConnection.run`). The console's
 * concerns take one.
 */
export type SqliteRun = <T>(work: (db: Database.Database) => T) => T;

/** Runs a writing transaction once the write lock is free, without holding the event loop (`SqliteConnection.runWhenFree`). */
export type SqliteRunWhenFree = <T>(work: (db: Database.Database) => T) => Promise<T>;

/** Escapes LIKE's wildcards so a search matches its text literally (with `ESCAPE '\\'`). */
export function likePattern(text: string, where: "prefix" | "anywhere"): string {
  const escaped = text.replace(/[\\%_]/g, (character) => `\\${character}`);
  return where === "prefix" ? `${escaped}%` : `%${escaped}%`;
}

const statements = new WeakMap<Database.Database, Map<string, Database.Statement<unknown[] | object>>>();

/**
 * The statement for `sql` on this connection, prepared the first time and kept: the write path
 * runs the same few statements for every enquiry, and preparing one costs more than running it.
 * A new connection (after a failure) prepares its own. Only for statements used as they are:
 * one switched to `raw()` or `pluck()` would stay switched for every other caller.
 */
export function prepared<BindParameters extends unknown[] | object = unknown[], Result = unknown>(
  db: Database.Database,
  sql: string,
): Database.Statement<BindParameters, Result> {
  let cache = statements.get(db);
  if (!cache) statements.set(db, (cache = new Map()));
  let statement = cache.get(sql);
  if (!statement) cache.set(sql, (statement = db.prepare(sql)));
  return statement as unknown as Database.Statement<BindParameters, Result>;
}
