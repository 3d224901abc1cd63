import { conversationMessages } from "../../domain/conversation";
import { conversationText, enquiryText, whatsappComposerText } from "../../console/content";
import { ENQUIRY_COLLECTION } from "../../domain/contract";
import { DASHBOARD_FIGURES } from "../../domain/dashboard";
import { sqlitePathFromUrl } from "../../server/store/sqlite";
import { SqliteStore } from "../../server/store";
import { signatureOf, textMessage, webhookBody, WHATSAPP_TEST_ENV } from "../support/whatsapp";
import { createStaff, signIn } from "./support/console";
import { accessibilityViolations, expect, test, viewportOf } from "./support/fixtures";
import { serverOfItsOwn } from "./support/own-server";

/** Where the screenshots go, to be looked at (docs/screenshots/whatsapp-new-enquiry-375.png). */
const SHOTS = process.env.SHOTS_DIR;
const server = serverOfItsOwn("whatsapp-new", () => ({ ...WHATSAPP_TEST_ENV }));

for (const width of [375, 1280]) {
  test(`a WhatsApp message from a number with no enquiry opens one, whose page says what was not given and offers WhatsApp, not e-mail, at ${width} px`, async ({
    page,
    request,
  }) => {
    await createStaff("owner", server.databaseUrl);
    const member = await createStaff("member", server.databaseUrl);
    const mobile = width === 375 ? "9811200375" : "9811201280";
    // A profile name on the phone's message; none on the laptop's, which the page says.
    const body = webhookBody({
      ...(width === 375 ? { contacts: [{ profile: { name: "Sunita Sharma" }, wa_id: `91${mobile}` }] } : {}),
      messages: [
        textMessage(`wamid.new${width}`, `91${mobile}`, "Namaste, do you deliver 40 sachets to Noida?"),
      ],
    });
    const delivered = await request.post(`${server.baseUrl}/api/whatsapp/webhook`, {
      headers: { "content-type": "application/json", "x-hub-signature-256": signatureOf(body) },
      data: body,
    });
    expect(delivered.status()).toBe(200);

    const store = await SqliteStore.open({
      path: sqlitePathFromUrl(server.databaseUrl),
      enquiryCollection: ENQUIRY_COLLECTION,
    });
    const opened = await store.buyers.enquiriesOfMobile(mobile).finally(() => store.close());
    expect(opened).toHaveLength(1);

    await page.setViewportSize(viewportOf(width));
    await signIn(page, member, server.baseUrl);
    await page.goto(`${server.baseUrl}/admin/enquiries/${opened[0]?.id ?? ""}`);
    const number = `+91 ${mobile.slice(0, 5)} ${mobile.slice(5)}`;
    const heading = width === 375 ? "Sunita Sharma" : enquiryText.whatsappSender(number);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await expect(page.getByText(enquiryText.startedOnWhatsApp)).toBeVisible();

    // What WhatsApp did not give is said, not left blank or made up.
    const fields = page.getByRole("region", { name: "Enquiry" });
    await expect(fields.getByRole("definition")).toHaveText([
      width === 375 ? "Sunita Sharma" : enquiryText.nameNotGiven,
      enquiryText.notGiven,
      number,
      enquiryText.notGiven,
      enquiryText.notGiven,
    ]);

    // The message is the conversation's first; the buyer wrote first, so the chat is open.
    const conversation = page.getByRole("region", { name: conversationText.heading });
    await expect(conversation.getByRole("listitem")).toHaveCount(1);
    await expect(conversation.getByRole("listitem")).toContainText(
      "Namaste, do you deliver 40 sachets to Noida?",
    );
    await expect(conversation.getByRole("textbox", { name: whatsappComposerText.message })).toBeEnabled();
    await expect(conversation.getByText(conversationMessages.noAddress)).toBeVisible();
    await expect(page.getByRole("heading", { name: conversationText.replyHeading })).toHaveCount(0);
    await expect(page.getByRole("link", { name: conversationText.replyAction })).toHaveCount(0);

    expect(await page.evaluate(() => document.body.scrollWidth)).toBeLessThanOrEqual(width);
    expect(await accessibilityViolations(page, { include: [".enquiry-page"] })).toEqual([]);
    if (width === 1280) {
      // The dashboard counts it by where it came from, by name.
      await page.goto(`${server.baseUrl}/admin/dashboard`);
      const sources = page.getByRole("region", { name: DASHBOARD_FIGURES.sources });
      await expect(sources.getByText("WhatsApp", { exact: true })).toBeVisible();
      await page.goBack();
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    }
    if (SHOTS) {
      // The first screen, as a member opens it; then the conversation with its WhatsApp reply.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `${SHOTS}/whatsapp-new-enquiry-${width}.png` });
      await conversation.screenshot({ path: `${SHOTS}/whatsapp-new-enquiry-conversation-${width}.png` });
      await fields.screenshot({ path: `${SHOTS}/whatsapp-new-enquiry-fields-${width}.png` });
    }
  });
}
