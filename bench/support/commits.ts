import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** The working tree this bench runs from. */
const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

/** A git command in the working tree, its output trimmed. */
export function git(...args: string[]): string {
  return execFileSync("git", args, { cwd: root, encoding: "utf8" }).trim();
}

/** Runs a command in `cwd` on this Node (its folder first on PATH), showing only its errors. */
export function runHere(
  cwd: string,
  command: string,
  args: string[],
  env: Record<string, string> = {},
): void {
  execFileSync(command, args, {
    cwd,
    env: { ...process.env, PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ""}`, ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

/**
 * The commit's sources in a worktree of their own, with their dependencies: the working tree's
 * node_modules hard-linked where its package-lock.json is the same, else `npm ci`.
 */
export function checkOutCommit(sha: string, worktree: string, log: (line: string) => void = () => {}): void {
  if (!existsSync(join(worktree, ".git"))) git("worktree", "add", "--quiet", "--detach", worktree, sha);
  if (existsSync(join(worktree, "node_modules"))) return;
  const lock = (dir: string) => readFileSync(join(dir, "package-lock.json"), "utf8");
  if (lock(worktree) === lock(root)) {
    log("Its package-lock.json is the working tree's: hard-linking node_modules …");
    runHere(worktree, "cp", ["-al", join(root, "node_modules"), join(worktree, "node_modules")]);
  } else {
    log("Installing its dependencies (npm ci) …");
    runHere(worktree, "npm", ["ci", "--no-audit", "--no-fund"]);
  }
}

/** A process's CPU time so far, user and system, in µs (`/proc/<pid>/stat`, in clock ticks of 10 ms); 0 without one. */
export function cpuTimeUs(pid: number): number {
  if (!pid) return 0;
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // The fields after the command's name, which is in parentheses and may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}
