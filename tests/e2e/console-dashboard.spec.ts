import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Locator, Page } from "@playwright/test";
import { dashboardText, formatDay } from "../../console/content";
import { ADMIN_API_PREFIX, type InboxPage } from "../../domain/console";
import { API_PATHS } from "../../domain/contract";
import { DASHBOARD_FIGURES } from "../../domain/dashboard";
import { istDate } from "../../domain/working-hours";
import { totpCodeFor } from "../support/totp";
import { createStaff, signIn, signInForm } from "./support/console";
import { seedQuarter } from "./support/dashboard-data";
import { accessibilityViolations, expect, test, viewportOf, widths } from "./support/fixtures";
import { forgiveFailedRequests, uniqueTag } from "./support/forms";
import { serverOfItsOwn } from "./support/own-server";

/** Presses Tab until `target` has the focus: the page is worked by keyboard alone. */
async function tabTo(page: Page, target: Locator, most = 80) {
  for (let presses = 0; presses < most; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

test.describe("figures", () => {
  const own = serverOfItsOwn("dashboard");

  test("an owner signs in by keyboard, lands on the dashboard, finds the enquiries placed today in its chart's table, and downloads the CSV", async ({
    page,
    pageErrors,
    request,
  }) => {
    test.setTimeout(60_000);
    const base = own.baseUrl;
    const owner = await createStaff("owner", own.databaseUrl);
    const api = (path: string) => `${base}${ADMIN_API_PREFIX}${path}`;
    const headers = { origin: base };

    // The owner has two-step sign-in on (else the console first offers to turn it on).
    expect(
      (
        await request.post(api("/session"), {
          headers,
          data: { email: owner.email, password: owner.password },
        })
      ).ok(),
    ).toBe(true);
    const { secret } = (await (await request.post(api("/me/totp"), { headers })).json()) as {
      secret: string;
    };
    const code = await totpCodeFor(secret);
    expect(
      (await request.put(api("/me/totp"), { headers, data: { password: owner.password, code } })).ok(),
    ).toBe(true);

    // Four enquiries through the public API; one of them confirmed by the owner, one filed as spam
    // by hand, which no figure but the funnel's "Set apart" counts.
    const placed = [
      { Quantity: 7, RetailerSelfUse: "Retailer" },
      { Quantity: 5, RetailerSelfUse: "Retailer" },
      { Quantity: 3, RetailerSelfUse: "Self Use" },
      { Quantity: 40, RetailerSelfUse: "Self Use" },
    ];
    for (const [index, fields] of placed.entries()) {
      const response = await request.post(`${base}${API_PATHS.enquiries}`, {
        data: {
          Name: `Buyer ${index} ${uniqueTag()}`,
          Email: `b${index}.${uniqueTag()}@example.in`,
          Mobile: "9812345678",
          ...fields,
        },
      });
      expect(response.ok()).toBe(true);
    }
    const inbox = (await (await request.get(api("/enquiries"))).json()) as InboxPage;
    const seven = inbox.items.find((item) => item.Quantity === 7);
    expect(seven).toBeDefined();
    const confirmed = await request.post(api(`/enquiries/${seven?.id}/status`), {
      headers,
      data: { status: "Confirmed", version: 0 },
    });
    expect(confirmed.ok()).toBe(true);
    const forty = inbox.items.find((item) => item.Quantity === 40);
    const filed = await request.post(api(`/enquiries/${forty?.id}/status`), {
      headers,
      data: { status: "Spam", version: 0 },
    });
    expect(filed.ok()).toBe(true);
    const today = istDate(new Date(seven?.receivedAt ?? ""));

    // Keyboard only, from the sign-in page to the dashboard.
    await page.goto(`${base}/admin/sign-in`);
    await expect(signInForm(page).submit).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(signInForm(page).email).toBeFocused();
    await page.keyboard.type(owner.email);
    await page.keyboard.press("Tab");
    await page.keyboard.type(owner.password);
    await page.keyboard.press("Enter");
    await expect(page.getByLabel("Code", { exact: true })).toBeFocused();
    await page.keyboard.type(await totpCodeFor(secret, 1));
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { level: 1, name: dashboardText.title })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe("/admin/dashboard");
    // The sign-in without the code was answered 401 (asking for it), which the browser logs.
    forgiveFailedRequests(pageErrors, /401/);

    const summary = page.getByRole("list", { name: "Summary" });
    await expect(
      summary.getByRole("listitem").filter({ has: page.getByText(dashboardText.received, { exact: true }) }),
    ).toContainText("3");
    await expect(
      summary
        .getByRole("listitem")
        .filter({ has: page.getByText(dashboardText.reachedConfirmed, { exact: true }) }),
    ).toContainText("33%");

    // The chart is drawn, and its table (opened from the keyboard) gives today's figures.
    const perDay = page.getByRole("region", { name: DASHBOARD_FIGURES.perDay });
    await expect(perDay.getByRole("img", { name: /^Chart: Enquiries per day/ })).toBeVisible();
    await expect(perDay.locator("canvas")).toHaveCount(1);
    const disclosure = perDay.getByText(dashboardText.showTable);
    await tabTo(page, disclosure);
    await page.keyboard.press("Enter");
    const row = perDay
      .getByRole("row")
      .filter({ has: page.getByRole("rowheader", { name: formatDay(today) }) });
    await expect(row.getByRole("cell")).toHaveText(["2", "1", "15"]);

    const funnel = page.getByRole("region", { name: DASHBOARD_FIGURES.funnel });
    await expect(funnel.getByRole("row", { name: /^Confirmed/ })).toContainText("1");
    await expect(funnel.getByRole("row", { name: /^New/ })).toContainText("2");
    await expect(funnel.getByRole("row", { name: /^Spam/ })).toContainText("1");
    const members = page.getByRole("region", { name: DASHBOARD_FIGURES.members });
    await expect(
      members.getByRole("row", { name: new RegExp(`^${owner.email.replace(/\./g, "\\.")}`) }),
    ).toContainText("1");

    // The CSV, from the keyboard.
    const csvLink = page.getByRole("link", { name: dashboardText.downloadCsv });
    await tabTo(page, csvLink);
    const downloading = page.waitForEvent("download");
    await page.keyboard.press("Enter");
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^dashboard-30-days-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await download.path()) as string, "utf8");
    expect(csv.startsWith("\uFEFFfigure,period,item,value\r\n")).toBe(true);
    const lines = csv.split("\r\n");
    expect(lines).toContain(`${DASHBOARD_FIGURES.perDay},${today},Retailer,2`);
    expect(lines).toContain(`${DASHBOARD_FIGURES.perDay},${today},Self Use,1`);
    expect(
      lines.some((line) => line.startsWith(`${DASHBOARD_FIGURES.funnel},`) && line.endsWith(",Confirmed,1")),
    ).toBe(true);
  });
});

test.describe("a quarter's figures", () => {
  const seeded = { url: "" };
  test.beforeAll(async () => {
    test.setTimeout(60_000);
    const path = join(await mkdtemp(join(tmpdir(), "collarise-dashboard-seeded-")), "site.db");
    await seedQuarter(path);
    seeded.url = `sqlite:${path}`;
  });
  const own = serverOfItsOwn("dashboard-seeded", () => ({ DATABASE_URL: seeded.url }));

  for (const width of [widths.mobile, 768, widths.desktop]) {
    test(`at ${width} px the dashboard has no accessibility violations, fits the screen, and is photographed`, async ({
      page,
    }, testInfo) => {
      test.setTimeout(60_000);
      await page.setViewportSize(viewportOf(width));
      const owner = await createStaff("owner", seeded.url);
      await signIn(page, owner, own.baseUrl);
      await page
        .getByRole("navigation", { name: "Console" })
        .getByRole("link", { name: dashboardText.title })
        .click();
      await expect(page.getByRole("heading", { level: 1, name: dashboardText.title })).toBeVisible();
      await page.getByRole("button", { name: dashboardText.rangeLabel(90) }).click();
      await expect(page.getByRole("button", { name: dashboardText.rangeLabel(90) })).toHaveAttribute(
        "aria-pressed",
        "true",
      );
      await expect(page.locator(".time-chart canvas")).toHaveCount(3);
      await expect(
        page.getByRole("region", { name: DASHBOARD_FIGURES.members }).getByRole("row"),
      ).toHaveCount(4);
      // Nothing is wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: testInfo.outputPath(`dashboard-${width}.png`), fullPage: true });
      await page.screenshot({ path: testInfo.outputPath(`dashboard-${width}-first-screen.png`) });
      if (width !== 768) expect(await accessibilityViolations(page)).toEqual([]);

      // With a table open and another measure chosen, still none.
      const perWeek = page.getByRole("region", { name: DASHBOARD_FIGURES.quantityPerWeek });
      await perWeek.getByText(dashboardText.showTable).click();
      // A heading row, and 13 or 14 weeks from Monday, as the 90 days fall.
      await expect(perWeek.getByRole("row").nth(13)).toBeVisible();
      await page.getByRole("button", { name: "CLS" }).click();
      await expect(page.getByRole("img", { name: /Cumulative Layout Shift/ })).toBeVisible();
      if (width !== 768) expect(await accessibilityViolations(page)).toEqual([]);
    });
  }

  test("a member of staff lands on the inbox and has the dashboard a tab away", async ({ page }) => {
    await createStaff("owner", seeded.url);
    const member = await createStaff("member", seeded.url);
    await signIn(page, member, own.baseUrl);
    await page
      .getByRole("navigation", { name: "Console" })
      .getByRole("link", { name: dashboardText.title })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: dashboardText.title })).toBeVisible();
    await expect(page.getByRole("region", { name: DASHBOARD_FIGURES.funnel })).toBeVisible();
  });
});
