import { statfs } from "node:fs/promises";

/** The disk a folder is on: what the service's account may still write there, and its size. */
export interface DiskSpace {
  freeBytes: number;
  sizeBytes: number;
}

/**
 * Reads the space of the disk holding `folder` (the SQLite database's): `bavail`, the blocks an
 * unprivileged account may still use, since the service does not run as root. Undefined when the
 * folder cannot be read (gone, unmounted): no figure rather than a false one.
 */
export async function diskSpaceOf(folder: string): Promise<DiskSpace | undefined> {
  try {
    const stats = await statfs(folder);
    return { freeBytes: stats.bavail * stats.bsize, sizeBytes: stats.blocks * stats.bsize };
  } catch {
    return undefined;
  }
}
