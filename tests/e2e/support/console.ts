import { expect, type Page } from "@playwright/test";
import { spawn } from "node:child_process";
import { join } from "node:path";
import type { StaffRole } from "../../../domain/console";
import { uniqueTag } from "./forms";
import { NO_ENVIRONMENT_FILE } from "../../support/operator-environment";

export interface ConsoleAccount {
  email: string;
  password: string;
  role: StaffRole;
}

/** Creates an account as an operator would, with `npm run staff -- add` and the password on stdin. */
export async function createStaff(
  role: StaffRole,
  databaseUrl = process.env.E2E_DATABASE_URL,
): Promise<ConsoleAccount> {
  if (!databaseUrl) throw new Error("E2E_DATABASE_URL is not set: run through the Playwright global setup");
  const account = {
    email: `${role}.${uniqueTag()}@collarise.example`,
    password: `pass-${uniqueTag()}-word`,
    role,
  };
  const cli = spawn(
    process.execPath,
    // The compiled command, as `npm run staff` runs it on the server (the browser tests build first).
    [
      join(process.env.BUILD_DIR ?? "build", "server/cli/staff.js"),
      "add",
      "--email",
      account.email,
      "--role",
      role,
      "--password-stdin",
    ],
    {
      env: { ...process.env, COLLARISE_ENV_FILE: NO_ENVIRONMENT_FILE, DATABASE_URL: databaseUrl },
      stdio: ["pipe", "pipe", "pipe"],
    },
  );
  let output = "";
  cli.stdout.on("data", (chunk: Buffer) => (output += String(chunk)));
  cli.stderr.on("data", (chunk: Buffer) => (output += String(chunk)));
  cli.stdin.end(`${account.password}\n`);
  const code = await new Promise<number | null>((resolve) => cli.once("exit", resolve));
  if (code !== 0) throw new Error(`npm run staff -- add failed (${code}): ${output}`);
  return account;
}

export function signInForm(page: Page) {
  return {
    email: page.getByLabel("Email", { exact: true }),
    password: page.getByLabel("Password", { exact: true }),
    submit: page.getByRole("button", { name: "Sign in" }),
  };
}

/** Signs in through the console's sign-in page and waits for the inbox. */
export async function signIn(page: Page, account: ConsoleAccount, baseUrl = "") {
  await page.goto(`${baseUrl}/admin/sign-in`);
  const form = signInForm(page);
  await form.email.fill(account.email);
  await form.password.fill(account.password);
  await form.submit.click();
  const landing = account.role === "owner" ? "Security" : "Inbox";
  await expect(page.getByRole("heading", { level: 1, name: landing })).toBeVisible();
}

/**
 * Opens a console page from its navigation, as a person does: on a phone an owner's pages beyond
 * the bottom bar's places are behind "More".
 */
export async function openFromNav(page: Page, name: string) {
  const nav = page.getByRole("navigation", { name: "Console" });
  const link = nav.getByRole("link", { name, exact: true });
  const more = nav.getByRole("button", { name: "More" });
  if ((await link.count()) === 0 && (await more.isVisible())) await more.click();
  await link.click();
}

/**
 * The person closes the console and their session cookie is gone, as when a browser is closed.
 * Clearing cookies under an open console page would instead have its background requests answered
 * 401 before the next step, which is another journey (the session-ended dialog).
 */
export async function closeAndForgetSession(page: Page) {
  await page.goto("about:blank");
  await page.context().clearCookies();
}
