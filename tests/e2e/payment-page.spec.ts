/**
 * The buyer's payment page, as a buyer opens the link from the invoice's mail or WhatsApp message:
 * on a phone and a laptop, in English and Hindi, without JavaScript; its QR, photographed from the
 * screen, scans back to the UPI link for what is owed; paid in full it thanks the buyer; a wrong
 * link answers a page that says so.
 */
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { ENQUIRY_COLLECTION } from "../../domain/contract";
import type { CompanyFacts } from "../../domain/company-facts";
import type { DocumentBuyer, IssuedDocument } from "../../domain/invoice";
import { rupees } from "../../domain/money";
import { PAYMENT_PAGE_PATH, paymentPageWords } from "../../domain/payment-page";
import { PAYMENT_LINK_KEY, paymentToken } from "../../server/documents/payment-links";
import { SqliteStore } from "../../server/store";
import { FILLED_FACTS } from "../support/company-facts";
import { anEnquiry } from "../support/enquiry-builder";
import { accessibilityViolations, expect, test, viewportOf, widths } from "./support/fixtures";
import { forgiveFailedRequests } from "./support/forms";
import { serverOfItsOwn } from "./support/own-server";

const own = serverOfItsOwn("payment-page");

const FACTS: CompanyFacts = {
  ...FILLED_FACTS,
  billing: { ...FILLED_FACTS.billing, merchantUpiId: "aarogya@icici" },
};

const buyer: DocumentBuyer = {
  name: "Meera Stores",
  address: { lines: ["Shop 4, Lajpat Nagar Market"], city: "New Delhi", stateCode: "07", pin: "110024" },
  shippingAddress: null,
  gstin: "07AAGFF2194N1Z1",
  email: "meera.stores@example.com",
  mobile: "9811122233",
};

interface Issued {
  document: IssuedDocument;
  path: string;
}
const issued: { en?: Issued; hi?: Issued; paid?: Issued } = {};

/** Documents issued as a member issues them, and their links made with the site's own key. */
test.beforeAll(async () => {
  const store = await SqliteStore.open({
    path: own.databaseUrl.replace(/^sqlite:/, ""),
    enquiryCollection: ENQUIRY_COLLECTION,
  });
  try {
    await store.companyFacts.publish({
      facts: FACTS,
      baseVersion: null,
      by: "owner@example.com",
      now: new Date(),
    });
    const enquiry = await store.enquiries.add(
      anEnquiry({ Name: "Meera Stores", Mobile: "9811122233", RetailerSelfUse: "Retailer", Quantity: 300 }),
    );
    await store.work.changeStatus(enquiry.id, {
      to: "Confirmed",
      expectedVersion: 0,
      staffEmail: "sales@example.com",
      at: new Date(),
    });
    const key = await store.keys.key(PAYMENT_LINK_KEY);
    const issue = async (language: "en" | "hi", clickKey: string): Promise<Issued> => {
      const result = await store.work.issueDocument(enquiry.id, {
        kind: "tax-invoice",
        language,
        buyer,
        lines: [{ quantity: 300, unitPricePaise: null, discountPaise: 0 }],
        againstId: null,
        reason: null,
        staffEmail: "sales@example.com",
        at: new Date(),
        clickKey,
      });
      if (result.outcome !== "issued") throw new Error(result.outcome);
      return {
        document: result.document,
        path: `${PAYMENT_PAGE_PATH}/${paymentToken(key, result.document.id)}`,
      };
    };
    issued.en = await issue("en", "click-en");
    issued.hi = await issue("hi", "click-hi");
    issued.paid = await issue("en", "click-paid");
    // Part of the English one is paid; the last is paid in full.
    const pay = async (document: IssuedDocument, amountPaise: number, clickKey: string) => {
      const paid = await store.work.recordPayment(document.id, {
        amountPaise,
        method: "upi",
        reference: "412345678901",
        receivedOn: new Date().toISOString().slice(0, 10),
        clickKey,
        staffEmail: "sales@example.com",
        at: new Date(),
      });
      if (paid.outcome !== "recorded") throw new Error(paid.outcome);
    };
    await pay(issued.en.document, 200_000, "click-pay-part");
    await pay(issued.paid.document, issued.paid.document.totals.totalPaise, "click-pay-all");
  } finally {
    await store.close();
  }
});

/** Where a screenshot goes: SHOTS_DIR keeps them together for looking at; else beside the test's results. */
function shotPath(name: string): string {
  return process.env.SHOTS_DIR ? `${process.env.SHOTS_DIR}/${name}` : test.info().outputPath(name);
}

const money = (paise: number) => rupees(paise / 100);

for (const language of ["en", "hi"] as const) {
  for (const width of [widths.mobile, widths.desktop]) {
    test(`the payment page in ${language === "en" ? "English" : "Hindi"} at ${width} px shows what is owed and a QR that scans back to its UPI link, without a script`, async ({
      page,
    }) => {
      const { document: invoice, path } = issued[language]!;
      const say = paymentPageWords[language];
      const balance = invoice.totals.totalPaise - (language === "en" ? 200_000 : 0);
      await page.setViewportSize(viewportOf(width));
      const answer = await page.goto(`${own.baseUrl}${path}`);
      expect(answer?.status()).toBe(200);
      await expect(page.locator("html")).toHaveAttribute("lang", language === "en" ? "en-IN" : "hi-IN");
      await expect(page.getByRole("heading", { level: 1 })).toContainText(invoice.number);
      await expect(page.getByText(`${say.billedTo}: Meera Stores`)).toBeVisible();
      await expect(page.locator(".due dd")).toHaveText(money(balance));
      expect(await page.locator("script").count()).toBe(0);

      // The QR as Chromium draws it, photographed from the screen, scans back to the balance's link.
      const qr = page.getByRole("img", {
        name: say.qrAlternative(money(balance), invoice.supplier.legalName[language]),
      });
      await expect(qr).toBeVisible();
      const shot = PNG.sync.read(await qr.screenshot());
      const upi = await page.getByRole("link", { name: say.payWithApp }).getAttribute("href");
      expect(upi).toContain(`am=${(balance / 100).toFixed(2)}`);
      expect(jsQR(new Uint8ClampedArray(shot.data), shot.width, shot.height)?.data).toBe(upi);
      await expect(page.getByLabel(say.upiId)).toHaveValue("aarogya@icici");
      await expect(page.getByRole("link", { name: say.download })).toHaveAttribute("href", `${path}/pdf`);

      // Nothing wider than the screen; readable and labelled for a screen reader.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      expect(await accessibilityViolations(page)).toEqual([]);
      await page.screenshot({ path: shotPath(`payment-page-${language}-${width}.png`), fullPage: true });
    });
  }
}

test("paid in full, the page thanks the buyer and asks for nothing more", async ({ page }) => {
  const { document, path } = issued.paid!;
  await page.setViewportSize(viewportOf(widths.mobile));
  await page.goto(`${own.baseUrl}${path}`);
  await expect(page.getByRole("status")).toHaveText("Paid in full, thank you");
  await expect(page.locator(".due dd")).toHaveText(money(0));
  await expect(page.locator("dt:text-is('Received so far') + dd")).toHaveText(
    money(document.totals.totalPaise),
  );
  await expect(page.getByRole("img")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Pay with a UPI app" })).toHaveCount(0);
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.screenshot({ path: shotPath("payment-page-paid-375.png"), fullPage: true });
});

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the page and its QR are all there", async ({ page }) => {
    const { path } = issued.hi!;
    await page.setViewportSize(viewportOf(widths.mobile));
    await page.goto(`${own.baseUrl}${path}`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(issued.hi!.document.number);
    await expect(page.getByRole("img", { name: /QR/ })).toBeVisible();
    await expect(page.getByRole("link", { name: paymentPageWords.hi.payWithApp })).toBeVisible();
  });
});

test("a wrong link answers a page that says it does not work", async ({ page, pageErrors }) => {
  const { path } = issued.en!;
  const wrong = `${path.slice(0, -4)}${path.endsWith("AAAA") ? "BBBB" : "AAAA"}`;
  await page.setViewportSize(viewportOf(widths.mobile));
  const answer = await page.goto(`${own.baseUrl}${wrong}`);
  expect(answer?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This payment link does not work");
  await expect(page.getByRole("link", { name: "Go to the home page" })).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.screenshot({ path: shotPath("payment-page-not-found-375.png"), fullPage: true });
  // The 404 was asked for: Chromium's note of it is forgiven, and nothing else.
  forgiveFailedRequests(pageErrors, /404/);
});
