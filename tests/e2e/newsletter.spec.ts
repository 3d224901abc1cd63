import type { Page } from "@playwright/test";
import { newsletterForm } from "../../app/content/forms";
import { footer } from "../../app/content/site.en";
import { newsletterLinkLabels, newsletterLinkPages, subscriberMessages } from "../../domain/subscriber";
import {
  accessibilityViolations,
  expect,
  test,
  viewportOf,
  waitForHydration,
  widths,
} from "./support/fixtures";
import { countPosts, uniqueTag } from "./support/forms";
import { linksIn, mailsTo, waitForMail } from "./support/mail";
import { mailHeader } from "../support/mail-sink";
import { splitHeadline } from "../../server/routes/form-posts";

const SUBSCRIBERS_PATH = "/api/subscribers";

async function openNewsletter(page: Page, path = "/") {
  await page.goto(path);
  const form = page
    .locator("footer form")
    .filter({ has: page.getByRole("button", { name: footer.newsletter.button }) });
  await expect(form).toHaveCount(1);
  // The box hydrates as it nears the screen, as a reader scrolls down to it.
  await form.scrollIntoViewIfNeeded();
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

    test("says a confirmation mail is on its way, the same for an address asked for again", async ({
      page,
    }) => {
      const box = await openNewsletter(page);
      const address = `reader.${uniqueTag()}@example.in`;

      await box.email.fill(address);
      await box.subscribe.click();
      await expect(box.status).toHaveText(subscriberMessages.confirmationSent);
      await expect(box.email).toHaveValue("");
      await expect(box.email).not.toHaveAttribute("aria-invalid", "true");

      await box.email.fill(address.toUpperCase());
      await box.subscribe.click();
      await expect(box.status).toHaveText(subscriberMessages.confirmationSent);
      await expect(box.email).toHaveValue("");
      await expect(box.subscribe).toHaveText(footer.newsletter.button);

      // One confirmation mail, not two: the address was asked for again within the hour.
      await waitForMail(address, /^Please confirm your subscription/);
      expect(await mailsTo(address)).toHaveLength(1);
    });
  });
}

test("the newsletter box works on the privacy policy page too", async ({ page }) => {
  const box = await openNewsletter(page, "/privacy-policy");
  await box.email.fill(`policy.${uniqueTag()}@example.in`);
  await box.subscribe.click();
  await expect(box.status).toHaveText(subscriberMessages.confirmationSent);
});

test("a reader subscribes, confirms from the mail received, and unsubscribes from the next mail's link", async ({
  page,
  pageErrors,
}) => {
  await page.setViewportSize(viewportOf(widths.mobile));
  const address = `confirming.${uniqueTag()}@example.in`;
  const box = await openNewsletter(page);
  await box.email.fill(address);
  await box.subscribe.click();
  await expect(box.status).toHaveText(subscriberMessages.confirmationSent);

  const confirmation = await waitForMail(address, /^Please confirm your subscription/);
  const [confirmLink, eraseLink] = linksIn(confirmation);
  expect(confirmLink?.pathname).toBe("/api/newsletter/confirm");
  expect(eraseLink?.pathname).toBe("/api/newsletter/unsubscribe");
  await page.goto(confirmLink!.href);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(newsletterLinkPages.confirmed.title);
  expect(await accessibilityViolations(page)).toEqual([]);

  // The next mail, the welcome, carries the one-click unsubscribe in its body and its headers.
  const welcome = await waitForMail(address, /^Welcome to the Collarise newsletter/);
  const [unsubscribeLink] = linksIn(welcome);
  expect(unsubscribeLink?.pathname).toBe("/api/newsletter/unsubscribe");
  expect(mailHeader(welcome.raw, "List-Unsubscribe")).toBe(`<${unsubscribeLink!.href}>`);
  expect(mailHeader(welcome.raw, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");

  await page.goto(unsubscribeLink!.href);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(newsletterLinkPages.unsubscribed.title);
  // The page leads back to the site.
  await page.getByRole("link", { name: newsletterLinkLabels.home }).click();
  await expect(page).toHaveURL(/\/$/);

  // The links are spent: opened again, they change nothing and say so.
  for (const link of [unsubscribeLink!, confirmLink!]) {
    const response = await page.goto(link.href);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(newsletterLinkPages.notOnList.title);
  }
  // The browser reports each page's own 404; that is the expected answer, not a fault.
  expect(pageErrors.filter((error) => /status of 404/.test(error))).toHaveLength(2);
  pageErrors.splice(0, pageErrors.length, ...pageErrors.filter((error) => !/status of 404/.test(error)));
});

test.describe("the newsletter box without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("posts the address, keeps it out of the address bar, and says a confirmation mail is on its way", async ({
    page,
  }) => {
    await page.goto("/");
    const form = page.locator("footer form");
    await form.getByLabel(newsletterForm.label).fill(`nojs.${uniqueTag()}@example.in`);
    const [request] = await Promise.all([
      page.waitForRequest((sent) => new URL(sent.url()).pathname === SUBSCRIBERS_PATH),
      form.getByRole("button", { name: footer.newsletter.button }).click(),
    ]);
    expect(request.method()).toBe("POST");
    expect(new URL(request.url()).search).toBe("");
    await expect(
      page.getByRole("heading", {
        level: 1,
        name: splitHeadline(subscriberMessages.confirmationSent).headline,
      }),
    ).toBeVisible();
  });
});
