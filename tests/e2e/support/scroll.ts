import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/**
 * How far the element's top sits below the sticky header's bottom edge (below the screen's top
 * edge when the header has scrolled away, as it does on a phone without scripts).
 */
export async function gapBelowHeader(page: Page, selector: string): Promise<number> {
  try {
    return await page.evaluate((target) => {
      const header = document.querySelector("header");
      const element = document.querySelector(target);
      // Not parsed yet (a page still arriving after a link): as far from the header as can be.
      if (!header || !element) return Number.POSITIVE_INFINITY;
      return element.getBoundingClientRect().top - Math.max(0, header.getBoundingClientRect().bottom);
    }, selector);
  } catch (error) {
    // Asked while a link's navigation replaced the page: the next poll asks the new one.
    if (error instanceof Error && /context was destroyed|navigat/i.test(error.message))
      return Number.POSITIVE_INFINITY;
    throw error;
  }
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
