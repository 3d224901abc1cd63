import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import Database from "better-sqlite3";
import { verifyPassword } from "../admin/passwords";
import { ENQUIRY_COLLECTION } from "../../domain/contract";
import { SqliteStore } from "../store";
import { signIn } from "../../tests/support/console-app";
import { buildTestApp } from "../../tests/support/test-app";
import { NO_ENVIRONMENT_FILE } from "../../tests/support/operator-environment";

const projectRoot = fileURLToPath(new URL("../..", import.meta.url));

let dir: string;
let path: string;

/**
 * Runs the command as an operator would, in its own process, with `input` on its standard input (a
 * pipe, not a terminal). `keepInputOpen` leaves that pipe open after the input, as a script that
 * never closes it would: the command must not wait for its end.
 */
function runStaff(
  args: string[],
  input = "",
  { keepInputOpen = false, env = { DATABASE_URL: `sqlite:${path}` } as Record<string, string> } = {},
) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    const child = execFile(
      process.execPath,
      ["--import", "tsx", "server/cli/staff.ts", ...args],
      {
        cwd: projectRoot,
        env: { PATH: process.env.PATH ?? "", COLLARISE_ENV_FILE: NO_ENVIRONMENT_FILE, ...env },
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
        child.stdin?.destroy();
        resolve({ code, stdout, stderr });
      },
    );
    if (keepInputOpen) child.stdin?.write(input);
    else child.stdin?.end(input);
  });
}

async function account(email: string) {
  const store = await SqliteStore.open({ path, enquiryCollection: ENQUIRY_COLLECTION });
  try {
    return await store.staff.findByEmail(email);
  } finally {
    await store.close();
  }
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "staff-cli-"));
  path = join(dir, "site.db");
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("npm run staff", () => {
  test("adds an owner with the password from standard input, hashed with argon2id, and lists it", async () => {
    const added = await runStaff(
      ["add", "--email", "Owner@Example.com", "--role", "owner", "--password-stdin"],
      "correct horse battery\n",
    );
    expect(added).toMatchObject({ code: 0, stdout: "Added owner@example.com (owner).\n" });
    const stored = await account("owner@example.com");
    expect(stored?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(stored?.passwordHash, "correct horse battery")).toBe(true);

    const listed = await runStaff(["list"]);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/^owner@example\.com\towner\tTOTP off\t/);

    const again = await runStaff(
      ["add", "--email", "owner@example.com", "--role", "member", "--password-stdin"],
      "another long password\n",
    );
    expect(again.code).toBe(2);
    expect(again.stderr).toContain("already exists");
  });

  test("waits for the server's write to the database rather than failing while it holds the lock", async () => {
    expect(await account("waited@example.com")).toBeNull(); // the database made, as the server makes it
    // The server is writing (a group of enquiries, the outbox) when the operator runs the command.
    const server = new Database(path);
    server.prepare("BEGIN IMMEDIATE").run();
    const held = new Promise<void>((resolve) =>
      setTimeout(() => {
        server.prepare("COMMIT").run();
        server.close();
        resolve();
      }, 6_000),
    );
    const added = await runStaff(
      ["add", "--email", "waited@example.com", "--role", "member", "--password-stdin"],
      "a patient long password\n",
    );
    await held;
    expect(added).toMatchObject({ code: 0, stdout: "Added waited@example.com (member).\n" });
    expect(await account("waited@example.com")).not.toBeNull();
  }, 60_000);

  test("refuses a short password, an unknown role and a missing e-mail, and says how to use it", async () => {
    const short = await runStaff(
      ["add", "--email", "s@example.com", "--role", "member", "--password-stdin"],
      "short\n",
    );
    expect(short.code).toBe(2);
    expect(short.stderr).toContain("at least 12 characters");
    expect(await account("s@example.com")).toBeNull();
    const role = await runStaff(["add", "--email", "s@example.com", "--role", "admin"]);
    expect(role.code).toBe(2);
    expect(role.stderr).toContain("--role owner or --role member");
    const noEmail = await runStaff(["remove"]);
    expect(noEmail.code).toBe(2);
    expect(noEmail.stderr).toContain("Usage:");
  });

  test("adds a member with --role member, and still takes --role staff, the member's former name", async () => {
    const member = await runStaff(
      ["add", "--email", "m@example.com", "--role", "member", "--password-stdin"],
      "member long password\n",
    );
    expect(member).toMatchObject({ code: 0, stdout: "Added m@example.com (member).\n" });
    const former = await runStaff(
      ["add", "--email", "f@example.com", "--role", "staff", "--password-stdin"],
      "former long password\n",
    );
    expect(former).toMatchObject({ code: 0, stdout: "Added f@example.com (member).\n" });
    expect((await account("f@example.com"))?.role).toBe("member");
    const listed = await runStaff(["list"]);
    expect(listed.stdout).toMatch(/^f@example\.com\tmember\t/m);
    const help = await runStaff(["--help"]);
    expect(help.stdout + help.stderr).toContain("--role owner|member");
  });

  test("resets a password and removes an account", async () => {
    await runStaff(
      ["add", "--email", "r@example.com", "--role", "member", "--password-stdin"],
      "first long password\n",
    );
    const reset = await runStaff(
      ["reset", "--email", "r@example.com", "--password-stdin"],
      "second long password\n",
    );
    expect(reset.code).toBe(0);
    const stored = await account("r@example.com");
    expect(await verifyPassword(stored?.passwordHash, "second long password")).toBe(true);
    expect(await verifyPassword(stored?.passwordHash, "first long password")).toBe(false);

    expect((await runStaff(["remove", "--email", "r@example.com"])).code).toBe(0);
    expect(await account("r@example.com")).toBeNull();
    const missing = await runStaff(["remove", "--email", "r@example.com"]);
    expect(missing).toMatchObject({ code: 2, stderr: "There is no account r@example.com.\n" });
  });

  test("with --password-stdin, adds a member from the line piped in, who can then sign in", async () => {
    const site = await buildTestApp();
    try {
      // The service's database named only in its environment file, as on a server.
      const envFile = join(dir, "service.env");
      writeFileSync(envFile, `DATABASE_URL=${site.databaseUrl}\n`);
      const added = await runStaff(
        [
          "add",
          "--email",
          "piped@example.com",
          "--role",
          "member",
          "--password-stdin",
          "--env-file",
          envFile,
        ],
        "a piped long password\n",
        // The pipe stays open after the line: one line is all the command reads.
        { keepInputOpen: true, env: {} },
      );
      expect(added).toMatchObject({ code: 0, stdout: "Added piped@example.com (member).\n" });
      expect(added.stderr).toBe(`Read the environment file ${envFile} (variables set in the shell win).\n`);
      expect(await signIn(site.app, "piped@example.com", "a piped long password")).toMatch(/=/);
    } finally {
      await site.close();
    }
  });

  test("without a terminal and without --password-stdin, refuses at once and says to use it", async () => {
    // Standard input is a pipe left open: a command that waited on it would never end.
    const add = await runStaff(["add", "--email", "nott@example.com", "--role", "member"], "", {
      keepInputOpen: true,
    });
    expect(add.code).toBe(2);
    expect(add.stderr).toContain("No terminal to ask for the password on");
    expect(add.stderr).toContain("--password-stdin");
    expect(await account("nott@example.com")).toBeNull();

    const reset = await runStaff(["reset", "--email", "owner@example.com"], "ignored long password\n");
    expect(reset.code).toBe(2);
    expect(reset.stderr).toContain("--password-stdin");
    expect(
      await verifyPassword((await account("owner@example.com"))?.passwordHash, "correct horse battery"),
    ).toBe(true);
  });
});
