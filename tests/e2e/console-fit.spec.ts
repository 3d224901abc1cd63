import type { APIRequestContext, Page } from "@playwright/test";
import { API_PATHS } from "../../domain/contract";
import { enquiryText, templatesText } from "../../console/content";
import { createStaff, signInForm, type ConsoleAccount } from "./support/console";
import { expect, test, viewportOf, widths } from "./support/fixtures";
import { uniqueTag } from "./support/forms";
import { nameTag } from "./support/inbox";

/**
 * What the console's lines hold when a menu opens: the enquiry's Mobile stays on its line beside
 * Call and WhatsApp.
 */

/** Signs in from the sign-in page and goes on to `next`, a path inside the console. */
async function signInTo(page: Page, account: ConsoleAccount, next: string) {
  await page.goto(`/admin/sign-in?next=${encodeURIComponent(next)}`);
  const form = signInForm(page);
  await form.email.fill(account.email);
  await form.password.fill(account.password);
  await form.submit.click();
}

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
