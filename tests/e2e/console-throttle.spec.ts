import { createStaff, signInForm } from "./support/console";
import { expect, test } from "./support/fixtures";
import { forgiveFailedRequests } from "./support/forms";
import { serverOfItsOwn } from "./support/own-server";

const server = serverOfItsOwn("throttle");

test("ten wrong passwords in a row are throttled, and the page says so", async ({ page, pageErrors }) => {
  test.setTimeout(60_000);
  const owner = await createStaff("owner", server.databaseUrl);
  await page.goto(`${server.baseUrl}/admin/sign-in`);
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
