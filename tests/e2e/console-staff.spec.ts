import type { Page } from "@playwright/test";
import { consoleMessages } from "../../domain/console";
import { staffText } from "../../console/content";
import {
  closeAndForgetSession,
  createStaff,
  signIn,
  signInForm,
  type ConsoleAccount,
} from "./support/console";
import { uniqueTag } from "./support/forms";
import { waitForMail } from "./support/mail";
import { accessibilityViolations, expect, test, viewportOf, widths } from "./support/fixtures";

/** The link in a mail, as the path and query to open on this test's server. */
function linkIn(text: string): string {
  const match = /https?:\/\/[^\s/]+(\/admin\/welcome\?token=[A-Za-z0-9._-]+)/.exec(text);
  if (!match?.[1]) throw new Error("The mail carries no link to set a password");
  return match[1];
}

/** Invites `email` as a member from the Staff page, as an owner does, and answers the mailed link. */
async function invite(page: Page, email: string): Promise<string> {
  await page.goto("/admin/staff");
  const form = page.getByRole("region", { name: staffText.inviteHeading });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Role").selectOption("member");
  await form.getByRole("button", { name: staffText.invite }).click();
  await expect(
    page.getByRole("status").filter({ hasText: consoleMessages.invitationSent(email) }),
  ).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: email })).toContainText(staffText.invited);
  const mail = await waitForMail(email, /invited/);
  return linkIn(mail.parsed.text ?? "");
}

test("an owner invites a member by e-mail: the link sets a password, the member signs in, and the link is then refused", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const owner = await createStaff("owner");
  await signIn(page, owner);
  const email = `invited.${uniqueTag()}@collarise.example`;
  const link = await invite(page, email);

  // The invited person, in a browser of their own.
  const context = await browser.newContext();
  const theirs = await context.newPage();
  await theirs.goto(link);
  await expect(theirs.getByText(staffText.welcomeInvitation(email))).toBeVisible();
  const password = `chosen-${uniqueTag()}-password`;
  await theirs.getByLabel("New password").fill(password);
  await theirs.getByLabel("The same password again").fill("something else entirely");
  await theirs.getByRole("button", { name: staffText.setPassword }).click();
  await expect(theirs.getByRole("alert")).toHaveText(staffText.passwordsDiffer);
  await theirs.getByLabel("The same password again").fill(password);
  await theirs.getByRole("button", { name: staffText.setPassword }).click();
  await expect(theirs.getByText(consoleMessages.passwordSet)).toBeVisible();
  await theirs.getByRole("link", { name: staffText.signIn }).click();
  const member: ConsoleAccount = { email, password, role: "member" };
  const form = signInForm(theirs);
  // The address they just set a password for is filled in; only the password is typed.
  await expect(form.email).toHaveValue(member.email);
  await form.password.fill(member.password);
  await form.submit.click();
  await expect(theirs.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();

  // The same link again, as someone who found the mail later would open it.
  await theirs.goto(link);
  await expect(theirs.getByRole("alert")).toHaveText(consoleMessages.linkUsed);
  await expect(theirs.getByLabel("New password")).toHaveCount(0);
  // And a forged one.
  await theirs.goto(`${link.slice(0, -3)}AAA`);
  await expect(theirs.getByRole("alert")).toHaveText(consoleMessages.linkInvalid);
  await context.close();

  await page.goto("/admin/staff");
  await expect(page.getByRole("listitem").filter({ hasText: email })).not.toContainText(staffText.invited);
});

test("a reset link an owner sends sets a new password, and the sign-in that follows has the address filled in", async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  const owner = await createStaff("owner");
  const member = await createStaff("member");
  await signIn(page, owner);
  await page.goto("/admin/staff");
  const row = page.getByRole("listitem").filter({ hasText: member.email });
  await row.getByRole("button", { name: staffText.resetLabel(member.email) }).click();
  await row.getByRole("button", { name: staffText.confirmYes.reset }).click();
  await expect(
    page.getByRole("status").filter({ hasText: consoleMessages.resetSent(member.email) }),
  ).toBeVisible();
  const mail = await waitForMail(member.email, /new password/);

  const context = await browser.newContext();
  const theirs = await context.newPage();
  await theirs.goto(linkIn(mail.parsed.text ?? ""));
  await expect(theirs.getByText(staffText.welcomeResetBefore)).toBeVisible();
  const password = `new-${uniqueTag()}-password`;
  await theirs.getByLabel("New password").fill(password);
  await theirs.getByLabel("The same password again").fill(password);
  await theirs.getByRole("button", { name: staffText.setPassword }).click();
  await expect(theirs.getByText(consoleMessages.passwordSet)).toBeVisible();
  await theirs.getByRole("link", { name: staffText.signIn }).click();
  const form = signInForm(theirs);
  // Only the new password is typed.
  await expect(form.email).toHaveValue(member.email);
  await form.password.fill(password);
  await form.submit.click();
  await expect(theirs.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
  await context.close();
});

test("a removed member's session ends at once, and the owner is told how many open enquiries became unassigned", async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  const owner = await createStaff("owner");
  const member = await createStaff("member");
  const context = await browser.newContext();
  const theirs = await context.newPage();
  await signIn(theirs, member);

  await signIn(page, owner);
  await page.goto("/admin/staff");
  const row = page.getByRole("listitem").filter({ hasText: member.email });
  await row.getByRole("button", { name: staffText.removeLabel(member.email) }).click();
  await row.getByRole("button", { name: staffText.confirmYes.remove }).click();
  await expect(
    page.getByRole("status").filter({ hasText: consoleMessages.memberRemoved(member.email, 0) }),
  ).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: member.email })).toHaveCount(0);

  // The member's next request finds the session gone: the console sends them to sign in.
  await theirs.reload();
  await expect(theirs.getByRole("heading", { level: 1 })).toHaveText(/Collarise/);
  await expect(theirs).toHaveURL(/\/admin\/sign-in/);
  await context.close();
});

test("an owner may put off two-step sign-in, and the dashboard reminds them", async ({ page }) => {
  const owner = await createStaff("owner");
  await signIn(page, owner);
  await page.getByRole("button", { name: "Not now" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(page.getByText("Two-step sign-in is still off")).toBeVisible();
  // Remembered: the next sign-in goes straight to the dashboard.
  await closeAndForgetSession(page);
  await page.goto("/admin/sign-in");
  const form = signInForm(page);
  await form.email.fill(owner.email);
  await form.password.fill(owner.password);
  await form.submit.click();
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
});

for (const width of [widths.mobile, 768, widths.desktop] as const) {
  test(`the Staff and welcome pages at ${width} px: no accessibility violations, and screenshots`, async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(60_000);
    await page.setViewportSize(viewportOf(width));
    const owner = await createStaff("owner");
    await createStaff("member");
    await signIn(page, owner);
    // Longer than a phone's line, so that every notice naming it must wrap it.
    const email = `seen.a-rather-long-mailbox-name.${uniqueTag()}@collarise.example`;
    const link = await invite(page, email);
    if (width !== 768) expect(await accessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath(`staff-${width}.png`), fullPage: true });

    const context = await browser.newContext({ viewport: viewportOf(width) });
    const theirs = await context.newPage();
    await theirs.goto(link);
    await expect(theirs.getByLabel("New password")).toBeVisible();
    // A long address wraps after its "@" rather than widening the page past the screen.
    for (const shown of [page, theirs])
      expect(await shown.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    if (width !== 768) expect(await accessibilityViolations(theirs)).toEqual([]);
    await theirs.screenshot({ path: testInfo.outputPath(`welcome-${width}.png`), fullPage: true });
    await theirs.goto(`${link.slice(0, -3)}AAA`);
    await expect(theirs.getByRole("alert")).toHaveText(consoleMessages.linkInvalid);
    if (width !== 768) expect(await accessibilityViolations(theirs)).toEqual([]);
    await theirs.screenshot({ path: testInfo.outputPath(`welcome-refused-${width}.png`), fullPage: true });
    await context.close();
  });
}
