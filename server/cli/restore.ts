/**
 * Puts a backup of the SQLite database in place of the current one.
 *
 *   npm run restore -- <backup file> [--env-file <path>]
 *
 * Checks the backup first, refuses while a server has the database open, and keeps the file it
 * replaces (with its -wal and -shm files) beside it, named `<database>.replaced-<time>`. Reads the
 * service's environment file and DATABASE_URL like the server (command.ts).
 */
import { chmod, copyFile, rename, rm, stat } from "node:fs/promises";
import { resolve } from "node:path";
import {
  commandConfig,
  ENV_FILE_USAGE,
  parseArguments,
  readArguments,
  runCommand,
  UsageError,
} from "./command";
import { databaseHolders } from "../backup/database-lock";
import { BackupError, checkDatabaseFile, FIRESTORE_BACKUPS } from "../backup/sqlite-backup";
import { sqliteFileOf } from "../store/sqlite";
import { PRIVATE_FILE_MODE } from "../store/sqlite/private-files";

export const USAGE = `Usage: npm run restore -- <backup file> [--env-file <path>]

${ENV_FILE_USAGE}
Reads DATABASE_URL: the database the backup replaces.`;

function parse(argv: string[]): { backup: string; envFile: string | undefined } {
  const parsed = readArguments(argv, {});
  const [backup, ...extra] = parsed.positionals;
  if (!backup) throw new UsageError("Name the backup file to restore.");
  if (extra.length > 0) throw new UsageError(`Unexpected argument "${extra[0]}".`);
  return { backup, envFile: parsed.values["env-file"] };
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

async function main(argv: string[]): Promise<number> {
  const parsed = parseArguments(() => parse(argv), USAGE);
  if (!("request" in parsed)) return parsed.exitCode;
  const { backup, envFile } = parsed.request;
  const config = commandConfig(envFile);
  const databasePath = sqliteFileOf(config.DATABASE_URL);
  if (!databasePath) {
    process.stderr.write(`${FIRESTORE_BACKUPS}\n`);
    return 2;
  }
  const target = resolve(databasePath);

  let checked;
  try {
    checked = checkDatabaseFile(resolve(backup));
  } catch (error) {
    if (!(error instanceof BackupError)) throw error;
    process.stderr.write(`Nothing was changed. ${error.message}\n`);
    return 1;
  }
  const holders = await databaseHolders(target);
  if (holders.length > 0) {
    process.stderr.write(
      `Nothing was changed: a server is using ${target} (process ${holders.join(", ")}). Stop it, then restore.\n`,
    );
    return 1;
  }

  // The copy goes in under a temporary name first, so the database is never half written.
  const incoming = `${target}.restoring`;
  await copyFile(resolve(backup), incoming);
  // copyFile keeps the backup's own mode, which a copy from elsewhere may have left open.
  await chmod(incoming, PRIVATE_FILE_MODE);
  const stamp = new Date().toISOString().replace(/[-:.]/g, "");
  const kept: string[] = [];
  for (const suffix of ["", "-wal", "-shm"]) {
    // The WAL and shared-memory files belong to the database they sit beside: they go with it.
    if (await exists(`${target}${suffix}`)) {
      await rename(`${target}${suffix}`, `${target}.replaced-${stamp}${suffix}`);
      kept.push(`${target}.replaced-${stamp}${suffix}`);
    }
  }
  await rename(incoming, target);
  await rm(`${target}.restoring`, { force: true });
  process.stdout.write(
    `Restored ${target} from ${resolve(backup)} (${checked.enquiries} enquiries).` +
      (kept.length > 0 ? ` The replaced database is kept as ${kept[0]}.` : "") +
      "\n",
  );
  return 0;
}

runCommand(() => main(process.argv.slice(2)));
