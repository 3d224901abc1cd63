import { mkdir, readdir, rm, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";

/** Beside the database, one file per server process that has it open, named by its process id. */
function holdersDir(databasePath: string): string {
  return `${resolve(databasePath)}.servers`;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Marks the database as in use by this process until the returned function is called (the server
 * does so while it runs), so that `npm run restore` refuses to replace it under a running server.
 */
export async function holdDatabase(databasePath: string): Promise<() => Promise<void>> {
  const dir = holdersDir(databasePath);
  await mkdir(dir, { recursive: true });
  const file = join(dir, String(process.pid));
  await writeFile(file, `${new Date().toISOString()}\n`);
  return () => rm(file, { force: true });
}

/**
 * The process ids of the running servers that hold the database. A mark left by a process that
 * is gone (a crash, a kill) is removed, not counted.
 */
export async function databaseHolders(databasePath: string): Promise<number[]> {
  let names: string[];
  try {
    names = await readdir(holdersDir(databasePath));
  } catch {
    return [];
  }
  const running: number[] = [];
  for (const name of names) {
    const pid = Number(name);
    if (!Number.isInteger(pid) || pid <= 0) continue;
    if (isRunning(pid)) running.push(pid);
    else await rm(join(holdersDir(databasePath), name), { force: true });
  }
  return running;
}
