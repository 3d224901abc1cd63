import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, test } from "vitest";
import type { CompanyFacts } from "../../domain/company-facts";
import { DOCUMENT_API_ROUTES, type DocumentBuyer, type IssuedDocument } from "../../domain/invoice";
import { rupees } from "../../domain/money";
import { reminderUpiUri } from "../../domain/payment-reminder";
import { paymentPageWords } from "../../domain/payment-page";
import { addStaff, consoleRequest, signIn } from "../../tests/support/console-app";
import { FILLED_FACTS } from "../../tests/support/company-facts";
import { anEnquiry } from "../../tests/support/enquiry-builder";
import { decodeSvgQr } from "../../tests/support/svg-qr";
import { recordingLogStream } from "../../tests/support/recording-logger";
import { buildTestApp, type TestApp } from "../../tests/support/test-app";
import { PAYMENT_LINK_KEY, paymentToken } from "../documents/payment-links";

let testApp: TestApp | undefined;
afterEach(async () => {
  await testApp?.close();
  testApp = undefined;
});

const on = (route: string, values: Record<string, string>) =>
  Object.entries(values).reduce((path, [name, value]) => path.replace(`:${name}`, value), route);

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

const money = (paise: number) => rupees(paise / 100);

/** An app with the facts published and a confirmed enquiry; `env` adds to the test app's settings. */
async function shop(env: Record<string, string> = {}, options: Parameters<typeof buildTestApp>[1] = {}) {
  testApp = await buildTestApp({ LOG_LEVEL: "silent", ...env }, options);
  const { app } = testApp;
  await addStaff(app, "sales@example.com", "member");
  const published = await app.store.companyFacts.publish({
    facts: FACTS,
    baseVersion: null,
    by: "sales@example.com",
    now: new Date(),
  });
  if (published === "conflict") throw new Error("The facts could not be published");
  const enquiry = await app.store.enquiries.add(
    anEnquiry({ Name: "Meera Stores", Mobile: "9811122233", RetailerSelfUse: "Retailer", Quantity: 300 }),
  );
  const changed = await app.store.work.changeStatus(enquiry.id, {
    to: "Confirmed",
    expectedVersion: 0,
    staffEmail: "sales@example.com",
    at: new Date(),
  });
  if (changed.outcome !== "changed") throw new Error(changed.outcome);
  const sales = await signIn(app, "sales@example.com");
  let clicks = 0;
  const issue = async (body: Record<string, unknown> = {}) => {
    clicks += 1;
    const issued = await consoleRequest(
      app,
      sales,
      "POST",
      on(DOCUMENT_API_ROUTES.enquiryDocuments, { id: enquiry.id }),
      {
        kind: "tax-invoice",
        language: "en",
        buyer,
        lines: [{ quantity: 300, unitPricePaise: null, discountPaise: 0 }],
        clickKey: `click-issue-${clicks}`,
        ...body,
      },
    );
    if (issued.statusCode !== 201) throw new Error(issued.body);
    return issued.json<{ document: IssuedDocument }>().document;
  };
  const pay = async (invoice: IssuedDocument, amountPaise: number) => {
    clicks += 1;
    const paid = await consoleRequest(
      app,
      sales,
      "POST",
      on(DOCUMENT_API_ROUTES.payments, { id: invoice.id }),
      {
        amountPaise,
        method: "upi",
        reference: "412345678901",
        receivedOn: new Date().toISOString().slice(0, 10),
        clickKey: `click-pay-${clicks}`,
      },
    );
    expect(paid.statusCode).toBe(201);
  };
  /** The page at a link's path, as a browser asks for it. */
  const open = (path: string) => app.inject({ method: "GET", url: path, headers: { host: "localhost" } });
  const pathOf = async (document: IssuedDocument) =>
    new URL(await app.paymentLinks.url(document.id)).pathname;
  return { app, enquiry, sales, issue, pay, open, pathOf };
}

/** The page's text as a reader meets it: tags out, spaces squeezed. */
function visibleText(html: string): string {
  return html
    .replace(/<style[\s\S]*?<\/style>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, " ");
}

function qrOf(html: string): { svg: string; label: string } | null {
  const match = /<svg[^>]*aria-label="([^"]+)"[\s\S]*?<\/svg>/.exec(html);
  return match ? { svg: match[0], label: match[1]! } : null;
}

describe("the buyer's payment page", () => {
  test("shows the invoice, what is paid and the balance now, with a QR that scans back to the balance's UPI link; a payment changes it, and paid in full it thanks the buyer", async () => {
    const { issue, pay, open, pathOf } = await shop();
    const invoice = await issue();
    const path = await pathOf(invoice);
    // The link names no document: an opaque token, not the id nor the number.
    expect(path).toMatch(/^\/pay\/[A-Za-z0-9_-]{59}$/);
    expect(path).not.toContain(invoice.id);
    expect(path).not.toContain(invoice.id.replace(/-/g, ""));

    const first = await open(path);
    expect(first.statusCode).toBe(200);
    expect(first.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(first.headers["cache-control"]).toBe("no-store");
    expect(first.headers["referrer-policy"]).toBe("no-referrer");
    expect(first.headers["x-robots-tag"]).toBe("noindex, nofollow");
    // The site's headers: a policy that runs no inline script; the page has none.
    const csp = String(first.headers["content-security-policy"]);
    expect(csp).toMatch(/script-src 'self'/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(first.body).not.toMatch(/<script/i);
    expect(first.body).toContain('<meta name="robots" content="noindex, nofollow"/>');
    const text = visibleText(first.body);
    expect(text).toContain("Aarogya Nutrition Pvt. Ltd.");
    expect(text).toContain(`GSTIN ${invoice.supplier.gstin}`);
    expect(text).toContain(`Tax Invoice ${invoice.number}`);
    expect(text).toContain("Billed to: Meera Stores");
    expect(text).toContain(`Amount ${money(invoice.totals.totalPaise)}`);
    expect(text).toContain(`Received so far ${money(0)}`);
    expect(text).toContain(`To pay now ${money(invoice.totals.totalPaise)}`);
    // No personal data beyond the buyer's name: not their address, GSTIN, e-mail or mobile.
    for (const hidden of ["Lajpat Nagar", "110024", buyer.gstin!, buyer.email!, buyer.mobile!]) {
      expect(first.body).not.toContain(hidden);
    }
    // The QR scans back to the UPI link for what is owed, and says in words what it pays and to whom.
    const qr = qrOf(first.body)!;
    expect(decodeSvgQr(qr.svg)).toBe(invoice.upiUri);
    expect(qr.label).toBe(
      `QR code to pay ${money(invoice.totals.totalPaise)} to Aarogya Nutrition Pvt. Ltd. by UPI`,
    );
    expect(first.body).toContain(
      `<a class="pay" href="${invoice.upiUri!.replace(/&/g, "&amp;")}">Pay with a UPI app</a>`,
    );
    expect(first.body).toContain(
      '<label for="upi-id">Our UPI ID</label><input id="upi-id" type="text" readOnly=""',
    );
    expect(first.body).toMatch(/<input id="upi-id"[^>]* value="aarogya@icici"\/>/);
    expect(text).toContain("Account number 50200098765432");
    expect(first.body).toContain(`<a href="${path}/pdf">Download the invoice (PDF)</a>`);

    // A part payment: the page reads the store again, and the QR asks for the balance only.
    await pay(invoice, 100_000);
    const balance = invoice.totals.totalPaise - 100_000;
    const second = await open(path);
    const after = visibleText(second.body);
    expect(after).toContain(`Received so far ${money(100_000)}`);
    expect(after).toContain(`To pay now ${money(balance)}`);
    const owed = qrOf(second.body)!;
    expect(decodeSvgQr(owed.svg)).toBe(reminderUpiUri(invoice, balance));
    expect(decodeSvgQr(owed.svg)).toContain(`am=${(balance / 100).toFixed(2)}`);

    // Paid in full: thanked, and nothing more to pay with.
    await pay(invoice, balance);
    const paid = await open(path);
    expect(paid.statusCode).toBe(200);
    expect(visibleText(paid.body)).toContain(`To pay now ${money(0)}`);
    expect(paid.body).toContain('<p class="paid" role="status">Paid in full, thank you</p>');
    expect(qrOf(paid.body)).toBeNull();
    expect(paid.body).not.toContain("upi://");
    expect(paid.body).not.toContain("50200098765432");

    // The PDF is the invoice as issued, for download.
    const pdf = await open(`${path}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
  });

  test("is in the invoice's language, Hindi here, and in English when asked", async () => {
    const { issue, open, pathOf } = await shop();
    const invoice = await issue({ language: "hi" });
    const path = await pathOf(invoice);
    const hindi = await open(path);
    expect(hindi.body).toContain('<html lang="hi-IN">');
    const text = visibleText(hindi.body);
    const say = paymentPageWords.hi;
    expect(text).toContain(`कर बीजक ${invoice.number}`);
    expect(text).toContain(`${say.billedTo}: Meera Stores`);
    expect(text).toContain(`${say.balance} ${money(invoice.totals.totalPaise)}`);
    expect(qrOf(hindi.body)!.label).toBe(
      say.qrAlternative(money(invoice.totals.totalPaise), "आरोग्य न्यूट्रिशन प्रा. लि."),
    );
    expect(hindi.body).toContain(`<a href="${path}?lang=en" lang="en-IN">View in English</a>`);
    const english = await open(`${path}?lang=en`);
    expect(english.body).toContain('<html lang="en-IN">');
    expect(visibleText(english.body)).toContain(`Tax Invoice ${invoice.number}`);
  });

  test("a pro-forma's page asks for its total and says it is not a tax invoice", async () => {
    const { issue, open, pathOf } = await shop();
    const proforma = await issue({ kind: "proforma" });
    const page = await open(await pathOf(proforma));
    expect(page.statusCode).toBe(200);
    const text = visibleText(page.body);
    expect(text).toContain(`Pro-forma Invoice ${proforma.number}`);
    expect(text).toContain(`To pay now ${money(proforma.totals.totalPaise)}`);
    expect(text).not.toContain("Received so far");
    expect(text).toContain("This is not a tax invoice");
    expect(decodeSvgQr(qrOf(page.body)!.svg)).toBe(proforma.upiUri);
  });

  test("a wrong, altered or another site's link, another document's kind, and the document's id all answer the same 404 page", async () => {
    const { app, issue, open, pathOf } = await shop();
    const invoice = await issue();
    const quotation = await issue({ kind: "quotation" });
    const path = await pathOf(invoice);
    const token = path.slice("/pay/".length);
    const flipped = `${token.slice(0, 20)}${token[20] === "A" ? "B" : "A"}${token.slice(21)}`;
    const otherKey = paymentToken(randomBytes(32), invoice.id);
    const storedKey = await app.store.keys.key(PAYMENT_LINK_KEY);
    const wrongPaths = [
      `/pay/${flipped}`,
      `/pay/${token.slice(0, -1)}`,
      `/pay/${token}x`,
      `/pay/${otherKey}`,
      `/pay/${invoice.id}`,
      `/pay/${encodeURIComponent(invoice.number)}`,
      // A quotation has no page, though its token is the site's own.
      `/pay/${paymentToken(storedKey, quotation.id)}`,
      `/pay/${otherKey}/pdf`,
    ];
    for (const wrong of wrongPaths) {
      const answer = await open(wrong);
      expect([wrong, answer.statusCode]).toEqual([wrong, 404]);
      expect(answer.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(answer.body).toContain("<h1>This payment link does not work</h1>");
      expect(answer.body).toContain('<meta name="robots" content="noindex">');
      expect(answer.body).not.toContain(invoice.number);
    }
    const hindi = await open(`/pay/${flipped}?lang=hi`);
    expect(hindi.statusCode).toBe(404);
    expect(hindi.body).toContain(`<h1>${paymentPageWords.hi.notFoundTitle}</h1>`);
    // The right link still works.
    expect((await open(path)).statusCode).toBe(200);
  });

  test("an invoice credited in full loses its page; one erased at the end of its retention period shows nothing", async () => {
    const { app, sales, enquiry, issue, open, pathOf } = await shop();
    const credited = await issue();
    const kept = await issue({ clickKey: "click-kept" });
    const creditedPath = await pathOf(credited);
    const keptPath = await pathOf(kept);
    const note = await consoleRequest(
      app,
      sales,
      "POST",
      on(DOCUMENT_API_ROUTES.enquiryDocuments, { id: enquiry.id }),
      {
        kind: "credit-note",
        language: "en",
        buyer,
        lines: [{ quantity: 300, unitPricePaise: null, discountPaise: 0 }],
        againstId: credited.id,
        reason: "Returned unopened",
        clickKey: "click-credit",
      },
    );
    expect(note.statusCode).toBe(201);
    const revoked = await open(creditedPath);
    expect(revoked.statusCode).toBe(404);
    expect(revoked.body).not.toContain(credited.number);
    expect((await open(keptPath)).statusCode).toBe(200);

    // Eight years on, the tax records of this year are past their statutory period and erased.
    const later = new Date(Date.now() + 8 * 366 * 24 * 60 * 60 * 1000);
    const erased = await app.store.retention.eraseExpired({
      now: later,
      closedEnquiryDays: 365,
      vitalsDays: 90,
    });
    expect(erased.taxRecords).toBeGreaterThan(0);
    const gone = await open(keptPath);
    expect(gone.statusCode).toBe(404);
    expect(gone.body).toContain("<h1>This payment link does not work</h1>");
    expect(gone.body).not.toContain(kept.number);
    expect(gone.body).not.toContain("Meera Stores");
  });

  test("is rate-limited per address as the site's forms are", async () => {
    const { issue, open, pathOf } = await shop({ RATE_LIMIT_PER_MINUTE: "3" });
    const path = await pathOf(await issue());
    const answers = [];
    for (let request = 0; request < 4; request += 1) answers.push((await open(path)).statusCode);
    expect(answers).toEqual([200, 200, 200, 429]);
  });

  test("its request lines name the route, never the token nor the buyer", async () => {
    const log = recordingLogStream();
    const { issue, open, pathOf } = await shop({}, { logger: { level: "info", stream: log.stream } });
    const path = await pathOf(await issue());
    const token = path.slice("/pay/".length);
    expect((await open(path)).statusCode).toBe(200);
    expect((await open(`${path}/pdf`)).statusCode).toBe(200);
    expect((await open(`/pay/${token.slice(0, -2)}AA`)).statusCode).toBe(404);
    const written = log.text();
    for (const secret of [token, token.slice(0, 20), "Meera"]) expect(written).not.toContain(secret);
    const urls = log
      .lines()
      .map((line) => (line.req as { url?: string } | undefined)?.url)
      .filter(Boolean);
    expect(urls).toEqual(expect.arrayContaining(["/pay/:token", "/pay/:token/pdf"]));
  });
});
