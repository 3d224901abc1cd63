import { templateMessages } from "../../domain/templates";
import { conversationText, templatesText } from "../../console/content";
import { enquiryReference } from "../../domain/console";
import { API_PATHS } from "../../domain/contract";
import { accessibilityViolations, expect, test, viewportOf } from "./support/fixtures";
import { createStaff, signIn } from "./support/console";
import { serverOfItsOwn } from "./support/own-server";

// A server of its own: this journey changes the templates every member is offered.
const own = serverOfItsOwn("templates");

const FIRST_REPLY_HI = "पहला जवाब (First reply)";
const EDITED_BODY =
  "नमस्ते {firstName}, {product} की आपकी पूछताछ ({reference}) मिल गई। {buyerType} {quantity} की मात्रा की कीमत हम आज ही भेजेंगे।";

test("an owner rewrites a Hindi WhatsApp template; a member answers a Hindi enquiry with it, merged", async ({
  browser,
  page,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const owner = await createStaff("owner", own.databaseUrl);
  const member = await createStaff("member", own.databaseUrl);

  // A visitor writes from the Hindi page.
  const placed = await request.post(`${own.baseUrl}${API_PATHS.enquiries}`, {
    data: {
      Name: "Dr. Sunita Rao",
      Email: "sunita.rao@example.in",
      Mobile: "9822334455",
      Quantity: 36,
      RetailerSelfUse: "Retailer",
      lang: "hi",
    },
  });
  expect(placed.status()).toBe(201);
  const { id } = (await placed.json()) as { id: string };

  // The owner finds the Templates page from the console's menu.
  await page.setViewportSize(viewportOf(1280));
  await signIn(page, owner, own.baseUrl);
  await page.getByRole("link", { name: "Templates" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Templates" })).toBeVisible();
  const whatsApp = page.getByRole("region", { name: "WhatsApp messages" });
  // Six replies, and the invoice's and the reminder's templates in each language, each saying what it is for.
  await expect(whatsApp.getByRole("listitem")).toHaveCount(10);
  await expect(whatsApp.getByText(templatesText.purposes.invoice, { exact: true })).toHaveCount(2);
  await expect(whatsApp.getByText(templatesText.purposes["payment-reminder"], { exact: true })).toHaveCount(
    2,
  );
  for (const width of [375, 768, 1280]) {
    await page.setViewportSize(viewportOf(width));
    if (width !== 768) expect(await accessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath(`templates-${width}.png`), fullPage: true });
  }

  // A misspelt field is refused with the field named; what was typed stays.
  await page.setViewportSize(viewportOf(1280));
  await whatsApp.getByRole("button", { name: `Edit ${FIRST_REPLY_HI}` }).click();
  const message = whatsApp.getByRole("textbox", { name: "Message" });
  await message.fill(EDITED_BODY.replace("{firstName}", "{naam}"));
  await whatsApp.getByRole("button", { name: "Save template" }).click();
  await expect(whatsApp.getByRole("alert")).toHaveText(templateMessages.unknownField("body", "naam"));
  await expect(message).toHaveAttribute("aria-invalid", "true");
  await expect(message).toBeFocused();
  // Fixed with the field inserted where it belongs, and previewed as a buyer would read it.
  await message.fill(EDITED_BODY.replace("{firstName}", ""));
  await message.evaluate((element: HTMLTextAreaElement) => element.setSelectionRange(7, 7));
  await whatsApp.getByRole("button", { name: "Insert {firstName}" }).click();
  await expect(message).toHaveValue(EDITED_BODY);
  await expect(whatsApp.locator(".template-preview")).toContainText(
    "नमस्ते Dr. Mehta जी, Collarise कोलेजन पेप्टाइड",
  );
  for (const width of [375, 1280]) {
    await page.setViewportSize(viewportOf(width));
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath(`template-form-${width}.png`), fullPage: true });
  }
  await whatsApp.getByRole("button", { name: "Save template" }).click();
  await expect(page.getByRole("status").filter({ hasText: templateMessages.saved })).toBeVisible();
  await expect(whatsApp.getByRole("listitem").filter({ hasText: FIRST_REPLY_HI })).toContainText(
    "की मात्रा की कीमत हम आज ही भेजेंगे",
  );

  // The member, on a phone, opens the enquiry: WhatsApp offers the Hindi templates only.
  const phoneContext = await browser.newContext({ viewport: viewportOf(375) });
  const phone = await phoneContext.newPage();
  await signIn(phone, member, own.baseUrl);
  await phone.goto(`${own.baseUrl}/admin/enquiries/${id}`);
  await expect(phone.getByRole("heading", { level: 1, name: "Dr. Sunita Rao" })).toBeVisible();
  // The reply box offers the Hindi e-mail templates; this reply starts the thread (no mail yet).
  const conversation = phone.getByRole("region", { name: conversationText.heading });
  await conversation.getByLabel(templatesText.picker).selectOption({ label: FIRST_REPLY_HI });
  await expect(conversation.getByLabel(conversationText.subject)).toHaveValue(
    `Collarise कोलेजन पेप्टाइड: आपकी पूछताछ (संदर्भ ${enquiryReference(id)})`,
  );
  await expect(conversation.getByLabel(conversationText.message)).toHaveValue(
    /^नमस्ते Dr\. Rao जी,\n\nCollarise कोलेजन पेप्टाइड के बारे में आपकी पूछताछ के लिए धन्यवाद।/,
  );
  await expect(conversation.getByLabel(conversationText.message)).toBeFocused();
  await phone.getByRole("button", { name: "WhatsApp" }).click();
  const choices = phone.getByRole("group", { name: templatesText.whatsAppChoose });
  // 36 sachets is below the minimum order for a trade price: the price template, which promises a
  // better price, is not offered.
  await expect(choices.getByRole("link")).toHaveText([
    FIRST_REPLY_HI,
    "फ़ॉलो-अप (Follow-up)",
    templatesText.whatsAppBlank,
  ]);
  const chosen = choices.getByRole("link", { name: FIRST_REPLY_HI });
  const href = (await chosen.getAttribute("href")) ?? "";
  expect(href.startsWith("https://wa.me/919822334455?text=")).toBe(true);
  expect(decodeURIComponent(href.slice(href.indexOf("text=") + 5))).toBe(
    `नमस्ते Dr. Rao जी, Collarise कोलेजन पेप्टाइड की आपकी पूछताछ (${enquiryReference(id)}) मिल गई। रिटेलर के रूप में 36 सैशे की मात्रा की कीमत हम आज ही भेजेंगे।`,
  );
  expect(await accessibilityViolations(phone)).toEqual([]);
  await phone.screenshot({ path: testInfo.outputPath("enquiry-whatsapp-375.png"), fullPage: true });

  // Choosing it opens the chat and counts as contact, as the Call button does.
  const chat = phone.context().waitForEvent("page");
  await chosen.click();
  await (await chat).close();
  await expect(phone.getByRole("listitem").filter({ hasText: "Contacted by WhatsApp" })).toBeVisible();
  await expect(choices).toBeHidden();
  await phoneContext.close();
});
