import type { Page } from "@playwright/test";
import { inboxText, keysText, teamText } from "../../console/content";
import { ADMIN_API_PREFIX } from "../../domain/console";
import { LIFECYCLE_API_ROUTES } from "../../domain/lifecycle";
import { createStaff, signIn } from "./support/console";
import { accessibilityViolations, expect, test } from "./support/fixtures";
import { memberId, nameTag, placeEnquiries } from "./support/inbox";
import { serverOfItsOwn } from "./support/own-server";

/**
 * Views that mean what they say: Mine and Unassigned are open work (closed ones one choice away,
 * kept in the address), their counts follow, and Waiting on us holds the buyers nobody has
 * contacted yet; "Next unanswered" (n on a laptop, a button on a phone) opens the most due of
 * them and never a closed one.
 */

const PHONE = { width: 375, height: 812 };
const LAPTOP = { width: 1280, height: 800 };

const rowsOf = (page: Page, tag: string) => page.getByRole("row").filter({ hasText: tag });
const viewButton = (page: Page, label: string) =>
  page
    .getByRole("group", { name: inboxText.viewsLabel })
    .getByRole("button", { name: new RegExp(`^${label} `) });

test.describe("on a server of its own, so no other test's enquiries are in its views", () => {
  const own = serverOfItsOwn("views");
  // A console without an owner asks for one before anyone signs in.
  test.beforeAll(async () => {
    await createStaff("owner", own.databaseUrl);
  });

  for (const viewport of [PHONE, LAPTOP]) {
    test(`at ${viewport.width} px: Mine is open work, closed ones one choice away; Next unanswered opens the most due buyer waiting on us`, async ({
      browser,
      request,
    }) => {
      test.setTimeout(120_000);
      const tag = nameTag();
      const base = own.baseUrl;
      const member = await createStaff("member", own.databaseUrl);
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await signIn(page, member, base);
      // Oldest first: the first placed is the most due for its first contact.
      const [oldest, called, declined, newest] = await placeEnquiries(request, tag, 4, base);
      const me = await memberId(page, member.email);
      const headers = { origin: base };
      const api = (path: string, id: string) => `${base}${ADMIN_API_PREFIX}${path.replace(":id", id)}`;
      for (const each of [oldest!, called!, declined!, newest!]) {
        const given = await page.request.post(api("/enquiries/:id/owner", each.id), {
          data: { ownerId: me, expectedOwnerId: null },
          headers,
        });
        expect(given.status()).toBe(200);
      }
      const contact = await page.request.post(api(LIFECYCLE_API_ROUTES.contact, called!.id), {
        data: { channel: "call", outcome: "answered" },
        headers,
      });
      expect(contact.status()).toBe(200);
      const closing = await page.request.post(api("/enquiries/:id/status", declined!.id), {
        data: { status: "Declined", version: 0, lostReason: "price" },
        headers,
      });
      expect(closing.status()).toBe(200);

      await page.goto(`${base}/admin?view=mine`);
      // Open work only, and the count says so.
      await expect(rowsOf(page, tag)).toHaveCount(3);
      await expect(rowsOf(page, tag).filter({ hasText: declined!.name })).toHaveCount(0);
      await expect(viewButton(page, teamText.views.mine)).toContainText("3");
      // Closed ones too: one choice, kept in the address and across a reload.
      if (viewport === PHONE)
        await page.getByRole("button", { name: new RegExp(`^${inboxText.filters}`) }).click();
      // The box follows the address, which the click changes.
      await page.getByRole("checkbox", { name: inboxText.closedToo }).click();
      await expect(page).toHaveURL(/[?&]view=mine&closed=too/);
      await expect(rowsOf(page, tag)).toHaveCount(4);
      await page.reload();
      await expect(rowsOf(page, tag)).toHaveCount(4);
      if (viewport === PHONE)
        await page.getByRole("button", { name: new RegExp(`^${inboxText.filters}`) }).click();
      await expect(page.getByRole("checkbox", { name: inboxText.closedToo })).toBeChecked();
      expect(await accessibilityViolations(page)).toEqual([]);
      await page.screenshot({
        path: test.info().outputPath(`mine-closed-too-${viewport.width}.png`),
        fullPage: false,
      });

      // Waiting on us: the two nobody has contacted, most due first; not the called, not the declined.
      await viewButton(page, teamText.views.waiting).click();
      await expect(page).toHaveURL(/[?&]view=waiting$/);
      await expect(rowsOf(page, tag)).toHaveCount(2);
      await expect(rowsOf(page, tag).first()).toContainText(oldest!.name);
      await expect(viewButton(page, teamText.views.waiting)).toContainText("2");
      await page.screenshot({
        path: test.info().outputPath(`waiting-${viewport.width}.png`),
        fullPage: false,
      });

      // Next unanswered: a button on the phone, n on the laptop; the most due one opens.
      const openNext = async () => {
        if (viewport === PHONE) await page.getByRole("button", { name: inboxText.nextUnanswered }).click();
        else {
          await page.getByRole("heading", { level: 1, name: inboxText.title }).click();
          await page.keyboard.press("n");
        }
      };
      await page.goto(`${base}/admin`);
      // On the phone a button in the first screen; on the laptop the key (the Keys dialog lists it).
      const nextButton = page.getByRole("button", { name: inboxText.nextUnanswered });
      if (viewport === PHONE) await expect(nextButton).toBeInViewport({ ratio: 1 });
      else await expect(nextButton).toBeHidden();
      // Every view in sight on the laptop, none cut off.
      if (viewport === LAPTOP) {
        for (const label of Object.values(teamText.views)) {
          await expect(viewButton(page, label)).toBeInViewport({ ratio: 1 });
        }
      }
      await openNext();
      await expect(page.getByRole("heading", { level: 1, name: oldest!.name })).toBeVisible();
      // Answered on the phone: the next one is the other buyer still waiting.
      const answered = await page.request.post(api(LIFECYCLE_API_ROUTES.contact, oldest!.id), {
        data: { channel: "whatsapp" },
        headers,
      });
      expect(answered.status()).toBe(200);
      await page.goto(`${base}/admin`);
      await openNext();
      await expect(page.getByRole("heading", { level: 1, name: newest!.name })).toBeVisible();
      await page.request.post(api(LIFECYCLE_API_ROUTES.contact, newest!.id), {
        data: { channel: "call" },
        headers,
      });
      // Nobody waits any more: the inbox says so, and opens nothing (not the declined one).
      await page.goto(`${base}/admin`);
      await openNext();
      await expect(page.getByRole("status").filter({ hasText: inboxText.nobodyWaiting })).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${base}/admin$`));
      await context.close();
    });
  }

  test("the keys dialog lists n", async ({ page }) => {
    const member = await createStaff("member", own.databaseUrl);
    await signIn(page, member, own.baseUrl);
    await page.goto(`${own.baseUrl}/admin`);
    await page.getByRole("heading", { level: 1, name: inboxText.title }).click();
    await page.keyboard.press("?");
    const dialog = page.getByRole("dialog", { name: keysText.title });
    await expect(dialog.getByText(keysText.keys.find((each) => each.key === "n")!.does)).toBeVisible();
  });
});
