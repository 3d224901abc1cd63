import type { Page } from "@playwright/test";
import { company, notFound, product, social } from "../../app/content/site";
import { footer } from "../../app/content/site.en";
import { privacyPolicy, privacyPolicyFor, RETENTION_SECTION_ID } from "../../app/content/privacy-policy";
import { RETENTION_BUILD_FILE, type RetentionPeriods } from "../../domain/retention";
import { pageLanguages } from "./support/languages";
import {
  accessibilityViolations,
  expect,
  test,
  viewportOf,
  waitForHydration,
  waitForPageHydration,
  waitForPageScript,
  widths,
} from "./support/fixtures";

const navHrefs = { Home: "/", About: "/#about", "Contact Us": "/#contact", "Buy Now": "/#buy-now" } as const;

/** Opens a page and waits until its script has taken over (the pages hydrate once loaded). */
async function openPage(page: Page, path: string) {
  await page.goto(path);
  await waitForPageHydration(page);
}

async function openMenuIfNarrow(page: Page) {
  const toggle = page.getByRole("button", { name: /menu/i });
  if (await toggle.isVisible()) {
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
  }
}

async function headerStyle(page: Page) {
  return page.locator("header").evaluate((header) => {
    const style = getComputedStyle(header);
    return { background: style.backgroundColor, textShadow: style.textShadow };
  });
}

for (const width of [widths.mobile, widths.desktop]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: viewportOf(width) });

    test("the header links are real links to the home page's sections", async ({ page }) => {
      for (const path of ["/", "/privacy-policy"]) {
        await openPage(page, path);
        await openMenuIfNarrow(page);
        const nav = page.getByRole("navigation", { name: "Main" });
        for (const [label, href] of Object.entries(navHrefs)) {
          const link = nav.getByRole("link", { name: label, exact: true });
          await expect(link).toBeVisible();
          const expected =
            path === "/privacy-policy" && label === "Contact Us" ? "/privacy-policy#contact" : href;
          await expect(link).toHaveAttribute("href", expected);
        }
        await expect(page.getByRole("link", { name: new RegExp(`${product.fullName}, home`) })).toBeVisible();
      }
    });

    test("the header is transparent until the page has scrolled past 200 px, then beige with a text shadow", async ({
      page,
    }) => {
      await openPage(page, "/privacy-policy");
      expect(await headerStyle(page)).toEqual({ background: "rgba(0, 0, 0, 0)", textShadow: "none" });

      await page.evaluate(() => window.scrollTo(0, 150));
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(150);
      expect((await headerStyle(page)).textShadow).toBe("none");

      await page.evaluate(() => window.scrollTo(0, 260));
      await expect.poll(async () => (await headerStyle(page)).background).toBe("rgb(247, 239, 227)");
      expect((await headerStyle(page)).textShadow).not.toBe("none");

      await page.evaluate(() => window.scrollTo(0, 0));
      await expect.poll(async () => (await headerStyle(page)).background).toBe("rgba(0, 0, 0, 0)");
      expect((await headerStyle(page)).textShadow).toBe("none");
    });

    test("the footer holds the newsletter box, social links, contact details, copyright and privacy link", async ({
      page,
    }) => {
      for (const path of ["/", "/privacy-policy"]) {
        await page.goto(path);
        const pageFooter = page.locator("footer");
        const contact = pageFooter.locator("#contact");
        await expect(contact).toHaveCount(1);
        await expect(pageFooter.getByPlaceholder(footer.newsletter.placeholder)).toBeVisible();
        await expect(pageFooter.getByRole("button", { name: footer.newsletter.button })).toBeVisible();
        for (const link of social) {
          await expect(pageFooter.getByRole("link", { name: new RegExp(link.name) })).toHaveAttribute(
            "href",
            link.href,
          );
        }
        await expect(pageFooter.getByRole("link", { name: /WhatsApp chat/ })).toHaveAttribute(
          "href",
          /^https:\/\/wa\.me\/\d+$/,
        );
        await expect(pageFooter.getByRole("link", { name: company.phone.display })).toHaveAttribute(
          "href",
          `tel:${company.phone.tel}`,
        );
        await expect(pageFooter.getByRole("link", { name: company.email })).toHaveAttribute(
          "href",
          `mailto:${company.email}`,
        );
        await expect(pageFooter.locator("address")).toContainText("New Delhi");
        await expect(pageFooter).toContainText(`© ${footer.copyrightYear}`);
        // One full stop after the company's name, even when its own abbreviation ends in one.
        const copyright = pageFooter.getByText(/All rights reserved/);
        await expect(copyright).toContainText(company.name);
        await expect(copyright).not.toHaveText(/\.\./);
        await expect(pageFooter.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute(
          "href",
          "/privacy-policy",
        );
      }
    });

    test("the footer's Privacy Policy link opens the policy at its top", async ({ page }) => {
      await openPage(page, "/");
      await page.locator("footer").getByRole("link", { name: "Privacy Policy" }).click();
      await expect(page).toHaveURL(/\/privacy-policy$/);
      await expect(page.getByRole("heading", { level: 1, name: privacyPolicy.heading })).toBeInViewport();
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    });

    test("the privacy policy states its sections, listed on the page, and the company's contact details", async ({
      page,
    }) => {
      await openPage(page, "/privacy-policy");
      await expect(page).toHaveTitle(/Privacy Policy/);
      const headings = page.locator("main h2");
      // The content's own list, whose wording and order app/content/privacy-policy.test.ts pins down.
      const sections = privacyPolicy.sections.map((section) => section.heading);
      await expect(headings).toHaveText(sections);
      await expect(page.getByRole("navigation", { name: "On this page" }).getByRole("link")).toHaveText(
        sections,
      );
      const main = page.locator("main");
      for (const collected of [
        "name",
        "email address",
        "phone number",
        "IP address",
        "browser type",
        "Cookies",
      ]) {
        await expect(main).toContainText(collected);
      }
      for (const use of [
        "process your order enquiries and transactions",
        "deliver the products",
        "prevent fraud",
      ]) {
        await expect(main).toContainText(use);
      }
      for (const id of ["grievance-officer", "contact-us"]) {
        const contactSection = page.locator(`#${id}`);
        await expect(contactSection).toContainText("New Delhi");
        await expect(contactSection.getByRole("link", { name: company.phone.display })).toBeVisible();
        await expect(contactSection.getByRole("link", { name: company.email })).toBeVisible();
      }
      await expect(page.locator("#grievance-officer")).toContainText(`Grievance Officer of ${company.name}`);
    });

    test("the privacy policy states the retention periods the build recorded for the server", async ({
      page,
      request,
    }) => {
      const periods = (await (await request.get(`/${RETENTION_BUILD_FILE}`)).json()) as RetentionPeriods;
      expect(Object.keys(periods).sort()).toEqual(["backupKeep", "closedEnquiryDays", "vitalsDays"]);
      const stated = privacyPolicyFor(periods).sections.find(
        (section) => section.id === RETENTION_SECTION_ID,
      );
      await openPage(page, `/privacy-policy#${RETENTION_SECTION_ID}`);
      const section = page.locator(`#${RETENTION_SECTION_ID}`);
      await expect(section).toBeInViewport();
      for (const block of stated?.blocks ?? []) {
        for (const text of block.kind === "list" ? block.items.map((item) => item.text) : [block.text]) {
          await expect(section).toContainText(text);
        }
      }
    });

    test("a link to a policy section scrolls it into view just below the sticky header", async ({ page }) => {
      await openPage(page, "/privacy-policy#data-security");
      const heading = page.getByRole("heading", { name: "Data Security" });
      await expect(heading).toBeInViewport();
      await expect
        .poll(async () => {
          const headerBottom = await page
            .locator("header")
            .evaluate((el) => el.getBoundingClientRect().bottom);
          const top = await page.locator("#data-security").evaluate((el) => el.getBoundingClientRect().top);
          return top >= headerBottom - 1 && top <= headerBottom + 48;
        })
        .toBe(true);
    });

    test("Contact Us on the privacy policy scrolls to its own footer's contact part", async ({ page }) => {
      await openPage(page, "/privacy-policy");
      await openMenuIfNarrow(page);
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Contact Us" }).click();
      await expect(page).toHaveURL(/\/privacy-policy#contact$/);
      await expect(page.locator("#contact")).toBeInViewport();
    });

    test("an unknown address answers 404 with the error page and a way home", async ({
      page,
      pageErrors,
    }) => {
      const response = await page.goto("/no-such-page");
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: notFound.title })).toBeVisible();
      // The browser reports the 404 of the document itself; that is the expected answer, not a fault.
      pageErrors.splice(0, pageErrors.length, ...pageErrors.filter((error) => !/status of 404/.test(error)));
      await page.getByRole("link", { name: notFound.homeLink }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.locator("footer #contact")).toHaveCount(1);
    });

    test("axe finds no accessibility violations on the privacy policy and the error page", async ({
      page,
      pageErrors,
    }) => {
      await openPage(page, "/privacy-policy");
      expect(await accessibilityViolations(page)).toEqual([]);
      await openMenuIfNarrow(page);
      expect(await accessibilityViolations(page)).toEqual([]);
      await page.goto("/no-such-page");
      pageErrors.splice(0, pageErrors.length, ...pageErrors.filter((error) => !/status of 404/.test(error)));
      expect(await accessibilityViolations(page)).toEqual([]);
    });

    test("the skip link is the first stop of the keyboard and leads to the main content", async ({
      page,
    }) => {
      await openPage(page, "/privacy-policy");
      await page.keyboard.press("Tab");
      const skip = page.getByRole("link", { name: "Skip to main content" });
      await expect(skip).toBeFocused();
      await expect(skip).toBeInViewport();
      await page.keyboard.press("Enter");
      await page.keyboard.press("Tab");
      const focusedInMain = await page.evaluate(() => Boolean(document.activeElement?.closest("main")));
      expect(focusedInMain).toBe(true);
    });

    test("no element the keyboard reaches is hidden under the sticky header, and each shows its focus", async ({
      page,
    }) => {
      await openPage(page, "/privacy-policy");
      for (let stop = 0; stop < 40; stop += 1) {
        await page.keyboard.press("Tab");
        // Read as the visitor sees it: after the frames the move of the focus brings. The footer and
        // the policy's sections are laid out only as they near the screen (content-visibility), and
        // take their real height in the frame after the focus scrolled them into view.
        const state = await page.evaluate(async () => {
          await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
          const element = document.activeElement as HTMLElement | null;
          const header = document.querySelector("header");
          if (!element || element === document.body || !header) return null;
          const rect = element.getBoundingClientRect();
          const style = getComputedStyle(element);
          return {
            name: element.textContent?.trim().slice(0, 40) ?? element.tagName,
            // The skip link appears over the header by design.
            inHeader: header.contains(element) || element.classList.contains("skip-link"),
            top: rect.top,
            headerBottom: header.getBoundingClientRect().bottom,
            outline: style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2,
          };
        });
        if (!state) continue;
        expect(state.outline, `focus ring on "${state.name}"`).toBe(true);
        if (!state.inHeader) {
          expect(state.top, `"${state.name}" below the header`).toBeGreaterThanOrEqual(
            state.headerBottom - 1,
          );
        }
      }
    });

    test("links and buttons of the header and footer are at least 24 px tall and wide", async ({ page }) => {
      await openPage(page, "/privacy-policy");
      await openMenuIfNarrow(page);
      const targets = page.locator("header a, header button, footer a, footer button, footer input");
      const count = await targets.count();
      expect(count).toBeGreaterThan(10);
      for (let index = 0; index < count; index += 1) {
        const target = targets.nth(index);
        if (!(await target.isVisible())) continue;
        const box = await target.boundingBox();
        expect(box, await target.evaluate((el) => el.outerHTML.slice(0, 80))).not.toBeNull();
        expect(box!.height).toBeGreaterThanOrEqual(24);
        expect(box!.width).toBeGreaterThanOrEqual(24);
      }
    });
  });
}

test.describe("on a phone", () => {
  test.use({ viewport: viewportOf(widths.mobile) });

  test("the menu opens with the menu button and closes with the cross, with Escape and on choosing a link", async ({
    page,
  }) => {
    await openPage(page, "/privacy-policy");
    const nav = page.getByRole("navigation", { name: "Main" });
    const about = nav.getByRole("link", { name: "About" });
    const open = page.getByRole("button", { name: "Open menu" });
    await expect(about).toBeHidden();
    await expect(open).toHaveAttribute("aria-expanded", "false");

    await open.click();
    const close = page.getByRole("button", { name: "Close menu" });
    await expect(close).toHaveAttribute("aria-expanded", "true");
    await expect(about).toBeVisible();
    await close.click();
    await expect(about).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute("aria-expanded", "false");

    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(about).toBeVisible();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Escape");
    await expect(about).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();

    await page.getByRole("button", { name: "Open menu" }).click();
    await nav.getByRole("link", { name: "Contact Us" }).click();
    await expect(about).toBeHidden();
    await expect(page.locator("#contact")).toBeInViewport();
  });

  test("a page loaded and left alone fetches no React; the visitor's first key, scroll or touch brings its islands", async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await page.goto("/");
    await waitForPageScript(page);
    await page.waitForLoadState("networkidle");
    expect(scripts.filter((path) => /\/(?:hydrate|react-dom|[\w-]+\.island)-/.test(path))).toEqual([]);
    await expect(page.locator("collarise-island[data-hydrated]")).toHaveCount(0);

    await page.mouse.wheel(0, 300);
    await expect(page.locator("collarise-island[data-island='header']")).toHaveAttribute(
      "data-hydrated",
      "true",
    );
  });

  test("a tap on the menu button before React has come opens the menu once it has", async ({ page }) => {
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/islands\/hydrate-[\w-]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto("/privacy-policy");
    await waitForPageScript(page);
    const about = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About" });
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.locator("collarise-island[data-island='header']")).not.toHaveAttribute("data-hydrated");
    await expect(about).toBeHidden();

    release();
    await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");
    await expect(about).toBeVisible();
  });

  test("the menu works with the keyboard alone", async ({ page }) => {
    await openPage(page, "/privacy-policy");
    await page.getByRole("button", { name: "Open menu" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("button", { name: "Close menu" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(
      page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" }),
    ).toBeFocused();
  });
});

test.describe("at 1280 px", () => {
  test.use({ viewport: viewportOf(widths.desktop) });

  test("the header shows its links and no menu button", async ({ page }) => {
    await openPage(page, "/privacy-policy");
    await expect(page.getByRole("button", { name: /menu/i })).toBeHidden();
    await expect(
      page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Buy Now" }),
    ).toBeVisible();
  });
});

/** Whether the page has a web font of this family, and it has arrived. */
function fontLoaded(page: Page, family: string) {
  return page.evaluate(
    (name) =>
      [...document.fonts].some((face) => face.family.replace(/"/g, "") === name && face.status === "loaded"),
    family,
  );
}

/** The fonts the browser draws an element's text with, as DevTools lists them. */
async function platformFontsOf(page: Page, selector: string) {
  const session = await page.context().newCDPSession(page);
  await session.send("DOM.enable");
  await session.send("CSS.enable");
  const { root } = await session.send("DOM.getDocument");
  const { nodeId } = await session.send("DOM.querySelector", { nodeId: root.nodeId, selector });
  const { fonts } = await session.send("CSS.getPlatformFontsForNode", { nodeId });
  await session.detach();
  return fonts;
}

test.describe("the order of loading", () => {
  /** When each script and font request started, and when the first text was painted (ms). */
  async function loadingTimeline(page: Page) {
    return page.evaluate(() => ({
      firstContentfulPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
      requests: performance
        .getEntriesByType("resource")
        .map((entry) => ({ name: new URL(entry.name).pathname, startTime: entry.startTime })),
    }));
  }

  for (const path of ["/", "/privacy-policy", "/hi", "/hi/privacy-policy"]) {
    test(`${path} shows its text before it asks for any stylesheet, script or font, then gets its scripts and heading font`, async ({
      page,
    }) => {
      await page.goto(path);
      await waitForPageHydration(page);
      await expect.poll(() => fontLoaded(page, "Fraunces")).toBe(true);
      if (path.startsWith("/hi")) {
        // The Hindi pages' Devanagari face is put into use with the headings' font, in one swap,
        // unless the device has Noto Sans Devanagari itself, regular and bold, as Android does:
        // then nothing is fetched, and the headings are drawn from the device's bold.
        const deviceHasTheFace = await page.evaluate(async () => {
          const faces = [
            'local("Noto Sans Devanagari"), local("NotoSansDevanagari-Regular")',
            'local("Noto Sans Devanagari Bold"), local("NotoSansDevanagari-Bold")',
          ].map((source) => new FontFace("Probe", source).load());
          return (await Promise.allSettled(faces)).every((result) => result.status === "fulfilled");
        });
        expect(await fontLoaded(page, "Noto Sans Devanagari Subset")).toBe(!deviceHasTheFace);
        const { requests } = await loadingTimeline(page);
        expect(requests.some((request) => request.name.includes("noto-sans-devanagari"))).toBe(
          !deviceHasTheFace,
        );
        const heading = await platformFontsOf(page, "h1");
        expect(heading).toContainEqual(
          deviceHasTheFace
            ? expect.objectContaining({ postScriptName: "NotoSansDevanagari-Bold", isCustomFont: false })
            : expect.objectContaining({ familyName: "Noto Sans Devanagari", isCustomFont: true }),
        );
      }
      // The tab's icon is in the page, so none is fetched before the first paint; once the page
      // has hydrated, the icon files are linked for the browsers that prefer them.
      const icons = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLLinkElement>('link[rel="icon"]')].map((link) =>
          link.href.startsWith("data:") ? "data:" : new URL(link.href).pathname,
        ),
      );
      expect(icons.sort()).toEqual(["/favicon.ico", "/icon-192.png", "data:"]);
      // The web app manifest is not in the page, which a browser checking whether the site can be
      // installed would fetch before the first paint; the page's script links it after.
      expect(await (await page.request.get(path)).text()).not.toContain('rel="manifest"');
      expect(
        await page.evaluate(() => document.querySelector('link[rel="manifest"]')?.getAttribute("href")),
      ).toBe("/manifest.webmanifest");
      const { firstContentfulPaint, requests } = await loadingTimeline(page);
      expect(firstContentfulPaint, "the page painted its text").toBeGreaterThan(0);
      const late = requests.filter((request) => /\.(?:css|js|woff2)$/.test(request.name));
      expect(late.some((request) => request.name.endsWith(".js"))).toBe(true);
      expect(late.some((request) => request.name.endsWith(".woff2"))).toBe(true);
      for (const request of late) {
        expect(
          request.startTime,
          `${request.name} is asked for after the first paint`,
        ).toBeGreaterThanOrEqual(firstContentfulPaint!);
      }
    });
  }
});

test.describe("the fonts of the first screen", () => {
  for (const path of ["/", "/privacy-policy"]) {
    test(`${path}'s link to the Hindi page draws its Devanagari from a Devanagari face, asked for first`, async ({
      page,
    }) => {
      await page.goto(path);
      const link = page.locator(".site-nav__language");
      await expect(link).toHaveText("हिन्दी");
      // The system is not asked, family by family down the body's list, for a font none of which has Devanagari.
      const family = await link.evaluate((element) => getComputedStyle(element).fontFamily);
      expect(family).toMatch(/^"Devanagari Fallback", "Noto Sans Devanagari"/);
      // Drawn from one font, a Devanagari one (Noto Sans Devanagari here, Nirmala UI on Windows).
      const fonts = await platformFontsOf(page, ".site-nav__language");
      expect(fonts).toHaveLength(1);
      expect(fonts[0]?.familyName).toMatch(/Devanagari/);
    });
  }

  test("the Hindi page's link to the English page keeps the body's font", async ({ page }) => {
    await page.goto("/hi");
    const link = page.locator(".site-nav__language");
    await expect(link).toHaveText("English");
    const family = await link.evaluate((element) => getComputedStyle(element).fontFamily);
    expect(family).not.toMatch(/^"Devanagari Fallback", "Noto Sans Devanagari"/);
    const fonts = await platformFontsOf(page, ".site-nav__language");
    expect(fonts.map((font) => font.familyName).join()).not.toMatch(/Devanagari/);
  });
});

test.describe("moving between the pages in the browser", () => {
  /** How the page's own parts are laid out and coloured: what its stylesheets decide. */
  function lookOf(page: Page, selectors: readonly string[]) {
    return page.evaluate(
      (list) =>
        list.map((selector) => {
          const element = document.querySelector(selector);
          if (!element) return `${selector}: missing`;
          const style = getComputedStyle(element);
          return `${selector}: ${style.display} ${style.paddingTop} ${style.backgroundImage} ${style.color}`;
        }),
      [...selectors],
    );
  }
  const policyParts = [".policy__hero", ".policy__layout", ".policy__toc", "footer"];
  const landingParts = [".banner", ".banner__lead", "#about", "#buy-now", "footer"];
  /** The address the document in the tab was loaded from: a link that loads its page in full changes it. */
  const loadedFrom = (page: Page) =>
    page.evaluate(() => new URL(performance.getEntriesByType("navigation")[0]!.name).pathname);

  test("a link to the other page loads it in full, and it looks as it does on a fresh load", async ({
    page,
  }) => {
    await openPage(page, "/privacy-policy");
    const policyFresh = await lookOf(page, policyParts);
    await openPage(page, "/");
    const landingFresh = await lookOf(page, landingParts);

    await page.locator("footer").getByRole("link", { name: "Privacy Policy" }).click();
    await expect(page.getByRole("heading", { level: 1, name: privacyPolicy.heading })).toBeVisible();
    await expect.poll(() => loadedFrom(page)).toBe("/privacy-policy");
    await expect.poll(() => lookOf(page, policyParts)).toEqual(policyFresh);
    await expect(page.getByRole("heading", { name: privacyPolicy.sections[0]!.heading })).toBeVisible();

    await page.getByRole("link", { name: `${product.fullName}, home` }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect.poll(() => loadedFrom(page)).toBe("/");
    await expect.poll(() => lookOf(page, landingParts)).toEqual(landingFresh);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: viewportOf(widths.mobile) });

  test("both pages carry their whole text, and the header links stay usable", async ({ page }) => {
    await page.goto("/privacy-policy");
    await expect(page.getByRole("heading", { name: "Your Rights" })).toBeAttached();
    await expect(page.locator("main")).toContainText("rights of access and correction");
    const about = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About" });
    await expect(about).toBeVisible();
    await about.click();
    await expect(page).toHaveURL(/\/#about$/);
    await expect(page.locator("footer #contact")).toHaveCount(1);
  });

  test("the headings still get their web font, from the stylesheet", async ({ page }) => {
    await page.goto("/");
    await expect.poll(() => fontLoaded(page, "Fraunces Without Scripts")).toBe(true);
    const family = await page
      .getByRole("heading", { level: 1 })
      .evaluate((h1) => getComputedStyle(h1).fontFamily);
    expect(family).toMatch(/^"Fraunces Without Scripts"/);
  });
});

test.describe("for search engines and sharing", () => {
  test("each page has its own title, description, canonical URL, social tags and structured data", async ({
    page,
  }) => {
    const titles = new Set<string>();
    for (const path of ["/", "/privacy-policy"]) {
      await page.goto(path);
      const title = await page.title();
      titles.add(title);
      const head = page.locator("head");
      await expect(head.locator('meta[name="description"]')).toHaveAttribute("content", /.{50,}/);
      await expect(head.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`${path}$`));
      for (const property of ["og:title", "og:description", "og:url", "og:image", "og:type"]) {
        await expect(head.locator(`meta[property="${property}"]`)).toHaveAttribute("content", /.+/);
      }
      await expect(head.locator('meta[name="twitter:card"]')).toHaveAttribute(
        "content",
        "summary_large_image",
      );
      // The card's title, description and image are the og: ones, as X reads them without its own.
      await expect(head.locator('meta[name^="twitter:"]')).toHaveCount(1);
      const jsonLd = JSON.parse(
        (await head.locator('script[type="application/ld+json"]').textContent()) ?? "{}",
      );
      const types = (jsonLd["@graph"] as { "@type": string }[]).map((node) => node["@type"]);
      expect(types).toEqual(expect.arrayContaining(["Organization", "Product"]));
    }
    expect(titles.size).toBe(2);
  });

  test("the sitemap, robots file, icons, social image and web manifest are served", async ({ request }) => {
    const sitemap = await request.get("/sitemap.xml");
    expect(sitemap.status()).toBe(200);
    expect(await sitemap.text()).toContain("/privacy-policy</loc>");
    expect(await sitemap.text()).not.toContain("/admin");
    const robots = await request.get("/robots.txt");
    expect(await robots.text()).toContain("Sitemap: ");
    expect(await robots.text()).toMatch(/^Disallow: \/admin$/m);
    const manifest = await request.get("/manifest.webmanifest");
    expect((await manifest.json()).icons.length).toBeGreaterThan(1);
    for (const file of [
      "/favicon.ico",
      "/icon.svg",
      "/icon-192.png",
      "/icon-512.png",
      "/apple-touch-icon.png",
      "/og-image.png",
    ]) {
      expect((await request.get(file)).status(), file).toBe(200);
    }
  });

  test("the prerendered HTML of each page holds its text before any script runs", async ({ request }) => {
    const policy = await (await request.get("/privacy-policy")).text();
    for (const section of privacyPolicy.sections) expect(policy).toContain(section.heading);
    const home = await (await request.get("/")).text();
    expect(home).toContain('id="contact"');
    expect(home).toContain(footer.newsletter.placeholder);
  });
});

test.describe("the server", () => {
  test("serves hashed assets for a year, pages fresh, and compresses with brotli or gzip", async ({
    request,
  }) => {
    const page = await request.get("/", { headers: { "accept-encoding": "br" } });
    expect(page.headers()["content-encoding"]).toBe("br");
    expect(page.headers()["cache-control"]).toBe("no-cache");
    // Revalidated by its ETag alone.
    const etag = page.headers()["etag"];
    expect(etag).toBeDefined();
    expect(page.headers()["last-modified"]).toBeUndefined();
    expect(page.headers()["accept-ranges"]).toBeUndefined();
    const again = await request.get("/", { headers: { "accept-encoding": "br", "if-none-match": etag! } });
    expect(again.status()).toBe(304);
    const html = await page.text();
    const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0];
    expect(asset).toBeDefined();
    const gzipped = await request.get(asset!, { headers: { "accept-encoding": "gzip" } });
    expect(gzipped.headers()["content-encoding"]).toBe("gzip");
    expect(gzipped.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  test("answers its health check", async ({ request }) => {
    const health = await request.get("/api/health");
    expect(health.status()).toBe(200);
    expect(await health.json()).toEqual({
      status: "ok",
      outbox: expect.objectContaining({ alertAfterMinutes: 30, stalled: false }),
      retention: expect.objectContaining({ everyHours: 6, lastError: null }),
    });
  });
});

test.describe("the pages in both languages", () => {
  for (const pages of pageLanguages) {
    for (const width of [widths.mobile, widths.desktop]) {
      test(`axe finds no accessibility violations on the ${pages.language} pages at ${width} px`, async ({
        page,
      }) => {
        await page.setViewportSize(viewportOf(width));
        await openPage(page, pages.home);
        // Scroll through so that the parts which load on approach have loaded, as on the English page's own test.
        for (const name of [
          pages.landing.orthopedics.carouselLabel,
          pages.landing.gynaecology.carouselLabel,
        ]) {
          const region = page.getByRole("region", { name });
          await region.scrollIntoViewIfNeeded();
          await expect(region).toHaveAttribute("data-engine", "ready");
        }
        await page.mouse.move(1, 1);
        await page.locator("#buy-now").scrollIntoViewIfNeeded();
        await waitForHydration(page.locator("#buy-now form"));
        await page.locator("footer").scrollIntoViewIfNeeded();
        expect(await accessibilityViolations(page)).toEqual([]);
        await openPage(page, pages.privacyPolicy);
        expect(await accessibilityViolations(page)).toEqual([]);
      });
    }

    for (const key of ["home", "privacyPolicy"] as const) {
      // Phones, a portrait and a landscape tablet, a laptop: widths between the tests' usual two.
      for (const width of [320, 768, 1024, 1280]) {
        test(`${pages[key]} keeps everything within the screen's width at ${width} px, as it first opens`, async ({
          page,
        }) => {
          await page.setViewportSize(viewportOf(width));
          await openPage(page, pages[key]);
          // Nothing scrolled yet: the parts laid out only near the screen are still estimates.
          const spills = await page.evaluate(() => {
            const found: string[] = [];
            for (const container of document.querySelectorAll<HTMLElement>(".container")) {
              const edge =
                container.getBoundingClientRect().right -
                parseFloat(getComputedStyle(container).paddingRight);
              for (const child of container.children) {
                const right = child.getBoundingClientRect().right;
                if (right > edge + 0.5)
                  found.push(
                    `${child.tagName.toLowerCase()}.${child.className}: ${Math.round(right - edge)} px`,
                  );
              }
            }
            return found;
          });
          expect(spills, "parts wider than their column").toEqual([]);
          // The brand, the menu button (or the links) and the language switch share one row.
          const rows = await page.evaluate(() =>
            [".site-header__brand", ".site-nav", ".site-nav__language"].map((selector) => {
              const box = document.querySelector(selector)!.getBoundingClientRect();
              return Math.round(box.top + box.height / 2);
            }),
          );
          expect(new Set(rows).size, `the header's parts are centred at ${rows.join(", ")} px`).toBe(1);
          expect(
            await page.evaluate(
              () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
            ),
          ).toBe(0);
        });
      }

      test(`${pages[key]} names its language, its twins and its own title, description and social tags`, async ({
        page,
      }) => {
        await page.goto(pages[key]);
        const head = page.locator("head");
        await expect(page.locator("html")).toHaveAttribute(
          "lang",
          pages.language === "hi" ? "hi-IN" : "en-IN",
        );
        await expect(page).toHaveTitle(pages.site.pages[key].title);
        await expect(head.locator('meta[name="description"]')).toHaveAttribute(
          "content",
          pages.site.pages[key].description,
        );
        await expect(head.locator('meta[property="og:title"]')).toHaveAttribute(
          "content",
          pages.site.pages[key].title,
        );
        const alternates = await head
          .locator('link[rel="alternate"][hreflang]')
          .evaluateAll((links) =>
            links.map((link) => [
              link.getAttribute("hreflang"),
              new URL(link.getAttribute("href")!).pathname,
            ]),
          );
        const english = pageLanguages[0]![key];
        const hindi = pageLanguages[1]![key];
        expect(alternates).toEqual([
          ["en", english],
          ["hi", hindi],
          ["x-default", english],
        ]);
        await expect(head.locator('link[rel="canonical"]')).toHaveAttribute(
          "href",
          new RegExp(`${pages[key]}$`),
        );
      });
    }
  }

  test("the sitemap lists all four pages, each with its twins", async ({ request }) => {
    const sitemap = await (await request.get("/sitemap.xml")).text();
    for (const pages of pageLanguages) {
      expect(sitemap).toContain(`${pages.home}</loc>`);
      expect(sitemap).toContain(`${pages.privacyPolicy}</loc>`);
    }
    expect(sitemap.match(/<url>/g)).toHaveLength(4);
    expect(sitemap.match(/hreflang="x-default"/g)).toHaveLength(4);
  });

  test("the Product data declares the MRP with taxes, net quantity, origin, maker and customer care", async ({
    page,
  }) => {
    await page.goto("/hi");
    const data = JSON.parse(
      (await page.locator('head script[type="application/ld+json"]').textContent()) ?? "{}",
    );
    const productData = data["@graph"].find((node: { "@type": string }) => node["@type"] === "Product");
    expect(productData.offers.priceCurrency).toBe("INR");
    expect(productData.offers.priceSpecification.valueAddedTaxIncluded).toBe(true);
    expect(productData.countryOfOrigin.name).toBe("IN");
    expect(productData.weight).toEqual({ "@type": "QuantitativeValue", value: 375, unitCode: "GRM" });
    const organization = data["@graph"].find((node: { "@type": string }) => node["@type"] === "Organization");
    expect(organization.contactPoint.contactType).toBe("customer service");
  });
});
