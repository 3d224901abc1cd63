import type { Page, Request } from "@playwright/test";
import { sourcePartLabels, spamReasonLabels, spamText } from "../../console/content";
import { API_PATHS } from "../../domain/contract";
import { enquiryMessages } from "../../domain/enquiry";
import { createStaff, signIn } from "./support/console";
import { expect, test, viewportOf, waitForPageScript } from "./support/fixtures";
import { uniqueTag } from "./support/forms";
import { anEnquiry, fill, openOrderForm, type OrderForm } from "./support/order-form";
import { orderFormText } from "../../app/content/order-form";

/** Places the typed enquiry from the page and answers the request the page sent. */
async function placeFromThePage(page: Page, form: OrderForm): Promise<Request> {
  const [posted] = await Promise.all([
    page.waitForRequest(
      (request) => request.method() === "POST" && new URL(request.url()).pathname === API_PATHS.enquiries,
    ),
    form.placeOrder.click(),
  ]);
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: enquiryMessages.stored })).toBeVisible();
  return posted;
}

/** A mobile number no other test sends, so that only this test's repeats count. */
function ownMobile(): string {
  return `7${String(Date.now() % 1_000_000_000).padStart(9, "0")}`;
}

test("a visitor who lands from a campaign and leaves the page at once still sends the landing page's source from the next", async ({
  page,
}) => {
  test.setTimeout(60_000);
  // The page keeps the visit's source in idle time once the visitor is there, or as it is left:
  // here it is left before any scroll, key or touch.
  await page.goto("/privacy-policy?utm_source=newsletter&utm_medium=email");
  await waitForPageScript(page);
  const form = await openOrderForm(page);
  await fill(form, { ...anEnquiry(), Mobile: ownMobile() });
  const posted = await placeFromThePage(page, form);
  expect(posted.postDataJSON()).toMatchObject({
    source: { utmSource: "newsletter", utmMedium: "email", landingPath: "/privacy-policy" },
  });
});

test("an enquiry from /?utm_source=instagram&utm_campaign=diwali shows its source in the console and the CSV", async ({
  page,
}, testInfo) => {
  test.setTimeout(60_000);
  const form = await openOrderForm(page, {
    home: "/?utm_source=instagram&utm_campaign=diwali",
    landing: { orderForm: orderFormText },
  });
  const enquiry = { ...anEnquiry(), Mobile: ownMobile() };
  await fill(form, enquiry);
  const posted = await placeFromThePage(page, form);
  expect(posted.postDataJSON()).toMatchObject({
    source: { utmSource: "instagram", utmCampaign: "diwali", landingPath: "/" },
    altcha: expect.any(String),
  });

  await signIn(page, await createStaff("owner"));
  await page.goto("/admin?source=Instagram");
  await expect(page.getByRole("link", { name: enquiry.Name })).toBeVisible();
  await expect(page.getByRole("cell", { name: "instagram" }).first()).toBeVisible();
  for (const width of [375, 768, 1280]) {
    await page.setViewportSize(viewportOf(width));
    await page.screenshot({ path: testInfo.outputPath(`inbox-by-source-${width}.png`), fullPage: true });
  }
  await page.getByRole("link", { name: enquiry.Name }).click();
  await expect(page.getByRole("heading", { level: 1, name: enquiry.Name })).toBeVisible();
  await expect(page.locator(".page-head .status")).toHaveText("New");
  const source = page.getByRole("region", { name: spamText.sourceHeading });
  await expect(source).toContainText(`${sourcePartLabels.utmSource}instagram`);
  await expect(source).toContainText(`${sourcePartLabels.utmCampaign}diwali`);
  await expect(source).toContainText(`${sourcePartLabels.landingPath}/`);

  const csv = await page.request.get("/api/admin/enquiries.csv?source=instagram");
  expect(csv.status()).toBe(200);
  const [header, ...rows] = (await csv.text())
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n");
  expect(header).toContain("utm_source,utm_medium,utm_campaign,referrer,landingPath");
  const row = rows.find((line) => line.includes(enquiry.Name));
  expect(row).toContain(",instagram,,diwali,,/,");
});

test("an enquiry with the page's proof of work is filed as genuine; its body replayed by a bot ten times is filed as spam from the repeats", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const form = await openOrderForm(page);
  const enquiry = { ...anEnquiry(), Name: `Rohit Bansal ${uniqueTag()}`, Mobile: ownMobile() };
  await fill(form, enquiry);
  const body = (await placeFromThePage(page, form)).postDataJSON() as Record<string, unknown>;
  expect(typeof body.altcha).toBe("string");

  for (let i = 0; i < 10; i++) {
    const replayed = await request.post(API_PATHS.enquiries, { data: body });
    // The bot is answered as any visitor: nothing tells it what became of its copies.
    expect(replayed.status()).toBe(201);
  }

  await signIn(page, await createStaff("owner"));
  const search = encodeURIComponent(enquiry.Name);
  await page.goto(`/admin?status=New&q=${search}`);
  await expect(page.getByRole("link", { name: enquiry.Name })).toHaveCount(2);
  await page.goto(`/admin?status=Spam&q=${search}`);
  await expect(page.getByRole("link", { name: enquiry.Name })).toHaveCount(9);

  await page.getByRole("link", { name: enquiry.Name }).first().click();
  const reasons = page.getByRole("note");
  await expect(reasons).toContainText(spamReasonLabels["proof-of-work-reused"]);
  await expect(reasons).toContainText(spamReasonLabels["same-enquiry"]);
  for (const width of [375, 768, 1280]) {
    await page.setViewportSize(viewportOf(width));
    await page.screenshot({ path: testInfo.outputPath(`spam-enquiry-${width}.png`), fullPage: true });
  }

  // Staff who know better release it: it is filed as New.
  await page.getByRole("button", { name: spamText.notSpam }).click();
  await expect(page.locator(".page-head .status")).toHaveText("New");
  await expect(page.getByRole("region", { name: "History" })).toContainText("Spam → New");
});

test("the page's proof of work is solved in a worker the page's policy allows, and the enquiry arrives with it", async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  // Every Content-Security-Policy violation the page meets while the form is used.
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { cspViolations: seen });
    document.addEventListener("securitypolicyviolation", (event) => {
      seen.push(`${event.effectiveDirective} ${event.blockedURI}`);
    });
  });
  const workers: string[] = [];
  page.on("worker", (worker) => workers.push(new URL(worker.url()).pathname));

  const form = await openOrderForm(page);
  const enquiry = { ...anEnquiry(), Name: `Kavita Menon ${uniqueTag()}`, Mobile: ownMobile() };
  await fill(form, enquiry);
  const body = (await placeFromThePage(page, form)).postDataJSON() as Record<string, unknown>;
  expect(typeof body.altcha).toBe("string");

  expect(workers).toEqual([expect.stringMatching(/^\/assets\/islands\/proof-of-work\.worker-[\w-]+\.js$/)]);
  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual(
    [],
  );
  // The worker's script carries the page's policy, which governs what the worker itself may load.
  const script = await request.get(workers[0]!);
  expect(script.headers()["content-type"]).toMatch(/javascript/);
  expect(script.headers()["content-security-policy"]).toContain("worker-src 'self'");

  await signIn(page, await createStaff("owner"));
  await page.goto(`/admin?status=New&q=${encodeURIComponent(enquiry.Name)}`);
  await page.getByRole("link", { name: enquiry.Name }).click();
  await expect(page.getByRole("heading", { level: 1, name: enquiry.Name })).toBeVisible();
  await expect(page.locator(".page-head .status")).toHaveText("New");
  await expect(page.getByText(spamReasonLabels["no-proof-of-work"])).toHaveCount(0);
});

test("in a browser without workers the page solves its proof of work itself, and the enquiry arrives with it", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.addInitScript(() => {
    Reflect.deleteProperty(window, "Worker");
  });
  const workers: string[] = [];
  page.on("worker", (worker) => workers.push(worker.url()));

  const form = await openOrderForm(page);
  const enquiry = { ...anEnquiry(), Name: `Arjun Pillai ${uniqueTag()}`, Mobile: ownMobile() };
  await fill(form, enquiry);
  const body = (await placeFromThePage(page, form)).postDataJSON() as Record<string, unknown>;
  expect(typeof body.altcha).toBe("string");
  expect(workers).toEqual([]);

  await signIn(page, await createStaff("owner"));
  await page.goto(`/admin?status=New&q=${encodeURIComponent(enquiry.Name)}`);
  await page.getByRole("link", { name: enquiry.Name }).click();
  await expect(page.getByRole("heading", { level: 1, name: enquiry.Name })).toBeVisible();
  await expect(page.locator(".page-head .status")).toHaveText("New");
  await expect(page.getByText(spamReasonLabels["no-proof-of-work"])).toHaveCount(0);
});
