import type { Page } from "@playwright/test";
import { buyerText } from "../../console/content";
import { enquiryReference } from "../../domain/console";
import { DUPLICATE_WINDOW_DAYS, duplicateLine, duplicateMessages } from "../../domain/duplicate";
import { createStaff, signIn } from "./support/console";
import { accessibilityViolations, expect, test } from "./support/fixtures";
import { nameTag } from "./support/inbox";
import { serverOfItsOwn } from "./support/own-server";

/**
 * A buyer who sends the form again is closed as a Duplicate of their first request, the console
 * suggesting it: linked both ways on the page, out of the inbox's work, one filter away.
 */

const PHONE = { width: 375, height: 812 };
const LAPTOP = { width: 1280, height: 800 };

test.describe("on a server of its own, so no other test's enquiries are in its counts", () => {
  const own = serverOfItsOwn("duplicate");
  test.beforeAll(async () => {
    await createStaff("owner", own.databaseUrl);
  });

  for (const viewport of [PHONE, LAPTOP]) {
    test(`at ${viewport.width} px: the repeat of a buyer's request is closed as a Duplicate of it, suggested, linked, and out of the inbox`, async ({
      browser,
      request,
    }) => {
      test.setTimeout(90_000);
      const tag = nameTag();
      const buyer = {
        Name: `Sunita Verma ${tag}`,
        Email: `sunita.${tag.toLowerCase()}@example.in`,
        Mobile: `98${String(Date.now()).slice(-8)}`,
        Quantity: 12,
        RetailerSelfUse: "Self Use",
      };
      const place = async () => {
        const placed = await request.post(`${own.baseUrl}/api/enquiries`, { data: buyer });
        expect(placed.status()).toBe(201);
        return ((await placed.json()) as { id: string }).id;
      };
      const first = await place();
      const again = await place();
      const member = await createStaff("member", own.databaseUrl);
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await signIn(page, member, own.baseUrl);

      await page.goto(`${own.baseUrl}/admin/enquiries/${again}`);
      await page.getByLabel("New status").selectOption("Duplicate");
      // The buyer's earlier request of the last days is suggested.
      const repeats = page.getByLabel(duplicateMessages.label);
      await expect(repeats).toHaveValue(first);
      await expect(page.getByText(duplicateMessages.suggested(DUPLICATE_WINDOW_DAYS))).toBeVisible();
      expect(await accessibilityViolations(page)).toEqual([]);
      await page.screenshot({ path: test.info().outputPath(`duplicate-form-${viewport.width}.png`) });
      await page.getByRole("button", { name: "Change status" }).click();

      // Linked on its page, and said in its history.
      const summary = page.getByRole("region", { name: buyer.Name });
      const link = summary.getByRole("link", { name: enquiryReference(first) });
      await expect(link).toBeVisible();
      await expect(
        page.getByRole("listitem").filter({ hasText: duplicateLine(enquiryReference(first)) }),
      ).toHaveCount(1);
      await page.screenshot({ path: test.info().outputPath(`duplicate-closed-${viewport.width}.png`) });
      await link.click();
      await expect(page).toHaveURL(new RegExp(`/admin/enquiries/${first}$`));
      // On the buyer's history of the first, the repeat stands with its link.
      const history = page.getByRole("region", { name: buyerText.heading });
      const repeat = history.getByRole("listitem").filter({ hasText: enquiryReference(again) });
      await expect(repeat).toContainText("Duplicate");
      await expect(repeat.getByRole("link", { name: enquiryReference(first) })).toBeVisible();

      // Out of the inbox's work (All counts it not), one status filter away.
      await page.goto(`${own.baseUrl}/admin?q=${tag}`);
      const rows = (at: Page) => at.getByRole("row").filter({ hasText: tag });
      await expect(rows(page)).toHaveCount(1);
      await page.goto(`${own.baseUrl}/admin?q=${tag}&status=Duplicate`);
      await expect(rows(page)).toHaveCount(1);
      await expect(rows(page)).toContainText(enquiryReference(again));
      await context.close();
    });
  }
});
