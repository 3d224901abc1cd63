import { readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { LaunchContent } from "./launch-check";

/** Written by the build beside the compiled server (scripts/build-server.ts). */
export const LAUNCH_CONTENT_FILE = "launch-content.json";

/**
 * The brand details as the build recorded them: `path` when given, else the file beside the
 * compiled server that runs (`build/server/main.js`, or a command in `build/server/cli/`).
 * Null when there is none (the server runs from source).
 */
export async function readLaunchContent(path?: string): Promise<LaunchContent | null> {
  const entry = dirname(process.argv[1] ?? ".");
  const candidates = path
    ? [path]
    : [join(entry, LAUNCH_CONTENT_FILE), join(entry, "..", LAUNCH_CONTENT_FILE)];
  for (const candidate of candidates) {
    try {
      return JSON.parse(await readFile(candidate, "utf8")) as LaunchContent;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
  return null;
}
