import { COMPANY_API_ROUTES, COMPANY_PAGE_PATH } from "../../domain/company-facts-api";
import { ADMIN_API_PREFIX, consoleMessages } from "../../domain/console";
import { PLACEHOLDER_FACTS } from "../../domain/company-facts";
import { accessibilityViolations, expect, test, viewportOf } from "./support/fixtures";
import { createStaff, signIn } from "./support/console";
import { serverOfItsOwn } from "./support/own-server";
import type { Page } from "@playwright/test";

// A server of its own: this journey publishes the facts every page, mail and template reads.
const own = serverOfItsOwn("company");

function section(page: Page, name: string) {
  return page.getByRole("region", { name });
}

/** The text field of one language in a section's bilingual group. */
function bilingual(page: Page, sectionName: string, group: string, language: "English" | "Hindi (हिन्दी)") {
  return section(page, sectionName)
    .getByRole("group", { name: group, exact: true })
    .getByLabel(language, { exact: true });
}

test("an owner publishes the company's facts, is refused wrong ones, returns to an earlier version; a member only reads them", async ({
  browser,
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const owner = await createStaff("owner", own.databaseUrl);
  const member = await createStaff("member", own.databaseUrl);

  // The owner finds the Company page in the console's menu: the build's placeholders, never published.
  await page.setViewportSize(viewportOf(1280));
  await signIn(page, owner, own.baseUrl);
  await page.getByRole("link", { name: "Company" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Company" })).toBeVisible();
  await expect(page.getByText("Nothing has been published yet")).toBeVisible();
  const phone = page.getByLabel("Phone", { exact: true });
  const mrp = page.getByLabel("MRP of one unit of sale (₹, inclusive of all taxes)");
  await expect(phone).toHaveValue(PLACEHOLDER_FACTS.phone);
  await expect(mrp).toHaveValue("1499.00");

  // It changes the phone, the registered address and the MRP, and publishes.
  await phone.fill("+91 98111 22233");
  await bilingual(page, "Registered address", "Building, street and area", "English").fill("B-14, Sector 63");
  await bilingual(page, "Registered address", "Building, street and area", "Hindi (हिन्दी)").fill(
    "बी-14, सेक्टर 63",
  );
  await bilingual(page, "Registered address", "City", "English").fill("Noida");
  await bilingual(page, "Registered address", "City", "Hindi (हिन्दी)").fill("नोएडा");
  await bilingual(page, "Registered address", "State", "English").fill("Uttar Pradesh");
  await bilingual(page, "Registered address", "State", "Hindi (हिन्दी)").fill("उत्तर प्रदेश");
  await section(page, "Registered address").getByLabel("GST state code").selectOption("09");
  await section(page, "Registered address").getByLabel("PIN code").fill("201301");
  await mrp.fill("₹1,649");
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Published as version 1." })).toBeVisible();
  await expect(page.getByText(/^Version 1, published .* by owner\./)).toBeVisible();
  await expect(phone).toHaveValue("+919811122233");
  await expect(mrp).toHaveValue("1649.00");
  const versions = page.getByRole("region", { name: "Published versions" });
  await expect(versions.getByRole("listitem")).toHaveCount(1);
  const inForce = await page.request.get(`${own.baseUrl}${ADMIN_API_PREFIX}${COMPANY_API_ROUTES.company}`);
  expect(await inForce.json()).toMatchObject({
    version: 1,
    facts: {
      phone: "+919811122233",
      product: { mrpPaise: 164_900 },
      registeredAddress: { city: { en: "Noida", hi: "नोएडा" }, gstStateCode: "09", pin: "201301" },
    },
  });

  // On a phone: a bad GSTIN, a 13-digit licence and an MRP of ₹-5 are each refused beside their
  // field, and nothing is published.
  await page.setViewportSize(viewportOf(375));
  const gstin = page.getByLabel("GSTIN", { exact: true });
  const licence = page.getByLabel("FSSAI licence number");
  await gstin.fill("09AAACR5055K1Z6");
  await licence.fill("1272299900045");
  await mrp.fill("₹-5");
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "3 fields need correcting before the facts can be published: see the message beside each.",
  );
  await expect(gstin).toHaveAttribute("aria-invalid", "true");
  await expect(gstin).toBeFocused();
  await expect(gstin).toHaveAccessibleDescription(
    "Leave empty until the company states it. This GSTIN's last character does not match the others: check it for a typing slip.",
  );
  await expect(licence).toHaveAccessibleDescription("An FSSAI licence number is 14 digits.");
  await expect(mrp).toHaveAccessibleDescription(
    "In rupees, e.g. 1499.00 or ₹1,499. Give the MRP in rupees and paise, more than ₹0, e.g. 1499.00.",
  );
  await page.screenshot({ path: testInfo.outputPath("company-refused-375.png"), fullPage: true });
  await expect(versions.getByRole("listitem")).toHaveCount(1);

  // A GSTIN of another state than the address is refused too, as the server words it.
  await gstin.fill("07AABCS1234F1ZT");
  await licence.fill("12722999000456");
  await mrp.fill("1649");
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(gstin).toHaveAccessibleDescription(
    /This GSTIN is registered in Delhi, but the registered address is in Uttar Pradesh\./,
  );

  // Fixed, and the phone changed again: version 2.
  await gstin.fill("09AAACR5055K1Z5");
  await phone.fill("+919800044455");
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Published as version 2." })).toBeVisible();
  await expect(versions.getByRole("listitem")).toHaveCount(2);

  // Back to version 1, after a confirmation.
  await versions.getByRole("button", { name: "Return to this version, version 1" }).click();
  await versions.getByRole("button", { name: "Yes, return to it" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Returned to version 1: it is in force as version 3." }),
  ).toBeVisible();
  await expect(phone).toHaveValue("+919811122233");
  await expect(gstin).toHaveValue("");
  await expect(versions.getByRole("listitem").first()).toContainText("returned to version 1");

  for (const width of [375, 1280]) {
    await page.setViewportSize(viewportOf(width));
    // Nothing is wider than the screen: a long address wraps.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath(`company-owner-${width}.png`), fullPage: true });
  }

  // The billing facts invoices are made from, each a labelled field of its own section.
  const billing = page.getByRole("region", { name: "Invoices and payments" });
  await expect(billing.getByLabel("HSN code")).toHaveValue("21069099");
  await expect(billing.getByLabel("GST rates and the dates they apply from")).toHaveValue(
    "2017-07-01 18%\n2025-09-22 5%",
  );
  await expect(billing.getByLabel("Merchant UPI ID")).toHaveValue("");
  await billing.getByLabel("Document number prefix").fill("SANVERA");
  await billing.getByLabel("Document number prefix").blur();
  await expect(billing.getByText("Give 1 to 4 capital letters or digits")).toBeVisible();
  for (const width of [375, 1280]) {
    await page.setViewportSize(viewportOf(width));
    await billing.screenshot({ path: testInfo.outputPath(`company-billing-${width}.png`) });
  }

  // A member reads the same facts, cannot change them, and the API refuses a publication from them.
  const memberContext = await browser.newContext({ viewport: viewportOf(375) });
  const memberPage = await memberContext.newPage();
  await signIn(memberPage, member, own.baseUrl);
  await memberPage.goto(`${own.baseUrl}${COMPANY_PAGE_PATH}`);
  await expect(memberPage.getByText("Only an owner can change these.")).toBeVisible();
  await expect(memberPage.getByLabel("Phone", { exact: true })).toHaveValue("+919811122233");
  await expect(memberPage.getByLabel("Phone", { exact: true })).not.toBeEditable();
  await expect(memberPage.getByRole("button", { name: "Publish" })).toHaveCount(0);
  await expect(memberPage.getByRole("button", { name: /Return to this version/ })).toHaveCount(0);
  const refused = await memberPage.request.post(
    `${own.baseUrl}${ADMIN_API_PREFIX}${COMPANY_API_ROUTES.company}`,
    {
      headers: { origin: own.baseUrl },
      data: { baseVersion: 3, facts: PLACEHOLDER_FACTS },
    },
  );
  expect([refused.status(), await refused.json()]).toEqual([403, { error: consoleMessages.forbidden }]);
  for (const width of [375, 1280]) {
    await memberPage.setViewportSize(viewportOf(width));
    expect(await memberPage.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
    expect(await accessibilityViolations(memberPage)).toEqual([]);
    await memberPage.screenshot({ path: testInfo.outputPath(`company-member-${width}.png`), fullPage: true });
  }
  await memberContext.close();
});
