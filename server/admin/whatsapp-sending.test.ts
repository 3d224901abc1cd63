import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import type { Conversation, OutgoingMessage } from "../../domain/conversation";
import { whatsappSendMessages, type EnquiryWhatsApp } from "../../domain/whatsapp";
import type { TemplateInput } from "../../domain/templates";
import { anEnquiry } from "../../tests/support/enquiry-builder";
import { addStaff, consoleRequest, signIn } from "../../tests/support/console-app";
import { startGraphApiStandIn, type GraphApiStandIn } from "../../tests/support/graph-api-stand-in";
import { buildTestApp, type TestApp } from "../../tests/support/test-app";
import { signatureOf, textMessage, webhookBody, WHATSAPP_TEST_ENV } from "../../tests/support/whatsapp";
import { WHATSAPP_REFUSALS } from "../whatsapp/graph-client";

// Meta's Graph API cannot be reached from here: the console's messages go to a stand-in of it.
let graph: GraphApiStandIn;
beforeAll(async () => {
  graph = await startGraphApiStandIn({
    phoneNumberId: WHATSAPP_TEST_ENV.WHATSAPP_PHONE_NUMBER_ID,
    accessToken: WHATSAPP_TEST_ENV.WHATSAPP_ACCESS_TOKEN,
  });
});
afterAll(() => graph.close());
beforeEach(() => {
  graph.received.length = 0;
  graph.refused.length = 0;
});

const apps: TestApp[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

const BUYER_MOBILE = "9876501234";
const BUYER_WA = `91${BUYER_MOBILE}`;

/** An enquiry from the buyer's mobile, owned by Priya, signed in; the outbox's retries shortened. */
async function enquiryOnWhatsApp(standIn: GraphApiStandIn = graph, name = "Meera Iyer") {
  const built = await buildTestApp(
    { LOG_LEVEL: "silent", ...WHATSAPP_TEST_ENV, WHATSAPP_GRAPH_URL: standIn.graphUrl },
    { outbox: { pollIntervalMs: 20, retry: { baseMs: 20, maxMs: 40 } } },
  );
  apps.push(built);
  const { app } = built;
  const priya = await addStaff(app, "priya@example.com", "member");
  const { id } = await app.store.enquiries.add(anEnquiry({ Name: name, Mobile: BUYER_MOBILE }));
  await app.store.work.setOwner(id, { ownerId: priya.id, staffEmail: "owner@example.com", at: new Date() });
  const cookie = await signIn(app, "priya@example.com");
  /** The buyer writes on WhatsApp: Meta's signed delivery to the webhook. */
  const buyerWrites = async (wamid: string, text: string) => {
    const body = webhookBody({ messages: [textMessage(wamid, BUYER_WA, text)] });
    const response = await app.inject({
      method: "POST",
      url: "/api/whatsapp/webhook",
      headers: { "content-type": "application/json", "x-hub-signature-256": signatureOf(body) },
      payload: body,
    });
    expect(response.statusCode).toBe(200);
  };
  const send = (text: string, clickKey: string = randomUUID()) =>
    consoleRequest(app, cookie, "POST", `/enquiries/${id}/whatsapp`, { clickKey, text });
  const sent = async () =>
    (await consoleRequest(app, cookie, "GET", `/enquiries/${id}/conversation`))
      .json<Conversation>()
      .messages.filter((message): message is OutgoingMessage => message.direction === "out");
  /** Runs the outbox until the sent message's delivery is `state`. */
  const deliveredAs = async (state: OutgoingMessage["delivery"]["state"]) => {
    for (let cycle = 0; cycle < 50; cycle += 1) {
      const [message] = await sent();
      if (message?.delivery.state === state) return message;
      await app.outbox.worker?.nextCycle();
    }
    throw new Error(`the message never became ${state}`);
  };
  /** Meta's status callback on a message we sent, with the id it was sent with. */
  const statusCallback = async (
    reference: string,
    status: string,
    errors?: { code: number; title: string }[],
  ) => {
    const body = webhookBody({
      statuses: [
        {
          id: graph.received[0]?.wamid ?? "wamid.UNKNOWN",
          status,
          timestamp: String(Math.floor(Date.now() / 1_000)),
          recipient_id: BUYER_WA,
          biz_opaque_callback_data: reference,
          ...(errors ? { errors } : {}),
        },
      ],
    });
    const response = await app.inject({
      method: "POST",
      url: "/api/whatsapp/webhook",
      headers: { "content-type": "application/json", "x-hub-signature-256": signatureOf(body) },
      payload: body,
    });
    expect(response.statusCode).toBe(200);
  };
  /** The buyer's last WhatsApp message, written `hoursAgo` hours ago (the window closes after 24). */
  const buyerWrote = async (hoursAgo: number, text = "Send the price") => {
    await app.store.work.addAnswers([
      {
        enquiryId: id,
        channel: "whatsapp",
        messageId: `wamid.OLD${hoursAgo}`,
        inReplyTo: null,
        references: [],
        from: `+${BUYER_WA}`,
        subject: "",
        text,
        at: new Date(Date.now() - hoursAgo * 3_600_000),
        attachments: 0,
        truncated: false,
        quoteTrimmed: false,
        verified: true,
      },
    ]);
  };
  const sendTemplate = (templateId: string, clickKey: string = randomUUID()) =>
    consoleRequest(app, cookie, "POST", `/enquiries/${id}/whatsapp`, { clickKey, templateId });
  /** WhatsApp on the enquiry as the console's enquiry page loads it. */
  const whatsappState = async () =>
    (await consoleRequest(app, cookie, "GET", `/enquiries/${id}`)).json<{ whatsapp: EnquiryWhatsApp }>()
      .whatsapp;
  /** An approved template the owners keep on the Templates page. */
  const approvedTemplate = async (over: Partial<TemplateInput> = {}) => {
    const template = await app.store.templates.add(
      {
        channel: "whatsapp",
        language: "en",
        name: "Follow-up after a day",
        subject: null,
        body: "Hello {firstName}, about your enquiry for {quantity}: {company} can deliver this week.",
        whatsappTemplate: {
          name: "order_followup",
          language: "en",
          parameters: ["firstName", "quantity", "company"],
        },
        ...over,
      },
      { by: "owner@example.com", at: new Date(), max: 100 },
    );
    if (!template) throw new Error("the template was not added");
    return template;
  };
  return {
    app,
    id,
    buyerWrites,
    buyerWrote,
    send,
    sendTemplate,
    sent,
    deliveredAs,
    statusCallback,
    whatsappState,
    approvedTemplate,
    cookie,
  };
}

describe("a WhatsApp message sent from the enquiry (Graph API stand-in)", () => {
  test("inside the window, free text arrives as the Cloud API's JSON to the buyer's number, is shown sent, and counts as contact", async () => {
    const { app, id, buyerWrites, send, deliveredAs } = await enquiryOnWhatsApp();
    await buyerWrites("wamid.IN1", "Is the 60-sachet price fixed?");
    const response = await send("Namaste Meera ji, yes: ₹7,200 for 60 sachets.");
    expect(response.statusCode).toBe(200);
    const message = await deliveredAs("sent");
    expect(message).toMatchObject({
      channel: "whatsapp",
      text: "Namaste Meera ji, yes: ₹7,200 for 60 sachets.",
    });
    expect(graph.received.map(({ body }) => body)).toEqual([
      {
        messaging_product: "whatsapp",
        recipient_type: "individual",
        to: BUYER_WA,
        biz_opaque_callback_data: message.id,
        type: "text",
        text: { preview_url: false, body: "Namaste Meera ji, yes: ₹7,200 for 60 sachets." },
      },
    ]);
    const record = await app.store.enquiryWork.get(id);
    expect(record?.status).toBe("Contacted");
  });

  test("a double click sends once: the second request with the click's key queues nothing", async () => {
    const { buyerWrites, send, sent, deliveredAs } = await enquiryOnWhatsApp();
    await buyerWrites("wamid.IN2", "Hello?");
    const click = randomUUID();
    const [first, second] = await Promise.all([
      send("On its way today.", click),
      send("On its way today.", click),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    await deliveredAs("sent");
    expect(await sent()).toHaveLength(1);
    expect(graph.received).toHaveLength(1);
  });

  test("Meta's pair rate limit (131056) and a 500 are retried with the outbox's backoff, then it goes once", async () => {
    const { buyerWrites, send, deliveredAs } = await enquiryOnWhatsApp();
    await buyerWrites("wamid.IN3", "Price?");
    graph.answerNext("131056", "500");
    expect((await send("₹120 a sachet.")).statusCode).toBe(200);
    const message = await deliveredAs("sent");
    expect(message.delivery.attempts).toBe(3);
    expect(graph.refused.map(({ code }) => code)).toEqual([131056, 131000]);
    expect(graph.received).toHaveLength(1);
  });

  test("outside the window per Meta (131047) the message ends failed, with the reason shown on it, not retried", async () => {
    const { buyerWrites, send, deliveredAs, app } = await enquiryOnWhatsApp();
    await buyerWrites("wamid.IN4", "Thanks");
    graph.answerNext("131047");
    expect((await send("A follow-up.")).statusCode).toBe(200);
    const message = await deliveredAs("undeliverable");
    expect(message.delivery.lastError).toBe(WHATSAPP_REFUSALS[131047]);
    for (let cycle = 0; cycle < 3; cycle += 1) await app.outbox.worker?.nextCycle();
    expect(graph.received).toHaveLength(0);
    expect(graph.refused).toHaveLength(1);
  });

  test("free text after the window closed is refused with the reason; nothing is queued", async () => {
    const { app, id, send, sent } = await enquiryOnWhatsApp();
    await app.store.work.addAnswers([
      {
        enquiryId: id,
        channel: "whatsapp",
        messageId: "wamid.OLD",
        inReplyTo: null,
        references: [],
        from: `+${BUYER_WA}`,
        subject: "",
        text: "Send the price",
        at: new Date(Date.now() - 25 * 3_600_000),
        attachments: 0,
        truncated: false,
        quoteTrimmed: false,
        verified: true,
      },
    ]);
    const response = await send("Here it is.");
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: whatsappSendMessages.windowClosed });
    expect(await sent()).toHaveLength(0);
  });

  test("the enquiry's answer carries the WhatsApp state: closed with no consent, open for 24 hours once the buyer writes, nothing after STOP", async () => {
    const { app, id, buyerWrites, cookie } = await enquiryOnWhatsApp();
    const state = async () =>
      (await consoleRequest(app, cookie, "GET", `/enquiries/${id}`)).json<{ whatsapp: EnquiryWhatsApp }>()
        .whatsapp;
    expect(await state()).toMatchObject({
      configured: true,
      mayMessage: false,
      reason: "no-consent",
      reasonText: whatsappSendMessages.noConsent,
      windowOpen: false,
      windowOpenUntil: null,
      templates: [],
    });
    const before = Date.now();
    await buyerWrites("wamid.STATE1", "Price for 60?");
    const open = await state();
    expect(open).toMatchObject({ mayMessage: true, reason: null, windowOpen: true });
    const until = Date.parse(open.windowOpenUntil ?? "");
    expect(until).toBeGreaterThanOrEqual(before - 1_000 + 24 * 3_600_000);
    expect(until).toBeLessThanOrEqual(Date.now() + 24 * 3_600_000);
    await buyerWrites("wamid.STATE2", "STOP");
    expect(await state()).toMatchObject({
      mayMessage: false,
      reason: "opted-out",
      reasonText: whatsappSendMessages.optedOut,
      optOut: { wording: "STOP" },
    });
  });

  test("a first message to a buyer who never wrote on WhatsApp and gave no consent is refused", async () => {
    const { send, sent } = await enquiryOnWhatsApp();
    const response = await send("Namaste!");
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: whatsappSendMessages.noConsent });
    expect(await sent()).toHaveLength(0);
  });

  test("after the buyer's «बंद करें» (or STOP) nothing more is sent, inside the window too", async () => {
    const { buyerWrites, send, sent } = await enquiryOnWhatsApp();
    await buyerWrites("wamid.IN5", "Price?");
    await buyerWrites("wamid.IN6", "बंद करें");
    const response = await send("Sorry to trouble you.");
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: whatsappSendMessages.optedOut });
    expect(await sent()).toHaveLength(0);
    expect(graph.received).toHaveLength(0);
  });

  test("status callbacks move the message forward to delivered and read, never back; a failure shows Meta's code and title", async () => {
    const { buyerWrites, send, sent, deliveredAs, statusCallback } = await enquiryOnWhatsApp();
    await buyerWrites("wamid.IN7", "Price?");
    await send("₹120 a sachet.");
    const message = await deliveredAs("sent");
    expect(message.whatsapp).toBeNull();
    await statusCallback(message.id, "delivered");
    expect((await sent())[0]?.whatsapp).toMatchObject({ status: "delivered", error: null });
    await statusCallback(message.id, "read");
    // Late and out of order: a "delivered" after "read" changes nothing.
    await statusCallback(message.id, "delivered");
    expect((await sent())[0]?.whatsapp?.status).toBe("read");

    await send("And the box of 30?");
    const [, second] = await sent();
    if (!second) throw new Error("the second message was not queued");
    await statusCallback(second.id, "failed", [{ code: 131026, title: "Message undeliverable" }]);
    expect((await sent())[1]?.whatsapp).toMatchObject({
      status: "failed",
      error: { code: 131026, title: "Message undeliverable" },
    });
  });
});

describe("an approved template sent from the enquiry, inside or outside the window (Graph API stand-in)", () => {
  // The company's WhatsApp Manager, as the stand-in holds it: one template approved, one paused.
  let manager: GraphApiStandIn;
  beforeAll(async () => {
    manager = await startGraphApiStandIn({
      phoneNumberId: WHATSAPP_TEST_ENV.WHATSAPP_PHONE_NUMBER_ID,
      accessToken: WHATSAPP_TEST_ENV.WHATSAPP_ACCESS_TOKEN,
      templates: [
        { name: "order_followup", language: "en", parameters: 3 },
        { name: "price_reminder", language: "en", parameters: 1, status: "PAUSED" },
      ],
    });
  });
  afterAll(() => manager.close());
  beforeEach(() => {
    manager.received.length = 0;
    manager.refused.length = 0;
  });

  const MERGED = "Hello Meera, about your enquiry for 12 sachets: Sanvera Healthcare can deliver this week.";

  test("outside the window free text is refused and nothing is queued; the template arrives as Meta's template JSON, its parameters merged, and the conversation shows what the buyer received", async () => {
    const { app, id, buyerWrote, send, sendTemplate, sent, deliveredAs, whatsappState, approvedTemplate } =
      await enquiryOnWhatsApp(manager);
    const template = await approvedTemplate();
    await buyerWrote(25);

    const state = await whatsappState();
    expect(state).toMatchObject({
      configured: true,
      mayMessage: true,
      reason: null,
      windowOpen: false,
      templates: [
        {
          id: template.id,
          title: "Follow-up after a day",
          metaName: "order_followup",
          language: "en",
          preview: MERGED,
        },
      ],
    });
    expect(Date.parse(state.windowOpenUntil ?? "")).toBeLessThan(Date.now());

    const text = await send("Here is the price.");
    expect([text.statusCode, text.json()]).toEqual([409, { error: whatsappSendMessages.windowClosed }]);
    expect(await sent()).toHaveLength(0);

    const response = await sendTemplate(template.id);
    expect(response.statusCode).toBe(200);
    const message = await deliveredAs("sent");
    expect(message).toMatchObject({ channel: "whatsapp", text: MERGED });
    expect(manager.received.map(({ body }) => body)).toEqual([
      {
        messaging_product: "whatsapp",
        recipient_type: "individual",
        to: BUYER_WA,
        biz_opaque_callback_data: message.id,
        type: "template",
        template: {
          name: "order_followup",
          language: { code: "en" },
          components: [
            {
              type: "body",
              parameters: [
                { type: "text", text: "Meera" },
                { type: "text", text: "12 sachets" },
                { type: "text", text: "Sanvera Healthcare" },
              ],
            },
          ],
        },
      },
    ]);
    // Counted as contact, as a reply is.
    expect((await app.store.enquiryWork.get(id))?.status).toBe("Contacted");
  });

  test("inside the window the same template can be sent too, and a double click sends it once", async () => {
    const { buyerWrites, sendTemplate, sent, deliveredAs, whatsappState, approvedTemplate } =
      await enquiryOnWhatsApp(manager);
    const template = await approvedTemplate();
    await buyerWrites("wamid.T1", "Any update?");
    const state = await whatsappState();
    expect(state).toMatchObject({ mayMessage: true, windowOpen: true });
    expect(Date.parse(state.windowOpenUntil ?? "")).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    const click = randomUUID();
    const [first, second] = await Promise.all([
      sendTemplate(template.id, click),
      sendTemplate(template.id, click),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    await deliveredAs("sent");
    expect(await sent()).toHaveLength(1);
    expect(manager.received).toHaveLength(1);
  });

  test("a template WhatsApp Manager does not hold (132001) or has paused (132015) ends undeliverable with its reason shown, never retried", async () => {
    const { app, buyerWrote, sendTemplate, sent, approvedTemplate } = await enquiryOnWhatsApp(manager);
    await buyerWrote(30);
    const misspelt = await approvedTemplate({
      whatsappTemplate: {
        name: "order_follow_up",
        language: "en",
        parameters: ["firstName", "quantity", "company"],
      },
    });
    const paused = await approvedTemplate({
      name: "Price reminder",
      body: "Hello {firstName}, the price we quoted still holds.",
      whatsappTemplate: { name: "price_reminder", language: "en", parameters: ["firstName"] },
    });
    expect((await sendTemplate(misspelt.id)).statusCode).toBe(200);
    expect((await sendTemplate(paused.id)).statusCode).toBe(200);
    for (let cycle = 0; cycle < 50; cycle += 1) {
      const messages = await sent();
      if (messages.length === 2 && messages.every((message) => message.delivery.state === "undeliverable"))
        break;
      await app.outbox.worker?.nextCycle();
    }
    expect((await sent()).map((message) => [message.delivery.state, message.delivery.lastError])).toEqual([
      ["undeliverable", WHATSAPP_REFUSALS[132001]],
      ["undeliverable", WHATSAPP_REFUSALS[132015]],
    ]);
    for (let cycle = 0; cycle < 3; cycle += 1) await app.outbox.worker?.nextCycle();
    expect(manager.refused.map(({ code }) => code)).toEqual([132001, 132015]);
    expect(manager.received).toHaveLength(0);
  });

  test("Meta's other template errors (132000, 132005, 132007, 132012, 132016) end the message with a reason a member can act on", async () => {
    const { app, buyerWrote, sendTemplate, sent, approvedTemplate } = await enquiryOnWhatsApp();
    await buyerWrote(26);
    const template = await approvedTemplate();
    const codes = ["132000", "132005", "132007", "132012", "132016"] as const;
    graph.answerNext(...codes);
    for (const _code of codes) expect((await sendTemplate(template.id)).statusCode).toBe(200);
    for (let cycle = 0; cycle < 50; cycle += 1) {
      const messages = await sent();
      if (
        messages.length === codes.length &&
        messages.every((message) => message.delivery.state === "undeliverable")
      )
        break;
      await app.outbox.worker?.nextCycle();
    }
    const reasons = (await sent()).map((message) => message.delivery.lastError);
    expect(reasons.sort()).toEqual(codes.map((code) => WHATSAPP_REFUSALS[Number(code)]).sort());
    for (const reason of reasons) expect(reason).toMatch(/^Not sent: .+\. .+/);
    expect(graph.received).toHaveLength(0);
  });

  test("a template with a parameter this enquiry has no value for, or without an approval, is refused at the click and nothing is queued", async () => {
    const { buyerWrote, sendTemplate, sent, whatsappState, approvedTemplate } = await enquiryOnWhatsApp(
      manager,
      "M/s Sharma Traders 2",
    );
    await buyerWrote(2);
    const greeting = await approvedTemplate();
    const plain = await approvedTemplate({
      name: "Plain WhatsApp",
      body: "Thank you.",
      whatsappTemplate: null,
    });
    // Neither is offered: the greeting has no name to greet, the other no approval.
    expect((await whatsappState()).templates).toEqual([]);
    const missing = await sendTemplate(greeting.id);
    expect([missing.statusCode, missing.json()]).toEqual([
      409,
      { error: whatsappSendMessages.parameterMissing("firstName") },
    ]);
    const unapproved = await sendTemplate(plain.id);
    expect([unapproved.statusCode, unapproved.json()]).toEqual([
      409,
      { error: whatsappSendMessages.notApproved },
    ]);
    const unknown = await sendTemplate("no-such-template");
    expect([unknown.statusCode, unknown.json()]).toEqual([409, { error: whatsappSendMessages.noTemplate }]);
    expect(await sent()).toHaveLength(0);
    expect(manager.received).toHaveLength(0);
  });

  test("after STOP, or to a buyer who never wrote, the enquiry says why and offers no template, and a template is refused", async () => {
    const never = await enquiryOnWhatsApp(manager);
    const template = await never.approvedTemplate();
    expect(await never.whatsappState()).toEqual({
      configured: true,
      mayMessage: false,
      reason: "no-consent",
      reasonText: whatsappSendMessages.noConsent,
      windowOpen: false,
      windowOpenUntil: null,
      optOut: null,
      templates: [],
    });
    const refused = await never.sendTemplate(template.id);
    expect([refused.statusCode, refused.json()]).toEqual([409, { error: whatsappSendMessages.noConsent }]);

    const stopped = await enquiryOnWhatsApp(manager);
    const stoppedTemplate = await stopped.approvedTemplate();
    await stopped.buyerWrites("wamid.S1", "Price?");
    await stopped.buyerWrites("wamid.S2", "STOP");
    const state = await stopped.whatsappState();
    expect(state).toMatchObject({
      mayMessage: false,
      reason: "opted-out",
      reasonText: whatsappSendMessages.optedOut,
      windowOpen: true,
      templates: [],
    });
    expect(state.optOut?.wording).toBe("STOP");
    const afterStop = await stopped.sendTemplate(stoppedTemplate.id);
    expect([afterStop.statusCode, afterStop.json()]).toEqual([409, { error: whatsappSendMessages.optedOut }]);
    expect(await stopped.sent()).toHaveLength(0);
    expect(manager.received).toHaveLength(0);
  });

  test("without WhatsApp set up, the enquiry says so and offers nothing: the console keeps its wa.me links", async () => {
    const built = await buildTestApp({ LOG_LEVEL: "silent" });
    apps.push(built);
    const { app } = built;
    await addStaff(app, "priya@example.com", "member");
    const { id } = await app.store.enquiries.add(anEnquiry({ Mobile: BUYER_MOBILE }));
    const cookie = await signIn(app, "priya@example.com");
    const detail = await consoleRequest(app, cookie, "GET", `/enquiries/${id}`);
    expect(detail.json<{ whatsapp: EnquiryWhatsApp }>().whatsapp).toEqual({
      configured: false,
      mayMessage: false,
      reason: "not-configured",
      reasonText: whatsappSendMessages.notConfigured,
      windowOpen: false,
      windowOpenUntil: null,
      optOut: null,
      templates: [],
    });
  });
});
