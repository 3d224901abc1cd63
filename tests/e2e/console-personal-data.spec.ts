import { inboxText, personalDataText } from "../../console/content";
import { consoleMessages } from "../../domain/console";
import { API_PATHS } from "../../domain/contract";
import { createStaff, signIn, openFromNav } from "./support/console";
import { accessibilityViolations, expect, test, viewportOf, widths } from "./support/fixtures";
import { uniqueTag } from "./support/forms";

test("on a phone, an owner finds a person's enquiry and subscription, erases them, and the inbox no longer has the enquiry", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(60_000);
  await page.setViewportSize(viewportOf(widths.mobile));
  const owner = await createStaff("owner");
  const tag = uniqueTag();
  const name = `Kavya Menon ${tag}`;
  const email = `kavya.${tag}@example.in`;
  const sent = await request.post(API_PATHS.enquiries, {
    data: { Name: name, Email: email, Mobile: "9845012345", Quantity: 12, RetailerSelfUse: "Self Use" },
  });
  expect(sent.status()).toBe(201);
  expect((await request.post(API_PATHS.subscribers, { data: { email } })).ok()).toBe(true);

  await signIn(page, owner);
  await openFromNav(page, "Personal data");
  await expect(page.getByRole("heading", { level: 1, name: personalDataText.title })).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);

  // An address that is not one is refused in the page, before any request.
  const address = page.getByLabel("The person's e-mail address");
  await address.fill("kavya@example");
  await page.getByRole("button", { name: personalDataText.show }).click();
  await expect(page.getByRole("alert")).toHaveText("Please enter a valid email address");
  await expect(address).toHaveAttribute("aria-invalid", "true");

  // The address in other capitals finds the same person.
  await address.fill(email.toUpperCase());
  await page.getByRole("button", { name: personalDataText.show }).click();
  const summary = page.getByRole("status").filter({ hasText: "Held about" });
  await expect(summary).toContainText(`Held about ${email}: 1 enquiry, 1 newsletter subscription`);
  const enquiry = page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3, name }) });
  await expect(enquiry).toContainText("New");
  await expect(enquiry).toContainText("9845012345");
  await expect(page.getByRole("region", { name: personalDataText.subscriptions })).toContainText(email);
  expect(await accessibilityViolations(page)).toEqual([]);
  // Nothing is wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(widths.mobile);
  await page.screenshot({ path: testInfo.outputPath("personal-data-375.png"), fullPage: true });

  // Erasing asks for the address again; a different one is refused and erases nothing.
  await page.getByRole("button", { name: personalDataText.erase }).click();
  const confirmation = page.getByLabel(personalDataText.confirmLabel("email"));
  await expect(confirmation).toBeFocused();
  await confirmation.fill(`other.${tag}@example.in`);
  await page.getByRole("button", { name: personalDataText.eraseForGood }).click();
  await expect(page.getByRole("alert")).toHaveText(personalDataText.confirmMismatch);
  await confirmation.fill(email);
  await page.getByRole("button", { name: personalDataText.eraseForGood }).click();
  await expect(page.getByRole("status").filter({ hasText: "Erased" })).toContainText(
    /^Erased 1 enquiry, \d e-mails?, 0 history entries, 0 messages of conversations and 1 subscription\.$/,
  );
  await expect(page.getByRole("heading", { level: 3, name })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath("personal-data-erased-375.png"), fullPage: true });

  // The inbox no longer has it, and looking again finds nothing.
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Inbox" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
  // On a phone the search is behind the one Filters button.
  await page.getByRole("button", { name: new RegExp(`^${inboxText.filters}`) }).click();
  await page.getByLabel("Search").fill(tag);
  await expect(page.getByText("No enquiries match.")).toBeVisible();
  await openFromNav(page, "Personal data");
  await page.getByLabel("The person's e-mail address").fill(email);
  await page.getByRole("button", { name: personalDataText.show }).click();
  await expect(page.getByRole("status").filter({ hasText: personalDataText.nothingHeld })).toBeVisible();

  // The activity log shows the erasure, by whom, without the address.
  await openFromNav(page, "Activity");
  const erasure = page
    .getByRole("row")
    .filter({ hasText: "Personal data erased" })
    .filter({ hasText: owner.email });
  await expect(erasure).toHaveCount(1);
  await expect(erasure).toContainText("1 enquiries");
  await expect(page.getByRole("table")).not.toContainText(email);
});

test("a member of staff who is not an owner has no Personal data page", async ({ page }) => {
  // With an owner: until one exists, the console only says how to create one.
  await createStaff("owner");
  const staff = await createStaff("member");
  await signIn(page, staff);
  const nav = page.getByRole("navigation", { name: "Console" });
  await expect(nav.getByRole("link", { name: "Subscribers" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Personal data" })).toHaveCount(0);
  await page.goto("/admin/personal-data");
  await expect(page.getByRole("heading", { level: 1, name: personalDataText.title })).toBeVisible();
  await expect(page.getByRole("alert")).toHaveText(consoleMessages.forbidden);
  await expect(page.getByLabel("The person's e-mail address")).toHaveCount(0);
});
