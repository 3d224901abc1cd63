import { templateMessages } from "../../domain/templates";
import { templatesText } from "../../console/content";
import { accessibilityViolations, expect, test, viewportOf } from "./support/fixtures";
import { createStaff, signIn } from "./support/console";
import { serverOfItsOwn } from "./support/own-server";

// A server of its own: this journey changes the templates every member is offered.
const own = serverOfItsOwn("whatsapp-templates");

const BODY = "Hello {firstName}, about your enquiry for {quantity}: {company} can deliver this week.";

for (const width of [375, 1280]) {
  test(`at ${width} px, an owner records a WhatsApp template's approval in WhatsApp Manager by keyboard; a wrong name is refused with what to copy`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    const owner = await createStaff("owner", own.databaseUrl);
    await page.setViewportSize(viewportOf(width));
    await signIn(page, owner, own.baseUrl);
    await page.goto(`${own.baseUrl}/admin/templates`);
    await expect(page.getByRole("heading", { level: 1, name: "Templates" })).toBeVisible();
    const whatsApp = page.getByRole("region", { name: "WhatsApp messages" });
    await whatsApp
      .getByRole("button", { name: `${templatesText.add}: ${templatesText.channelOne.whatsapp}` })
      .click();

    const title = `Follow-up after a day ${width}`;
    await whatsApp.getByRole("textbox", { name: templatesText.name, exact: true }).fill(title);
    await whatsApp.getByRole("textbox", { name: templatesText.body }).fill(BODY);
    const approved = whatsApp.getByRole("group", { name: templatesText.approvedHeading });
    const toggle = approved.getByRole("checkbox", { name: templatesText.approvedToggle });
    await toggle.focus();
    await page.keyboard.press("Space");
    await expect(toggle).toBeChecked();
    // The parameters are the message's fields in order, as {{1}}, {{2}}, {{3}} in WhatsApp Manager.
    await expect(
      approved.getByRole("list", { name: templatesText.approvedParameters }).getByRole("listitem"),
    ).toHaveText(["{{1}} is {firstName}", "{{2}} is {quantity}", "{{3}} is {company}"]);
    const metaName = approved.getByRole("textbox", { name: templatesText.approvedName });
    await metaName.fill("Order Follow-up");
    await approved.getByRole("combobox", { name: templatesText.approvedLanguage }).selectOption("en_US");
    await whatsApp.getByRole("button", { name: "Save template" }).click();
    await expect(whatsApp.getByRole("alert")).toHaveText(templateMessages.whatsappNameFormat);
    await expect(metaName).toHaveAttribute("aria-invalid", "true");
    await expect(metaName).toBeFocused();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.screenshot({
      path: testInfo.outputPath(`whatsapp-template-refused-${width}.png`),
      fullPage: true,
    });
    await whatsApp
      .locator("form")
      .screenshot({ path: testInfo.outputPath(`whatsapp-template-form-${width}.png`) });

    // Copied exactly as WhatsApp Manager shows it: saved, and the list says so.
    await metaName.fill("order_followup");
    await expect(whatsApp.getByRole("alert")).toHaveCount(0);
    await page.keyboard.press("Tab");
    await whatsApp.getByRole("button", { name: "Save template" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: templateMessages.added })).toBeVisible();
    const row = whatsApp.getByRole("listitem").filter({ hasText: title });
    await expect(row).toContainText(templatesText.approvedAs("order_followup", "en_US"));
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.screenshot({
      path: testInfo.outputPath(`whatsapp-template-saved-${width}.png`),
      fullPage: true,
    });

    // Opened again, it holds the approval as saved.
    await whatsApp.getByRole("button", { name: `Edit ${title}` }).click();
    await expect(whatsApp.getByRole("checkbox", { name: templatesText.approvedToggle })).toBeChecked();
    await expect(whatsApp.getByRole("textbox", { name: templatesText.approvedName })).toHaveValue(
      "order_followup",
    );
    await expect(whatsApp.getByRole("combobox", { name: templatesText.approvedLanguage })).toHaveValue(
      "en_US",
    );
  });
}
