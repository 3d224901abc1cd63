import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { API_PATHS } from "../../domain/contract";
import { buyerText, enquiryText, teamText, templatesText } from "../../console/content";
import { createStaff, signInForm, type ConsoleAccount } from "./support/console";
import { expect, test, viewportOf, widths } from "./support/fixtures";
import { uniqueTag } from "./support/forms";
import { nameTag } from "./support/inbox";

/**
 * What the console's lines hold when a menu opens or a name is long: the enquiry's Mobile stays on
 * its line beside Call and WhatsApp, and a phone's card cuts a long name with an
 * ellipsis, whole to a screen reader, on hover and under the keyboard's focus.
 */

/** Signs in from the sign-in page and goes on to `next`, a path inside the console. */
async function signInTo(page: Page, account: ConsoleAccount, next: string) {
  await page.goto(`/admin/sign-in?next=${encodeURIComponent(next)}`);
  const form = signInForm(page);
  await form.email.fill(account.email);
  await form.password.fill(account.password);
  await form.submit.click();
}

/** Whether an element's text is wholly shown: nothing hidden past its box. */
const isWhole = (element: Locator) => element.evaluate((box) => box.scrollWidth <= box.clientWidth);

/** Places an enquiry by the public API and answers its id. */
async function place(request: APIRequestContext, name: string, email: string, mobile: string) {
  const response = await request.post(API_PATHS.enquiries, {
    data: { Name: name, Email: email, Mobile: mobile, Quantity: 30, RetailerSelfUse: "Self Use" },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

for (const width of [widths.mobile, widths.desktop]) {
  test(`at ${width} px, opening the WhatsApp menu leaves the Mobile label where it was, on a laptop on the line of Call and WhatsApp`, async ({
    page,
    request,
  }, testInfo) => {
    const id = await place(
      request,
      `Meera Iyer ${nameTag()}`,
      `meera.${uniqueTag()}@example.in`,
      `98${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`,
    );
    await createStaff("owner");
    const member = await createStaff("member");
    await page.setViewportSize(viewportOf(width));
    await signInTo(page, member, `/enquiries/${id}`);
    const label = page.locator(".summary-mobile").getByText(enquiryText.mobile, { exact: true });
    await expect(label).toBeVisible();
    const whatsApp = page.getByRole("button", { name: "WhatsApp", exact: true });
    const closed = (await label.boundingBox())!;
    if (width >= 768) {
      // Beside the buttons, within their height.
      const button = (await whatsApp.boundingBox())!;
      expect(closed.y).toBeGreaterThanOrEqual(button.y);
      expect(closed.y + closed.height).toBeLessThanOrEqual(button.y + button.height);
    }

    await whatsApp.click();
    await expect(whatsApp).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByRole("group", { name: templatesText.whatsAppChoose })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`whatsapp-menu-${width}.png`) });
    const open = (await label.boundingBox())!;
    expect(Math.abs(open.y - closed.y)).toBeLessThanOrEqual(1);
  });
}

test("at 375 px, a returning buyer's long name and a long owner are cut with an ellipsis, whole to a screen reader, on hover and when the keyboard reaches the card", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(60_000);
  const tag = nameTag();
  const email = `venkat.${uniqueTag()}@example.in`;
  const mobile = `97${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
  const name = `Venkataramanan Subramaniam Chidambaram ${tag}`;
  await place(request, name, email, mobile);
  const id = await place(request, name, email, mobile);
  await createStaff("owner");
  const member = await createStaff("member");
  await page.setViewportSize(viewportOf(widths.mobile));
  await signInTo(page, member, `/enquiries/${id}`);
  await page
    .getByRole("region", { name: teamText.ownerHeading })
    .getByRole("button", { name: teamText.take })
    .click();
  await expect(page.getByRole("region", { name: teamText.ownerHeading })).toContainText(member.email);
  const ownerText = member.email.split("@")[0]!;
  await page.goto(`/admin?q=${tag}`);
  const card = page
    .getByRole("row")
    .filter({ hasText: tag })
    .filter({ hasText: buyerText.returning(1) });
  await expect(card).toHaveCount(1);
  await page.screenshot({ path: testInfo.outputPath("returning-card-375.png") });
  const link = card.getByRole("link", { name });
  await expect(link).toBeVisible();
  const owner = card.locator(".cell-owner");
  const due = card.locator(".cell-due");
  // The due time whole; the name and the owner cut only with an ellipsis, the whole text kept for a
  // screen reader and shown on hover.
  expect(await isWhole(due)).toBe(true);
  await expect(link).toHaveAttribute("title", name);
  await expect(owner).toHaveAttribute("title", member.email);
  const cardBox = (await card.boundingBox())!;
  const ownerBox = (await owner.boundingBox())!;
  expect(ownerBox.x + ownerBox.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);

  // Reached by the keyboard, the card shows the name and the owner whole.
  await page.keyboard.press("j");
  if (!(await link.evaluate((element) => element === document.activeElement))) await page.keyboard.press("j");
  await expect(link).toBeFocused();
  await page.screenshot({ path: testInfo.outputPath("returning-card-focused-375.png") });
  expect(await isWhole(link)).toBe(true);
  expect(await isWhole(owner)).toBe(true);
  await expect(owner).toHaveText(ownerText);
  await expect(owner).toBeInViewport({ ratio: 1 });
});
