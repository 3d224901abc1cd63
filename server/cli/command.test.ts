import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ENQUIRY_COLLECTION } from "../../domain/contract";
import { SqliteStore } from "../store";
import { NO_ENVIRONMENT_FILE } from "../../tests/support/operator-environment";

const projectRoot = fileURLToPath(new URL("../..", import.meta.url));

let dir: string;
/** Three databases, each holding one account named after it: `staff list` shows which was used. */
const database = (name: string) => join(dir, `${name}.db`);
let serviceEnv: string;
let otherEnv: string;

/**
 * Runs an operator command from source in its own process, with exactly `env` (and PATH), its
 * arguments after `--` as its npm script passes them.
 */
function run(command: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", `server/cli/${command}.ts`, "--", ...args],
      {
        cwd: projectRoot,
        env: { PATH: process.env.PATH ?? "", COLLARISE_ENV_FILE: NO_ENVIRONMENT_FILE, ...env },
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "command-env-"));
  for (const name of ["service", "other", "shell"]) {
    const store = await SqliteStore.open({ path: database(name), enquiryCollection: ENQUIRY_COLLECTION });
    await store.staff.add({ email: `${name}@example.com`, role: "owner", passwordHash: "unused" });
    await store.close();
  }
  serviceEnv = join(dir, "collarise.env");
  // Written as an operator writes it, with a comment and a quoted value holding a secret.
  writeFileSync(
    serviceEnv,
    `# the service's settings\nDATABASE_URL="sqlite:${database("service")}"\nBACKUP_DIR=${join(dir, "backups")}\n` +
      `SMTP_URL='smtps://enquiries%40collarise.example:pa#ss@smtp.example.net:465'\nNOTIFY_TO=sales@collarise.example\n`,
  );
  otherEnv = join(dir, "other.env");
  writeFileSync(otherEnv, `DATABASE_URL=sqlite:${database("other")}\n`);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("an operator command and the service's environment file", () => {
  test("reads the file it finds by default and works on that file's database, naming the file alone", async () => {
    const listed = await run("staff", ["list"], { COLLARISE_ENV_FILE: serviceEnv });
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/^service@example\.com\towner\t/);
    expect(listed.stderr).toBe(`Read the environment file ${serviceEnv} (variables set in the shell win).\n`);
    expect(listed.stderr).not.toContain("pa#ss");
  });

  test("reads the file --env-file names instead of the default", async () => {
    const listed = await run("staff", ["list", "--env-file", otherEnv], { COLLARISE_ENV_FILE: serviceEnv });
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/^other@example\.com\t/);
    expect(listed.stderr).toContain(otherEnv);
  });

  test("lets a variable already set in the shell win over the file", async () => {
    const listed = await run("staff", ["list"], {
      COLLARISE_ENV_FILE: serviceEnv,
      DATABASE_URL: `sqlite:${database("shell")}`,
    });
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/^shell@example\.com\t/);
  });

  test("refuses, with exit code 2, a file --env-file names that cannot be read", async () => {
    const missing = join(dir, "missing.env");
    const listed = await run("staff", ["list", "--env-file", missing], {});
    expect(listed.code).toBe(2);
    expect(listed.stderr).toContain(`Cannot read the environment file ${missing}`);
  });

  test("backs up the database of the file found by default into its BACKUP_DIR, leaving no partial files", async () => {
    const backup = await run("backup", [], { COLLARISE_ENV_FILE: serviceEnv });
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain(`Backed up ${database("service")} to ${join(dir, "backups")}`);
    expect(readdirSync(join(dir, "backups"))).toEqual([expect.stringMatching(/^site-\d{8}T\d{9}Z\.db$/)]);
  });

  test("check-launch reads the same file, and says so", async () => {
    const checked = await run("check-launch", [join(dir, "no-content.json")], {
      COLLARISE_ENV_FILE: serviceEnv,
    });
    // No build recorded the brand details here: it says so, after reading the file.
    expect(checked.code).toBe(2);
    expect(checked.stderr).toContain(`Read the environment file ${serviceEnv}`);
  });
});
