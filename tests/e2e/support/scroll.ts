import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/**
 * How far the element's top sits below the sticky header's bottom edge (below the screen's top
 * edge when the header has scrolled away, as it does on a phone without scripts).
 */
export function gapBelowHeader(page: Page, selector: string): Promise<number> {
  return page.evaluate((target) => {
    const headerBottom = Math.max(0, document.querySelector("header")!.getBoundingClientRect().bottom);
    const element = document.querySelector(target);
    // Not rendered yet: as far from the header as can be.
    return element ? element.getBoundingClientRect().top - headerBottom : Number.POSITIVE_INFINITY;
  }, selector);
}

/** Polls until the part's top sits below the sticky header, and at most 24 px below it. */
export async function expectJustBelowHeader(page: Page, selector: string) {
  await expect
    .poll(
      async () => {
        const gap = await gapBelowHeader(page, selector);
        return gap >= 0 && gap <= 24 ? "just below the header" : `${gap} px below the header`;
      },
      { message: `${selector} lands just below the header` },
    )
    .toBe("just below the header");
}

/** Whether the page is scrolled to its very end. */
export const atPageEnd = (page: Page) =>
  page.evaluate(
    () => Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight - 1,
  );

/**
 * Polls until the visitor has landed on the part: its top just below the sticky header (the
 * footer's contact part is shorter than the screen, so the page may end before it gets there).
 */
export async function expectLandedOn(page: Page, selector: string) {
  await expect
    .poll(
      async () => {
        const gap = await gapBelowHeader(page, selector);
        if (gap >= 0 && gap <= 24) return "landed";
        if (selector === "#contact" && gap >= 0 && Number.isFinite(gap) && (await atPageEnd(page)))
          return "landed";
        return `${gap} px below the header`;
      },
      { message: `${selector} lands just below the header` },
    )
    .toBe("landed");
}
