import type { Page } from "@playwright/test";
import { expect, test, viewportOf, waitForHydration, waitForPageHydration, widths } from "./support/fixtures";
import { endsWith, otherLanguage, pageLanguages, type PagesInLanguage } from "./support/languages";
import { waitForMail } from "./support/mail";
import { anEnquiry, exportedEnquiries, fill, orderFormOf } from "./support/order-form";
import { expectLandedOn } from "./support/scroll";

/**
 * Journeys as visitors take them, each from where a visitor starts: a fresh load of a page, a
 * link from the other page, the browser's Back and Forward, a phone with its menu, and a
 * browser without JavaScript. Each runs on the English pages and on their Hindi twins, and
 * asserts where the visitor ends up.
 */

/** The header's links and the part of the landing page each leads to, in the pages' language. */
function targetsIn(pages: PagesInLanguage) {
  const { navigation, footer } = pages.site;
  return [
    {
      label: navigation.about,
      hash: "#about",
      heading: pages.landing.about.heading,
      fromPrivacyPolicy: pages.at("#about"),
    },
    // Every page ends with the footer's contact part: the privacy page's link stays on the page.
    {
      label: navigation.contactUs,
      hash: "#contact",
      heading: footer.contactHeading,
      fromPrivacyPolicy: `${pages.privacyPolicy}#contact`,
    },
    {
      label: navigation.buyNow,
      hash: "#buy-now",
      heading: pages.landing.buyNow.heading,
      fromPrivacyPolicy: pages.at("#buy-now"),
    },
  ] as const;
}

/** Follows a header link as a visitor does: on a phone, through the menu. */
async function followHeaderLink(page: Page, pages: PagesInLanguage, label: string) {
  const { header } = pages.site;
  const nav = page.getByRole("navigation", { name: header.navLabel });
  const toggle = page.getByRole("button", { name: header.openMenu });
  if (await toggle.isVisible()) {
    await toggle.click();
    await expect(page.getByRole("button", { name: header.closeMenu })).toHaveAttribute(
      "aria-expanded",
      "true",
    );
  }
  await nav.getByRole("link", { name: label, exact: true }).click();
}

async function openPrivacyPolicy(page: Page, pages: PagesInLanguage) {
  await page.goto(pages.privacyPolicy);
  await waitForPageHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: pages.policy.heading })).toBeVisible();
}

/**
 * Landed: the address names the part, which sits just below the header, with its heading shown and
 * keyboard focus on it, and no focus ring drawn round the whole part.
 */
async function expectLanded(page: Page, hash: string, heading: string, url: string) {
  await expect(page).toHaveURL(endsWith(url));
  await expectLandedOn(page, hash);
  await expect(page.locator(hash).getByRole("heading", { name: heading }).first()).toBeInViewport();
  await expect(page.locator(hash)).toBeFocused();
  await expect(page.locator(hash)).toHaveCSS("outline-style", "none");
}

for (const pages of pageLanguages) {
  const targets = targetsIn(pages);
  const { navigation } = pages.site;
  const buyNow = pages.landing.buyNow.heading;
  const about = pages.landing.about.heading;

  test.describe(`the ${pages.language} pages`, () => {
    for (const width of [widths.mobile, 768, widths.desktop]) {
      test.describe(`from the privacy page at ${width} px`, () => {
        test.use({ viewport: viewportOf(width) });

        for (const { label, hash, heading, fromPrivacyPolicy } of targets) {
          test(`${label} lands on ${fromPrivacyPolicy}`, async ({ page }) => {
            await openPrivacyPolicy(page, pages);
            await followHeaderLink(page, pages, label);
            await expectLanded(page, hash, heading, fromPrivacyPolicy);
          });
        }

        test("Home lands at the top of the landing page", async ({ page }) => {
          await openPrivacyPolicy(page, pages);
          await followHeaderLink(page, pages, navigation.home);
          await expect(page).toHaveURL(endsWith(pages.home));
          await expect(
            page.getByRole("heading", { level: 1, name: pages.landing.banner.heading }),
          ).toBeInViewport();
          expect(await page.evaluate(() => window.scrollY)).toBe(0);
        });
      });
    }

    for (const width of [widths.mobile, widths.desktop]) {
      test.describe(`history at ${width} px`, () => {
        test.use({ viewport: viewportOf(width) });

        test("Buy Now from the privacy page, then Back and Forward, land where they were", async ({
          page,
        }) => {
          await openPrivacyPolicy(page, pages);
          await followHeaderLink(page, pages, navigation.buyNow);
          await expectLanded(page, "#buy-now", buyNow, pages.at("#buy-now"));

          await page.goBack();
          await expect(page).toHaveURL(endsWith(pages.privacyPolicy));
          await expect(page.getByRole("heading", { level: 1, name: pages.policy.heading })).toBeInViewport();

          await page.goForward();
          await expectLanded(page, "#buy-now", buyNow, pages.at("#buy-now"));
        });

        test("About then Buy Now on the landing page, then Back, returns to About", async ({ page }) => {
          await page.goto(pages.home);
          await waitForPageHydration(page);
          await followHeaderLink(page, pages, navigation.about);
          await expectLanded(page, "#about", about, pages.at("#about"));
          await followHeaderLink(page, pages, navigation.buyNow);
          await expectLanded(page, "#buy-now", buyNow, pages.at("#buy-now"));

          await page.goBack();
          await expectLanded(page, "#about", about, pages.at("#about"));
          await page.goForward();
          await expectLanded(page, "#buy-now", buyNow, pages.at("#buy-now"));
        });

        test("the language switch leads to the same part of the page in the other language", async ({
          page,
        }) => {
          const other = otherLanguage(pages);
          await page.goto(pages.home);
          await waitForPageHydration(page);
          await followHeaderLink(page, pages, navigation.buyNow);
          await expectLanded(page, "#buy-now", buyNow, pages.at("#buy-now"));

          const switchLink = page.getByRole("link", { name: pages.site.header.switchName });
          await expect(switchLink).toBeVisible();
          await expect(switchLink).toHaveAttribute("href", other.at("#buy-now"));
          await switchLink.click();
          await waitForPageHydration(page);
          await expectLanded(page, "#buy-now", other.landing.buyNow.heading, other.at("#buy-now"));
          await expect(page.locator("html")).toHaveAttribute(
            "lang",
            other.language === "hi" ? "hi-IN" : "en-IN",
          );

          // From the other language's privacy page, the switch leads back to this one's, at the same part.
          await page.goto(`${other.privacyPolicy}#contact`);
          await waitForPageHydration(page);
          await page.getByRole("link", { name: other.site.header.switchName }).click();
          await expect(page).toHaveURL(endsWith(`${pages.privacyPolicy}#contact`));
          await expectLandedOn(page, "#contact");
        });
      });
    }

    for (const width of [widths.mobile, widths.desktop]) {
      test.describe(`a fresh load with a fragment at ${width} px`, () => {
        test.use({ viewport: viewportOf(width) });

        for (const { hash, heading } of targets) {
          test(`${pages.at(hash)} in a new tab lands on it, and again after a reload`, async ({ page }) => {
            await page.goto(pages.at(hash));
            await waitForPageHydration(page);
            await expectLanded(page, hash, heading, pages.at(hash));

            await page.reload();
            await waitForPageHydration(page);
            await expectLanded(page, hash, heading, pages.at(hash));
          });
        }

        test("a fragment naming nothing leaves the page at the top, without an error", async ({ page }) => {
          await page.goto(pages.at("#no-such-part"));
          await waitForPageHydration(page);
          await expect(
            page.getByRole("heading", { level: 1, name: pages.landing.banner.heading }),
          ).toBeInViewport();
          expect(await page.evaluate(() => window.scrollY)).toBe(0);
        });
      });
    }

    for (const width of [widths.mobile, widths.desktop]) {
      test.describe(`ordering at ${width} px`, () => {
        test.use({ viewport: viewportOf(width) });

        test("a visitor who read the privacy policy follows Buy Now and places an enquiry that is stored in the page's language, and mailed to them in it", async ({
          page,
        }) => {
          await openPrivacyPolicy(page, pages);
          await followHeaderLink(page, pages, navigation.buyNow);
          await expectLanded(page, "#buy-now", buyNow, pages.at("#buy-now"));

          const form = orderFormOf(page, pages.landing.orderForm);
          await form.name.scrollIntoViewIfNeeded();
          await waitForHydration(form.form);
          const enquiry = anEnquiry();
          await fill(form, enquiry);
          await form.placeOrder.click();
          await expect(page.getByText(pages.landing.orderForm.messages.stored).first()).toBeVisible();

          const stored = (await exportedEnquiries()).find((record) => record.Email === enquiry.Email);
          expect(stored).toMatchObject({
            Name: enquiry.Name,
            Mobile: enquiry.Mobile,
            language: pages.language,
          });
          const acknowledgement = await waitForMail(
            enquiry.Email,
            pages.language === "hi"
              ? /^आपकी पूछताछ [0-9A-F]{8}, Collarise के लिए$/
              : /^Your enquiry [0-9A-F]{8} for Collarise$/,
          );
          expect(acknowledgement.parsed.text).toContain(pages.language === "hi" ? "प्रिय " : "Dear ");
        });
      });
    }

    test.describe("without JavaScript", () => {
      test.use({ javaScriptEnabled: false });

      for (const width of [widths.mobile, widths.desktop]) {
        test(`at ${width} px, each header link on the privacy page lands on its target`, async ({ page }) => {
          await page.setViewportSize(viewportOf(width));
          for (const { label, hash, heading, fromPrivacyPolicy } of targets) {
            await page.goto(pages.privacyPolicy);
            // Without script the menu cannot fold: the links stay in view on every width.
            await page
              .getByRole("navigation", { name: pages.site.header.navLabel })
              .getByRole("link", { name: label, exact: true })
              .click();
            await expect(page).toHaveURL(endsWith(fromPrivacyPolicy));
            await expectLandedOn(page, hash);
            await expect(page.locator(hash).getByRole("heading", { name: heading }).first()).toBeInViewport();
          }
        });
      }

      test("the language switch links to the same page in the other language", async ({ page }) => {
        const other = otherLanguage(pages);
        await page.goto(pages.at("#buy-now"));
        await page.getByRole("link", { name: pages.site.header.switchName }).click();
        await expect(page).toHaveURL(endsWith(other.home));
        await expect(page.locator("html")).toHaveAttribute(
          "lang",
          other.language === "hi" ? "hi-IN" : "en-IN",
        );
        await expect(
          page.getByRole("heading", { level: 1, name: other.landing.banner.heading }),
        ).toBeVisible();
      });

      test("Buy Now from the privacy page leads to an enquiry that is stored, answered in the page's language", async ({
        page,
      }) => {
        await page.goto(pages.privacyPolicy);
        await page
          .getByRole("navigation", { name: pages.site.header.navLabel })
          .getByRole("link", { name: navigation.buyNow, exact: true })
          .click();
        await expect(page).toHaveURL(endsWith(pages.at("#buy-now")));
        await expectLandedOn(page, "#buy-now");

        const form = orderFormOf(page, pages.landing.orderForm);
        const enquiry = anEnquiry();
        await fill(form, enquiry);
        await form.placeOrder.click();
        await expect(
          page.getByRole("heading", { level: 1, name: pages.landing.orderForm.messages.stored }),
        ).toBeVisible();

        const stored = (await exportedEnquiries()).find((record) => record.Email === enquiry.Email);
        expect(stored).toMatchObject({
          Name: enquiry.Name,
          Mobile: enquiry.Mobile,
          language: pages.language,
        });
      });
    });
  });
}
