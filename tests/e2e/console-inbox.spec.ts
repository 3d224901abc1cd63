import type { Page } from "@playwright/test";
import { bulkMessages } from "../../domain/bulk";
import { ADMIN_API_PREFIX, enquiryReference } from "../../domain/console";
import { enquiryText, inboxText, keysText, teamText } from "../../console/content";
import { createStaff, signIn } from "./support/console";
import { accessibilityViolations, expect, test } from "./support/fixtures";
import { enquiriesInFirstScreen, memberId, nameTag, placeEnquiries } from "./support/inbox";
import { serverOfItsOwn } from "./support/own-server";

/**
 * The inbox a sales team works from instead of a shared sheet: its first screen on a phone and on
 * a laptop, filters that combine and stay in the address, work in bulk, and the keyboard.
 */

const PHONE = { width: 375, height: 812 };
const TABLET = { width: 768, height: 1024 };
const LAPTOP = { width: 1280, height: 800 };

/** The inbox's rows of this test's enquiries (their names carry the tag). */
const rowsOf = (page: Page, tag: string) => page.getByRole("row").filter({ hasText: tag });

test.describe("on a server of its own, so no other test's rule or backlog gives its enquiries owners", () => {
  const own = serverOfItsOwn("inbox");

  test("a morning on a phone and a laptop: enquiries fill the first screen, filters combine and survive reload, Back and ← Inbox, and a bulk assignment of 25 names the one changed meanwhile", async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(150_000);
    const tag = nameTag();
    const base = own.baseUrl;
    const placed = await placeEnquiries(request, tag, 25, base);
    const owner = await createStaff("owner", own.databaseUrl);
    const member = await createStaff("member", own.databaseUrl);
    await page.setViewportSize(LAPTOP);
    await signIn(page, owner, base);

    // A member on a phone: the first screen is enquiries, two lines each; the enquiry's first screen is the buyer.
    const phoneContext = await browser.newContext({ viewport: PHONE });
    const phone = await phoneContext.newPage();
    await signIn(phone, member, base);
    await phone.goto(`${base}/admin?q=${tag}`);
    await expect(rowsOf(phone, tag)).toHaveCount(25);
    const onPhone = await enquiriesInFirstScreen(phone);
    test.info().annotations.push({ type: "first screen at 375×812", description: `${onPhone} enquiries` });
    expect(onPhone).toBeGreaterThanOrEqual(6);
    // The search is one of the filters behind the one button, which counts it.
    const filters = phone.getByRole("button", { name: new RegExp(`^${inboxText.filters}`) });
    await expect(filters).toContainText("1");
    await expect(filters).toHaveAttribute("aria-expanded", "false");
    expect(await accessibilityViolations(phone)).toEqual([]);
    await filters.click();
    await phone.getByRole("checkbox", { name: new RegExp(`^Select ${placed[0]!.name}`) }).check();
    expect(await accessibilityViolations(phone)).toEqual([]);

    const first = placed[24]!;
    await phone.getByRole("link", { name: first.name }).click();
    await expect(phone.getByRole("heading", { level: 1, name: first.name })).toBeVisible();
    const summary = phone.getByRole("region", { name: first.name });
    for (const part of [
      phone.getByRole("link", { name: "Call" }),
      phone.getByRole("button", { name: /^WhatsApp/ }),
      summary.getByText(enquiryText.quantity, { exact: true }),
      summary.getByText(enquiryText.buyer, { exact: true }),
      summary.getByText(enquiryText.nextStep, { exact: true }),
    ]) {
      await expect(part).toBeInViewport({ ratio: 1 });
    }
    expect(await accessibilityViolations(phone)).toEqual([]);
    // Back to the very list it came from.
    await phone.getByRole("link", { name: "← Inbox" }).click();
    await expect(phone).toHaveURL(new RegExp(`/admin\\?q=${tag}$`));

    // The owner on a laptop: a dense table, twelve and more rows in sight.
    await page.goto(`${base}/admin?q=${tag}`);
    await expect(rowsOf(page, tag)).toHaveCount(25);
    const onLaptop = await enquiriesInFirstScreen(page);
    test.info().annotations.push({ type: "first screen at 1280×800", description: `${onLaptop} enquiries` });
    expect(onLaptop).toBeGreaterThanOrEqual(12);
    // Source shows in every view, the team's too; Nobody is one line.
    await page.getByRole("button", { name: /^Unassigned/ }).click();
    await expect(page).toHaveURL(new RegExp(`view=unassigned&q=${tag}$`));
    await expect(rowsOf(page, tag).first()).toBeVisible();
    await expect(page.getByRole("cell", { name: "instagram" }).first()).toBeVisible();
    const nobody = rowsOf(page, tag).first().getByRole("cell", { name: teamText.nobody });
    expect((await nobody.boundingBox())!.height).toBeLessThan(40);
    expect(await accessibilityViolations(page)).toEqual([]);

    // A filter set in the address: every part combines, and stays through a reload.
    const filtered = `/admin?view=unassigned&status=New&buyer=Retailer&q=${tag}&sort=due`;
    await page.goto(`${base}${filtered}`);
    const retailers = placed.filter((_, n) => n % 3 === 0).length;
    await expect(rowsOf(page, tag)).toHaveCount(retailers);
    await page.reload();
    await expect(rowsOf(page, tag)).toHaveCount(retailers);
    await expect(page.getByLabel(inboxText.buyer, { exact: true })).toHaveValue("Retailer");
    await expect(page.getByLabel(inboxText.status, { exact: true })).toHaveValue("New");
    await expect(page.getByLabel(inboxText.search, { exact: true })).toHaveValue(tag);
    await expect(
      page.getByRole("columnheader", { name: inboxText.sortBy(inboxText.columns.due) }),
    ).toHaveAttribute("aria-sort", "ascending");
    // Another view keeps the search and the other filters; Back returns to the one before.
    await page.getByRole("button", { name: /^Mine/ }).click();
    await expect(page).toHaveURL(new RegExp(`view=mine&status=New&buyer=Retailer&q=${tag}&sort=due$`));
    await expect(page.getByLabel(inboxText.search, { exact: true })).toHaveValue(tag);
    await expect(rowsOf(page, tag)).toHaveCount(0);
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`${filtered.replace("?", "\\?")}$`));
    await expect(rowsOf(page, tag)).toHaveCount(retailers);
    // "← Inbox" on an enquiry comes back to exactly this list.
    await rowsOf(page, tag).first().getByRole("link").click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(tag);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole("link", { name: "← Inbox" }).click();
    await expect(page).toHaveURL(new RegExp(`${filtered.replace("?", "\\?")}$`));
    await expect(rowsOf(page, tag)).toHaveCount(retailers);

    // All 25 that match, given to the member in one go; one was changed meanwhile on the phone.
    await page.goto(`${base}/admin?q=${tag}`);
    await rowsOf(page, tag).first().getByRole("checkbox").check();
    const bulk = page.getByRole("region", { name: inboxText.bulkLabel });
    await bulk.getByRole("button", { name: inboxText.selectAllMatching }).click();
    await expect(bulk).toContainText(inboxText.allSelected(25));
    const changed = placed[7]!;
    const meanwhile = await phone.request.post(`${base}${ADMIN_API_PREFIX}/enquiries/${changed.id}/status`, {
      data: { status: "Contacted", version: 0 },
      headers: { origin: new URL(phone.url()).origin },
    });
    expect(meanwhile.status()).toBe(200);
    await bulk.getByLabel(inboxText.action).selectOption({ label: member.email });
    await bulk.getByRole("button", { name: inboxText.apply }).click();
    await expect(bulk.getByText(inboxText.confirm(25, inboxText.confirmGive(member.email)))).toBeVisible();
    await bulk.getByRole("button", { name: inboxText.yes }).click();
    const outcome = page.getByRole("alert").filter({ hasText: bulkMessages.outcome(24, 1) });
    await expect(outcome).toBeVisible();
    await expect(outcome.getByRole("listitem")).toHaveCount(1);
    await expect(outcome.getByRole("listitem")).toContainText(enquiryReference(changed.id));
    await expect(outcome.getByRole("listitem")).toContainText(bulkMessages.changed);
    // The list is read again: the member owns the 24.
    const memberShort = teamText.ownerShort(member.email);
    await page.goto(`${base}/admin?owner=${await memberId(page, member.email)}&q=${tag}`);
    await expect(rowsOf(page, tag)).toHaveCount(24);
    await expect(rowsOf(page, tag).first()).toContainText(memberShort);
    await phoneContext.close();
  });
});

test("keyboard only: / searches, j and k move, x selects, Enter opens, Esc comes back with the filter, ? lists the keys", async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const tag = nameTag();
  const placed = await placeEnquiries(request, tag, 3);
  await page.setViewportSize(LAPTOP);
  await signIn(page, await createStaff("owner"));
  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 1, name: inboxText.title })).toBeVisible();
  const search = page.getByLabel(inboxText.search, { exact: true });

  await page.keyboard.press("/");
  await expect(search).toBeFocused();
  // Typed into the box, j and k are letters, not moves.
  await page.keyboard.type(`${tag} jk`);
  await expect(search).toHaveValue(`${tag} jk`);
  for (let n = 0; n < 3; n++) await page.keyboard.press("Backspace");
  await expect(page).toHaveURL(new RegExp(`q=${tag}$`));
  // The searched list, not the whole inbox still shown while it loads: three rows in all.
  await expect(page.getByRole("row").filter({ has: page.getByRole("link") })).toHaveCount(3);
  await page.keyboard.press("Escape");
  await expect(search).not.toBeFocused();

  // Newest first: the last placed is the first row.
  const link = (n: number) => page.getByRole("link", { name: placed[n]!.name });
  await page.keyboard.press("j");
  await expect(link(2)).toBeFocused();
  await page.keyboard.press("j");
  await expect(link(1)).toBeFocused();
  await page.keyboard.press("k");
  await expect(link(2)).toBeFocused();
  await page.keyboard.press("x");
  await expect(page.getByRole("checkbox", { name: new RegExp(`^Select ${placed[2]!.name}`) })).toBeChecked();
  await page.keyboard.press("j");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: placed[1]!.name })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(new RegExp(`/admin\\?q=${tag}$`));
  await expect(page.getByRole("row").filter({ hasText: tag })).toHaveCount(3);

  await page.keyboard.press("?");
  const dialog = page.getByRole("dialog", { name: keysText.title });
  await expect(dialog).toBeVisible();
  const close = dialog.getByRole("button", { name: keysText.close });
  await expect(close).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(close).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await expect(close).toBeFocused();
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  // Esc closed the list of keys: the inbox is still there.
  await expect(page).toHaveURL(new RegExp(`/admin\\?q=${tag}$`));
});

test("screenshots of the inbox with the filters open and a selection made, and of an enquiry, at 375, 768 and 1280 px", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const tag = nameTag();
  const placed = await placeEnquiries(request, tag, 16);
  const owner = await createStaff("owner");
  await signIn(page, owner);
  const me = await memberId(page, owner.email);
  const origin = { origin: new URL(page.url()).origin };
  for (const [index, { id }] of placed.entries()) {
    if (index % 3 !== 2) {
      await page.request.post(`${ADMIN_API_PREFIX}/enquiries/${id}/owner`, {
        data: { ownerId: me, expectedOwnerId: null },
        headers: origin,
      });
    }
    if (index % 4 === 1) {
      await page.request.post(`${ADMIN_API_PREFIX}/enquiries/${id}/follow-up`, {
        data: {
          followUpAt: new Date(Date.now() + (index % 8 === 1 ? -2 : 3) * 3_600_000).toISOString(),
          nextStep: "Send the retailer price list and call about delivery",
        },
        headers: origin,
      });
    }
  }
  // SHOTS_DIR keeps them together for looking at; else they go beside the test's results.
  const shot = (name: string) => ({
    path: process.env.SHOTS_DIR ? `${process.env.SHOTS_DIR}/${name}` : testInfo.outputPath(name),
  });
  for (const viewport of [PHONE, TABLET, LAPTOP]) {
    await page.setViewportSize(viewport);
    await page.goto(`/admin?q=${tag}`);
    await expect(rowsOf(page, tag)).toHaveCount(16);
    await page.screenshot(shot(`inbox-${viewport.width}.png`));
    const toggle = page.getByRole("button", { name: new RegExp(`^${inboxText.filters}`) });
    if (await toggle.isVisible()) await toggle.click();
    for (const { name } of placed.slice(-2)) {
      await page.getByRole("checkbox", { name: new RegExp(`^Select ${name}`) }).check();
    }
    await page.screenshot(shot(`inbox-filters-selection-${viewport.width}.png`));
    await page.goto(`/admin/enquiries/${placed[13]!.id}`);
    await expect(page.getByRole("heading", { level: 1, name: placed[13]!.name })).toBeVisible();
    await page.screenshot(shot(`enquiry-${viewport.width}.png`));
    await page.screenshot({ ...shot(`enquiry-${viewport.width}-full.png`), fullPage: true });
  }
});
