/**
 * The public pages after the company published other facts: rendered again by the server (no
 * rebuild), they hydrate in the browser without an error or a mismatch, keep stating the new facts
 * once hydrated, and show the declarations a buyer in India is owed with the veg / non-veg mark
 * named for a screen reader.
 */
import { randomUUID } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ENQUIRY_COLLECTION, PUBLIC_PAGES } from "../../domain/contract";
import { SqliteStore } from "../../server/store";
import { CHANGED_FACTS, CHANGED_PAGE_TEXTS } from "../support/changed-facts";
import {
  accessibilityViolations,
  expect,
  test,
  viewportOf,
  waitForHydration,
  waitForPageHydration,
  widths,
} from "./support/fixtures";
import { serverOfItsOwn } from "./support/own-server";

/** This file's server writes the pages it renders here (each worker of the file has its own server). */
const pagesDir = join(tmpdir(), `collarise-published-pages-${randomUUID()}`);
const server = serverOfItsOwn("published-facts", () => ({
  PAGES_DIR: pagesDir,
  COMPANY_FACTS_POLL_SECONDS: "1",
}));

// Published as the console does, through the store, once the server runs; then waited for.
test.beforeAll(async () => {
  test.setTimeout(90_000);
  const store = await SqliteStore.open({
    path: server.databaseUrl.replace(/^sqlite:/, ""),
    enquiryCollection: ENQUIRY_COLLECTION,
  });
  try {
    await store.companyFacts.publish({
      facts: CHANGED_FACTS,
      baseVersion: null,
      by: "owner@example.com",
      now: new Date(),
    });
  } finally {
    await store.close();
  }
  await expect
    .poll(
      async () => {
        const pages = await Promise.all(
          PUBLIC_PAGES.map((path) => fetch(`${server.baseUrl}${path}`).then((r) => r.text())),
        );
        return pages.every((html) => html.includes(CHANGED_PAGE_TEXTS.phone));
      },
      { timeout: 60_000, message: "every page states the published facts" },
    )
    .toBe(true);
});

for (const path of PUBLIC_PAGES) {
  const language = path.startsWith("/hi") ? "hi" : "en";
  test(`${path} hydrates with the published facts, without an error or a mismatch`, async ({ page }) => {
    await page.goto(`${server.baseUrl}${path}`);
    await waitForPageHydration(page);
    const footer = page.locator("footer");
    if (!path.endsWith("privacy-policy")) {
      await waitForPageHydration(page);
      await page.locator("#buy-now").scrollIntoViewIfNeeded();
      await waitForHydration(page.locator("#buy-now form"));
      await expect(page.locator(".declarations")).toContainText(CHANGED_PAGE_TEXTS.mrp);
    }
    await footer.scrollIntoViewIfNeeded();
    // Hydrated, the page still says what the server rendered: the new phone and address, no placeholder.
    await expect(footer).toContainText(CHANGED_PAGE_TEXTS.phone);
    await expect(footer).toContainText(CHANGED_PAGE_TEXTS.street[language]);
    await expect(page.locator("body")).not.toContainText(CHANGED_PAGE_TEXTS.placeholderPhone);
    // The fixture fails the test on any console error or uncaught error, React's mismatches included.
  });
}

for (const width of [widths.mobile, widths.desktop]) {
  test(`/hi's declarations at ${width} px: the brown non-veg mark named «मांसाहारी», the new MRP and unit price`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize(viewportOf(width));
    await page.goto(`${server.baseUrl}/hi`);
    await waitForPageHydration(page);
    await waitForPageHydration(page);
    const declarations = page.locator(".declarations");
    await declarations.scrollIntoViewIfNeeded();
    await expect(declarations.getByRole("img", { name: "मांसाहारी" })).toBeVisible();
    await expect(declarations).toContainText("₹1,299.00 (सभी करों सहित)");
    await expect(declarations).toContainText("₹3.46 प्रति ग्राम");
    await expect(declarations).toContainText("375 ग्राम");
    await declarations.screenshot({ path: testInfo.outputPath(`hi-declarations-${width}.png`) });
    expect(await accessibilityViolations(page, { include: [".declarations"] })).toEqual([]);
  });
}
