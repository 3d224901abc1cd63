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

/**
 * Waits until every part of the page that acts has hydrated (each island marks its element
 * `data-hydrated` once it answers the visitor): they hydrate as they near the screen, at a touch of
 * their own, or in idle time once the visitor is there (a scroll, a key, a pointer: here a press of
 * Shift, which nothing on the pages answers). The text of the pages ships no script and needs no
 * waiting.
 */
export async function waitForPageHydration(page: Page) {
  const islands = page.locator("collarise-island");
  await expect.poll(() => islands.count(), { message: "the page holds its islands" }).toBeGreaterThan(0);
  // Shift is pressed until the islands have come: a key pressed before the page's script listens is
  // not seen, and a test's fake clock holds the page's own marks, so the script's start is not waited on.
  const waiting = page.locator("collarise-island:not([data-hydrated='true'])");
  await expect
    .poll(
      async () => {
        await page.keyboard.press("Shift");
        return waiting.count();
      },
      { message: "every island hydrated", intervals: [250, 500, 1000], timeout: 15_000 },
    )
    .toBe(0);
}

/** Waits until the page's own script runs (after the first paint): its links, scrolling and header work. */
export async function waitForPageScript(page: Page) {
  await page.waitForFunction(() => performance.getEntriesByName("page-script:ready").length > 0);
}
