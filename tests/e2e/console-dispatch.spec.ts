import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { dealText, dispatchText } from "../../console/content";
import { enquiryReference } from "../../domain/console";
import { API_PATHS } from "../../domain/contract";
import { DASHBOARD_FIGURES } from "../../domain/dashboard";
import { dealMessages, LOST_REASONS } from "../../domain/deal";
import { dispatchMessages } from "../../domain/dispatch";
import { createStaff, signIn } from "./support/console";
import { accessibilityViolations, expect, test, viewportOf, widths } from "./support/fixtures";
import { uniqueTag } from "./support/forms";
import { serverOfItsOwn } from "./support/own-server";

// Its orders are won and lost sales: a store of its own keeps them off other files' dashboards.
const server = serverOfItsOwn("dispatch");

/** Where the screenshots of the Dispatch section go, to be looked at (docs/screenshots/). */
const SHOTS = process.env.SHOTS_DIR;

/** Places an enquiry through the public API, as the order form does; answers its id. */
async function place(request: APIRequestContext, name: string): Promise<string> {
  const placed = await request.post(`${server.baseUrl}${API_PATHS.enquiries}`, {
    data: {
      Name: name,
      Email: `${name.toLowerCase().replace(/\W+/g, ".")}@gmail.com`,
      Mobile: `97${String(Date.now()).slice(-8)}`,
      Quantity: 40,
      RetailerSelfUse: "Retailer",
    },
  });
  expect(placed.status()).toBe(201);
  return ((await placed.json()) as { id: string }).id;
}

/** A year from now, as the packs print a best-before month. */
const bestBefore = `${new Date().getFullYear() + 1}-11`;

/** On the enquiry's page: the deal's value recorded, then Confirmed. */
async function confirmOrder(page: Page, id: string, value: string) {
  await page.goto(`${server.baseUrl}/admin/enquiries/${id}`);
  const deal = page.getByRole("region", { name: dealText.heading });
  await deal.getByRole("button", { name: dealText.record }).click();
  await deal.getByLabel(dealText.value).fill(value);
  await deal.getByLabel(dealText.city).fill("Jaipur");
  await deal.getByRole("button", { name: dealText.save }).click();
  await expect(page.getByRole("status")).toContainText(dealMessages.saved);
  await page.getByLabel("New status").selectOption("Confirmed");
  await page.getByRole("button", { name: "Change status" }).click();
  await expect(page.locator(".page-head .status")).toHaveText("Confirmed");
  return page.getByRole("region", { name: dispatchText.heading });
}

async function pack(dispatch: Locator, batch: string) {
  await dispatch.getByLabel(dispatchText.batches).fill(batch);
  await dispatch.getByLabel(dispatchText.bestBefore).fill(bestBefore);
  await dispatch.getByRole("button", { name: dispatchText.pack }).click();
  await expect(dispatch).toContainText(`Packed`);
}

test("on a phone, a member packs, dispatches and delivers an order; a returned order shows its lost reason, and is packed again to go out once more", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const tag = uniqueTag();
  const deliveredName = `Meera Stores ${tag}`;
  const returnedName = `Kavita Rao ${tag}`;
  const delivered = await place(request, deliveredName);
  const returned = await place(request, returnedName);
  await createStaff("owner", server.databaseUrl);
  await signIn(page, await createStaff("member", server.databaseUrl), server.baseUrl);
  await page.setViewportSize(viewportOf(widths.mobile));

  // An order worth ₹ 75,000 is packed: a past best-before is refused beside its field.
  const dispatch = await confirmOrder(page, delivered, "75,000");
  await expect(dispatch).toContainText(dispatchText.none);
  await dispatch.getByLabel(dispatchText.batches).fill("b2611");
  const expiry = dispatch.getByLabel(dispatchText.bestBefore);
  await expiry.fill("2020-01");
  await dispatch.getByRole("button", { name: dispatchText.pack }).click();
  await expect(dispatch.getByRole("alert")).toHaveText(dispatchMessages.bestBeforePast);
  await expect(expiry).toBeFocused();
  await expect(expiry).toHaveAttribute("aria-invalid", "true");
  await pack(dispatch, "b2611");
  const history = page.getByRole("region", { name: "History" });
  await expect(history).toContainText(`Packed: batch B2611, best before Nov ${new Date().getFullYear() + 1}`);

  // Dispatched: above ₹ 50,000 the e-way bill is asked for, and required.
  await expect(dispatch.getByRole("combobox", { name: dispatchText.courier, exact: true })).toHaveValue(
    "Delhivery",
  );
  await dispatch.getByLabel(dispatchText.tracking).fill("1234567890");
  const ewayBill = dispatch.getByLabel(dispatchText.ewayBill);
  await expect(ewayBill).toBeVisible();
  await dispatch.getByRole("button", { name: dispatchText.dispatch }).click();
  await expect(dispatch.getByRole("alert")).toHaveText(dispatchMessages.ewayBill);
  await expect(ewayBill).toBeFocused();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/console-dispatch-form-375.png`, fullPage: false });
  await ewayBill.fill("1811 2345 6789");
  await dispatch.getByRole("button", { name: dispatchText.dispatch }).click();
  await expect(history).toContainText(
    "Dispatched by Delhivery, tracking 1234567890, e-way bill 181123456789",
  );
  await expect(dispatch.getByRole("button", { name: dispatchText.deliver })).toBeVisible();
  expect(await accessibilityViolations(page), "axe at 375 px").toEqual([]);
  // No part of the page is wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(widths.mobile);
  if (SHOTS) {
    await dispatch.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/console-dispatch-375.png`, fullPage: false });
  }

  // Delivered: the enquiry is Fulfilled.
  await dispatch.getByRole("button", { name: dispatchText.deliver }).click();
  await expect(page.locator(".page-head .status")).toHaveText("Fulfilled");
  await expect(history).toContainText("Delivered");
  await expect(dispatch.locator(".flag-dispatch")).toHaveText("Delivered");

  // The other order goes cash on delivery, confirmed with the buyer, and comes back.
  const second = await confirmOrder(page, returned, "12,000");
  await pack(second, "B2612");
  await expect(second.getByLabel(dispatchText.ewayBill)).toHaveCount(0);
  await second
    .getByRole("combobox", { name: dispatchText.courier, exact: true })
    .selectOption({ label: dispatchText.courierOther });
  await second.getByLabel(dispatchText.courierOtherName).fill("Trackon");
  await second.getByLabel(dispatchText.tracking).fill("TR55501234");
  await second.getByLabel("Cash on delivery").check();
  await second.getByRole("button", { name: dispatchText.dispatch }).click();
  await expect(second.getByRole("alert")).toHaveText(dispatchMessages.codConfirmedBy);
  await second.getByLabel(dispatchText.codBy).fill("Kavita Rao");
  await second
    .getByRole("combobox", { name: dispatchText.codChannel, exact: true })
    .selectOption({ label: "WhatsApp" });
  await second.getByRole("button", { name: dispatchText.dispatch }).click();
  await expect(history).toContainText(
    "Dispatched by Trackon, tracking TR55501234, cash on delivery confirmed by Kavita Rao",
  );
  await second.getByLabel(dispatchText.returnReason).fill("address not found");
  await second.getByRole("button", { name: dispatchText.returned }).click();
  await expect(page.locator(".page-head .status")).toHaveText("Declined");
  await expect(history).toContainText("Returned to origin: address not found");
  await expect(page.getByRole("region", { name: dealText.heading })).toContainText(
    LOST_REASONS["returned-to-origin"],
  );

  // The inbox's rows carry each order's step.
  await page.goto(`${server.baseUrl}/admin`);
  await expect(
    page
      .getByRole("row")
      .filter({ hasText: enquiryReference(delivered) })
      .getByText("Delivered", { exact: true }),
  ).toBeVisible();
  await expect(
    page
      .getByRole("row")
      .filter({ hasText: enquiryReference(returned) })
      .getByText("Returned to origin", { exact: true }),
  ).toBeVisible();

  // The dashboard counts the return among the lost sales.
  await page.goto(`${server.baseUrl}/admin/dashboard`);
  const lost = page.getByRole("region", { name: DASHBOARD_FIGURES.lostReasons });
  await expect(lost.getByRole("row", { name: LOST_REASONS["returned-to-origin"] })).toContainText("1");

  if (SHOTS) {
    await page.setViewportSize(viewportOf(widths.desktop));
    await page.goto(`${server.baseUrl}/admin/enquiries/${returned}`);
    const shown = page.getByRole("region", { name: dispatchText.heading });
    await expect(shown).toContainText("address not found");
    await shown.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/console-dispatch-returned-1280.png`, fullPage: false });
  }

  // The returned order goes out again: packed again, the sale is Confirmed again.
  await page.setViewportSize(viewportOf(widths.mobile));
  await page.goto(`${server.baseUrl}/admin/enquiries/${returned}`);
  const again = page.getByRole("region", { name: dispatchText.heading });
  await expect(again.getByRole("heading", { name: dispatchText.packAgainHeading })).toBeVisible();
  await expect(again).toContainText(dispatchText.packAgainHint);
  await expect(again.getByRole("button", { name: dispatchText.dispatch })).toHaveCount(0);
  expect(await accessibilityViolations(page, { include: [".dispatch"] })).toEqual([]);
  if (SHOTS) {
    await again.evaluate((part) => part.scrollIntoView({ block: "start" }));
    await page.screenshot({ path: `${SHOTS}/console-dispatch-again-375.png`, fullPage: false });
  }
  await pack(again, "B2613");
  await expect(page.locator(".page-head .status")).toHaveText("Confirmed");
  await expect(page.getByRole("region", { name: "History" })).toContainText(
    "Packed again after its return: batch B2613",
  );
  await expect(again.getByRole("button", { name: dispatchText.dispatch })).toBeVisible();
  await expect(again).not.toContainText("address not found");
});
