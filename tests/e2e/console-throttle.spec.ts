import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createStaff, signInForm } from "./support/console";
import { expect, test } from "./support/fixtures";
import { forgiveFailedRequests } from "./support/forms";

/**
 * Failed sign-ins are throttled per address too, and every browser test signs in from
 * 127.0.0.1: this test throttles a server and a store of its own, so no other test is blocked.
 */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

let server: ChildProcess | undefined;
let baseUrl = "";
let databaseUrl = "";

test.beforeAll(async () => {
  test.setTimeout(60_000);
  const port = await freePort();
  databaseUrl = `sqlite:${join(await mkdtemp(join(tmpdir(), "collarise-throttle-")), "site.db")}`;
  server = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      // No mail is configured here, which the server warns of at start.
      LOG_LEVEL: "error",
      SITE_DIR: process.env.SITE_DIR ?? `${process.env.BUILD_DIR ?? "build"}/client`,
      DATABASE_URL: databaseUrl,
      RATE_LIMIT_PER_MINUTE: "1000",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  baseUrl = `http://127.0.0.1:${port}`;
  await expect
    .poll(
      async () => {
        if (server?.exitCode !== null) throw new Error(`the server exited with code ${server?.exitCode}`);
        return fetch(`${baseUrl}/api/health`).then(
          (response) => response.ok,
          () => false,
        );
      },
      { timeout: 30_000, message: "the throttling test's own server answers" },
    )
    .toBe(true);
});

test.afterAll(async () => {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((resolve) => server?.once("exit", resolve));
  server.kill("SIGTERM");
  await exited;
});

test("ten wrong passwords in a row are throttled, and the page says so", async ({ page, pageErrors }) => {
  test.setTimeout(60_000);
  const owner = await createStaff("owner", databaseUrl);
  await page.goto(`${baseUrl}/admin/sign-in`);
  const form = signInForm(page);
  await form.email.fill(owner.email);
  const alert = page.getByRole("alert");
  for (let attempt = 1; attempt <= 10; attempt += 1) {
    await form.password.fill(`wrong password ${attempt}`);
    const answered = page.waitForResponse((response) => response.url().endsWith("/api/admin/session"));
    await form.submit.click();
    await answered;
    await expect(form.submit).toBeEnabled();
  }
  await expect(alert).toHaveText(/^Too many failed sign-ins\. Please try again in .+\.$/);

  // Even the right password waits now.
  await form.password.fill(owner.password);
  await form.submit.click();
  await expect(alert).toHaveText(/^Too many failed sign-ins/);
  await expect(page).toHaveURL(/\/admin\/sign-in$/);
  forgiveFailedRequests(pageErrors, /40[19]|429/);
});
