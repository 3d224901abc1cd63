import { existsSync, rmSync } from "node:fs";
import { readdir, rename, rm, stat } from "node:fs/promises";
import { join, resolve } from "node:path";
import Database from "better-sqlite3";
import { ENQUIRY_COLLECTION } from "../../domain/contract";
import { SQLITE_SCHEMA_VERSION } from "../store/sqlite";
import { createPrivateFile, makePrivateFolder } from "../store/sqlite/private-files";

/** Backups are named by the UTC time they were taken, so that their names sort by age. */
const BACKUP_NAME = /^site-\d{8}T\d{6}(?:\d{3})?Z\.db$/;

/** What the backup commands say when the store is Firestore, whose backups are Google's to take. */
export const FIRESTORE_BACKUPS =
  "DATABASE_URL is Firestore: use Firestore's managed export (gcloud firestore export gs://<bucket>, " +
  "on a schedule) and point-in-time recovery instead; see docs/backups.md.";

export interface BackupResult {
  file: string;
  bytes: number;
  milliseconds: number;
  /** Older backups removed to keep the newest `keep`. */
  removed: string[];
}

export class BackupError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "BackupError";
  }
}

function backupName(at: Date): string {
  const stamp = at
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.(\d{3})Z$/, "$1Z");
  return `site-${stamp}.db`;
}

/**
 * Checks that `file` is a sound SQLite database of this site: `PRAGMA integrity_check` passes, it
 * holds the enquiries' table, and its schema is not newer than this code knows. Throws BackupError
 * saying what is wrong.
 */
export function checkDatabaseFile(file: string): { schemaVersion: number; enquiries: number } {
  // A copy of a WAL database is marked WAL too, so reading it makes its -wal and -shm files, which a
  // read-only connection leaves behind: remove those this check made (it writes nothing to them).
  const made = ["-wal", "-shm"].map((suffix) => `${file}${suffix}`).filter((path) => !existsSync(path));
  try {
    return readDatabaseFile(file);
  } finally {
    for (const path of made) rmSync(path, { force: true });
  }
}

function readDatabaseFile(file: string): { schemaVersion: number; enquiries: number } {
  let db: Database.Database;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new BackupError(`${file} cannot be opened as a database: ${(error as Error).message}`, {
      cause: error,
    });
  }
  try {
    const integrity = db.pragma("integrity_check", { simple: true });
    if (integrity !== "ok")
      throw new BackupError(`${file} fails SQLite's integrity check: ${String(integrity)}`);
    const schemaVersion = db.pragma("user_version", { simple: true }) as number;
    if (schemaVersion > SQLITE_SCHEMA_VERSION) {
      throw new BackupError(
        `${file} has schema version ${schemaVersion}, newer than this server knows (${SQLITE_SCHEMA_VERSION})`,
      );
    }
    const table = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = ?")
      .get(ENQUIRY_COLLECTION);
    if (!table)
      throw new BackupError(`${file} is not this site's database: it has no ${ENQUIRY_COLLECTION} table`);
    const { count } = db.prepare(`SELECT count(*) AS count FROM "${ENQUIRY_COLLECTION}"`).get() as {
      count: number;
    };
    return { schemaVersion, enquiries: count };
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${file} cannot be read as this site's database: ${(error as Error).message}`, {
      cause: error,
    });
  } finally {
    db.close();
  }
}

/**
 * Writes a consistent copy of the live database at `databasePath` into `backupDir`, while the server
 * keeps writing to it: SQLite's online backup reads every page in one read transaction, which in
 * WAL mode blocks no writer, so the copy is the database as of one moment. The copy is written
 * under a temporary name, checked, and only then given its final name; then all but the newest
 * `keep` backups are removed.
 */
export async function backupSqlite(
  databasePath: string,
  backupDir: string,
  { keep, now = new Date() }: { keep: number; now?: Date },
): Promise<BackupResult> {
  const started = performance.now();
  const dir = resolve(backupDir);
  // A backup holds everything the database does: folder 0700, file 0600 before a page is copied.
  makePrivateFolder(dir);
  const file = join(dir, backupName(now));
  const partial = `${file}.partial`;
  await rm(partial, { force: true });
  createPrivateFile(partial);

  const source = new Database(resolve(databasePath), { readonly: true, fileMustExist: true });
  try {
    // All pages in one step, read in one transaction: a copy made a few pages at a time starts
    // again whenever another connection writes, and under steady enquiries would never finish.
    await source.backup(partial, { progress: ({ totalPages }) => Math.max(totalPages, 100) });
  } catch (error) {
    await rm(partial, { force: true });
    throw new BackupError(`The backup of ${databasePath} failed: ${(error as Error).message}`, {
      cause: error,
    });
  } finally {
    source.close();
  }
  try {
    checkDatabaseFile(partial);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  await rename(partial, file);
  const { size } = await stat(file);

  const backups = (await readdir(dir)).filter((name) => BACKUP_NAME.test(name)).sort();
  const removed = backups.slice(0, Math.max(0, backups.length - keep));
  for (const name of removed) await rm(join(dir, name), { force: true });

  return { file, bytes: size, milliseconds: performance.now() - started, removed };
}
