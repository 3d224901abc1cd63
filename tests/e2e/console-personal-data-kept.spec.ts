import { randomUUID } from "node:crypto";
import Database from "better-sqlite3";
import { personalDataText } from "../../console/content";
import { API_PATHS, ENQUIRY_COLLECTION } from "../../domain/contract";
import { taxRecordKeptUntil } from "../../domain/invoice";
import { sqlitePathFromUrl } from "../../server/store/sqlite/connection";
import { DELHI_RETAILER, issue } from "../support/documents";
import { createStaff, signIn, openFromNav } from "./support/console";
import { accessibilityViolations, expect, test, viewportOf, widths } from "./support/fixtures";
import { uniqueTag } from "./support/forms";

/**
 * A tax invoice of the person's enquiry, written into the server's database as the store keeps
 * one (server/store/sqlite/documents.ts), so that no company facts need publishing for it.
 */
function invoiceFor(email: string) {
  const path = sqlitePathFromUrl(process.env.E2E_DATABASE_URL ?? "");
  const db = new Database(path, { timeout: 10_000 });
  try {
    const row = db
      .prepare<[string], { id: string }>(`SELECT id FROM "${ENQUIRY_COLLECTION}" WHERE Email = ?`)
      .get(email);
    if (!row) throw new Error("The enquiry is not stored");
    // A place in the series no other test takes.
    const sequence = 10_000 + (Number.parseInt(randomUUID().slice(0, 8), 16) % 80_000);
    const document = { ...issue({ at: new Date(), sequence }), id: randomUUID(), enquiryId: row.id };
    db.prepare(
      `INSERT INTO issued_documents (id, enquiry_id, kind, financial_year, sequence, number, issued_at,
         total_paise, against_id, balance_paise, document)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, NULL, ?, ?)`,
    ).run(
      document.id,
      document.enquiryId,
      document.kind,
      document.financialYear,
      document.sequence,
      document.number,
      document.issuedAt,
      document.totals.totalPaise,
      document.totals.totalPaise,
      JSON.stringify(document),
    );
    return document;
  } finally {
    db.close();
  }
}

for (const width of [widths.mobile, widths.desktop]) {
  test(`at ${width} px, erasing a person who was invoiced keeps the tax invoice and says until when`, async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(60_000);
    await page.setViewportSize(viewportOf(width));
    const owner = await createStaff("owner");
    const tag = uniqueTag();
    const email = `ganesh.${tag}@example.in`;
    const sent = await request.post(API_PATHS.enquiries, {
      data: {
        Name: DELHI_RETAILER.name,
        Email: email,
        Mobile: "9845012399",
        Quantity: 300,
        RetailerSelfUse: "Retailer",
      },
    });
    expect(sent.status()).toBe(201);
    const invoice = invoiceFor(email);

    await signIn(page, owner);
    await openFromNav(page, "Personal data");
    await page.getByLabel("The person's e-mail address").fill(email);
    await page.getByRole("button", { name: personalDataText.show }).click();
    await expect(page.getByRole("status").filter({ hasText: "Held about" })).toContainText("1 enquiry");
    await page.getByRole("button", { name: personalDataText.erase }).click();
    await page.getByLabel(personalDataText.confirmLabel("email")).fill(email);
    await page.getByRole("button", { name: personalDataText.eraseForGood }).click();
    await expect(page.getByRole("status").filter({ hasText: "Erased" })).toContainText("Erased 1 enquiry");

    const kept = page.getByRole("region", { name: personalDataText.keptRecords });
    await expect(kept).toContainText(personalDataText.keptWhy);
    await expect(kept.getByRole("listitem")).toHaveText([
      `${invoice.number} Tax invoice, kept until ${taxRecordKeptUntil(invoice.financialYear)}`,
    ]);
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await kept.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`personal-data-kept-${width}.png`), fullPage: true });
  });
}
