import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { conversationText, whatsappComposerText } from "../../console/content";
import { ADMIN_API_PREFIX } from "../../domain/console";
import { ENQUIRY_COLLECTION } from "../../domain/contract";
import { TEMPLATE_API_ROUTES, type ReplyTemplate } from "../../domain/templates";
import { sqlitePathFromUrl } from "../../server/store/sqlite";
import { SqliteStore } from "../../server/store";
import { startGraphApiStandIn, type GraphApiStandIn } from "../support/graph-api-stand-in";
import { signatureOf, textMessage, webhookBody, WHATSAPP_TEST_ENV } from "../support/whatsapp";
import { createStaff, signIn, type ConsoleAccount } from "./support/console";
import { accessibilityViolations, expect, test, viewportOf } from "./support/fixtures";
import { serverOfItsOwn } from "./support/own-server";

/** Where the screenshots of the composer go, to be looked at. */
const SHOTS = process.env.SHOTS_DIR;

// Meta cannot be reached from here: the server sends to a stand-in of the Graph API, started
// before the server so that WHATSAPP_GRAPH_URL can name it.
let graph: GraphApiStandIn;
test.beforeAll(async () => {
  graph = await startGraphApiStandIn({
    phoneNumberId: WHATSAPP_TEST_ENV.WHATSAPP_PHONE_NUMBER_ID,
    accessToken: WHATSAPP_TEST_ENV.WHATSAPP_ACCESS_TOKEN,
  });
});
test.afterAll(async () => {
  await graph.close();
});
const server = serverOfItsOwn("whatsapp-composer", () => ({
  ...WHATSAPP_TEST_ENV,
  WHATSAPP_GRAPH_URL: graph.graphUrl,
}));

let owner: ConsoleAccount;
let member: ConsoleAccount;
test.beforeAll(async () => {
  owner = await createStaff("owner", server.databaseUrl);
  member = await createStaff("member", server.databaseUrl);
});

/** An enquiry from `mobile`, owned by the member; its id. */
async function enquiryOf(request: APIRequestContext, mobile: string, name: string) {
  const created = await request.post(`${server.baseUrl}/api/enquiries`, {
    data: {
      Name: name,
      Email: "buyer@mail.example",
      Mobile: mobile,
      Quantity: 30,
      RetailerSelfUse: "Retailer",
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const store = await SqliteStore.open({
    path: sqlitePathFromUrl(server.databaseUrl),
    enquiryCollection: ENQUIRY_COLLECTION,
  });
  try {
    const ownerId = (await store.staff.list()).find((each) => each.email === member.email)?.id ?? null;
    await store.work.setOwner(id, { ownerId, staffEmail: member.email, at: new Date() });
  } finally {
    await store.close();
  }
  return id;
}

/** Meta delivers a webhook body, signed with the app's secret. */
async function metaDelivers(request: APIRequestContext, value: Parameters<typeof webhookBody>[0]) {
  const body = webhookBody(value);
  const delivered = await request.post(`${server.baseUrl}/api/whatsapp/webhook`, {
    headers: { "content-type": "application/json", "x-hub-signature-256": signatureOf(body) },
    data: body,
  });
  expect(delivered.status()).toBe(200);
}

/** The buyer writes on WhatsApp from `mobile`, now or at `at` (Meta's timestamp of the message). */
function buyerWrites(
  request: APIRequestContext,
  mobile: string,
  wamid: string,
  text: string,
  at = new Date(),
) {
  return metaDelivers(request, {
    contacts: [{ profile: { name: "Buyer" }, wa_id: `91${mobile}` }],
    messages: [textMessage(wamid, `91${mobile}`, text, Math.floor(at.getTime() / 1_000))],
  });
}

/**
 * The owner records a WhatsApp template approved in WhatsApp Manager, through the console's API as
 * the Templates page sends it: signed in, from the console's origin.
 */
async function ownerRecordsApprovedTemplate(browser: Browser, input: Record<string, unknown>) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await signIn(page, owner, server.baseUrl);
    const added = await page.request.post(
      `${server.baseUrl}${ADMIN_API_PREFIX}${TEMPLATE_API_ROUTES.templates}`,
      {
        data: input,
        headers: { origin: server.baseUrl },
      },
    );
    expect(added.status()).toBe(201);
    return ((await added.json()) as { template: ReplyTemplate }).template;
  } finally {
    await context.close();
  }
}

async function openEnquiry(page: Page, width: number, id: string) {
  await page.setViewportSize(viewportOf(width));
  await signIn(page, member, server.baseUrl);
  await page.goto(`${server.baseUrl}/admin/enquiries/${id}`);
  return page.getByRole("region", { name: conversationText.heading });
}

/** The messages the stand-in took for this number. */
const receivedFor = (mobile: string) => graph.received.filter((each) => each.body.to === `91${mobile}`);

for (const width of [375, 1280]) {
  test(`a member answers a buyer's WhatsApp message from the enquiry's composer, and sees it delivered, at ${width} px`, async ({
    page,
    request,
  }) => {
    const mobile = width === 375 ? "9811200375" : "9811201280";
    const id = await enquiryOf(request, mobile, "Sunita Arora");
    await buyerWrites(request, mobile, `wamid.composer${width}`, "क्या 30 सैशे का बिल GST के साथ मिलेगा?");

    const conversation = await openEnquiry(page, width, id);
    await expect(conversation.getByText("क्या 30 सैशे का बिल GST के साथ मिलेगा?")).toBeVisible();
    const composer = conversation.getByRole("form", { name: whatsappComposerText.heading });
    await expect(composer.getByRole("status")).toHaveText(
      /^Chat open until (\d{1,2} [A-Z][a-z]{2}, )?\d{2}:\d{2} IST$/,
    );

    // From the summary's WhatsApp button to the composer, by keyboard.
    await page.getByRole("link", { name: "WhatsApp", exact: true }).focus();
    await page.keyboard.press("Enter");
    const box = composer.getByRole("textbox", { name: whatsappComposerText.message });
    await expect(box).toBeFocused();
    const answer = "हाँ सुनीता जी, GST बिल साथ आएगा।\n30 सैशे: ₹3,600.";
    await box.fill(answer);
    // On a laptop Ctrl+Enter sends; on a phone, the Send button (Enter is a new line there).
    if (width === 1280) await box.press("Control+Enter");
    else await composer.getByRole("button", { name: whatsappComposerText.send }).click();

    // Queued on the conversation at once, then taken by WhatsApp.
    const mine = conversation.getByRole("listitem").filter({ hasText: "₹3,600." });
    await expect(mine).toHaveCount(1);
    await expect(box).toHaveValue("");
    await expect(mine).toContainText(conversationText.delivery.sent, { timeout: 15_000 });
    const sent = receivedFor(mobile);
    expect(sent).toHaveLength(1);
    const reference = sent[0]?.body.biz_opaque_callback_data;
    expect(sent[0]?.body).toEqual({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: `91${mobile}`,
      biz_opaque_callback_data: reference,
      type: "text",
      text: { preview_url: false, body: answer },
    });

    // Meta's status callback: the page shows it delivered without a reload.
    await metaDelivers(request, {
      statuses: [
        {
          id: sent[0]?.wamid,
          status: "delivered",
          timestamp: String(Math.floor(Date.now() / 1_000)),
          recipient_id: `91${mobile}`,
          biz_opaque_callback_data: reference,
        },
      ],
    });
    await expect(mine).toContainText(conversationText.whatsappStatus.delivered, { timeout: 15_000 });
    expect(receivedFor(mobile)).toHaveLength(1);

    expect(await page.evaluate(() => document.body.scrollWidth)).toBeLessThanOrEqual(width);
    expect(await accessibilityViolations(page, { include: [".conversation"] })).toEqual([]);
    if (SHOTS) {
      await composer.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/whatsapp-composer-${width}.png`, fullPage: false });
    }
  });
}

test("a double click on Send sends the message once", async ({ page, request }) => {
  const mobile = "9811300001";
  const id = await enquiryOf(request, mobile, "Harpreet Gill");
  await buyerWrites(request, mobile, "wamid.double1", "Rate for 60?");
  const conversation = await openEnquiry(page, 1280, id);
  const composer = conversation.getByRole("form", { name: whatsappComposerText.heading });
  await composer.getByRole("textbox", { name: whatsappComposerText.message }).fill("₹7,200 for 60 sachets.");
  await composer.getByRole("button", { name: whatsappComposerText.send }).dblclick();
  const mine = conversation.getByRole("listitem").filter({ hasText: "₹7,200 for 60 sachets." });
  await expect(mine).toContainText(conversationText.delivery.sent, { timeout: 15_000 });
  await expect(mine).toHaveCount(1);
  // What the server queued for the enquiry: one message, sent once.
  const queued = await page.request.get(`${server.baseUrl}/api/admin/enquiries/${id}/conversation`);
  const messages = ((await queued.json()) as { messages: { direction: string }[] }).messages;
  expect(messages.filter((message) => message.direction === "out")).toHaveLength(1);
  expect(receivedFor(mobile)).toHaveLength(1);
  await expect(composer.getByRole("alert")).toHaveCount(0);
});

for (const width of [375, 1280]) {
  test(`after the buyer's STOP the composer says so and is disabled, at ${width} px`, async ({
    page,
    request,
  }) => {
    const mobile = width === 375 ? "9811400375" : "9811401280";
    const id = await enquiryOf(request, mobile, "Anil Mehta");
    await buyerWrites(request, mobile, `wamid.stop-a${width}`, "Price?");
    await buyerWrites(request, mobile, `wamid.stop-b${width}`, "STOP");
    const conversation = await openEnquiry(page, width, id);
    const composer = conversation.getByRole("form", { name: whatsappComposerText.heading });
    await expect(composer.getByRole("status")).toContainText("The buyer sent “STOP” on");
    await expect(composer.getByRole("status")).toContainText("no more WhatsApp messages are sent to them");
    await expect(composer.getByRole("textbox", { name: whatsappComposerText.message })).toBeDisabled();
    await expect(composer.getByRole("button", { name: whatsappComposerText.send })).toBeDisabled();
    // The summary's WhatsApp button leads to why, not to a box that takes nothing.
    await page.getByRole("link", { name: "WhatsApp", exact: true }).click();
    await expect(composer.getByRole("status")).toBeFocused();
    expect(await accessibilityViolations(page, { include: [".conversation"] })).toEqual([]);
    if (SHOTS) {
      await composer.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/whatsapp-composer-stop-${width}.png`, fullPage: false });
    }
  });
}

test("the composer opens without a reload when the buyer's first WhatsApp message arrives while the page is open", async ({
  page,
  request,
}) => {
  const mobile = "9811500375";
  const id = await enquiryOf(request, mobile, "Rekha Nair");
  const conversation = await openEnquiry(page, 375, id);
  const composer = conversation.getByRole("form", { name: whatsappComposerText.heading });
  await expect(composer.getByRole("status")).toHaveText(whatsappComposerText.noConsent);
  const box = composer.getByRole("textbox", { name: whatsappComposerText.message });
  await expect(box).toBeDisabled();
  await buyerWrites(request, mobile, "wamid.first375", "Is it halal?");
  // The conversation's own reading brings the message; the enquiry is read again for the window.
  await expect(conversation.getByText("Is it halal?")).toBeVisible({ timeout: 15_000 });
  await expect(composer.getByRole("status")).toHaveText(/^Chat open until /);
  await expect(box).toBeEnabled();
});

for (const width of [375, 1280]) {
  test(`outside the 24-hour window a member sends an approved template, chosen by keyboard, once, and sees it delivered, at ${width} px`, async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(90_000);
    const title = `Delivery this week (${width} px)`;
    const template = await ownerRecordsApprovedTemplate(browser, {
      channel: "whatsapp",
      language: "en",
      name: title,
      subject: null,
      body: "Hello {firstName}, about your enquiry for {quantity}: {company} can deliver this week.",
      whatsappTemplate: {
        name: "order_followup",
        language: "en_US",
        parameters: ["firstName", "quantity", "company"],
      },
    });

    const mobile = width === 375 ? "9811600375" : "9811601280";
    const name = width === 375 ? "Meera Kapoor" : "Pooja Sethi";
    const firstName = name.split(" ")[0]!;
    const id = await enquiryOf(request, mobile, name);
    const wrote = new Date(Date.now() - 25 * 3_600_000);
    await buyerWrites(request, mobile, `wamid.template${width}`, "Is the price the same for 30?", wrote);

    // From the inbox to the enquiry, as a member works.
    await page.setViewportSize(viewportOf(width));
    await signIn(page, member, server.baseUrl);
    await page.getByRole("link", { name }).first().click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    const conversation = page.getByRole("region", { name: conversationText.heading });
    await expect(conversation.getByText("Is the price the same for 30?")).toBeVisible();
    const composer = conversation.getByRole("form", { name: whatsappComposerText.heading });
    await expect(composer.getByRole("status")).toHaveText(whatsappComposerText.windowClosed);
    await expect(composer.getByRole("textbox", { name: whatsappComposerText.message })).toBeDisabled();
    await expect(composer.getByRole("button", { name: whatsappComposerText.send })).toBeDisabled();

    // The template, chosen by keyboard: the list takes the typed title, and the merged text shows.
    const templates = composer.getByRole("group", { name: whatsappComposerText.templatesHeading });
    const list = templates.getByRole("combobox", { name: whatsappComposerText.template });
    await list.focus();
    await page.keyboard.type(title);
    await expect(list).toHaveValue(template.id);
    const merged = `Hello ${firstName}, about your enquiry for 30 sachets: Sanvera Healthcare can deliver this week.`;
    await expect(templates.getByText(whatsappComposerText.templatePreview)).toBeVisible();
    await expect(templates.getByText(merged)).toBeVisible();
    await expect(list).toHaveAccessibleDescription(merged);
    if (SHOTS) {
      await templates.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/whatsapp-template-chosen-${width}.png`, fullPage: false });
    }

    // Two clicks on the same send: one message.
    await templates.getByRole("button", { name: whatsappComposerText.sendTemplate }).dblclick();
    const mine = conversation.getByRole("listitem").filter({ hasText: merged });
    await expect(mine).toHaveCount(1);
    await expect(mine).toContainText(conversationText.delivery.sent, { timeout: 15_000 });
    await expect(mine).toHaveCount(1);
    await expect(composer.getByRole("alert")).toHaveCount(0);
    const sent = receivedFor(mobile);
    expect(sent).toHaveLength(1);
    const reference = sent[0]?.body.biz_opaque_callback_data;
    expect(sent[0]?.body).toEqual({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: `91${mobile}`,
      biz_opaque_callback_data: reference,
      type: "template",
      template: {
        name: "order_followup",
        language: { code: "en_US" },
        components: [
          {
            type: "body",
            parameters: [
              { type: "text", text: firstName },
              { type: "text", text: "30 sachets" },
              { type: "text", text: "Sanvera Healthcare" },
            ],
          },
        ],
      },
    });

    // Meta's status callback: delivered, on the page without a reload.
    await metaDelivers(request, {
      statuses: [
        {
          id: sent[0]?.wamid,
          status: "delivered",
          timestamp: String(Math.floor(Date.now() / 1_000)),
          recipient_id: `91${mobile}`,
          biz_opaque_callback_data: reference,
        },
      ],
    });
    await expect(mine).toContainText(conversationText.whatsappStatus.delivered, { timeout: 15_000 });
    // What the server queued for the enquiry: one message, sent once.
    const queued = await page.request.get(`${server.baseUrl}/api/admin/enquiries/${id}/conversation`);
    const messages = ((await queued.json()) as { messages: { direction: string }[] }).messages;
    expect(messages.filter((message) => message.direction === "out")).toHaveLength(1);
    expect(receivedFor(mobile)).toHaveLength(1);

    expect(await page.evaluate(() => document.body.scrollWidth)).toBeLessThanOrEqual(width);
    expect(await accessibilityViolations(page, { include: [".conversation"] })).toEqual([]);
    if (SHOTS) {
      await mine.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/whatsapp-template-sent-${width}.png`, fullPage: false });
    }
  });
}
