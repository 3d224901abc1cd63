import type { Page } from "@playwright/test";
import { enquiryText } from "../../console/content";
import { ENQUIRY_COLLECTION } from "../../domain/contract";
import { whatsappConsentWording, type WhatsAppConsent } from "../../domain/whatsapp-consent";
import { sqlitePathFromUrl } from "../../server/store/sqlite";
import { SqliteStore } from "../../server/store";
import { createStaff, signIn } from "./support/console";
import { accessibilityViolations, expect, test, viewportOf } from "./support/fixtures";
import { pageLanguages } from "./support/languages";
import { anEnquiry, fill, openOrderForm, orderFormOf, type OrderForm } from "./support/order-form";

/** Where the screenshots of the form and the console's line go, to be looked at. */
const SHOTS = process.env.SHOTS_DIR;

/** The consent stored with the enquiry sent with this address, read from the test server's store. */
async function storedConsent(email: string): Promise<WhatsAppConsent | null | undefined> {
  const databaseUrl = process.env.E2E_DATABASE_URL;
  if (!databaseUrl) throw new Error("E2E_DATABASE_URL is not set: run through the Playwright global setup");
  const store = await SqliteStore.open({
    path: sqlitePathFromUrl(databaseUrl),
    enquiryCollection: ENQUIRY_COLLECTION,
  });
  try {
    const stored = (await store.enquiries.list()).find((each) => each.enquiry.Email === email);
    if (!stored) return undefined;
    return (await store.enquiryWork.get(stored.id))?.whatsappConsent ?? null;
  } finally {
    await store.close();
  }
}

/** The enquiry's id, found by the address it was sent with. */
async function enquiryIdOf(email: string): Promise<string> {
  const store = await SqliteStore.open({
    path: sqlitePathFromUrl(process.env.E2E_DATABASE_URL ?? ""),
    enquiryCollection: ENQUIRY_COLLECTION,
  });
  try {
    const stored = (await store.enquiries.list()).find((each) => each.enquiry.Email === email);
    if (!stored) throw new Error("no enquiry with that address");
    return stored.id;
  } finally {
    await store.close();
  }
}

/** Tabs from "Buying as" to the box, as a keyboard user does, and ticks it with the space bar. */
async function tickByKeyboard(page: Page, form: OrderForm, box: ReturnType<Page["getByRole"]>) {
  await form.buyerType.focus();
  await page.keyboard.press("Tab");
  await expect(box).toBeFocused();
  await page.keyboard.press("Space");
  await expect(box).toBeChecked();
}

test.describe("the order form's WhatsApp box at 375 px", () => {
  test.use({ viewport: viewportOf(375) });

  for (const pages of pageLanguages) {
    test(`on the ${pages.language} page it is labelled, unticked, reached by the keyboard, and the enquiry sent with it ticked records the consent with its words and language`, async ({
      page,
      pageErrors,
    }) => {
      const form = await openOrderForm(page, pages);
      const box = form.form.getByRole("checkbox", { name: whatsappConsentWording[pages.language] });
      await expect(box).toBeVisible();
      await expect(box).not.toBeChecked();
      const enquiry = anEnquiry();
      await fill(form, enquiry);
      await tickByKeyboard(page, form, box);
      if (SHOTS)
        await form.form.screenshot({ path: `${SHOTS}/order-form-whatsapp-${pages.language}-375.png` });
      await form.placeOrder.click();
      await expect(
        page.locator('[aria-live="polite"]').filter({ hasText: pages.landing.orderForm.messages.stored }),
      ).toHaveCount(1);
      // Cleared with the form: the next enquiry is unticked again.
      await expect(box).not.toBeChecked();
      await expect
        .poll(() => storedConsent(enquiry.Email))
        .toMatchObject({
          wording: whatsappConsentWording[pages.language],
          language: pages.language,
        });
      expect(pageErrors).toEqual([]);
    });
  }

  test("an enquiry sent with the box left alone records no consent", async ({ page }) => {
    const form = await openOrderForm(page);
    const enquiry = anEnquiry();
    await fill(form, enquiry);
    await form.placeOrder.click();
    await expect.poll(() => storedConsent(enquiry.Email)).toBeNull();
  });
});

test.describe("the order form's WhatsApp box without JavaScript, at 375 px", () => {
  test.use({ javaScriptEnabled: false, viewport: viewportOf(375) });

  test("the box is reached by the keyboard and posted ticked, and the consent is recorded; left alone, nothing is", async ({
    page,
  }) => {
    await page.goto("/");
    const form = orderFormOf(page);
    const box = form.form.getByRole("checkbox", { name: whatsappConsentWording.en });
    await expect(box).not.toBeChecked();
    const ticked = anEnquiry();
    await fill(form, ticked);
    await tickByKeyboard(page, form, box);
    const [request] = await Promise.all([
      page.waitForRequest((sent) => new URL(sent.url()).pathname === "/api/enquiries"),
      form.placeOrder.click(),
    ]);
    expect(request.postData()).toContain("whatsappConsent=yes");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await storedConsent(ticked.Email)).toMatchObject({
      wording: whatsappConsentWording.en,
      language: "en",
    });

    await page.goto("/hi");
    const hindi = orderFormOf(page, pageLanguages[1]!.landing.orderForm);
    const alone = anEnquiry();
    await fill(hindi, alone);
    const [unticked] = await Promise.all([
      page.waitForRequest((sent) => new URL(sent.url()).pathname === "/api/enquiries"),
      hindi.placeOrder.click(),
    ]);
    expect(unticked.postData()).not.toContain("whatsappConsent");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await storedConsent(alone.Email)).toBeNull();
  });
});

for (const width of [375, 1280]) {
  test(`the console's enquiry page says when the buyer agreed to WhatsApp on the form, and the words they ticked, at ${width} px`, async ({
    page,
    request,
  }) => {
    // A console with an owner, and a member who reads the enquiry.
    await createStaff("owner");
    const member = await createStaff("member");
    const enquiry = anEnquiry();
    const created = await request.post("/api/enquiries", {
      data: { ...enquiry, Quantity: Number(enquiry.Quantity), lang: "hi", whatsappConsent: true },
    });
    expect(created.status()).toBe(201);
    const id = await enquiryIdOf(enquiry.Email);
    const consent = await storedConsent(enquiry.Email);
    expect(consent).toBeTruthy();

    await page.setViewportSize(viewportOf(width));
    await signIn(page, member);
    await page.goto(`/admin/enquiries/${id}`);
    const line = page.getByText(/^Agreed to WhatsApp on the form, /);
    await expect(line).toBeVisible();
    await expect(line).toContainText(enquiryText.whatsappConsent(consent!.at));
    await expect(line).toContainText(/Agreed to WhatsApp on the form, \d{1,2} [A-Z][a-z]{2} \d{2}:\d{2} IST/);
    await expect(line.locator("q")).toHaveText(whatsappConsentWording.hi);
    await expect(line.locator("q")).toHaveAttribute("lang", "hi");
    // It fits the screen: no sideways scrolling on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect(await accessibilityViolations(page)).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/console-whatsapp-consent-${width}.png` });
  });
}
