import type { APIRequestContext, Page } from "@playwright/test";
import { buyerText, dealText } from "../../console/content";
import { consoleMessages, enquiryReference } from "../../domain/console";
import { API_PATHS } from "../../domain/contract";
import { DASHBOARD_FIGURES } from "../../domain/dashboard";
import { dealMessages } from "../../domain/deal";
import { createStaff, signIn } from "./support/console";
import { accessibilityViolations, expect, test, viewportOf, widths } from "./support/fixtures";
import { uniqueTag } from "./support/forms";

/** Places an enquiry through the public API, as the order form does; answers its id. */
async function place(request: APIRequestContext, enquiry: Record<string, unknown>): Promise<string> {
  const placed = await request.post(API_PATHS.enquiries, { data: enquiry });
  expect(placed.status()).toBe(201);
  return ((await placed.json()) as { id: string }).id;
}

/** axe at a phone's and a laptop's width, on the page as it is. */
async function accessibleAtBothWidths(page: Page) {
  for (const width of [widths.mobile, widths.desktop]) {
    await page.setViewportSize(viewportOf(width));
    expect(await accessibilityViolations(page), `axe at ${width} px`).toEqual([]);
  }
}

test("a member records the deal of a returning buyer, declines her earlier enquiry with a reason, follows it from the buyer's history, and sees the sale on the dashboard", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const tag = uniqueTag();
  const mobile = `97${String(Date.now()).slice(-8)}`;
  const name = `Meera Stores ${tag}`;
  // The same retailer writes twice, from one mobile, the second time to her Gmail address with dots.
  const earlierId = await place(request, {
    Name: name,
    Email: `meerastores${tag}@gmail.com`,
    Mobile: mobile,
    Quantity: 24,
    RetailerSelfUse: "Retailer",
  });
  const laterId = await place(request, {
    Name: name,
    Email: `meera.stores${tag}@gmail.com`,
    Mobile: mobile,
    Quantity: 40,
    RetailerSelfUse: "Retailer",
  });
  // The console has its owner (else it offers nothing but how to create one), and a member of staff.
  await createStaff("owner");
  const member = await createStaff("member");
  await signIn(page, member);

  // The inbox marks her newer enquiry as a returning buyer's.
  await expect(
    page
      .getByRole("row")
      .filter({ hasText: enquiryReference(laterId) })
      .getByText(buyerText.returning(1)),
  ).toBeVisible();
  await page.goto(`/admin/enquiries/${laterId}`);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

  // Her earlier enquiry is listed under Same buyer.
  const buyer = page.getByRole("region", { name: buyerText.heading });
  await expect(buyer).toContainText(buyerText.summary(1, 1));
  await expect(buyer.getByRole("link", { name: enquiryReference(earlierId) })).toBeVisible();

  // The deal: a GSTIN with one character mistyped is refused beside its field, then the right one is saved.
  const deal = page.getByRole("region", { name: dealText.heading });
  await deal.getByRole("button", { name: dealText.record }).click();
  await deal.getByLabel(dealText.quantity).fill("40");
  await deal.getByLabel(dealText.value).fill("32,000");
  await deal.getByLabel(dealText.city).fill("Mumbai");
  await deal.getByLabel(dealText.pinCode).fill("400001");
  const gstin = deal.getByLabel(dealText.gstin);
  await gstin.fill("27aapfu0939f1zx");
  await deal.getByRole("button", { name: dealText.save }).click();
  await expect(deal.getByRole("alert")).toHaveText(dealMessages.gstinCheck);
  await expect(gstin).toBeFocused();
  await expect(gstin).toHaveAttribute("aria-invalid", "true");
  await gstin.fill("27aapfu0939f1zv");
  await deal.getByRole("button", { name: dealText.save }).click();
  await expect(page.getByRole("status")).toContainText(dealMessages.saved);
  await expect(deal).toContainText("₹ 32,000");
  await expect(deal).toContainText("27AAPFU0939F1ZV");
  const history = page.getByRole("region", { name: "History" });
  await expect(history).toContainText("Deal: 40 sachets, ₹ 32,000, Mumbai 400001, GSTIN 27AAPFU0939F1ZV");
  await page.getByLabel("New status").selectOption("Confirmed");
  await page.getByRole("button", { name: "Change status" }).click();
  await expect(page.locator(".page-head .status")).toHaveText("Confirmed");
  await accessibleAtBothWidths(page);

  // Her earlier enquiry, from the buyer's history: lost on price, which Declined asks for.
  await page.setViewportSize(viewportOf(widths.desktop));
  await buyer.getByRole("link", { name: enquiryReference(earlierId) }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/enquiries/${earlierId}$`));
  await expect(page.locator(".meta .reference")).toHaveText(enquiryReference(earlierId));
  await page.getByLabel("New status").selectOption("Declined");
  await page.getByRole("button", { name: "Change status" }).click();
  await expect(page.getByRole("alert")).toHaveText(dealMessages.lostReasonRequired);
  await page.getByLabel("Why was it lost?").selectOption("Price");
  await page.getByRole("button", { name: "Change status" }).click();
  await expect(page.getByRole("status")).toContainText(consoleMessages.statusChanged);
  await expect(history).toContainText("Lost: Price");
  await expect(page.getByRole("region", { name: dealText.heading })).toContainText("Price");
  // The later enquiry, listed here, shows what it sold.
  const later = page.getByRole("region", { name: buyerText.heading }).getByRole("listitem");
  await expect(later).toContainText(enquiryReference(laterId));
  await expect(later).toContainText("₹ 32,000");
  await expect(later).toContainText("(later)");

  // The dashboard counts the order, its value, and the win rate of her buyer type.
  await page.goto("/admin/dashboard");
  const orders = page.getByRole("region", { name: DASHBOARD_FIGURES.orders });
  await expect(orders).toContainText("₹ 32,000");
  await expect(page.getByRole("region", { name: DASHBOARD_FIGURES.winRateBuyers })).toContainText("Retailer");
  await accessibleAtBothWidths(page);
});
