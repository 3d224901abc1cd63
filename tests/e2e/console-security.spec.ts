import type { Page } from "@playwright/test";
import { consoleText } from "../../console/content";
import { CONSOLE_BASE_PATH, consoleMessages, RECOVERY_CODE_COUNT } from "../../domain/console";
import { type ConsoleAccount, createStaff, openFromNav, signInForm } from "./support/console";
import { accessibilityViolations, expect, test, viewportOf, widths } from "./support/fixtures";
import { forgiveFailedRequests } from "./support/forms";
import { serverOfItsOwn } from "./support/own-server";
import { totpCodeFor, wrongTotpCode } from "../support/totp";

/** Wrong codes are failed sign-ins, throttled per client address: these tests have servers of their own. */
test.use({ viewport: viewportOf(widths.mobile) });

async function signInWith(page: Page, baseUrl: string, account: ConsoleAccount, code?: string) {
  await page.goto(`${baseUrl}${CONSOLE_BASE_PATH}/sign-in`);
  const form = signInForm(page);
  await form.email.fill(account.email);
  await form.password.fill(account.password);
  await form.submit.click();
  if (code === undefined) return;
  await expect(page.getByRole("alert")).toHaveText(consoleMessages.codeRequired);
  await expect(page.getByLabel("Code", { exact: true })).toBeFocused();
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.getByLabel("Code", { exact: true }).fill(code);
  await form.submit.click();
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByText(consoleMessages.signedOut)).toBeVisible();
}

test.describe("a console with no owner", () => {
  const empty = serverOfItsOwn("no-owner");

  test("says how to create the first owner and offers no sign-in", async ({ page, pageErrors }) => {
    for (const path of ["/", "/sign-in", "/staff"]) {
      await page.goto(`${empty.baseUrl}${CONSOLE_BASE_PATH}${path}`);
      await expect(page.getByText("The console has no owner yet.")).toBeVisible();
      await expect(page.getByText("npm run staff -- add --email <address> --role owner")).toBeVisible();
      await expect(signInForm(page).submit).toHaveCount(0);
    }
    // Nobody is signed in: the console's question to the server is answered 401.
    forgiveFailedRequests(pageErrors, /401/);
  });
});

test.describe("two-step sign-in", () => {
  const server = serverOfItsOwn("security");

  test("on a phone, an owner turns on two-step sign-in; codes and recovery codes work once each, and a code turns it off", async ({
    page,
    pageErrors,
  }) => {
    test.setTimeout(90_000);
    const owner = await createStaff("owner", server.databaseUrl);

    // Signed in with a password alone, an owner is offered two-step sign-in first.
    await signInWith(page, server.baseUrl, owner);
    await expect(page.getByRole("heading", { level: 1, name: "Security" })).toBeVisible();
    await expect(page.getByText(consoleText.totpOffer)).toBeVisible();
    await page.getByRole("button", { name: "Set up two-step sign-in" }).click();
    // The key comes as a QR code to scan, a link that opens the app on this phone, and text to type.
    await expect(page.getByRole("img", { name: consoleText.totpQrAlt })).toBeVisible();
    const openInApp = page.getByRole("link", { name: consoleText.totpOpenApp });
    const link = new URL((await openInApp.getAttribute("href")) ?? "");
    expect(link.protocol).toBe("otpauth:");
    const secret = link.searchParams.get("secret") ?? "";
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await expect(page.locator("code.secret")).toHaveText(secret.match(/.{1,4}/g)!.join(" "));
    expect(await accessibilityViolations(page)).toEqual([]);

    // Turning it on asks for the password again: a wrong one is refused and nothing changes (each
    // failure counts as a failed sign-in would); the password and the app's code turn it on.
    await expect(page.getByText(consoleText.totpChangeAsks)).toBeVisible();
    await page.getByLabel(consoleText.totpPassword).fill("not the password");
    await page.getByLabel("Code", { exact: true }).fill(await totpCodeFor(secret));
    await page.getByRole("button", { name: "Turn on" }).click();
    await expect(page.getByRole("alert")).toHaveText(consoleMessages.passwordFailed);
    await page.getByLabel(consoleText.totpPassword).fill(owner.password);
    await page.getByRole("button", { name: "Turn on" }).click();
    await expect(page.getByText(consoleText.totpOn)).toBeVisible();
    await expect(page.getByText(consoleText.recoveryCodesOnce)).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
    const recoveryCodes = (await page.locator("ul.codes code").allTextContents()).map((code) => code.trim());
    expect(recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of recoveryCodes) expect(code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    await signOut(page);

    // The password alone no longer signs in; a wrong code is refused.
    await signInWith(page, server.baseUrl, owner, await wrongTotpCode(secret));
    await expect(page.getByRole("alert")).toHaveText(consoleMessages.codeFailed);
    await expect(page).toHaveURL(/\/sign-in$/);

    // The next step's code signs in (the one that turned it on is spent), and straight to the owner's dashboard.
    const code = await totpCodeFor(secret, 1);
    await page.getByLabel("Code", { exact: true }).fill(code);
    await signInForm(page).submit.click();
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await signOut(page);

    // The same code, seen over a shoulder and typed again, is refused.
    await signInWith(page, server.baseUrl, owner, code);
    await expect(page.getByRole("alert")).toHaveText(consoleMessages.codeFailed);

    // A recovery code signs in once, in lower case and without its dash too, and never again.
    const [first, second] = recoveryCodes as [string, string];
    await page.getByLabel("Code", { exact: true }).fill(first.replace("-", "").toLowerCase());
    await signInForm(page).submit.click();
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await signOut(page);
    await signInWith(page, server.baseUrl, owner, first);
    await expect(page.getByRole("alert")).toHaveText(consoleMessages.codeFailed);
    await page.getByLabel("Code", { exact: true }).fill(second);
    await signInForm(page).submit.click();
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();

    // Turning it off takes a code too; then the password alone signs in again.
    await openFromNav(page, "Security");
    await expect(page.getByText(consoleText.totpOn)).toBeVisible();
    await page.getByLabel(consoleText.totpPassword).fill(owner.password);
    await page.getByLabel("Code to turn it off").fill(recoveryCodes[2]!);
    await page.getByRole("button", { name: "Turn off two-step sign-in" }).click();
    await expect(page.getByText(consoleText.totpOff)).toBeVisible();
    await signOut(page);
    await signInWith(page, server.baseUrl, owner);
    await expect(page.getByRole("heading", { level: 1, name: "Security" })).toBeVisible();
    await expect(page.getByText(consoleText.totpOffer)).toBeVisible();

    forgiveFailedRequests(pageErrors, /40[01]/);
  });
});
