import type { Page } from "@playwright/test";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { type OrderFormText, orderFormText } from "../../../app/content/order-form";
import { anchors } from "../../../app/content/site";
import { expect, waitForHydration } from "./fixtures";
import { uniqueTag } from "./forms";

const run = promisify(execFile);

/** An enquiry as a visitor types it. */
export interface TypedEnquiry {
  Name: string;
  Email: string;
  Mobile: string;
  Quantity: string;
  RetailerSelfUse: "Retailer" | "Self Use";
}

/** The order form's parts, found as a visitor finds them: by their labels and roles. */
export function orderFormOf(page: Page, orderForm: OrderFormText = orderFormText) {
  const placeOrderName = new RegExp(`^(${orderForm.submit}|${orderForm.sending})$`);
  const form = page
    .locator(`#${anchors.buyNow} form`)
    .filter({ has: page.getByRole("button", { name: placeOrderName }) });
  return {
    form,
    name: form.getByLabel(orderForm.labels.Name, { exact: true }),
    email: form.getByLabel(orderForm.labels.Email, { exact: true }),
    mobile: form.getByLabel(orderForm.labels.Mobile, { exact: true }),
    quantity: form.getByLabel(orderForm.labels.Quantity, { exact: true }),
    buyerType: form.getByLabel(orderForm.labels.RetailerSelfUse, { exact: true }),
    placeOrder: form.getByRole("button", { name: placeOrderName }),
  };
}

export type OrderForm = ReturnType<typeof orderFormOf>;

/** Opens the landing page and brings the order form into view, hydrated. */
export async function openOrderForm(
  page: Page,
  pages: { home: string; landing: { orderForm: OrderFormText } } = {
    home: "/",
    landing: { orderForm: orderFormText },
  },
): Promise<OrderForm> {
  await page.goto(pages.home);
  const form = orderFormOf(page, pages.landing.orderForm);
  await expect(form.form).toHaveCount(1);
  // The landing sections hydrate at the visitor's first scroll, tap or key.
  await form.form.scrollIntoViewIfNeeded();
  await waitForHydration(form.form);
  return form;
}

export async function fill(form: OrderForm, enquiry: TypedEnquiry) {
  await form.name.fill(enquiry.Name);
  await form.email.fill(enquiry.Email);
  await form.mobile.fill(enquiry.Mobile);
  await form.quantity.fill(enquiry.Quantity);
  await form.buyerType.selectOption(enquiry.RetailerSelfUse);
}

/** A valid enquiry, unique to this test. */
export function anEnquiry(): TypedEnquiry {
  const tag = uniqueTag();
  return {
    Name: `Asha Verma ${tag}`,
    Email: `asha.${tag}@example.in`,
    Mobile: "9876543210",
    Quantity: "12",
    RetailerSelfUse: "Retailer",
  };
}

/** Every stored enquiry, read with the operators' export command from the test server's database. */
export async function exportedEnquiries(): Promise<Record<string, unknown>[]> {
  const databaseUrl = process.env.E2E_DATABASE_URL;
  if (!databaseUrl) throw new Error("E2E_DATABASE_URL is not set: run through the Playwright global setup");
  const { stdout } = await run(
    process.execPath,
    ["--import", "tsx", "server/cli/export.ts", "enquiries", "--format", "json"],
    { env: { ...process.env, DATABASE_URL: databaseUrl }, maxBuffer: 16 * 1024 * 1024 },
  );
  const parsed: unknown = JSON.parse(stdout);
  if (!Array.isArray(parsed)) throw new Error(`the export is not a JSON array: ${stdout.slice(0, 200)}`);
  return parsed as Record<string, unknown>[];
}
