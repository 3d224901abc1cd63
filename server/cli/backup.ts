/**
 * Operators' backup of the SQLite database, safe while the server runs and takes enquiries.
 *
 *   npm run backup
 *
 * Reads DATABASE_URL, BACKUP_DIR and BACKUP_KEEP like the server; prints the copy's path, size and
 * how long it took. For Firestore it says what to use instead and exits 2.
 */
import { commandConfig, runCommand } from "./command";
import { sqliteFileOf } from "../store/sqlite";
import { backupSqlite, BackupError, FIRESTORE_BACKUPS } from "../backup/sqlite-backup";

async function main(): Promise<number> {
  const config = commandConfig();
  const databasePath = sqliteFileOf(config.DATABASE_URL);
  if (!databasePath) {
    process.stderr.write(`${FIRESTORE_BACKUPS}\n`);
    return 2;
  }
  try {
    const result = await backupSqlite(databasePath, config.BACKUP_DIR, { keep: config.BACKUP_KEEP });
    process.stdout.write(
      `Backed up ${databasePath} to ${result.file} (${(result.bytes / 1_048_576).toFixed(1)} MiB, ` +
        `${Math.round(result.milliseconds)} ms)` +
        (result.removed.length > 0 ? `; removed ${result.removed.length} older backup(s)` : "") +
        ".\n",
    );
    return 0;
  } catch (error) {
    if (!(error instanceof BackupError)) throw error;
    process.stderr.write(`${error.message}\n`);
    return 1;
  }
}

runCommand(() => main());
