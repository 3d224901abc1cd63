import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Locator, type Page } from "@playwright/test";

/** Every page a test opens must raise no uncaught error and log no console error. */
export const test = base.extend<{ pageErrors: string[] }>({
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(`console.error: ${message.text()}`);
      });
      await use(errors);
      expect(errors, "errors in the page").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

export const widths = { mobile: 375, tablet: 800, desktop: 1280 } as const;

export function viewportOf(width: number) {
  return { width, height: width < 768 ? 740 : 900 };
}

/**
 * axe-core with the WCAG 2.x A and AA rules (2.2 included), on the whole page or, with
 * `include`, only on the parts a test is about. The parts the page lays out only as they come near
 * the screen (`content-visibility: auto`: the landing page's sections, the footer) are laid out
 * first, as they are when a visitor reaches them: off screen, their text has no box to measure,
 * and axe would read the colour behind it from whatever lies there.
 */
export async function accessibilityViolations(page: Page, options: { include?: string[] } = {}) {
  await page.evaluate(() => {
    for (const element of document.querySelectorAll<HTMLElement>("*"))
      if (getComputedStyle(element).contentVisibility === "auto") {
        element.style.contentVisibility = "visible";
        element.dataset.laidOutForAxe = "";
      }
  });
  let builder = new AxeBuilder({ page }).withTags([
    "wcag2a",
    "wcag2aa",
    "wcag21a",
    "wcag21aa",
    "wcag22aa",
    "best-practice",
  ]);
  for (const selector of options.include ?? []) builder = builder.include(selector);
  const results = await builder.analyze();
  await page.evaluate(() => {
    for (const element of document.querySelectorAll<HTMLElement>("[data-laid-out-for-axe]")) {
      element.style.contentVisibility = "";
      delete element.dataset.laidOutForAxe;
    }
  });
  return results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.join(" ")),
  }));
}

/** Waits until React has hydrated `element`: before that, a click or a submit goes to the browser. */
export async function waitForHydration(element: Locator) {
  await expect
    .poll(() => element.evaluate((node) => Object.keys(node).some((key) => key.startsWith("__reactProps"))), {
      message: "the page is hydrated",
    })
    .toBe(true);
}

/** Waits until React has hydrated the page's shell (the pages hydrate once they have painted). */
export async function waitForPageHydration(page: Page) {
  await waitForHydration(page.locator("header").first());
}
