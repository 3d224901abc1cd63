/**
 * A return, in the console on a phone: a member issues a Hindi buyer's tax invoice with a discount
 * on its line (its PDF read back for its Hindi and turned into a picture), credits part of it for a
 * return, and a second return past what the invoice can still be credited is refused with what is
 * left, beside the sachets.
 */
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import type { APIRequestContext } from "@playwright/test";
import { ADMIN_API_PREFIX, ADMIN_API_ROUTES } from "../../domain/console";
import { API_PATHS, ENQUIRY_COLLECTION } from "../../domain/contract";
import { DEAL_API_ROUTES } from "../../domain/deal";
import { SqliteStore } from "../../server/store";
import { FILLED_FACTS } from "../support/company-facts";
import { creditNoteText, documentLanguageLabels, documentsText } from "../../console/documents-content";
import { createStaff, signIn, type ConsoleAccount } from "./support/console";
import { accessibilityViolations, expect, test, viewportOf, widths } from "./support/fixtures";
import { forgiveFailedRequests, uniqueTag } from "./support/forms";
import { serverOfItsOwn } from "./support/own-server";

const own = serverOfItsOwn("console-credit-note");

test.beforeAll(async () => {
  const store = await SqliteStore.open({
    path: own.databaseUrl.replace(/^sqlite:/, ""),
    enquiryCollection: ENQUIRY_COLLECTION,
  });
  try {
    await store.companyFacts.publish({
      facts: FILLED_FACTS,
      baseVersion: null,
      by: "owner@example.com",
      now: new Date(),
    });
  } finally {
    await store.close();
  }
});

/** Where a picture goes: SHOTS_DIR keeps them together for looking at; else beside the test's results. */
function shotPath(name: string): string {
  return process.env.SHOTS_DIR ? `${process.env.SHOTS_DIR}/${name}` : test.info().outputPath(name);
}

/** A retailer's enquiry placed through the public API, its deal recorded and Confirmed by `member`. */
async function confirmedEnquiry(request: APIRequestContext, member: ConsoleAccount, name: string) {
  const base = own.baseUrl;
  const headers = { origin: base };
  const api = (route: string, id: string) => `${base}${ADMIN_API_PREFIX}${route.replace(":id", id)}`;
  const placed = await request.post(`${base}${API_PATHS.enquiries}`, {
    data: {
      Name: name,
      Email: `shop.${uniqueTag()}@example.in`,
      Mobile: `98${String(Date.now()).slice(-8)}`,
      Quantity: 300,
      RetailerSelfUse: "Retailer",
    },
  });
  expect(placed.status()).toBe(201);
  const { id } = (await placed.json()) as { id: string };
  const signedIn = await request.post(`${base}${ADMIN_API_PREFIX}/session`, {
    headers,
    data: { email: member.email, password: member.password },
  });
  expect(signedIn.ok()).toBe(true);
  const read = async () =>
    (await (await request.get(api(ADMIN_API_ROUTES.enquiry, id))).json()) as {
      version: number;
      deal: { version: number };
    };
  const deal = { quantity: "300", value: "10,185", city: "New Delhi", pinCode: "110024", gstin: "" };
  expect(
    (await request.put(api(DEAL_API_ROUTES.deal, id), { headers, data: { version: 0, ...deal } })).ok(),
  ).toBe(true);
  const confirmed = await request.post(api(ADMIN_API_ROUTES.enquiryStatus, id), {
    headers,
    data: { status: "Confirmed", version: (await read()).version },
  });
  expect(confirmed.ok()).toBe(true);
  return id;
}

test("on a phone, a Hindi buyer's discounted tax invoice is issued and its PDF reads in Hindi; a return is credited, and one past what is left is refused with the rest named", async ({
  page,
  pageErrors,
  request,
}) => {
  test.setTimeout(120_000);
  await createStaff("owner", own.databaseUrl);
  const member = await createStaff("member", own.databaseUrl);
  const name = `Shree Balaji Medical ${uniqueTag()}`;
  const id = await confirmedEnquiry(request, member, name);

  await page.setViewportSize(viewportOf(widths.mobile));
  await signIn(page, member, own.baseUrl);
  await page.goto(`${own.baseUrl}/admin/enquiries/${id}`);
  const documents = page.getByRole("region", { name: documentsText.heading, exact: true });
  await documents
    .getByRole("group", { name: documentsText.issueHeading })
    .getByRole("button", { name: "Issue tax invoice" })
    .click();
  const field = (label: string) => documents.getByLabel(label, { exact: false }).first();
  await field(documentsText.form.line1).fill("12 Lajpat Nagar Central Market");
  await field(documentsText.form.state).selectOption("07");
  await field(documentsText.form.language).selectOption({ label: documentLanguageLabels.hi });
  // 300 sachets at the retailer's ₹34.00, less ₹500.00 on the line: ₹9,700.00 before GST.
  await field(documentsText.form.discount).fill("500");
  const totals = documents.getByRole("region", { name: documentsText.preview.heading });
  await expect(totals).toContainText("Discount− ₹500.00");
  await expect(totals).toContainText("Taxable value₹9,700.00");
  const bottomBar = page.locator(".main-nav");
  await bottomBar.evaluate((nav: HTMLElement) => (nav.style.visibility = "hidden"));
  await documents.screenshot({ path: shotPath("console-invoice-discount-375.png") });
  await bottomBar.evaluate((nav: HTMLElement) => (nav.style.visibility = ""));
  expect(await accessibilityViolations(page, { include: [".documents"] })).toEqual([]);
  await page.setViewportSize(viewportOf(widths.desktop));
  await documents.screenshot({ path: shotPath("console-invoice-discount-1280.png") });
  await page.setViewportSize(viewportOf(widths.mobile));

  await documents.getByRole("button", { name: "Issue tax invoice" }).click();
  await expect(page.getByRole("status")).toContainText(/Tax invoice \S+ issued\./);
  const list = documents.getByRole("list", { name: documentsText.list.caption });
  const number = (await list.locator(".document-number").first().textContent()) ?? "";
  // The tax invoice's row (the one that takes a payment), not its credit notes' (listed newest first).
  const invoice = list.locator(":scope > li").filter({
    has: page.getByRole("button", { name: documentsText.list.of(documentsText.list.recordPayment, number) }),
  });

  // The Hindi PDF: Devanagari set, the discount and the taxable value after it, and as a picture.
  const pdfLink = invoice.getByRole("link", {
    name: documentsText.list.of(documentsText.list.pdf("hi"), number),
  });
  const pdf = await page.request.get(`${own.baseUrl}${await pdfLink.getAttribute("href")}`);
  expect(pdf.headers()["content-type"]).toContain("application/pdf");
  const file = test.info().outputPath("invoice-hi.pdf");
  writeFileSync(file, await pdf.body());
  const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
  expect(text).toMatch(/[\u0900-\u097F]{3,}/);
  expect(text).toContain("छूट");
  expect(text.replace(/\s+/g, " ")).toContain("500.00 9,700.00");
  expect(text).toContain(number);
  expect(text).not.toContain("\u25CC");
  execFileSync("pdftoppm", ["-png", "-r", "110", "-singlefile", file, shotPath("invoice-hi-discount")]);

  // A return of 100 sachets: credited at the invoice's price, less its discount in proportion.
  const openCreditNote = () =>
    invoice
      .getByRole("button", { name: documentsText.list.of(documentsText.list.creditNote, number) })
      .click();
  await openCreditNote();
  const returned = documents.getByLabel(creditNoteText.quantity);
  await expect(returned).toBeFocused();
  await returned.fill("100");
  await documents.getByLabel(creditNoteText.reason).fill("100 sachets returned unopened");
  await documents.getByRole("button", { name: creditNoteText.issue }).click();
  await expect(page.getByRole("status")).toContainText(/Credit note \S+ issued\./);
  // The invoice and its one credit note.
  const rows = list.locator(":scope > li");
  await expect(rows).toHaveCount(2);

  // 250 more would credit more than the invoice has left: refused beside the sachets, with the rest.
  await openCreditNote();
  await returned.fill("250");
  await documents.getByLabel(creditNoteText.reason).fill("Second parcel returned");
  await documents.getByRole("button", { name: creditNoteText.issue }).click();
  const refusal = documents.getByRole("alert");
  await expect(refusal).toHaveText(
    new RegExp(
      `^The credit notes against ${number.replace(/\//g, "\\/")} would come to more than the invoice: ₹[\\d,]+\\.\\d\\d can still be credited\\.$`,
    ),
  );
  await expect(returned).toHaveAttribute("aria-invalid", "true");
  await expect(returned).toBeFocused();
  await expect(rows).toHaveCount(2);
  await expect(page.getByRole("status")).toBeEmpty({ timeout: 10_000 });
  const form = documents.locator(".credit-note-form");
  await form.evaluate((part) => part.scrollIntoView({ block: "center" }));
  await bottomBar.evaluate((nav: HTMLElement) => (nav.style.visibility = "hidden"));
  await page.screenshot({ path: shotPath("console-credit-note-refused-375.png") });
  await bottomBar.evaluate((nav: HTMLElement) => (nav.style.visibility = ""));
  expect(await accessibilityViolations(page, { include: [".documents"] })).toEqual([]);
  await page.setViewportSize(viewportOf(widths.desktop));
  await form.evaluate((part) => part.scrollIntoView({ block: "center" }));
  await page.screenshot({ path: shotPath("console-credit-note-refused-1280.png") });
  // The over-credit refusal answered 422, as it should.
  forgiveFailedRequests(pageErrors, /status of 422/);
});
