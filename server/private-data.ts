import type { Config } from "./config";
import { sqliteFileOf } from "./store/sqlite/connection";
import { sharedDataProblems } from "./store/sqlite/private-files";

/**
 * Why the server or an operator command must not start: the SQLite database, its folder or the
 * backups' folder may be read or written by other accounts of this machine (one line each, with
 * the `chmod` to run). Empty for Firestore, an in-memory database, or data kept private.
 */
export function sharedDataOf(config: Pick<Config, "DATABASE_URL" | "BACKUP_DIR">): string[] {
  const databaseFile = sqliteFileOf(config.DATABASE_URL);
  return databaseFile ? sharedDataProblems({ databaseFile, backupFolder: config.BACKUP_DIR }) : [];
}
