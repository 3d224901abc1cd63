/**
 * From a confirmed enquiry to money in the bank, in the console: a member issues a tax invoice on a
 * phone (refused without the billing address, issued once it is there), opens its PDF, records two
 * part payments until it is Paid; an owner downloads the month's GSTR-1 CSV from the accounts
 * page; and a tax invoice is issued with the keyboard alone.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { ADMIN_API_PREFIX, ADMIN_API_ROUTES } from "../../domain/console";
import { API_PATHS, ENQUIRY_COLLECTION } from "../../domain/contract";
import { DEAL_API_ROUTES } from "../../domain/deal";
import { istDay } from "../../domain/gst";
import { DOCUMENT_API_ROUTES, type IssuedDocument } from "../../domain/invoice";
import { SqliteStore } from "../../server/store";
import { FILLED_FACTS } from "../support/company-facts";
import { accountsText, documentsText, paymentText } from "../../console/documents-content";
import { buyerText } from "../../console/content";
import { createStaff, openFromNav, signIn, type ConsoleAccount } from "./support/console";
import { accessibilityViolations, expect, test, viewportOf, widths } from "./support/fixtures";
import { forgiveFailedRequests, uniqueTag } from "./support/forms";
import { serverOfItsOwn } from "./support/own-server";

const own = serverOfItsOwn("console-invoice");

/** The company has published its facts (a GSTIN, in Uttar Pradesh), as an owner does before invoicing. */
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

/** Where a screenshot goes: SHOTS_DIR keeps them together for looking at; else beside the test's results. */
function shotPath(name: string): string {
  return process.env.SHOTS_DIR ? `${process.env.SHOTS_DIR}/${name}` : test.info().outputPath(name);
}

/**
 * An enquiry placed through the public API, its deal recorded and set to Confirmed by `member`
 * through the console's API (as the enquiry page does): answers its id.
 */
async function confirmedEnquiry(
  request: APIRequestContext,
  member: ConsoleAccount,
  deal: { quantity: string; value: string; city: string; pinCode: string; gstin: string },
  name: string,
): Promise<string> {
  const base = own.baseUrl;
  const headers = { origin: base };
  const api = (route: string, id: string) => `${base}${ADMIN_API_PREFIX}${route.replace(":id", id)}`;
  const placed = await request.post(`${base}${API_PATHS.enquiries}`, {
    data: {
      Name: name,
      Email: `buyer.${uniqueTag()}@example.in`,
      Mobile: `98${String(Date.now()).slice(-8)}`,
      Quantity: Number(deal.quantity),
      RetailerSelfUse: deal.gstin ? "Retailer" : "Self Use",
    },
  });
  expect(placed.status()).toBe(201);
  const { id } = (await placed.json()) as { id: string };
  expect(
    (
      await request.post(`${base}${ADMIN_API_PREFIX}/session`, {
        headers,
        data: { email: member.email, password: member.password },
      })
    ).ok(),
  ).toBe(true);
  const read = async () =>
    (await (await request.get(api(ADMIN_API_ROUTES.enquiry, id))).json()) as {
      version: number;
      deal: { version: number };
    };
  const saved = await request.put(api(DEAL_API_ROUTES.deal, id), {
    headers,
    data: { version: (await read()).deal.version, ...deal },
  });
  expect(saved.ok()).toBe(true);
  const confirmed = await request.post(api(ADMIN_API_ROUTES.enquiryStatus, id), {
    headers,
    data: { status: "Confirmed", version: (await read()).version },
  });
  expect(confirmed.ok()).toBe(true);
  return id;
}

/** The Documents section of the enquiry page. */
function documentsOf(page: Page) {
  return page.getByRole("region", { name: documentsText.heading, exact: true });
}

/** A form's input by the start of its label (a label holds its hint and its error too). */
function field(scope: ReturnType<typeof documentsOf>, label: string) {
  return scope.getByLabel(label, { exact: false }).first();
}

test("a member turns a confirmed enquiry into a tax invoice on a phone: refused without the address, issued with it, its PDF opens, it goes by e-mail, and two part payments make it Paid", async ({
  page,
  pageErrors,
  request,
}) => {
  test.setTimeout(90_000);
  await createStaff("owner", own.databaseUrl);
  const member = await createStaff("member", own.databaseUrl);
  const name = `Ritu Kapoor ${uniqueTag()}`;
  const id = await confirmedEnquiry(
    request,
    member,
    { quantity: "30", value: "1,599", city: "New Delhi", pinCode: "110017", gstin: "" },
    name,
  );

  await page.setViewportSize(viewportOf(widths.mobile));
  await signIn(page, member, own.baseUrl);
  await page.goto(`${own.baseUrl}/admin/enquiries/${id}`);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  const documents = documentsOf(page);
  await expect(documents).toContainText(documentsText.none);

  // The form comes filled in from the deal; only the address and its state are asked.
  await documents
    .getByRole("group", { name: documentsText.issueHeading })
    .getByRole("button", { name: "Issue tax invoice" })
    .click();
  const street = field(documents, documentsText.form.line1);
  await expect(street).toBeFocused();
  await expect(field(documents, documentsText.form.name)).toHaveValue(name);
  await expect(field(documents, documentsText.form.city)).toHaveValue("New Delhi");
  await expect(field(documents, documentsText.form.pin)).toHaveValue("110017");
  await expect(field(documents, documentsText.form.quantity)).toHaveValue("30");
  const issue = documents.getByRole("button", { name: "Issue tax invoice" });
  const totals = documents.getByRole("region", { name: documentsText.preview.heading });
  await issue.click();
  // Refused: each missing field beside its input, the first with the focus.
  await expect(street).toBeFocused();
  await expect(street).toHaveAttribute("aria-invalid", "true");
  await expect(documents.getByText("Write the billing address: building, street and area.")).toBeVisible();
  await expect(
    documents.getByText("Choose the billing address's state: the place of supply needs it."),
  ).toBeVisible();
  await expect(documents.getByRole("list", { name: documentsText.list.caption })).toHaveCount(0);
  // The section alone, without the phone's bottom bar drawn over it as the shot scrolls.
  await expect(totals).toContainText(documentsText.preview.incomplete(2));
  const bottomBar = page.locator(".main-nav");
  await bottomBar.evaluate((nav: HTMLElement) => (nav.style.visibility = "hidden"));
  await documents.screenshot({ path: shotPath("console-invoice-refused-375.png") });
  await bottomBar.evaluate((nav: HTMLElement) => (nav.style.visibility = ""));
  expect(await accessibilityViolations(page, { include: [".documents"] })).toEqual([]);

  await street.fill("14 Hauz Khas Market");
  await field(documents, documentsText.form.state).selectOption("07");
  // A buyer in Delhi from a company in Uttar Pradesh: IGST, and the total in whole rupees.
  await expect(totals).toContainText("Place of supply: Delhi (07)");
  await expect(totals).toContainText(/IGST \d+%/);
  await issue.click();
  await expect(page.getByRole("status")).toContainText(/Tax invoice \S+ issued\./);
  const list = documents.getByRole("list", { name: documentsText.list.caption });
  const number = (await list.locator(".document-number").first().textContent()) ?? "";
  const invoice = list.getByRole("listitem").filter({ hasText: number }).first();
  await expect(invoice).toContainText("Owed since today");
  expect(number.length).toBeGreaterThan(0);
  expect(number.length).toBeLessThanOrEqual(16);

  // Its PDF, in the buyer's language (English here) as a PDF.
  const pdfLink = invoice.getByRole("link", {
    name: documentsText.list.of(documentsText.list.pdf("en"), number),
  });
  const pdf = await page.request.get(`${own.baseUrl}${await pdfLink.getAttribute("href")}`);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toContain("application/pdf");
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
  // And Rule 46's three copies in one file, to print at dispatch.
  const copiesLink = invoice.getByRole("link", {
    name: documentsText.list.of(documentsText.list.allCopies, number),
  });
  const copies = await page.request.get(`${own.baseUrl}${await copiesLink.getAttribute("href")}`);
  expect(copies.headers()["content-type"]).toContain("application/pdf");

  // Sent to the buyer by e-mail through the outbox, once for the click.
  await invoice
    .getByRole("button", { name: documentsText.list.of(documentsText.list.sendEmail, number) })
    .click();
  await expect(page.getByRole("status")).toContainText(documentsText.list.queued(number, "email"));
  await expect(page.getByRole("region", { name: "History" })).toContainText(`${number} sent by e-mail`);

  // Two part payments: the balance is offered, a part of it recorded, then the rest.
  await invoice
    .getByRole("button", { name: documentsText.list.of(documentsText.list.recordPayment, number) })
    .click();
  const amount = field(documents, paymentText.amount);
  await expect(amount).toBeFocused();
  expect(await accessibilityViolations(page, { include: [".documents"] })).toEqual([]);
  const total = Number(await amount.inputValue());
  expect(total).toBeGreaterThan(100);
  const first = Math.floor(total / 2);
  await amount.fill(String(first));
  await field(documents, paymentText.reference).fill("512345678901");
  await documents.getByRole("button", { name: paymentText.save }).click();
  await expect(page.getByRole("status")).toContainText(
    `Payment of ₹${first.toLocaleString("en-IN")}.00 recorded`,
  );
  await expect(invoice).toContainText("Part paid");

  // Part paid: a payment reminder goes to the buyer by e-mail, once for the click, in the history.
  await invoice
    .getByRole("button", { name: documentsText.list.of(documentsText.list.remindEmail, number) })
    .click();
  await expect(page.getByRole("status")).toContainText(documentsText.list.reminderQueued(number, "email"));
  await expect(page.getByRole("region", { name: "History" })).toContainText(
    `Payment reminder sent by e-mail for ${number}, ₹${(total - first).toLocaleString("en-IN")}.00 owed`,
  );
  // The Same buyer card says what this buyer owes, by age.
  const owed = page.getByRole("group", { name: buyerText.owedHeading });
  await expect(owed).toContainText(`₹${(total - first).toLocaleString("en-IN")}.00 on 1 tax invoice`);
  await expect(owed.getByRole("link")).toHaveText(
    `${number}: ₹${(total - first).toLocaleString("en-IN")}.00 owed for 0 days`,
  );
  await expect(page.getByRole("status")).toBeEmpty({ timeout: 10_000 });
  await invoice.evaluate((row) => row.scrollIntoView({ block: "start" }));
  await page.screenshot({ path: shotPath("console-invoice-reminder-375.png") });
  await owed.evaluate((part) => part.scrollIntoView({ block: "start" }));
  await page.screenshot({ path: shotPath("console-buyer-owed-375.png") });
  expect(await accessibilityViolations(page, { include: [".documents", ".buyer"] })).toEqual([]);
  await page.setViewportSize(viewportOf(widths.desktop));
  await invoice.evaluate((row) => row.scrollIntoView({ block: "start" }));
  await page.screenshot({ path: shotPath("console-invoice-reminder-1280.png") });
  await page.setViewportSize(viewportOf(widths.mobile));

  await invoice
    .getByRole("button", { name: documentsText.list.of(documentsText.list.recordPayment, number) })
    .click();
  await expect(amount).toHaveValue(String(total - first));
  await field(documents, paymentText.method).selectOption("bank-transfer");
  await field(documents, paymentText.reference).fill("HDFC0000123456");
  await documents.getByRole("button", { name: paymentText.save }).click();
  await expect(page.getByRole("status")).toContainText("the invoice is paid");
  await expect(invoice).toContainText("Paid");
  await expect(invoice).toContainText("Balance₹0.00");
  await expect(invoice.getByRole("button", { name: /Record a payment/ })).toHaveCount(0);
  await expect(
    invoice.getByRole("list", { name: `${documentsText.list.payments}, ${number}` }).getByRole("listitem"),
  ).toHaveText([
    `₹${first.toLocaleString("en-IN")}.00 by UPI on ${await todayWords(page)} (ref 512345678901)`,
    `₹${(total - first).toLocaleString("en-IN")}.00 by Bank transfer on ${await todayWords(page)} (ref HDFC0000123456)`,
  ]);
  // The enquiry's history says so, in the words the ledger writes.
  await expect(page.getByRole("region", { name: "History" })).toContainText(
    `by UPI (ref 512345678901) against ${number}`,
  );

  // Looked at without the toast over it, the section at the top of the screen.
  await expect(page.getByRole("status")).toBeEmpty({ timeout: 10_000 });
  await documents.evaluate((section) => section.scrollIntoView({ block: "start" }));
  await page.screenshot({ path: shotPath("console-invoice-375.png") });
  expect(await accessibilityViolations(page, { include: [".documents"] })).toEqual([]);
  await page.setViewportSize(viewportOf(widths.desktop));
  await documents.evaluate((section) => section.scrollIntoView({ block: "start" }));
  await page.screenshot({ path: shotPath("console-invoice-1280.png") });
  expect(await accessibilityViolations(page, { include: [".documents"] })).toEqual([]);
  // The refusal and the totals asked for before the address was there answered 422, as they should.
  forgiveFailedRequests(pageErrors, /status of 422/);
});

/** Today in Delhi as the console writes a day: "29 Nov 2026". */
async function todayWords(page: Page): Promise<string> {
  return page.evaluate(() =>
    new Intl.DateTimeFormat("en-IN", {
      timeZone: "Asia/Kolkata",
      day: "numeric",
      month: "short",
      year: "numeric",
    }).format(new Date()),
  );
}

test("an owner finds what is owed on the accounts page and downloads the month's GSTR-1 B2B CSV with the invoice in it", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const owner = await createStaff("owner", own.databaseUrl);
  const member = await createStaff("member", own.databaseUrl);
  const name = `Meera Stores ${uniqueTag()}`;
  const id = await confirmedEnquiry(
    request,
    member,
    { quantity: "300", value: "36,000", city: "Mumbai", pinCode: "400001", gstin: "27AAPFU0939F1ZV" },
    name,
  );
  const issued = await request.post(
    `${own.baseUrl}${ADMIN_API_PREFIX}${DOCUMENT_API_ROUTES.enquiryDocuments.replace(":id", id)}`,
    {
      headers: { origin: own.baseUrl },
      data: {
        kind: "tax-invoice",
        language: "en",
        buyer: {
          name,
          address: { lines: ["Shop 4, Crawford Market"], city: "Mumbai", stateCode: "27", pin: "400001" },
          shippingAddress: null,
          gstin: "27AAPFU0939F1ZV",
          email: null,
          mobile: null,
        },
        lines: [{ quantity: 300, unitPricePaise: null, discountPaise: 0 }],
        clickKey: `accounts-${uniqueTag()}`,
      },
    },
  );
  expect(issued.status()).toBe(201);
  const { document } = (await issued.json()) as { document: IssuedDocument };

  await page.setViewportSize(viewportOf(widths.mobile));
  await signIn(page, owner, own.baseUrl);
  await openFromNav(page, accountsText.nav);
  await expect(page.getByRole("heading", { level: 1, name: accountsText.title })).toBeVisible();
  const owed = page.getByRole("region", { name: accountsText.owedHeading });
  await expect(owed.getByRole("link", { name: document.number })).toBeVisible();
  await expect(page.getByRole("table", { name: accountsText.receivables })).toBeVisible();

  // The accountant's month is the invoice's month in India (IST), as its date on the invoice is.
  const month = istDay(new Date(document.issuedAt)).slice(0, 7);
  await page.getByLabel(accountsText.month, { exact: true }).fill(month);
  await expect(page).toHaveURL(new RegExp(`month=${month}$`));
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: /GSTR-1 B2B/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`gstr1-b2b-${month}.csv`);
  const csv = await (await file.createReadStream()).toArray();
  const text = Buffer.concat(csv as Buffer[]).toString("utf8");
  expect(text).toContain("27AAPFU0939F1ZV");
  expect(text).toContain(document.number);
  expect(await accessibilityViolations(page, { include: ["main"] })).toEqual([]);
  await page.screenshot({ path: shotPath("console-accounts-375.png"), fullPage: true });
  await page.setViewportSize(viewportOf(widths.desktop));
  await page.screenshot({ path: shotPath("console-accounts-1280.png"), fullPage: true });
  expect(await accessibilityViolations(page, { include: ["main"] })).toEqual([]);

  // The invoice owed leads to its enquiry.
  await owed.getByRole("link", { name: document.number }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
});

test("a tax invoice is issued with the keyboard alone", async ({ page, pageErrors, request }) => {
  test.setTimeout(90_000);
  await createStaff("owner", own.databaseUrl);
  const member = await createStaff("member", own.databaseUrl);
  const name = `Arjun Mehta ${uniqueTag()}`;
  const id = await confirmedEnquiry(
    request,
    member,
    { quantity: "60", value: "3,000", city: "New Delhi", pinCode: "110017", gstin: "" },
    name,
  );
  await page.setViewportSize(viewportOf(widths.desktop));
  await signIn(page, member, own.baseUrl);
  await page.goto(`${own.baseUrl}/admin/enquiries/${id}`);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

  // Tab to "Issue tax invoice", as a person without a mouse does.
  const issueButton = documentsOf(page).getByRole("button", { name: "Issue tax invoice" });
  for (let presses = 0; presses < 200; presses += 1) {
    if (await issueButton.evaluate((button) => button === document.activeElement)) break;
    await page.keyboard.press("Tab");
  }
  await expect(issueButton).toBeFocused();
  await page.keyboard.press("Enter");
  const documents = documentsOf(page);
  await expect(field(documents, documentsText.form.line1)).toBeFocused();
  await page.keyboard.type("22 Lodhi Road");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(field(documents, documentsText.form.city)).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(field(documents, documentsText.form.state)).toBeFocused();
  await page.keyboard.type("Delhi");
  await expect(field(documents, documentsText.form.state)).toHaveValue("07");
  await page.keyboard.press("Tab");
  await expect(field(documents, documentsText.form.pin)).toBeFocused();
  await expect(documents.getByRole("region", { name: documentsText.preview.heading })).toContainText("Total");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status")).toContainText(/Tax invoice \S+ issued\./);
  // The focus comes back to the section's heading, above the new invoice.
  await expect(documents.getByRole("heading", { name: documentsText.heading })).toBeFocused();
  await expect(documents.getByRole("list", { name: documentsText.list.caption })).toContainText(
    "Owed since today",
  );
  // The totals were asked for while the address was still missing: refused, as they should be.
  forgiveFailedRequests(pageErrors, /status of 422/);
});
