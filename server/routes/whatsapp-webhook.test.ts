import { afterEach, describe, expect, test } from "vitest";
import { conversationMessages, type Conversation, type IncomingMessage } from "../../domain/conversation";
import type { EnquiryDetail, InboxPage } from "../../domain/console";
import {
  WHATSAPP_TEXT_MAX_LENGTH,
  WHATSAPP_WEBHOOK_MAX_BYTES,
  type EnquiryWhatsApp,
} from "../../domain/whatsapp";
import { anEnquiry } from "../../tests/support/enquiry-builder";
import { addStaff, consoleRequest, signIn } from "../../tests/support/console-app";
import { buildTestApp, type TestApp } from "../../tests/support/test-app";
import { signatureOf, textMessage, webhookBody, WHATSAPP_TEST_ENV } from "../../tests/support/whatsapp";

const apps: TestApp[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

const WEBHOOK = "/api/whatsapp/webhook";
const BUYER_MOBILE = "9876501234";
/** The buyer's number as WhatsApp gives it: country code, no plus. */
const BUYER_WA = `91${BUYER_MOBILE}`;

async function server(env: Record<string, string> = WHATSAPP_TEST_ENV) {
  const built = await buildTestApp({ LOG_LEVEL: "silent", ...env });
  apps.push(built);
  return built.app;
}

/** Two open enquiries and a closed one from the buyer's mobile, and one of another buyer, owned by Priya. */
async function buyerWithEnquiries(app: TestApp["app"]) {
  const priya = await addStaff(app, "priya@example.com", "member");
  const older = await app.store.enquiries.add(anEnquiry({ Name: "Meera Iyer", Mobile: BUYER_MOBILE }));
  const newest = await app.store.enquiries.add(anEnquiry({ Name: "Meera Iyer", Mobile: BUYER_MOBILE }));
  const closed = await app.store.enquiries.add(anEnquiry({ Name: "Meera Iyer", Mobile: BUYER_MOBILE }));
  const other = await app.store.enquiries.add(anEnquiry({ Name: "Ravi Kumar", Mobile: "9811122233" }));
  const declined = await app.store.work.changeStatus(closed.id, {
    to: "Declined",
    expectedVersion: (await app.store.enquiryWork.get(closed.id))?.version ?? 0,
    lostReason: "other",
    staffEmail: "owner@example.com",
    at: new Date(),
  });
  expect(declined.outcome).toBe("changed");
  await app.store.work.setOwner(newest.id, {
    ownerId: priya.id,
    staffEmail: "owner@example.com",
    at: new Date(),
  });
  const cookie = await signIn(app, "priya@example.com");
  return { priya, older, newest, closed, other, cookie };
}

const deliver = (app: TestApp["app"], body: string | Buffer, signature: string | null = signatureOf(body)) =>
  app.inject({
    method: "POST",
    url: WEBHOOK,
    headers: {
      "content-type": "application/json",
      ...(signature ? { "x-hub-signature-256": signature } : {}),
    },
    payload: body,
  });

const messagesOf = async (app: TestApp["app"], enquiryId: string) =>
  (await app.store.conversations.list(enquiryId, { limit: 50 }))?.messages ?? [];

describe("Meta's WhatsApp webhook", () => {
  test("verification answers the challenge to the right verify token only", async () => {
    const app = await server();
    const verify = (token: string) =>
      app.inject({
        method: "GET",
        url: `${WEBHOOK}?hub.mode=subscribe&hub.verify_token=${encodeURIComponent(token)}&hub.challenge=1158201444`,
      });
    const accepted = await verify(WHATSAPP_TEST_ENV.WHATSAPP_VERIFY_TOKEN);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.body).toBe("1158201444");
    const refused = await verify("someone-elses-token-123");
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain("1158201444");
  });

  test("without the WHATSAPP_ settings the webhook is not there", async () => {
    const app = await server({});
    const body = webhookBody({ messages: [textMessage("wamid.A1", BUYER_WA, "Hello")] });
    expect((await deliver(app, body)).statusCode).toBe(404);
    expect(
      (
        await app.inject({
          method: "GET",
          url: `${WEBHOOK}?hub.mode=subscribe&hub.verify_token=x&hub.challenge=1`,
        })
      ).statusCode,
    ).toBe(404);
  });

  test("a signed text is filed on the buyer's newest open enquiry as an unread WhatsApp answer, due now, its owner alerted", async () => {
    const app = await server();
    const { newest, older, closed, other, cookie, priya } = await buyerWithEnquiries(app);
    const body = webhookBody({
      contacts: [{ profile: { name: "Meera" }, wa_id: BUYER_WA }],
      messages: [textMessage("wamid.HBgMOTE5ODc2NTAxMjM0FQIAEhgg", BUYER_WA, "60 sachets please, by Friday")],
    });
    const response = await deliver(app, body);
    expect(response.statusCode).toBe(200);

    const page = (
      await consoleRequest(app, cookie, "GET", `/enquiries/${newest.id}/conversation`)
    ).json<Conversation>();
    expect(page.messages).toHaveLength(1);
    const message = page.messages[0] as IncomingMessage;
    expect(message).toMatchObject({
      direction: "in",
      channel: "whatsapp",
      text: "60 sachets please, by Friday",
      from: `+${BUYER_WA}`,
      unread: true,
      verified: true,
      messageId: "wamid.HBgMOTE5ODc2NTAxMjM0FQIAEhgg",
    });
    for (const enquiry of [older, closed, other]) expect(await messagesOf(app, enquiry.id)).toEqual([]);

    const alerts = (
      await app.store.enquiries.claimDueNotifications({
        worker: "test",
        now: new Date(Date.now() + 60_000),
        limit: 100,
        leaseMs: 60_000,
      })
    ).filter((mail) => mail.kind === "member-alert" && mail.staffId === priya.id && "answered" in mail);
    expect(alerts).toHaveLength(1);
    const fields = (await app.store.team.fieldsOf([newest.id])).get(newest.id);
    expect(Date.parse(String(fields?.dueAt))).toBeLessThanOrEqual(Date.now());
  });

  test("a signed message from a number with no open enquiry opens one from WhatsApp, shown in the console with its message and what was not given", async () => {
    const app = await server();
    const priya = await addStaff(app, "priya@example.com", "member");
    await app.store.team.setAssignmentRule({ kind: "turns", members: [priya.id] });
    const cookie = await signIn(app, "priya@example.com");
    const unknown = "919812345670";
    const body = webhookBody({
      contacts: [{ profile: { name: "Sunita\tSharma " }, wa_id: unknown }],
      messages: [textMessage("wamid.NEW1", unknown, "Do you deliver to Noida?")],
    });
    expect((await deliver(app, body)).statusCode).toBe(200);

    const inbox = (await consoleRequest(app, cookie, "GET", "/enquiries?source=whatsapp")).json<InboxPage>();
    expect(inbox.items).toEqual([
      expect.objectContaining({
        Name: "Sunita Sharma",
        Mobile: "9812345670",
        Quantity: null,
        RetailerSelfUse: null,
        source: "whatsapp",
        status: "New",
      }),
    ]);
    const id = inbox.items[0]?.id ?? "";
    const detail = (await consoleRequest(app, cookie, "GET", `/enquiries/${id}`)).json<
      EnquiryDetail & { whatsapp: EnquiryWhatsApp }
    >();
    expect(detail.enquiry).toEqual({
      Name: "Sunita Sharma",
      Email: null,
      Mobile: "9812345670",
      Quantity: null,
      RetailerSelfUse: null,
    });
    expect(detail.source).toEqual({ utmSource: "whatsapp" });
    // The buyer wrote first: a reply on WhatsApp may go at once, inside the window.
    expect(detail.whatsapp).toMatchObject({ configured: true, mayMessage: true, windowOpen: true });
    const conversation = (
      await consoleRequest(app, cookie, "GET", `/enquiries/${id}/conversation`)
    ).json<Conversation>();
    expect(conversation.reply.to).toBeNull();
    expect(conversation.messages).toEqual([
      expect.objectContaining({ channel: "whatsapp", direction: "in", text: "Do you deliver to Noida?" }),
    ]);
    const mailed = await consoleRequest(app, cookie, "POST", `/enquiries/${id}/replies`, {
      subject: "Your enquiry",
      text: "Yes, we do.",
    });
    expect(mailed.statusCode).toBe(409);
    expect(mailed.json()).toEqual({ error: conversationMessages.noAddress });

    // Delivered again, and a second message: one enquiry, holding both.
    expect((await deliver(app, body)).statusCode).toBe(200);
    const again = webhookBody({ messages: [textMessage("wamid.NEW2", unknown, "For 40 sachets")] });
    expect((await deliver(app, again)).statusCode).toBe(200);
    expect((await app.store.buyers.enquiriesOfMobile("9812345670")).map((enquiry) => enquiry.id)).toEqual([
      id,
    ]);
    expect((await messagesOf(app, id)).map((message) => message.text)).toEqual([
      "Do you deliver to Noida?",
      "For 40 sachets",
    ]);
  });

  test("a delivery replayed, or delivered again by Meta, is stored once", async () => {
    const app = await server();
    const { newest } = await buyerWithEnquiries(app);
    const body = webhookBody({ messages: [textMessage("wamid.replayed", BUYER_WA, "Is COD possible?")] });
    const answers = await Promise.all([deliver(app, body), deliver(app, body)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect((await deliver(app, body)).statusCode).toBe(200);
    expect((await messagesOf(app, newest.id)).map((message) => message.text)).toEqual(["Is COD possible?"]);
  });

  test("a message Meta delivers late is kept at the time WhatsApp gives it, and the 24-hour window ran from then; a time ahead of the server's is kept as received", async () => {
    const app = await server();
    const { newest, cookie } = await buyerWithEnquiries(app);
    const wrote = Math.floor(Date.now() / 1_000) - 25 * 3_600;
    const late = webhookBody({ messages: [textMessage("wamid.late", BUYER_WA, "Price for 30?", wrote)] });
    expect((await deliver(app, late)).statusCode).toBe(200);
    const [kept] = await messagesOf(app, newest.id);
    expect(kept?.at).toBe(new Date(wrote * 1_000).toISOString());
    const state = (await consoleRequest(app, cookie, "GET", `/enquiries/${newest.id}`)).json<{
      whatsapp: EnquiryWhatsApp;
    }>().whatsapp;
    expect(state).toMatchObject({
      mayMessage: true,
      windowOpen: false,
      windowOpenUntil: new Date((wrote + 24 * 3_600) * 1_000).toISOString(),
    });

    const before = Date.now();
    const ahead = Math.floor(before / 1_000) + 3_600;
    const skewed = webhookBody({ messages: [textMessage("wamid.ahead", BUYER_WA, "Any news?", ahead)] });
    expect((await deliver(app, skewed)).statusCode).toBe(200);
    const newer = (await messagesOf(app, newest.id)).find((message) => message.text === "Any news?");
    expect(Date.parse(newer?.at ?? "")).toBeGreaterThanOrEqual(before - 1_000);
    expect(Date.parse(newer?.at ?? "")).toBeLessThanOrEqual(Date.now());
  });

  test("unsigned, wrongly signed, tampered, oversized and malformed deliveries are refused with nothing stored", async () => {
    const app = await server();
    const { newest } = await buyerWithEnquiries(app);
    const body = webhookBody({ messages: [textMessage("wamid.bad", BUYER_WA, "Send me the price")] });
    const refusals = [
      await deliver(app, body, null),
      await deliver(app, body, signatureOf(body, "ffffffffffffffffffffffffffffffff")),
      await deliver(app, body.replace("price", "prize"), signatureOf(body)),
      await deliver(app, body, "sha256=zz"),
    ];
    expect(refusals.map((answer) => answer.statusCode)).toEqual([401, 401, 401, 401]);

    const oversized = webhookBody({
      messages: [textMessage("wamid.big", BUYER_WA, "x".repeat(WHATSAPP_WEBHOOK_MAX_BYTES))],
    });
    expect((await deliver(app, oversized)).statusCode).toBe(413);

    const notJson = '{"object":"whatsapp_business_account",';
    const notMeta = JSON.stringify({ object: "page", entry: [] });
    const tooDeep = `${"[".repeat(100)}${"]".repeat(100)}`;
    for (const malformed of [notJson, notMeta, tooDeep]) {
      expect((await deliver(app, malformed)).statusCode).toBe(400);
    }
    // Signed and well framed, but its one message is not a message: passed over.
    const broken = webhookBody({ messages: [{ id: "wamid.nofrom", type: "text", text: { body: "hi" } }] });
    expect((await deliver(app, broken)).statusCode).toBe(200);
    // For another business number than ours: passed over.
    const elsewhere = webhookBody(
      { messages: [textMessage("wamid.elsewhere", BUYER_WA, "hello")] },
      "999999999",
    );
    expect((await deliver(app, elsewhere)).statusCode).toBe(200);

    expect(await messagesOf(app, newest.id)).toEqual([]);
  });

  test("hostile text is kept as the buyer wrote it, and media become a one-line mention with their id", async () => {
    const app = await server();
    const { newest } = await buyerWithEnquiries(app);
    const hostile = `<script>alert("x")</script>\u202Eevil\u200F <img src=x onerror=alert(1)>`;
    const long = "ब".repeat(WHATSAPP_TEXT_MAX_LENGTH);
    const now = Math.floor(Date.now() / 1_000);
    const body = webhookBody({
      messages: [
        textMessage("wamid.h1", BUYER_WA, hostile, now),
        textMessage("wamid.h2", BUYER_WA, long, now),
        {
          from: BUYER_WA,
          id: "wamid.h3",
          timestamp: String(now),
          type: "image",
          image: { id: "1479537139650973", mime_type: "image/jpeg" },
        },
        {
          from: BUYER_WA,
          id: "wamid.h4",
          timestamp: String(now),
          type: "audio",
          audio: { id: "929382839", voice: true },
        },
        {
          from: BUYER_WA,
          id: "wamid.h5",
          timestamp: String(now),
          type: "location",
          location: { latitude: 28.6139, longitude: 77.209, name: "Karol Bagh" },
        },
        {
          from: BUYER_WA,
          id: "wamid.h6",
          timestamp: String(now),
          type: "reaction",
          reaction: { message_id: "wamid.h1", emoji: "👍" },
        },
      ],
    });
    expect(Buffer.byteLength(body)).toBeLessThan(WHATSAPP_WEBHOOK_MAX_BYTES);
    expect((await deliver(app, body)).statusCode).toBe(200);
    const texts = (await messagesOf(app, newest.id)).map((message) => message.text);
    expect(texts).toEqual([
      hostile,
      long,
      "[Image sent on WhatsApp, media id 1479537139650973]",
      "[Voice note sent on WhatsApp, media id 929382839]",
      "[Location sent on WhatsApp (“Karol Bagh”): 28.61390, 77.20900]",
    ]);
  });
});
