import { execFile } from "node:child_process";
import { chmod, copyFile, mkdir, mkdtemp, readdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { API_PATHS, ENQUIRY_COLLECTION } from "../../domain/contract";
import { SqliteStore } from "../../server/store";
import { anEnquiry } from "../support/enquiry-builder";
import {
  killServer,
  projectRoot,
  spawnServer,
  startServer,
  type ServerProcess,
} from "../support/server-process";
import { writeSiteFixture } from "../support/test-app";
import { NO_ENVIRONMENT_FILE } from "../support/operator-environment";

const run = promisify(execFile);

/**
 * The SQLite database, its -wal and -shm files and the backups hold the sign-in secrets, the
 * signing keys and every buyer: made for the server's account alone whatever the umask it is
 * started with, and refused when another account of the machine could read or change them.
 */
let dir = "";
let data = "";
let siteDir = "";
let server: ServerProcess | undefined;
let umaskBefore = 0;
beforeEach(async () => {
  // A permissive umask, as a shell's usual one: what the server makes must not depend on it.
  umaskBefore = process.umask(0o022);
  dir = await mkdtemp(join(tmpdir(), "collarise-at-rest-"));
  data = join(dir, "data");
  siteDir = await writeSiteFixture(dir);
});
afterEach(async () => {
  await killServer(server);
  server = undefined;
  process.umask(umaskBefore);
  await rm(dir, { recursive: true, force: true });
});

const modeOf = async (path: string) => ((await stat(path)).mode & 0o777).toString(8);

function environment() {
  return {
    SITE_DIR: siteDir,
    DATABASE_URL: `sqlite:${join(data, "site.db")}`,
    BACKUP_DIR: join(data, "backups"),
  };
}

/** Runs an operator command from source, as `npm run <name>` runs it compiled. */
function operatorCommand(name: "backup" | "restore" | "staff", args: string[], env: Record<string, string>) {
  return run(process.execPath, ["--import", "tsx", `server/cli/${name}.ts`, ...args], {
    cwd: projectRoot,
    env: {
      PATH: process.env.PATH ?? "",
      COLLARISE_ENV_FILE: NO_ENVIRONMENT_FILE,
      HOME: process.env.HOME ?? "",
      ...env,
    },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      stdout: error.stdout,
      stderr: error.stderr,
    }),
  );
}

/** A database made by the store, as a server would have left it, then stopped. */
async function existingDatabase(): Promise<string> {
  const path = join(data, "site.db");
  const store = await SqliteStore.open({ path, enquiryCollection: ENQUIRY_COLLECTION });
  await store.close();
  return path;
}

describe("the data at rest", () => {
  it("a started server makes its data folder 0700 and its database, -wal and -shm 0600; a backup's folder 0700 and file 0600", async () => {
    const env = environment();
    const started = await startServer(env);
    server = started;
    const posted = await fetch(`${started.baseUrl}${API_PATHS.enquiries}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(anEnquiry()),
    });
    expect(posted.status).toBe(201);

    const database = join(data, "site.db");
    expect(await modeOf(data)).toBe("700");
    for (const file of [database, `${database}-wal`, `${database}-shm`])
      expect(await modeOf(file)).toBe("600");

    const backup = await operatorCommand("backup", [], env);
    expect(backup.code, backup.stderr).toBe(0);
    const backups = join(data, "backups");
    expect(await modeOf(backups)).toBe("700");
    const files = await readdir(backups);
    expect(files.filter((name) => name.endsWith(".db"))).toHaveLength(1);
    for (const name of files) expect(`${name} ${await modeOf(join(backups, name))}`).toBe(`${name} 600`);
  });

  it("a restore from a backup other accounts could read puts the database back 0600", async () => {
    const env = environment();
    const database = await existingDatabase();
    const elsewhere = join(dir, "copied-backup.db");
    await copyFile(database, elsewhere);
    await chmod(elsewhere, 0o644);
    const restored = await operatorCommand("restore", [elsewhere], env);
    expect(restored.code, restored.stderr).toBe(0);
    expect(await modeOf(database)).toBe("600");
  });

  it.each([
    ["the database", async () => chmod(await existingDatabase(), 0o644), () => join(data, "site.db"), "600"],
    [
      "its -wal file",
      async () => {
        const database = await existingDatabase();
        await copyFile(database, `${database}-wal`);
        await chmod(`${database}-wal`, 0o640);
      },
      () => join(data, "site.db-wal"),
      "600",
    ],
    ["its folder", async () => chmod((await existingDatabase(), data), 0o755), () => data, "700"],
    [
      "the backups' folder",
      async () => {
        await existingDatabase();
        await mkdir(join(data, "backups"), { mode: 0o777 });
        await chmod(join(data, "backups"), 0o777);
      },
      () => join(data, "backups"),
      "700",
    ],
  ])(
    "a server and an operator command refuse to start when %s may be read or written by other accounts, naming it and the chmod",
    async (_what, expose, path, mode) => {
      await expose();
      const message = `${path()} may be read or written by other accounts of this machine: run chmod ${mode} ${path()}\n`;
      server = spawnServer(environment());
      const { code } = await server.exited;
      expect(code).toBe(2);
      expect(server.output().stderr).toBe(message);

      const staff = await operatorCommand("staff", ["list"], environment());
      expect({ code: staff.code, stderr: staff.stderr }).toEqual({ code: 2, stderr: message });
    },
  );
});
