import { closeSync, constants, mkdirSync, openSync, statSync } from "node:fs";
import { resolve } from "node:path";

/**
 * The SQLite database, its -wal and -shm files and the backups hold the sign-in secrets, the
 * site's signing keys and every buyer: no other account of the machine may read or change them.
 * Folders are made 0700 and files 0600 whatever the process's umask; SQLite gives the -wal and
 * -shm files the database file's own mode.
 */
export const PRIVATE_FOLDER_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Read or write for the group or for others. */
const SHARED_BITS = 0o066;

/**
 * Files this process creates afterwards are its owner's alone (the server and the operator
 * commands call it first): a safety net under the explicit modes below, for any file made
 * without one.
 */
export function keepNewFilesPrivate(): void {
  process.umask(0o077);
}

/** Makes `folder` (and its missing parents) 0700 where this call creates them. */
export function makePrivateFolder(folder: string): void {
  // mkdir's mode is masked by the umask: 0700 masked by anything is at most 0700.
  mkdirSync(folder, { recursive: true, mode: PRIVATE_FOLDER_MODE });
}

/** Creates `file` empty and 0600 if it does not exist yet; an existing file is left as it is. */
export function createPrivateFile(file: string): void {
  try {
    closeSync(openSync(file, constants.O_CREAT | constants.O_EXCL | constants.O_WRONLY, PRIVATE_FILE_MODE));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
}

/** The path as a shell word, quoted only when it needs to be. */
function shellWord(path: string): string {
  return /^[\w@%+=:,./-]+$/.test(path) ? path : `'${path.replaceAll("'", `'\\''`)}'`;
}

/**
 * Whether `path` is a folder (or a file) that the group or others may read or write. Something
 * missing, or of the other kind (a file where the folder should be), is left to the store to
 * report as it opens.
 */
function shared(path: string, kind: "folder" | "file"): boolean {
  try {
    const stats = statSync(path);
    const ofKind = kind === "folder" ? stats.isDirectory() : stats.isFile();
    return ofKind && (stats.mode & SHARED_BITS) !== 0;
  } catch (error) {
    if (["ENOENT", "ENOTDIR"].includes((error as NodeJS.ErrnoException).code ?? "")) return false;
    throw error;
  }
}

/**
 * What stands between the SQLite data and other accounts of the machine: one line per path that
 * exists and that the group or others may read or write (the database, its -wal and -shm files,
 * its folder, the backups' folder), each naming the path and the `chmod` that closes it, and
 * nothing else. Empty when all is private.
 */
export function sharedDataProblems(paths: { databaseFile: string; backupFolder: string }): string[] {
  const database = resolve(paths.databaseFile);
  const folder = resolve(database, "..");
  const checks: [path: string, kind: "folder" | "file"][] = [
    [folder, "folder"],
    [database, "file"],
    [`${database}-wal`, "file"],
    [`${database}-shm`, "file"],
    [resolve(paths.backupFolder), "folder"],
  ];
  const seen = new Set<string>();
  const problems: string[] = [];
  for (const [path, kind] of checks) {
    if (seen.has(path)) continue;
    seen.add(path);
    if (!shared(path, kind)) continue;
    const mode = kind === "folder" ? "700" : "600";
    problems.push(
      `${path} may be read or written by other accounts of this machine: run chmod ${mode} ${shellWord(path)}`,
    );
  }
  return problems;
}
