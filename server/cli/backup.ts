/**
 * Operators' backup of the SQLite database, safe while the server runs and takes enquiries.
 *
 *   npm run backup [-- --env-file <path>]
 *
 * Reads the service's environment file, and DATABASE_URL, BACKUP_DIR and BACKUP_KEEP like the
 * server (command.ts); prints the copy's path, size and how long it took. For Firestore it says
 * what to use instead and exits 2.
 */
import {
  commandConfig,
  ENV_FILE_USAGE,
  parseArguments,
  readArguments,
  runCommand,
  UsageError,
} from "./command";
import { sqliteFileOf } from "../store/sqlite";
import { backupSqlite, BackupError, FIRESTORE_BACKUPS } from "../backup/sqlite-backup";

export const USAGE = `Usage: npm run backup [-- --env-file <path>]

${ENV_FILE_USAGE}
Reads DATABASE_URL, BACKUP_DIR and BACKUP_KEEP.`;

function parse(argv: string[]): { envFile: string | undefined } {
  const parsed = readArguments(argv, {});
  if (parsed.positionals.length > 0) throw new UsageError(`Unexpected argument "${parsed.positionals[0]}".`);
  return { envFile: parsed.values["env-file"] };
}

async function main(argv: string[]): Promise<number> {
  const parsed = parseArguments(() => parse(argv), USAGE);
  if (!("request" in parsed)) return parsed.exitCode;
  const config = commandConfig(parsed.request.envFile);
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

runCommand(() => main(process.argv.slice(2)));
