import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import type { CompanyFacts } from "../../domain/company-facts";
import { ADMIN_API_PREFIX } from "../../domain/console";
import { istDay } from "../../domain/gst";
import {
  DOCUMENT_API_ROUTES,
  type DocumentBuyer,
  type EnquiryDocuments,
  type IssuedDocument,
  type Receivables,
} from "../../domain/invoice";
import { addStaff, consoleRequest, signIn, TEST_HOST, TEST_ORIGIN } from "../../tests/support/console-app";
import { FILLED_FACTS } from "../../tests/support/company-facts";
import { anEnquiry } from "../../tests/support/enquiry-builder";
import { startMailSink, type MailSink } from "../../tests/support/mail-sink";
import { documentMessages } from "../../domain/invoice";
import { reminderUpiUri } from "../../domain/payment-reminder";
import { buildTestApp, waitForEmptyOutbox, type TestApp } from "../../tests/support/test-app";

let testApp: TestApp | undefined;
let sink: MailSink | undefined;
afterEach(async () => {
  await testApp?.close();
  testApp = undefined;
  await sink?.close();
  sink = undefined;
});

/** The text of a PDF as poppler's pdftotext reads it. */
function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), "document-pdf-"));
  try {
    const file = join(dir, "document.pdf");
    writeFileSync(file, pdf);
    return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const on = (route: string, values: Record<string, string>) =>
  Object.entries(values).reduce((path, [name, value]) => path.replace(`:${name}`, value), route);

const FACTS: CompanyFacts = {
  ...FILLED_FACTS,
  billing: { ...FILLED_FACTS.billing, merchantUpiId: "aarogya@icici" },
};

const delhiShop: DocumentBuyer = {
  name: "Meera Stores",
  address: { lines: ["Shop 4, Lajpat Nagar Market"], city: "New Delhi", stateCode: "07", pin: "110024" },
  shippingAddress: null,
  gstin: "07AAGFF2194N1Z1",
  email: "meera.stores@example.com",
  mobile: "9811122233",
};

const invoiceBody = {
  kind: "tax-invoice",
  language: "en",
  buyer: delhiShop,
  lines: [{ quantity: 300, unitPricePaise: null, discountPaise: 0 }],
};

/** An app with the company's facts published, an owner and a member, and one enquiry in `status`. */
async function shop(status: "Contacted" | "Confirmed" = "Confirmed", options: { mail?: boolean } = {}) {
  if (options.mail) sink = await startMailSink();
  testApp = await buildTestApp(
    {
      LOG_LEVEL: "silent",
      ...(sink ? { SMTP_URL: sink.url, NOTIFY_TO: "orders@collarise.example" } : {}),
    },
    sink ? { outbox: { pollIntervalMs: 50 } } : {},
  );
  const { app } = testApp;
  await addStaff(app, "owner@example.com", "owner");
  await addStaff(app, "sales@example.com", "member");
  const published = await app.store.companyFacts.publish({
    facts: FACTS,
    baseVersion: null,
    by: "owner@example.com",
    now: new Date(),
  });
  if (published === "conflict") throw new Error("The facts could not be published");
  const enquiry = await app.store.enquiries.add(
    anEnquiry({ Name: "Meera Stores", Mobile: "9811122233", RetailerSelfUse: "Retailer", Quantity: 300 }),
  );
  const changed = await app.store.work.changeStatus(enquiry.id, {
    to: status,
    expectedVersion: 0,
    staffEmail: "sales@example.com",
    at: new Date(),
  });
  if (changed.outcome !== "changed") throw new Error(changed.outcome);
  return {
    app,
    enquiry,
    owner: await signIn(app, "owner@example.com"),
    sales: await signIn(app, "sales@example.com"),
  };
}

describe("documents and payments through the console's API", () => {
  test("a confirmed enquiry becomes a tax invoice, two part payments bring its balance to 0, and the owner gets the month's files", async () => {
    const { app, enquiry, sales, owner } = await shop();
    const documentsPath = on(DOCUMENT_API_ROUTES.enquiryDocuments, { id: enquiry.id });

    const draft = await consoleRequest(
      app,
      sales,
      "POST",
      on(DOCUMENT_API_ROUTES.draft, { id: enquiry.id }),
      invoiceBody,
    );
    expect(draft.statusCode).toBe(200);
    const drafted = draft.json<{ draft: Omit<IssuedDocument, "number"> }>().draft;
    expect(drafted.buyer.name).toBe("Meera Stores");
    // A draft stores nothing.
    expect(
      (await consoleRequest(app, sales, "GET", documentsPath)).json<EnquiryDocuments>().documents,
    ).toEqual([]);

    const issued = await consoleRequest(app, sales, "POST", documentsPath, {
      ...invoiceBody,
      clickKey: "click-issue-1",
    });
    expect(issued.statusCode).toBe(201);
    const invoice = issued.json<{ document: IssuedDocument }>().document;
    expect(invoice).toMatchObject({
      kind: "tax-invoice",
      sequence: 1,
      financialYear: expect.stringMatching(/^\d{4}-\d{2}$/),
    });
    expect(invoice.totals.totalPaise).toBe(drafted.totals.totalPaise);
    expect(invoice.upiUri).toMatch(/^upi:\/\/pay\?pa=aarogya%40icici|^upi:\/\/pay\?pa=aarogya@icici/);
    // The same click again (a double tap, a retry) issues nothing more.
    const again = await consoleRequest(app, sales, "POST", documentsPath, {
      ...invoiceBody,
      clickKey: "click-issue-1",
    });
    expect(again.statusCode).toBe(201);
    expect(again.json<{ document: IssuedDocument }>().document).toEqual(invoice);

    const total = invoice.totals.totalPaise;
    const listed = (await consoleRequest(app, sales, "GET", documentsPath)).json<EnquiryDocuments>();
    expect(listed.documents).toEqual([invoice]);
    expect(listed.balances).toEqual({ [invoice.id]: total });

    const paymentsPath = on(DOCUMENT_API_ROUTES.payments, { id: invoice.id });
    const half = Math.floor(total / 2);
    const first = await consoleRequest(app, sales, "POST", paymentsPath, {
      amountPaise: half,
      method: "upi",
      reference: "412345678901",
      receivedOn: "2026-11-21",
      clickKey: "click-pay-1",
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      payment: { amountPaise: half, method: "upi" },
      balancePaise: total - half,
    });

    const tooMuch = await consoleRequest(app, sales, "POST", paymentsPath, {
      amountPaise: total,
      method: "bank-transfer",
      reference: "UTR123",
      receivedOn: "2026-11-22",
      clickKey: "click-pay-too-much",
    });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json()).toMatchObject({ error: "This payment is more than the invoice still asks for." });

    const receivables = (
      await consoleRequest(app, owner, "GET", DOCUMENT_API_ROUTES.receivables)
    ).json<Receivables>();
    expect(receivables.invoices).toEqual([
      expect.objectContaining({
        id: invoice.id,
        number: invoice.number,
        buyerName: "Meera Stores",
        balancePaise: total - half,
        bucket: "0-7",
      }),
    ]);
    expect(receivables.buckets["0-7"]).toEqual({ count: 1, balancePaise: total - half });

    const second = await consoleRequest(app, sales, "POST", paymentsPath, {
      amountPaise: total - half,
      method: "bank-transfer",
      reference: "UTR123",
      receivedOn: "2026-11-22",
      clickKey: "click-pay-2",
    });
    expect(second.statusCode).toBe(201);
    expect(second.json()).toMatchObject({ balancePaise: 0 });
    const paid = (await consoleRequest(app, sales, "GET", documentsPath)).json<EnquiryDocuments>();
    expect(paid.payments.map((payment) => payment.amountPaise)).toEqual([half, total - half]);
    expect(paid.balances).toEqual({ [invoice.id]: 0 });
    expect(
      (await consoleRequest(app, owner, "GET", DOCUMENT_API_ROUTES.receivables)).json<Receivables>().invoices,
    ).toEqual([]);

    const history = await consoleRequest(app, sales, "GET", `/enquiries/${enquiry.id}`);
    const lines = (history.json<{ history: { text: string | null }[] }>().history ?? []).map(
      (line) => line.text,
    );
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`^Tax invoice ${invoice.number} issued: ₹`)),
        expect.stringMatching(/^Payment ₹[\d,.]+ by UPI \(ref 412345678901\) against /),
        expect.stringMatching(/^Payment ₹[\d,.]+ by bank transfer \(ref UTR123\) against /),
      ]),
    );

    // The accountant's month is the invoice's month in India (IST), as its date on the invoice is.
    const month = istDay(new Date(invoice.issuedAt)).slice(0, 7);
    const csv = await consoleRequest(
      app,
      owner,
      "GET",
      on(DOCUMENT_API_ROUTES.gstr1, { month, section: "b2b" }),
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toMatch(/^text\/csv/);
    expect(csv.body).toContain(delhiShop.gstin);
    expect(csv.body).toContain(invoice.number);
    const tally = await consoleRequest(app, owner, "GET", on(DOCUMENT_API_ROUTES.tally, { month }));
    expect(tally.statusCode).toBe(200);
    expect(tally.body).toContain(invoice.number);
  });

  test("a payment form's click records one payment: again on its invoice it answers that payment, on another invoice it is refused and records nothing", async () => {
    const { app, enquiry, sales } = await shop();
    const other = await app.store.enquiries.add(
      anEnquiry({ Name: "Kapoor Medicals", RetailerSelfUse: "Retailer", Quantity: 300 }),
    );
    await app.store.work.changeStatus(other.id, {
      to: "Confirmed",
      expectedVersion: 0,
      staffEmail: "sales@example.com",
      at: new Date(),
    });
    const issue = async (id: string, clickKey: string) =>
      (
        await consoleRequest(app, sales, "POST", on(DOCUMENT_API_ROUTES.enquiryDocuments, { id }), {
          ...invoiceBody,
          clickKey,
        })
      ).json<{ document: IssuedDocument }>().document;
    const first = await issue(enquiry.id, "click-issue-first");
    const second = await issue(other.id, "click-issue-second");
    const pay = (invoice: IssuedDocument) =>
      consoleRequest(app, sales, "POST", on(DOCUMENT_API_ROUTES.payments, { id: invoice.id }), {
        amountPaise: 10_000,
        method: "upi",
        reference: "412345678902",
        receivedOn: "2026-11-21",
        clickKey: "click-pay-shared",
      });

    const paid = await pay(first);
    expect(paid.statusCode).toBe(201);
    const again = await pay(first);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(paid.json());

    const elsewhere = await pay(second);
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json()).toEqual({ error: documentMessages.clickReused });
    const listed = (
      await consoleRequest(app, sales, "GET", on(DOCUMENT_API_ROUTES.enquiryDocuments, { id: other.id }))
    ).json<EnquiryDocuments>();
    expect(listed.payments).toEqual([]);
    expect(listed.balances).toEqual({ [second.id]: second.totals.totalPaise });
  });

  test("a credit note past what its invoice can still be credited is refused with the rest named, in the draft and the issue", async () => {
    const { app, enquiry, sales } = await shop();
    const documentsPath = on(DOCUMENT_API_ROUTES.enquiryDocuments, { id: enquiry.id });
    const issued = await consoleRequest(app, sales, "POST", documentsPath, {
      ...invoiceBody,
      clickKey: "click-invoice",
    });
    const invoice = issued.json<{ document: IssuedDocument }>().document;
    const note = (quantity: number) => ({
      kind: "credit-note",
      language: "en",
      buyer: delhiShop,
      lines: [{ quantity, unitPricePaise: null, discountPaise: 0 }],
      againstId: invoice.id,
      reason: `${quantity} sachets returned`,
    });
    const first = await consoleRequest(app, sales, "POST", documentsPath, {
      ...note(200),
      clickKey: "click-note-1",
    });
    expect(first.statusCode).toBe(201);
    const credited = first.json<{ document: IssuedDocument }>().document.totals.totalPaise;
    const left = invoice.totals.totalPaise - credited;
    const expected = {
      error: `The credit notes against ${invoice.number} would come to more than the invoice: ₹${(left / 100).toLocaleString("en-IN", { minimumFractionDigits: 2 })} can still be credited.`,
      creditablePaise: left,
    };
    const drafted = await consoleRequest(
      app,
      sales,
      "POST",
      on(DOCUMENT_API_ROUTES.draft, { id: enquiry.id }),
      note(150),
    );
    expect({ status: drafted.statusCode, body: drafted.json() }).toEqual({ status: 422, body: expected });
    const refused = await consoleRequest(app, sales, "POST", documentsPath, {
      ...note(150),
      clickKey: "click-note-2",
    });
    expect({ status: refused.statusCode, body: refused.json() }).toEqual({ status: 422, body: expected });
    const listed = (await consoleRequest(app, sales, "GET", documentsPath)).json<EnquiryDocuments>();
    expect(listed.documents.map((document) => document.kind)).toEqual(["tax-invoice", "credit-note"]);
  });

  test("sachets returned in parts credit exactly the invoice: the last part takes what it still holds, the invoice then owing nothing", async () => {
    const { app, enquiry, sales } = await shop();
    const documentsPath = on(DOCUMENT_API_ROUTES.enquiryDocuments, { id: enquiry.id });
    const invoice = (
      await consoleRequest(app, sales, "POST", documentsPath, {
        ...invoiceBody,
        lines: [{ quantity: 30, unitPricePaise: null, discountPaise: 1_234 }],
        clickKey: "click-invoice",
      })
    ).json<{ document: IssuedDocument }>().document;
    const notes: IssuedDocument[] = [];
    for (const [index, quantity] of [7, 7, 7, 9].entries()) {
      const issued = await consoleRequest(app, sales, "POST", documentsPath, {
        kind: "credit-note",
        language: "en",
        buyer: delhiShop,
        lines: [{ quantity, unitPricePaise: null, discountPaise: Math.round((1_234 * quantity) / 30) }],
        againstId: invoice.id,
        reason: `${quantity} sachets returned`,
        clickKey: `click-return-${index}`,
      });
      expect(issued.statusCode, issued.body).toBe(201);
      notes.push(issued.json<{ document: IssuedDocument }>().document);
    }
    const sum = (pick: (document: IssuedDocument) => number) =>
      notes.reduce((total, note) => total + pick(note), 0);
    expect({
      total: sum((note) => note.totals.totalPaise),
      taxable: sum((note) => note.totals.taxableValuePaise),
      cgst: sum((note) => note.totals.cgstPaise),
      sgst: sum((note) => note.totals.sgstPaise),
    }).toEqual({
      total: invoice.totals.totalPaise,
      taxable: invoice.totals.taxableValuePaise,
      cgst: invoice.totals.cgstPaise,
      sgst: invoice.totals.sgstPaise,
    });
    const listed = (await consoleRequest(app, sales, "GET", documentsPath)).json<EnquiryDocuments>();
    expect(listed.balances[invoice.id]).toBe(0);
  });

  test("an invoice refused names each missing field and stores nothing; a tax invoice waits for Confirmed", async () => {
    const { app, enquiry, sales } = await shop("Contacted");
    const documentsPath = on(DOCUMENT_API_ROUTES.enquiryDocuments, { id: enquiry.id });
    const early = await consoleRequest(app, sales, "POST", documentsPath, {
      ...invoiceBody,
      clickKey: "click-early",
    });
    expect(early.statusCode).toBe(422);
    expect(early.json()).toEqual({
      error: "A tax invoice can be issued only once the sale is Confirmed.",
    });

    const quotation = await consoleRequest(app, sales, "POST", documentsPath, {
      ...invoiceBody,
      kind: "quotation",
      buyer: { ...delhiShop, name: " ", address: { ...delhiShop.address, pin: "0110" } },
      clickKey: "click-quote",
    });
    expect(quotation.statusCode).toBe(422);
    const refusal = quotation.json<{ error: string; missing: { field: string; message: string }[] }>();
    expect(refusal.missing.map((missing) => missing.field)).toEqual(
      expect.arrayContaining(["buyer.name", "buyer.address.pin"]),
    );
    expect(
      (await consoleRequest(app, sales, "GET", documentsPath)).json<EnquiryDocuments>().documents,
    ).toEqual([]);
  });

  test("every route asks for a session; the month's files are the owners'", async () => {
    const { app, enquiry, sales } = await shop();
    const issued = await consoleRequest(
      app,
      sales,
      "POST",
      on(DOCUMENT_API_ROUTES.enquiryDocuments, { id: enquiry.id }),
      {
        ...invoiceBody,
        clickKey: "click-issue-1",
      },
    );
    const documentId = issued.json<{ document: IssuedDocument }>().document.id;
    const routes: { method: "GET" | "POST"; path: string; ownerOnly: boolean }[] = [
      { method: "GET", path: on(DOCUMENT_API_ROUTES.enquiryDocuments, { id: enquiry.id }), ownerOnly: false },
      {
        method: "POST",
        path: on(DOCUMENT_API_ROUTES.enquiryDocuments, { id: enquiry.id }),
        ownerOnly: false,
      },
      { method: "POST", path: on(DOCUMENT_API_ROUTES.draft, { id: enquiry.id }), ownerOnly: false },
      { method: "POST", path: on(DOCUMENT_API_ROUTES.payments, { id: documentId }), ownerOnly: false },
      { method: "GET", path: on(DOCUMENT_API_ROUTES.pdf, { id: documentId }), ownerOnly: false },
      { method: "POST", path: on(DOCUMENT_API_ROUTES.send, { id: documentId }), ownerOnly: false },
      { method: "POST", path: on(DOCUMENT_API_ROUTES.remind, { id: documentId }), ownerOnly: false },
      { method: "GET", path: DOCUMENT_API_ROUTES.receivables, ownerOnly: false },
      {
        method: "GET",
        path: on(DOCUMENT_API_ROUTES.gstr1, { month: "2026-11", section: "b2b" }),
        ownerOnly: true,
      },
      { method: "GET", path: on(DOCUMENT_API_ROUTES.tally, { month: "2026-11" }), ownerOnly: true },
    ];
    for (const route of routes) {
      const anonymous = await app.inject({
        method: route.method,
        url: `${ADMIN_API_PREFIX}${route.path}`,
        headers: { host: TEST_HOST, origin: TEST_ORIGIN },
        ...(route.method === "POST" ? { payload: {} } : {}),
      });
      expect([route.path, anonymous.statusCode]).toEqual([route.path, 401]);
      if (route.ownerOnly) {
        const member = await consoleRequest(app, sales, route.method, route.path);
        expect([route.path, member.statusCode]).toEqual([route.path, 403]);
      }
    }
    // A state-changing request from another site is refused before anything is read.
    const crossSite = await app.inject({
      method: "POST",
      url: `${ADMIN_API_PREFIX}${on(DOCUMENT_API_ROUTES.payments, { id: documentId })}`,
      headers: { host: TEST_HOST, origin: "https://elsewhere.example" },
      payload: {},
    });
    expect(crossSite.statusCode).toBe(403);
  });
  test("the PDF is the document as issued, in either language and with its copies", async () => {
    const { app, enquiry, sales } = await shop();
    const issued = await consoleRequest(
      app,
      sales,
      "POST",
      on(DOCUMENT_API_ROUTES.enquiryDocuments, { id: enquiry.id }),
      {
        ...invoiceBody,
        clickKey: "click-issue-1",
      },
    );
    const invoice = issued.json<{ document: IssuedDocument }>().document;
    const pdf = await consoleRequest(app, sales, "GET", on(DOCUMENT_API_ROUTES.pdf, { id: invoice.id }));
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain(invoice.number);
    expect(text).toContain("Meera Stores");
    expect(text).toContain("Original for Recipient");
    expect(text).not.toContain("Duplicate for Transporter");
    const all = pdfText(
      (await consoleRequest(app, sales, "GET", `${on(DOCUMENT_API_ROUTES.pdf, { id: invoice.id })}?copy=all`))
        .rawPayload,
    );
    for (const copy of ["Original for Recipient", "Duplicate for Transporter", "Triplicate for Supplier"]) {
      expect(all).toContain(copy);
    }
    const hindi = await consoleRequest(
      app,
      sales,
      "GET",
      `${on(DOCUMENT_API_ROUTES.pdf, { id: invoice.id })}?language=hi`,
    );
    expect(hindi.statusCode).toBe(200);
    expect(pdfText(hindi.rawPayload)).toContain(invoice.number);
    expect(
      (await consoleRequest(app, sales, "GET", on(DOCUMENT_API_ROUTES.pdf, { id: "no-such-document" })))
        .statusCode,
    ).toBe(404);
  });

  test("a payment reminder reaches the buyer once per click, in the invoice's language, with the balance, its payment page and bank details; a paid invoice is refused", async () => {
    const { app, enquiry, sales, owner } = await shop("Confirmed", { mail: true });
    const invoice = (
      await consoleRequest(app, sales, "POST", on(DOCUMENT_API_ROUTES.enquiryDocuments, { id: enquiry.id }), {
        ...invoiceBody,
        language: "hi",
        clickKey: "click-issue-hi",
      })
    ).json<{ document: IssuedDocument }>().document;
    const part = 100_000;
    const paid = await consoleRequest(
      app,
      sales,
      "POST",
      on(DOCUMENT_API_ROUTES.payments, { id: invoice.id }),
      {
        amountPaise: part,
        method: "upi",
        reference: "412345678901",
        receivedOn: new Date().toISOString().slice(0, 10),
        clickKey: "click-pay-part",
      },
    );
    expect(paid.statusCode).toBe(201);
    const balance = invoice.totals.totalPaise - part;
    const remindPath = on(DOCUMENT_API_ROUTES.remind, { id: invoice.id });
    const remind = (who: string, clickKey: string, channel = "email") =>
      consoleRequest(app, who, "POST", remindPath, { channel, clickKey });
    // A member may remind as they may send the invoice; the same click twice sends one reminder.
    expect((await remind(sales, "click-remind-1")).statusCode).toBe(202);
    expect((await remind(sales, "click-remind-1")).statusCode).toBe(202);
    // WhatsApp is not set up on this site: said so, nothing queued.
    const whatsapp = await remind(owner, "click-remind-wa", "whatsapp");
    expect([whatsapp.statusCode, whatsapp.json()]).toEqual([409, { error: documentMessages.whatsappOff }]);

    const isReminder = (mail: MailSink["mails"][number]) =>
      mail.envelopeTo.includes("meera.stores@example.com") && /अनुस्मरण/.test(mail.parsed.subject ?? "");
    await waitForEmptyOutbox(testApp!);
    await expect.poll(() => sink!.mails.filter(isReminder).length, { timeout: 10_000 }).toBe(1);
    const mail = sink!.mails.find(isReminder)!;
    const money = (paise: number) =>
      new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR" }).format(paise / 100);
    expect(mail.parsed.subject).toBe(`भुगतान अनुस्मरण: आरोग्य न्यूट्रिशन प्रा. लि. का इनवॉइस ${invoice.number}`);
    const text = mail.parsed.text ?? "";
    expect(text).toContain("प्रिय Meera Stores,");
    expect(text).toContain(`हमारे टैक्स इनवॉइस ${invoice.number}, दिनांक `);
    expect(text).toContain(`पर ${money(balance)} अभी बकाया है।`);
    expect(text).toContain(`में से ${money(part)} हमें धन्यवाद सहित मिल चुके हैं।`);
    // The link is the invoice's payment page (an https link a mail program opens), whose UPI link
    // asks for the balance, not the invoice's total.
    const link = await app.paymentLinks.url(invoice.id);
    expect(text).toContain(`बकाया राशि देखने और UPI या बैंक ट्रांसफ़र से भुगतान के लिए यह पेज खोलें:\n${link}`);
    expect(mail.parsed.html).toContain(`<a href="${link}">`);
    expect(text).not.toContain("upi://");
    const page = await app.inject({
      method: "GET",
      url: new URL(link).pathname,
      headers: { host: "localhost" },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(reminderUpiUri(invoice, balance)!.replace(/&/g, "&amp;"));
    expect(text).toContain("हमारी UPI ID aarogya@icici पर भुगतान करें");
    expect(text).toContain("खाता संख्या 50200098765432, IFSC HDFC0004321");
    expect(mail.parsed.attachments).toHaveLength(0);

    const detail = (await consoleRequest(app, sales, "GET", `/enquiries/${enquiry.id}`)).json<{
      history: { text: string | null }[];
      buyer: { owed?: Receivables };
    }>();
    // The enquiry's Same buyer card: what the buyer owes, by age.
    expect(detail.buyer.owed?.buckets).toEqual({
      "0-7": { count: 1, balancePaise: balance },
      "8-30": { count: 0, balancePaise: 0 },
      "over-30": { count: 0, balancePaise: 0 },
    });
    expect(detail.buyer.owed?.invoices.map((owed) => owed.number)).toEqual([invoice.number]);
    const { history } = detail;
    expect(
      history.filter(
        (line) =>
          line.text === `Payment reminder sent by e-mail for ${invoice.number}, ${money(balance)} owed`,
      ),
    ).toHaveLength(1);
    const activity = await app.store.activity.list({ limit: 20 });
    expect(activity.items.filter((entry) => entry.action === "payment-reminder-sent")).toEqual([
      expect.objectContaining({
        actor: "sales@example.com",
        target: expect.stringContaining(invoice.number),
      }),
    ]);

    // Paid in full: nothing is owed, so no reminder; nor for a quotation.
    const rest = await consoleRequest(
      app,
      sales,
      "POST",
      on(DOCUMENT_API_ROUTES.payments, { id: invoice.id }),
      {
        amountPaise: balance,
        method: "bank-transfer",
        reference: null,
        receivedOn: new Date().toISOString().slice(0, 10),
        clickKey: "click-pay-rest",
      },
    );
    expect(rest.statusCode).toBe(201);
    const refused = await remind(sales, "click-remind-2");
    expect([refused.statusCode, refused.json()]).toEqual([422, { error: documentMessages.notOwed }]);
    const quotation = (
      await consoleRequest(app, sales, "POST", on(DOCUMENT_API_ROUTES.enquiryDocuments, { id: enquiry.id }), {
        ...invoiceBody,
        kind: "quotation",
        clickKey: "click-quote",
      })
    ).json<{ document: IssuedDocument }>().document;
    const quoted = await consoleRequest(
      app,
      sales,
      "POST",
      on(DOCUMENT_API_ROUTES.remind, { id: quotation.id }),
      {
        channel: "email",
        clickKey: "click-remind-3",
      },
    );
    expect(quoted.statusCode).toBe(422);
    await waitForEmptyOutbox(testApp!);
    expect(sink!.mails.filter(isReminder)).toHaveLength(1);
  });

  test("sent by e-mail, the buyer gets the invoice's PDF with the amount and its payment page's link, once per click", async () => {
    const { app, enquiry, sales } = await shop("Confirmed", { mail: true });
    const issued = await consoleRequest(
      app,
      sales,
      "POST",
      on(DOCUMENT_API_ROUTES.enquiryDocuments, { id: enquiry.id }),
      {
        ...invoiceBody,
        clickKey: "click-issue-1",
      },
    );
    const invoice = issued.json<{ document: IssuedDocument }>().document;
    const sendPath = on(DOCUMENT_API_ROUTES.send, { id: invoice.id });
    expect(
      (await consoleRequest(app, sales, "POST", sendPath, { channel: "email", clickKey: "click-send-1" }))
        .statusCode,
    ).toBe(202);
    expect(
      (await consoleRequest(app, sales, "POST", sendPath, { channel: "email", clickKey: "click-send-1" }))
        .statusCode,
    ).toBe(202);
    const isInvoiceMail = (mail: MailSink["mails"][number]) =>
      mail.envelopeTo.includes("meera.stores@example.com") && mail.parsed.attachments.length > 0;
    // Every mail the outbox holds sent, then the buyer's counted.
    await waitForEmptyOutbox(testApp!);
    await expect.poll(() => sink!.mails.filter(isInvoiceMail).length, { timeout: 10_000 }).toBe(1);
    const mails = sink!.mails.filter(isInvoiceMail);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.parsed.subject).toContain(invoice.number);
    // The invoice's payment page, as a link every mail program opens (a upi:// link most do not).
    const payLink = await app.paymentLinks.url(invoice.id);
    expect(mail!.parsed.text).toContain(
      `To see what is owed and pay by UPI or bank transfer, open this page:\n${payLink}`,
    );
    expect(mail!.parsed.html).toContain(`<a href="${payLink}">${payLink}</a>`);
    const page = await app.inject({
      method: "GET",
      url: new URL(payLink).pathname,
      headers: { host: "localhost" },
    });
    expect([page.statusCode, page.body.includes(invoice.number)]).toEqual([200, true]);
    expect(mail!.parsed.text).toMatch(/Amount: ₹[\d,]+\.\d\d/);
    expect(
      mail!.parsed.attachments.map((attachment) => [attachment.contentType, attachment.filename]),
    ).toEqual([["application/pdf", `${invoice.number.replace(/[^A-Za-z0-9-]/g, "-")}-en.pdf`]]);
    expect(pdfText(mail!.parsed.attachments[0]!.content)).toContain(invoice.number);
    const history = (await consoleRequest(app, sales, "GET", `/enquiries/${enquiry.id}`)).json<{
      history: { text: string | null }[];
    }>().history;
    expect(
      history.filter((line) => line.text === `Tax invoice ${invoice.number} sent by e-mail`),
    ).toHaveLength(1);
    // A document in Hindi goes with its English copy, its mail written in Hindi.
    const quotation = (
      await consoleRequest(app, sales, "POST", on(DOCUMENT_API_ROUTES.enquiryDocuments, { id: enquiry.id }), {
        ...invoiceBody,
        kind: "quotation",
        language: "hi",
        clickKey: "click-quote-hi",
      })
    ).json<{ document: IssuedDocument }>().document;
    const sentHindi = await consoleRequest(
      app,
      sales,
      "POST",
      on(DOCUMENT_API_ROUTES.send, { id: quotation.id }),
      {
        channel: "email",
        clickKey: "click-send-hi",
      },
    );
    expect(sentHindi.statusCode).toBe(202);
    await waitForEmptyOutbox(testApp!);
    await expect.poll(() => sink!.mails.filter(isInvoiceMail).length, { timeout: 10_000 }).toBe(2);
    const hindiMail = sink!.mails
      .filter(isInvoiceMail)
      .find((each) => each.parsed.subject?.includes(quotation.number));
    expect(hindiMail?.parsed.subject).toContain("कोटेशन");
    expect(hindiMail?.parsed.attachments.map((attachment) => attachment.filename)).toEqual([
      `${quotation.number.replace(/[^A-Za-z0-9-]/g, "-")}-hi.pdf`,
      `${quotation.number.replace(/[^A-Za-z0-9-]/g, "-")}-en.pdf`,
    ]);

    // WhatsApp is not set up on this site: the member is told so.
    const whatsapp = await consoleRequest(app, sales, "POST", sendPath, {
      channel: "whatsapp",
      clickKey: "click-send-2",
    });
    expect(whatsapp.statusCode).toBe(409);
    expect(whatsapp.json()).toEqual({ error: "WhatsApp is not set up for this site." });
  });
});
