import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { verifyPassword } from "../admin/passwords";
import { ENQUIRY_COLLECTION } from "../../domain/contract";
import { SqliteStore } from "../store/sqlite";

const projectRoot = fileURLToPath(new URL("../..", import.meta.url));

let dir: string;
let path: string;

/** Runs the command as an operator would, in its own process, with `input` on its standard input. */
function runStaff(args: string[], input = "") {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    const child = execFile(
      process.execPath,
      ["--import", "tsx", "server/cli/staff.ts", ...args],
      { cwd: projectRoot, env: { PATH: process.env.PATH ?? "", DATABASE_URL: `sqlite:${path}` } },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
    child.stdin?.end(input);
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
      ["add", "--email", "Owner@Example.com", "--role", "owner"],
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
      ["add", "--email", "owner@example.com", "--role", "member"],
      "another long password\n",
    );
    expect(again.code).toBe(2);
    expect(again.stderr).toContain("already exists");
  });

  test("refuses a short password, an unknown role and a missing e-mail, and says how to use it", async () => {
    const short = await runStaff(["add", "--email", "s@example.com", "--role", "member"], "short\n");
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
      ["add", "--email", "m@example.com", "--role", "member"],
      "member long password\n",
    );
    expect(member).toMatchObject({ code: 0, stdout: "Added m@example.com (member).\n" });
    const former = await runStaff(
      ["add", "--email", "f@example.com", "--role", "staff"],
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
    await runStaff(["add", "--email", "r@example.com", "--role", "member"], "first long password\n");
    const reset = await runStaff(["reset", "--email", "r@example.com"], "second long password\n");
    expect(reset.code).toBe(0);
    const stored = await account("r@example.com");
    expect(await verifyPassword(stored?.passwordHash, "second long password")).toBe(true);
    expect(await verifyPassword(stored?.passwordHash, "first long password")).toBe(false);

    expect((await runStaff(["remove", "--email", "r@example.com"])).code).toBe(0);
    expect(await account("r@example.com")).toBeNull();
    const missing = await runStaff(["remove", "--email", "r@example.com"]);
    expect(missing).toMatchObject({ code: 2, stderr: "There is no account r@example.com.\n" });
  });
});
