/**
 * The WhatsApp templates an invoice and a payment reminder go by outside the 24-hour window, on
 * the Templates page: an owner records the Hindi invoice template's approval with the keyboard,
 * its parameters being the document's fields in order.
 */
import { templateMessages } from "../../domain/templates";
import { templatesText } from "../../console/content";
import { accessibilityViolations, expect, test, viewportOf } from "./support/fixtures";
import { createStaff, signIn } from "./support/console";
import { serverOfItsOwn } from "./support/own-server";

// A server of its own: this journey changes the templates the documents are sent by.
const own = serverOfItsOwn("document-templates");

for (const width of [375, 1280]) {
  test(`at ${width} px, an owner records the Hindi invoice template's approval, its parameters the document's fields, and adds a reminder's template`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    const owner = await createStaff("owner", own.databaseUrl);
    await page.setViewportSize(viewportOf(width));
    await signIn(page, owner, own.baseUrl);
    await page.goto(`${own.baseUrl}/admin/templates`);
    const whatsApp = page.getByRole("region", { name: "WhatsApp messages" });
    const row = whatsApp.getByRole("listitem").filter({ hasText: "इनवॉइस (Invoice)" });
    await expect(row).toContainText(templatesText.purposes.invoice);
    await row.getByRole("button", { name: "Edit इनवॉइस (Invoice)" }).click();

    // The fields offered are the document's, not the enquiry's.
    const fields = whatsApp.getByRole("group", { name: templatesText.insert });
    await expect(fields.getByRole("button")).toHaveText([
      "{buyerName}",
      "{documentNumber}",
      "{amount}",
      "{paymentLink}",
    ]);
    const approved = whatsApp.getByRole("group", { name: templatesText.approvedHeading });
    const toggle = approved.getByRole("checkbox", { name: templatesText.approvedToggle });
    await toggle.focus();
    await page.keyboard.press("Space");
    await expect(
      approved.getByRole("list", { name: templatesText.approvedParameters }).getByRole("listitem"),
    ).toHaveText([
      "{{1}} is {buyerName}",
      "{{2}} is {documentNumber}",
      "{{3}} is {amount}",
      "{{4}} is {paymentLink}",
    ]);
    await approved.getByRole("textbox", { name: templatesText.approvedName }).fill("invoice_ready");
    await approved.getByRole("combobox", { name: templatesText.approvedLanguage }).selectOption("hi");
    await whatsApp.getByRole("button", { name: "Save template" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: templateMessages.saved })).toBeVisible();
    const saved = whatsApp.getByRole("listitem").filter({ hasText: "इनवॉइस (Invoice)" });
    await expect(saved).toContainText(templatesText.approvedAs("invoice_ready", "hi"));
    await expect(saved).toContainText(templatesText.purposes.invoice);
    expect(await accessibilityViolations(page)).toEqual([]);
    await saved.screenshot({ path: testInfo.outputPath(`document-template-saved-${width}.png`) });

    // A store whose first templates came before these: an owner adds one, saying what it is for.
    await whatsApp
      .getByRole("button", { name: `${templatesText.add}: ${templatesText.channelOne.whatsapp}` })
      .click();
    const purpose = whatsApp.getByRole("group", { name: templatesText.purpose });
    await purpose.getByRole("radio", { name: templatesText.purposeChoice["payment-reminder"] }).check();
    await expect(whatsApp.getByRole("group", { name: templatesText.insert }).getByRole("button")).toHaveText([
      "{buyerName}",
      "{documentNumber}",
      "{amount}",
      "{paymentLink}",
    ]);
    const title = `Second reminder ${width}`;
    await whatsApp.getByRole("textbox", { name: templatesText.name, exact: true }).fill(title);
    await whatsApp
      .getByRole("textbox", { name: templatesText.body })
      .fill("Dear {buyerName}, {amount} is still due on {documentNumber}: {paymentLink}");
    // The preview merges an example invoice, not an enquiry.
    await expect(whatsApp.locator(".template-preview .preview-body")).toHaveText(
      "Dear Meera Stores, ₹10,710.00 is still due on SH/2627/T0001: https://collarise.in/pay/…",
    );
    expect(await accessibilityViolations(page)).toEqual([]);
    await whatsApp
      .locator("form")
      .screenshot({ path: testInfo.outputPath(`document-template-new-${width}.png`) });
    await whatsApp.getByRole("button", { name: "Save template" }).click();
    await expect(page.getByRole("status").filter({ hasText: templateMessages.added })).toBeVisible();
    await expect(whatsApp.getByRole("listitem").filter({ hasText: title })).toContainText(
      templatesText.purposes["payment-reminder"],
    );
  });
}
