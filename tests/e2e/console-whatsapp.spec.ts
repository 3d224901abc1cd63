import { conversationText } from "../../console/content";
import { ENQUIRY_COLLECTION } from "../../domain/contract";
import { sqlitePathFromUrl } from "../../server/store/sqlite";
import { SqliteStore } from "../../server/store";
import { signatureOf, textMessage, webhookBody, WHATSAPP_TEST_ENV } from "../support/whatsapp";
import { createStaff, signIn } from "./support/console";
import { accessibilityViolations, expect, test, viewportOf } from "./support/fixtures";
import { serverOfItsOwn } from "./support/own-server";

/** Where the screenshots of the conversation go, to be looked at. */
const SHOTS = process.env.SHOTS_DIR;
const server = serverOfItsOwn("whatsapp", () => ({ ...WHATSAPP_TEST_ENV }));

for (const width of [375, 1280]) {
  test(`a buyer's signed WhatsApp message appears on their enquiry beside the e-mails, marked with its channel, at ${width} px`, async ({
    page,
    request,
  }) => {
    await createStaff("owner", server.databaseUrl);
    const member = await createStaff("member", server.databaseUrl);
    const mobile = width === 375 ? "9811100375" : "9811101280";
    const created = await request.post(`${server.baseUrl}/api/enquiries`, {
      data: {
        Name: "Kavita Rao",
        Email: "kavita.rao@mail.example",
        Mobile: mobile,
        Quantity: 24,
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
      // An earlier e-mail answer, so that the page holds both channels in time order.
      await store.work.addAnswers([
        {
          enquiryId: id,
          messageId: `<kavita-${width}@mail.example>`,
          inReplyTo: null,
          references: [],
          from: "kavita.rao@mail.example",
          subject: "Re: Your enquiry",
          text: "Please send the GST bill.",
          at: new Date(Date.now() - 60_000),
          attachments: 0,
          truncated: false,
          quoteTrimmed: false,
          verified: true,
        },
      ]);
    } finally {
      await store.close();
    }

    // Meta delivers her WhatsApp message, signed; hostile characters come with it.
    const body = webhookBody({
      contacts: [{ profile: { name: "Kavita" }, wa_id: `91${mobile}` }],
      messages: [
        textMessage(
          `wamid.e2e${width}`,
          `91${mobile}`,
          "24 सैशे चाहिए, COD ठीक है? <script>alert(1)</script>\u202E",
        ),
      ],
    });
    const delivered = await request.post(`${server.baseUrl}/api/whatsapp/webhook`, {
      headers: { "content-type": "application/json", "x-hub-signature-256": signatureOf(body) },
      data: body,
    });
    expect(delivered.status()).toBe(200);

    await page.setViewportSize(viewportOf(width));
    await signIn(page, member, server.baseUrl);
    await page.goto(`${server.baseUrl}/admin/enquiries/${id}`);
    const conversation = page.getByRole("region", { name: conversationText.heading });
    const items = conversation.getByRole("listitem");
    await expect(items).toHaveCount(2);
    await expect(items.nth(0)).toContainText("By E-mail");
    await expect(items.nth(0)).toContainText("Please send the GST bill.");
    const whatsapp = items.nth(1);
    await expect(whatsapp).toContainText("By WhatsApp");
    await expect(whatsapp).toContainText(`The buyer wrote on WhatsApp from +91${mobile}`);
    await expect(whatsapp).toContainText("24 सैशे चाहिए, COD ठीक है? <script>alert(1)</script>");
    await expect(whatsapp.getByText(conversationText.newAnswer, { exact: true })).toBeVisible();
    // Shown as text: the page holds no script from it, and the page is not wider than the screen.
    expect(await page.evaluate(() => document.body.scrollWidth)).toBeLessThanOrEqual(width);
    expect(await accessibilityViolations(page, { include: [".conversation"] })).toEqual([]);
    if (SHOTS) {
      await whatsapp.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/whatsapp-conversation-${width}.png`, fullPage: false });
    }
  });
}
