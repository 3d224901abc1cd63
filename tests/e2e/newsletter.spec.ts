import type { Page } from "@playwright/test";
import { newsletterForm } from "../../app/content/forms";
import { footer } from "../../app/content/site";
import { subscriberMessages } from "../../domain/subscriber";
import {
  accessibilityViolations,
  expect,
  test,
  viewportOf,
  waitForHydration,
  widths,
} from "./support/fixtures";
import { countPosts, uniqueTag } from "./support/forms";

const SUBSCRIBERS_PATH = "/api/subscribers";

async function openNewsletter(page: Page, path = "/") {
  await page.goto(path);
  const form = page
    .locator("footer form")
    .filter({ has: page.getByRole("button", { name: footer.newsletter.button }) });
  await expect(form).toHaveCount(1);
  await waitForHydration(form);
  return {
    form,
    email: form.getByLabel(newsletterForm.label),
    subscribe: form.getByRole("button", { name: footer.newsletter.button }),
    status: form.getByRole("status"),
  };
}

for (const width of [widths.mobile, widths.desktop]) {
  test.describe(`the newsletter box at ${width} px`, () => {
    test.use({ viewport: viewportOf(width) });

    test("states its purpose beside the box", async ({ page }) => {
      await openNewsletter(page);
      await expect(page.locator("footer").getByText(footer.newsletter.purpose)).toBeVisible();
    });

    test("refuses an invalid address beside the field and sends nothing", async ({ page }) => {
      const posts = countPosts(page, SUBSCRIBERS_PATH);
      const box = await openNewsletter(page);
      await box.email.fill("asha@example");
      await box.subscribe.click();

      await expect(box.status).toHaveText(subscriberMessages.invalid);
      await expect(box.status).toHaveAttribute("aria-live", "polite");
      await expect(box.email).toHaveAttribute("aria-invalid", "true");
      const describedBy = await box.email.getAttribute("aria-describedby");
      await expect(page.locator(`[id="${describedBy}"]`)).toHaveText(subscriberMessages.invalid);
      await expect(box.email).toBeFocused();
      expect(await accessibilityViolations(page, { include: ["footer"] })).toEqual([]);
      expect(posts.count).toBe(0);
    });

    test("subscribes a new address, then says it is already subscribed", async ({ page }) => {
      const box = await openNewsletter(page);
      const address = `reader.${uniqueTag()}@example.in`;

      await box.email.fill(address);
      await box.subscribe.click();
      await expect(box.status).toHaveText(subscriberMessages.subscribed);
      await expect(box.email).toHaveValue("");
      await expect(box.email).not.toHaveAttribute("aria-invalid", "true");

      await box.email.fill(address.toUpperCase());
      await box.subscribe.click();
      await expect(box.status).toHaveText(subscriberMessages.alreadySubscribed);
      await expect(box.email).toHaveValue("");
      await expect(box.subscribe).toHaveText(footer.newsletter.button);
    });
  });
}

test("the newsletter box works on the privacy policy page too", async ({ page }) => {
  const box = await openNewsletter(page, "/privacy-policy");
  await box.email.fill(`policy.${uniqueTag()}@example.in`);
  await box.subscribe.click();
  await expect(box.status).toHaveText(subscriberMessages.subscribed);
});

test.describe("the newsletter box without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("posts the address, keeps it out of the address bar, and says it was subscribed", async ({ page }) => {
    await page.goto("/");
    const form = page.locator("footer form");
    await form.getByLabel(newsletterForm.label).fill(`nojs.${uniqueTag()}@example.in`);
    const [request] = await Promise.all([
      page.waitForRequest((sent) => new URL(sent.url()).pathname === SUBSCRIBERS_PATH),
      form.getByRole("button", { name: footer.newsletter.button }).click(),
    ]);
    expect(request.method()).toBe("POST");
    expect(new URL(request.url()).search).toBe("");
    await expect(page.getByRole("heading", { level: 1, name: subscriberMessages.subscribed })).toBeVisible();
  });
});
