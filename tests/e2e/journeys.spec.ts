import type { Page } from "@playwright/test";
import { about, banner, buyNow } from "../../app/content/landing";
import { privacyPolicy } from "../../app/content/privacy-policy";
import { footer } from "../../app/content/site";
import { enquiryMessages } from "../../domain/enquiry";
import { expect, test, viewportOf, waitForHydration, waitForPageHydration, widths } from "./support/fixtures";
import { anEnquiry, exportedEnquiries, fill, orderFormOf } from "./support/order-form";
import { expectLandedOn } from "./support/scroll";

/**
 * Journeys as visitors take them, each from where a visitor starts: a fresh load of a page, a
 * link from the other page, the browser's Back and Forward, a phone with its menu, and a
 * browser without JavaScript. Each asserts where the visitor ends up.
 */

/** The header's links and the part of the landing page each leads to. */
const targets = [
  { label: "About", hash: "#about", heading: about.heading, fromPrivacyPolicy: "/#about" },
  // Every page ends with the footer's contact part: the privacy page's link stays on the page.
  {
    label: "Contact Us",
    hash: "#contact",
    heading: footer.contactHeading,
    fromPrivacyPolicy: "/privacy-policy#contact",
  },
  { label: "Buy Now", hash: "#buy-now", heading: buyNow.heading, fromPrivacyPolicy: "/#buy-now" },
] as const;

/** Follows a header link as a visitor does: on a phone, through the menu. */
async function followHeaderLink(page: Page, label: string) {
  const nav = page.getByRole("navigation", { name: "Main" });
  const toggle = page.getByRole("button", { name: "Open menu" });
  if (await toggle.isVisible()) {
    await toggle.click();
    await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");
  }
  await nav.getByRole("link", { name: label, exact: true }).click();
}

async function openPrivacyPolicy(page: Page) {
  await page.goto("/privacy-policy");
  await waitForPageHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: privacyPolicy.heading })).toBeVisible();
}

/** Landed: the address names the part, which sits just below the header, with its heading shown and keyboard focus on it. */
async function expectLanded(page: Page, hash: string, heading: string, url = `/${hash}`) {
  await expect(page).toHaveURL(new RegExp(`${url}$`));
  await expectLandedOn(page, hash);
  await expect(page.locator(hash).getByRole("heading", { name: heading }).first()).toBeInViewport();
  await expect(page.locator(hash)).toBeFocused();
}

for (const width of [widths.mobile, 768, widths.desktop]) {
  test.describe(`from the privacy page at ${width} px`, () => {
    test.use({ viewport: viewportOf(width) });

    for (const { label, hash, heading, fromPrivacyPolicy } of targets) {
      test(`${label} lands on ${fromPrivacyPolicy}`, async ({ page }) => {
        await openPrivacyPolicy(page);
        await followHeaderLink(page, label);
        await expectLanded(page, hash, heading, fromPrivacyPolicy);
      });
    }

    test("Home lands at the top of the landing page", async ({ page }) => {
      await openPrivacyPolicy(page);
      await followHeaderLink(page, "Home");
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole("heading", { level: 1, name: banner.heading })).toBeInViewport();
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
    });
  });
}

for (const width of [widths.mobile, widths.desktop]) {
  test.describe(`history at ${width} px`, () => {
    test.use({ viewport: viewportOf(width) });

    test("Buy Now from the privacy page, then Back and Forward, land where they were", async ({ page }) => {
      await openPrivacyPolicy(page);
      await followHeaderLink(page, "Buy Now");
      await expectLanded(page, "#buy-now", buyNow.heading);

      await page.goBack();
      await expect(page).toHaveURL(/\/privacy-policy$/);
      await expect(page.getByRole("heading", { level: 1, name: privacyPolicy.heading })).toBeInViewport();

      await page.goForward();
      await expectLanded(page, "#buy-now", buyNow.heading);
    });

    test("About then Buy Now on the landing page, then Back, returns to About", async ({ page }) => {
      await page.goto("/");
      await waitForPageHydration(page);
      await followHeaderLink(page, "About");
      await expectLanded(page, "#about", about.heading);
      await followHeaderLink(page, "Buy Now");
      await expectLanded(page, "#buy-now", buyNow.heading);

      await page.goBack();
      await expectLanded(page, "#about", about.heading);
      await page.goForward();
      await expectLanded(page, "#buy-now", buyNow.heading);
    });
  });
}

for (const width of [widths.mobile, widths.desktop]) {
  test.describe(`a fresh load with a fragment at ${width} px`, () => {
    test.use({ viewport: viewportOf(width) });

    for (const { hash, heading } of targets) {
      test(`/${hash} in a new tab lands on it, and again after a reload`, async ({ page }) => {
        await page.goto(`/${hash}`);
        await waitForPageHydration(page);
        await expectLanded(page, hash, heading);

        await page.reload();
        await waitForPageHydration(page);
        await expectLanded(page, hash, heading);
      });
    }

    test("a fragment naming nothing leaves the page at the top, without an error", async ({ page }) => {
      await page.goto("/#no-such-part");
      await waitForPageHydration(page);
      await expect(page.getByRole("heading", { level: 1, name: banner.heading })).toBeInViewport();
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
    });
  });
}

for (const width of [widths.mobile, widths.desktop]) {
  test.describe(`ordering at ${width} px`, () => {
    test.use({ viewport: viewportOf(width) });

    test("a visitor who read the privacy policy follows Buy Now and places an enquiry that is stored", async ({
      page,
    }) => {
      await openPrivacyPolicy(page);
      await followHeaderLink(page, "Buy Now");
      await expectLanded(page, "#buy-now", buyNow.heading);

      const form = orderFormOf(page);
      await form.name.scrollIntoViewIfNeeded();
      await waitForHydration(form.form);
      const enquiry = anEnquiry();
      await fill(form, enquiry);
      await form.placeOrder.click();
      await expect(page.getByText(enquiryMessages.stored).first()).toBeVisible();

      const stored = (await exportedEnquiries()).find((record) => record.Email === enquiry.Email);
      expect(stored).toMatchObject({ Name: enquiry.Name, Mobile: enquiry.Mobile });
    });
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  for (const width of [widths.mobile, widths.desktop]) {
    test(`at ${width} px, each header link on the privacy page lands on its target`, async ({ page }) => {
      await page.setViewportSize(viewportOf(width));
      for (const { label, hash, heading, fromPrivacyPolicy } of targets) {
        await page.goto("/privacy-policy");
        // Without script the menu cannot fold: the links stay in view on every width.
        await page
          .getByRole("navigation", { name: "Main" })
          .getByRole("link", { name: label, exact: true })
          .click();
        await expect(page).toHaveURL(new RegExp(`${fromPrivacyPolicy}$`));
        await expectLandedOn(page, hash);
        await expect(page.locator(hash).getByRole("heading", { name: heading }).first()).toBeInViewport();
      }
    });
  }

  test("Buy Now from the privacy page leads to an enquiry that is stored", async ({ page }) => {
    await page.goto("/privacy-policy");
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Buy Now", exact: true })
      .click();
    await expectLandedOn(page, "#buy-now");

    const form = orderFormOf(page);
    const enquiry = anEnquiry();
    await fill(form, enquiry);
    await form.placeOrder.click();
    await expect(page.getByRole("heading", { level: 1, name: enquiryMessages.stored })).toBeVisible();

    const stored = (await exportedEnquiries()).find((record) => record.Email === enquiry.Email);
    expect(stored).toMatchObject({ Name: enquiry.Name, Mobile: enquiry.Mobile });
  });
});
