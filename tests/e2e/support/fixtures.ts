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
 * axe-core with the WCAG 2.x A and AA rules (2.2 included) and the label-in-name check (WCAG 2.5.3),
 * on the whole page or, with `include`, only on the parts a test is about. It reads the page as it
 * is, as Lighthouse does: a part laid out only as it comes near the screen is read as the browser
 * holds it then.
 */
export async function accessibilityViolations(page: Page, options: { include?: string[] } = {}) {
  let builder = new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .options({ rules: { "label-content-name-mismatch": { enabled: true } } });
  for (const selector of options.include ?? []) builder = builder.include(selector);
  const results = await builder.analyze();
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

/**
 * Moves the pointer, as a visitor does, until the sections have hydrated: a single move can come
 * before the page has started listening for the first sign of use, and would then be missed.
 */
export async function moveUntilSectionsHydrate(page: Page) {
  let moves = 0;
  await expect
    .poll(async () => {
      moves += 1;
      await page.mouse.move(2 + (moves % 2), 2);
      return page.locator("[data-hydrated='true']").count();
    })
    .toBe(1);
}
