import { afterAll, afterEach, beforeAll, expect, test } from "vitest";
import type { CompanyFacts } from "../../domain/company-facts";
import { DOCUMENT_API_ROUTES, type IssuedDocument } from "../../domain/invoice";
import { rupees } from "../../domain/money";
import {
  documentTemplateMessages,
  TEMPLATE_API_ROUTES,
  type ReplyTemplate,
  type TemplatePurpose,
} from "../../domain/templates";
import { addStaff, consoleRequest, signIn } from "../../tests/support/console-app";
import { FILLED_FACTS } from "../../tests/support/company-facts";
import { anEnquiry } from "../../tests/support/enquiry-builder";
import { startGraphApiStandIn, type GraphApiStandIn } from "../../tests/support/graph-api-stand-in";
import { buildTestApp, type TestApp } from "../../tests/support/test-app";
import { WHATSAPP_TEST_ENV } from "../../tests/support/whatsapp";

// Meta's Graph API cannot be reached from here: the messages go to the project's stand-in of it,
// which holds the company's WhatsApp Manager: the invoice and reminder templates approved in Hindi.
let graph: GraphApiStandIn;
beforeAll(async () => {
  graph = await startGraphApiStandIn({
    phoneNumberId: WHATSAPP_TEST_ENV.WHATSAPP_PHONE_NUMBER_ID,
    accessToken: WHATSAPP_TEST_ENV.WHATSAPP_ACCESS_TOKEN,
    templates: [
      { name: "invoice_ready", language: "hi", parameters: 4 },
      { name: "payment_due", language: "hi", parameters: 4 },
    ],
  });
});
afterAll(() => graph.close());

let testApp: TestApp | undefined;
afterEach(async () => {
  await testApp?.close();
  testApp = undefined;
});

const BUYER_MOBILE = "9876501234";
const FACTS: CompanyFacts = {
  ...FILLED_FACTS,
  billing: { ...FILLED_FACTS.billing, merchantUpiId: "aarogya@icici" },
};
const money = (paise: number) => rupees(paise / 100);

test("outside the 24-hour window an invoice and its reminder go by their approved templates in the buyer's language, and are refused naming what is missing until then", async () => {
  testApp = await buildTestApp(
    { LOG_LEVEL: "silent", ...WHATSAPP_TEST_ENV, WHATSAPP_GRAPH_URL: graph.graphUrl },
    { outbox: { pollIntervalMs: 20, retry: { baseMs: 20, maxMs: 40 } } },
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
    anEnquiry({ Name: "Meera Stores", Mobile: BUYER_MOBILE, RetailerSelfUse: "Retailer", Quantity: 300 }),
  );
  await app.store.work.changeStatus(enquiry.id, {
    to: "Confirmed",
    expectedVersion: 0,
    staffEmail: "sales@example.com",
    at: new Date(),
  });
  // The buyer last wrote on WhatsApp 25 hours ago: free text is no longer allowed, a template is.
  await app.store.work.addAnswers([
    {
      enquiryId: enquiry.id,
      channel: "whatsapp",
      messageId: "wamid.OLD25",
      inReplyTo: null,
      references: [],
      from: `+91${BUYER_MOBILE}`,
      subject: "",
      text: "Please send the bill",
      at: new Date(Date.now() - 25 * 3_600_000),
      attachments: 0,
      truncated: false,
      quoteTrimmed: false,
      verified: true,
    },
  ]);
  const sales = await signIn(app, "sales@example.com");
  const owner = await signIn(app, "owner@example.com");
  const issued = await consoleRequest(app, sales, "POST", `/enquiries/${enquiry.id}/documents`, {
    kind: "tax-invoice",
    language: "hi",
    buyer: {
      name: "Meera Stores",
      address: { lines: ["Shop 4, Lajpat Nagar Market"], city: "New Delhi", stateCode: "07", pin: "110024" },
      shippingAddress: null,
      gstin: "07AAGFF2194N1Z1",
      email: null,
      mobile: BUYER_MOBILE,
    },
    lines: [{ quantity: 300, unitPricePaise: null, discountPaise: 0 }],
    clickKey: "click-issue",
  });
  expect(issued.statusCode).toBe(201);
  const invoice = issued.json<{ document: IssuedDocument }>().document;
  const payLink = await app.paymentLinks.url(invoice.id);
  const send = (clickKey: string) =>
    consoleRequest(app, sales, "POST", DOCUMENT_API_ROUTES.send.replace(":id", invoice.id), {
      channel: "whatsapp",
      clickKey,
    });
  const remind = (clickKey: string) =>
    consoleRequest(app, sales, "POST", DOCUMENT_API_ROUTES.remind.replace(":id", invoice.id), {
      channel: "whatsapp",
      clickKey,
    });

  // No templates kept yet (the console's first ones come with the first listing): said so.
  const none = await send("click-send-0");
  expect([none.statusCode, none.json()]).toEqual([
    409,
    { error: documentTemplateMessages.none("invoice", "hi") },
  ]);

  // The console's first templates include the invoice's and the reminder's, not yet approved.
  const listed = (await consoleRequest(app, owner, "GET", TEMPLATE_API_ROUTES.templates)).json<{
    items: ReplyTemplate[];
  }>().items;
  const kept = (purpose: TemplatePurpose) =>
    listed.find((template) => template.language === "hi" && template.purpose === purpose)!;
  const notApproved = await send("click-send-1");
  expect([notApproved.statusCode, notApproved.json()]).toEqual([
    409,
    { error: documentTemplateMessages.notApproved("invoice", "hi", kept("invoice").name) },
  ]);
  const reminderNotApproved = await remind("click-remind-1");
  expect([reminderNotApproved.statusCode, reminderNotApproved.json()]).toEqual([
    409,
    { error: documentTemplateMessages.notApproved("payment-reminder", "hi", kept("payment-reminder").name) },
  ]);
  expect(graph.received).toHaveLength(0);

  // An owner records the names WhatsApp Manager approved, with the fields in the order they appear.
  const approve = async (purpose: TemplatePurpose, name: string) => {
    const template = kept(purpose);
    const changed = await consoleRequest(
      app,
      owner,
      "PUT",
      TEMPLATE_API_ROUTES.template.replace(":id", template.id),
      {
        channel: template.channel,
        language: template.language,
        name: template.name,
        subject: null,
        body: template.body,
        whatsappTemplate: {
          name,
          language: "hi",
          parameters: ["buyerName", "documentNumber", "amount", "paymentLink"],
        },
        version: template.version,
      },
    );
    expect(changed.statusCode).toBe(200);
    // Its purpose stays what it was.
    expect(changed.json<{ template: ReplyTemplate }>().template.purpose).toBe(purpose);
  };
  await approve("invoice", "invoice_ready");
  expect((await send("click-send-2")).statusCode).toBe(202);
  await graph.waitForMessages(1);
  const sentInvoice = graph.received[0]?.body as {
    type: string;
    template: { name: string; language: { code: string }; components: { parameters: { text: string }[] }[] };
  };
  expect(sentInvoice.type).toBe("template");
  expect(sentInvoice.template.name).toBe("invoice_ready");
  expect(sentInvoice.template.language).toEqual({ code: "hi" });
  expect(sentInvoice.template.components[0]?.parameters.map((parameter) => parameter.text)).toEqual([
    "Meera Stores",
    invoice.number,
    money(invoice.totals.totalPaise),
    payLink,
  ]);

  // Part paid, the reminder asks for the balance, by its own template once approved.
  const paid = await consoleRequest(
    app,
    sales,
    "POST",
    DOCUMENT_API_ROUTES.payments.replace(":id", invoice.id),
    {
      amountPaise: 100_000,
      method: "upi",
      reference: "412345678901",
      receivedOn: new Date().toISOString().slice(0, 10),
      clickKey: "click-pay",
    },
  );
  expect(paid.statusCode).toBe(201);
  await approve("payment-reminder", "payment_due");
  expect((await remind("click-remind-2")).statusCode).toBe(202);
  await graph.waitForMessages(2);
  const sentReminder = graph.received[1]?.body as typeof sentInvoice;
  expect(sentReminder.template.name).toBe("payment_due");
  expect(sentReminder.template.components[0]?.parameters.map((parameter) => parameter.text)).toEqual([
    "Meera Stores",
    invoice.number,
    money(invoice.totals.totalPaise - 100_000),
    payLink,
  ]);
  // The stand-in refused nothing: the names, languages and counts were what WhatsApp Manager holds.
  expect(graph.refused).toHaveLength(0);

  // The conversation keeps what the buyer read: the templates merged.
  const history = (await app.store.enquiryWork.get(enquiry.id))?.history ?? [];
  expect(
    history.filter((line) => line.text?.startsWith("Payment reminder sent by WhatsApp for ")),
  ).toHaveLength(1);
  const conversation = (
    await consoleRequest(app, sales, "GET", `/enquiries/${enquiry.id}/conversation`)
  ).json<{
    messages: { direction: string; text: string }[];
  }>().messages;
  const out = conversation.filter((message) => message.direction === "out").map((message) => message.text);
  expect(out).toEqual(
    expect.arrayContaining([
      `प्रिय Meera Stores जी, आपका इनवॉइस ${invoice.number}, राशि ${money(invoice.totals.totalPaise)}, तैयार है। इसे देखने और UPI या बैंक ट्रांसफ़र से भुगतान के लिए खोलें: ${payLink}`,
      expect.stringContaining(`पर ${money(invoice.totals.totalPaise - 100_000)} अभी बकाया है।`),
    ]),
  );
});
