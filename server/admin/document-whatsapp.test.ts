import { afterAll, afterEach, beforeAll, expect, test } from "vitest";
import type { CompanyFacts } from "../../domain/company-facts";
import { DOCUMENT_API_ROUTES, type IssuedDocument } from "../../domain/invoice";
import { addStaff, consoleRequest, signIn } from "../../tests/support/console-app";
import { FILLED_FACTS } from "../../tests/support/company-facts";
import { anEnquiry } from "../../tests/support/enquiry-builder";
import { startGraphApiStandIn, type GraphApiStandIn } from "../../tests/support/graph-api-stand-in";
import { buildTestApp, type TestApp } from "../../tests/support/test-app";
import { signatureOf, textMessage, webhookBody, WHATSAPP_TEST_ENV } from "../../tests/support/whatsapp";

// Meta's Graph API cannot be reached from here: the console's messages go to a stand-in of it.
let graph: GraphApiStandIn;
beforeAll(async () => {
  graph = await startGraphApiStandIn({
    phoneNumberId: WHATSAPP_TEST_ENV.WHATSAPP_PHONE_NUMBER_ID,
    accessToken: WHATSAPP_TEST_ENV.WHATSAPP_ACCESS_TOKEN,
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

test("an invoice sent on WhatsApp is a message of the enquiry's conversation with the amount and its payment page's link, once per click", async () => {
  testApp = await buildTestApp(
    { LOG_LEVEL: "silent", ...WHATSAPP_TEST_ENV, WHATSAPP_GRAPH_URL: graph.graphUrl },
    { outbox: { pollIntervalMs: 20, retry: { baseMs: 20, maxMs: 40 } } },
  );
  const { app } = testApp;
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
  // The buyer wrote on WhatsApp: free text may answer within 24 hours.
  const body = webhookBody({
    messages: [textMessage("wamid.IN1", `91${BUYER_MOBILE}`, "Please send the bill")],
  });
  const webhook = await app.inject({
    method: "POST",
    url: "/api/whatsapp/webhook",
    headers: { "content-type": "application/json", "x-hub-signature-256": signatureOf(body) },
    payload: body,
  });
  expect(webhook.statusCode).toBe(200);
  const sales = await signIn(app, "sales@example.com");
  const issued = await consoleRequest(app, sales, "POST", `/enquiries/${enquiry.id}/documents`, {
    kind: "tax-invoice",
    language: "en",
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

  const sendPath = DOCUMENT_API_ROUTES.send.replace(":id", invoice.id);
  const [first, second] = await Promise.all([
    consoleRequest(app, sales, "POST", sendPath, { channel: "whatsapp", clickKey: "click-send" }),
    consoleRequest(app, sales, "POST", sendPath, { channel: "whatsapp", clickKey: "click-send" }),
  ]);
  expect([first.statusCode, second.statusCode]).toEqual([202, 202]);
  await graph.waitForMessages(1);
  for (let cycle = 0; cycle < 5; cycle += 1) await app.outbox.worker?.nextCycle();
  expect(graph.received).toHaveLength(1);
  const sent = graph.received[0]?.body as { to: string; text: { body: string } };
  expect(sent.to).toBe(`91${BUYER_MOBILE}`);
  expect(sent.text.body).toContain(invoice.number);
  expect(sent.text.body).toMatch(/Amount: ₹[\d,]+\.\d\d/);
  // The payment page's https link, which WhatsApp makes a link (it does not a upi:// one).
  expect(sent.text.body).toContain(await app.paymentLinks.url(invoice.id));
});

test("a payment reminder on WhatsApp is refused outside the 24-hour window as a send is, and goes once per click inside it", async () => {
  testApp = await buildTestApp(
    { LOG_LEVEL: "silent", ...WHATSAPP_TEST_ENV, WHATSAPP_GRAPH_URL: graph.graphUrl },
    { outbox: { pollIntervalMs: 20, retry: { baseMs: 20, maxMs: 40 } } },
  );
  const { app } = testApp;
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
  const sales = await signIn(app, "sales@example.com");
  const issued = await consoleRequest(app, sales, "POST", `/enquiries/${enquiry.id}/documents`, {
    kind: "tax-invoice",
    language: "en",
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
  const remindPath = DOCUMENT_API_ROUTES.remind.replace(":id", invoice.id);

  // The buyer has not written: free text is refused, with the words the invoice's send uses.
  const send = await consoleRequest(app, sales, "POST", DOCUMENT_API_ROUTES.send.replace(":id", invoice.id), {
    channel: "whatsapp",
    clickKey: "click-send-closed",
  });
  const closed = await consoleRequest(app, sales, "POST", remindPath, {
    channel: "whatsapp",
    clickKey: "click-remind-closed",
  });
  expect(send.statusCode).toBe(409);
  expect([closed.statusCode, closed.json()]).toEqual([409, send.json()]);

  const body = webhookBody({
    messages: [textMessage("wamid.IN2", `91${BUYER_MOBILE}`, "When is the payment due?")],
  });
  const webhook = await app.inject({
    method: "POST",
    url: "/api/whatsapp/webhook",
    headers: { "content-type": "application/json", "x-hub-signature-256": signatureOf(body) },
    payload: body,
  });
  expect(webhook.statusCode).toBe(200);
  const [first, second] = await Promise.all([
    consoleRequest(app, sales, "POST", remindPath, { channel: "whatsapp", clickKey: "click-remind" }),
    consoleRequest(app, sales, "POST", remindPath, { channel: "whatsapp", clickKey: "click-remind" }),
  ]);
  expect([first.statusCode, second.statusCode]).toEqual([202, 202]);
  await graph.waitForMessages(1);
  for (let cycle = 0; cycle < 5; cycle += 1) await app.outbox.worker?.nextCycle();
  const reminders = graph.received.filter((message) =>
    (message.body as { text?: { body: string } }).text?.body.startsWith("Dear Meera Stores,"),
  );
  expect(reminders).toHaveLength(1);
  const text = (reminders[0]?.body as { text: { body: string } }).text.body;
  expect(text).toContain(`This is a gentle reminder that `);
  expect(text).toContain(`on our tax invoice ${invoice.number} dated `);
  expect(text).toContain(
    `To see what is owed and pay by UPI or bank transfer, open this page:\n${await app.paymentLinks.url(invoice.id)}`,
  );
  expect(text).toContain("or pay to our UPI ID aarogya@icici.");
  expect(text).toContain("reply here.");
  const history = (await app.store.enquiryWork.get(enquiry.id))?.history ?? [];
  expect(
    history.filter((line) => line.text?.startsWith("Payment reminder sent by WhatsApp for ")),
  ).toHaveLength(1);
});
