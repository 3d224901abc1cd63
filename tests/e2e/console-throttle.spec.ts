import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type ListeningServer, startServer } from "../support/server-process";
import { createStaff, signInForm } from "./support/console";
import { expect, test } from "./support/fixtures";
import { forgiveFailedRequests } from "./support/forms";

/**
 * Failed sign-ins are throttled per address too, and every browser test signs in from
 * 127.0.0.1: this test throttles a server and a store of its own, so no other test is blocked.
 */
let server: ListeningServer | undefined;
let baseUrl = "";
let databaseUrl = "";

test.beforeAll(async () => {
  test.setTimeout(60_000);
  const buildDir = process.env.BUILD_DIR ?? "build";
  databaseUrl = `sqlite:${join(await mkdtemp(join(tmpdir(), "collarise-throttle-")), "site.db")}`;
  server = await startServer(
    {
      // No mail is configured here, which the server warns of at start.
      LOG_LEVEL: "error",
      SITE_DIR: process.env.SITE_DIR ?? join(buildDir, "client"),
      DATABASE_URL: databaseUrl,
      RATE_LIMIT_PER_MINUTE: "1000",
    },
    { buildDir, inheritOutput: true },
  );
  baseUrl = server.baseUrl;
});

test.afterAll(async () => {
  await server?.stop();
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
