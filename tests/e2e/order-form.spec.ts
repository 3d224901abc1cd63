import type { Locator, Page } from "@playwright/test";
import { simpleParser } from "mailparser";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { orderForm } from "../../app/content/forms";
import { anchors } from "../../app/content/site";
import { BUYER_TYPE_PLACEHOLDER, enquiryMessages } from "../../domain/enquiry";
import { WHATSAPP_CONSENT_FIELD } from "../../domain/whatsapp-consent";
import { accessibilityViolations, expect, test, viewportOf, widths } from "./support/fixtures";
import { pageLanguages } from "./support/languages";
import { countPosts, forgiveFailedRequests } from "./support/forms";
import {
  anEnquiry,
  exportedEnquiries,
  fill,
  openOrderForm,
  orderFormOf,
  type OrderForm,
  type TypedEnquiry,
} from "./support/order-form";

const ENQUIRIES_PATH = "/api/enquiries";
/** Sonner's region that holds the toasts. */
const TOASTER = `[aria-label^="${orderForm.notificationsLabel}"]`;

/** The newest toast, if it shows `text` (a replaced one may still be on its way out). */
function toast(page: Page, text: string) {
  return page
    .locator('[data-sonner-toast][data-front="true"][data-removed="false"]')
    .filter({ hasText: text });
}

async function expectWarning(page: Page, field: Locator, message: string) {
  await expect(toast(page, message)).toBeVisible();
  await expect(toast(page, message)).toHaveAttribute("data-type", "warning");
  // Screen readers are told at once: the text is inside an assertive live region.
  await expect(page.locator('[aria-live="assertive"]').filter({ hasText: message })).toHaveCount(1);
  await expect(field).toHaveAttribute("aria-invalid", "true");
  const describedBy = await field.getAttribute("aria-describedby");
  expect(describedBy).toBeTruthy();
  const beside = page.locator(`[id="${describedBy}"]`);
  await expect(beside).toHaveText(message);
  await expect(beside).toBeVisible();
  await expect(field).toBeFocused();
  await expectInClearView(page, field, toast(page, message));
}

type Box = { x: number; y: number; width: number; height: number };

function overlap(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The focused field is neither under the sticky header nor under the toast (WCAG 2.4.11). */
async function expectInClearView(page: Page, field: Locator, shownToast: Locator) {
  await expect.poll(() => shownToast.evaluate((element) => element.getAnimations().length)).toBe(0);
  const fieldBox = await field.boundingBox();
  const toastBox = await shownToast.boundingBox();
  const headerBox = await page.locator("header").first().boundingBox();
  expect(fieldBox && toastBox && headerBox).toBeTruthy();
  expect(overlap(fieldBox!, toastBox!), "the toast covers the focused field").toBe(false);
  expect(overlap(fieldBox!, headerBox!), "the header covers the focused field").toBe(false);
}

async function expectKept(form: OrderForm, enquiry: TypedEnquiry) {
  await expect(form.name).toHaveValue(enquiry.Name);
  await expect(form.email).toHaveValue(enquiry.Email);
  await expect(form.mobile).toHaveValue(enquiry.Mobile);
  await expect(form.quantity).toHaveValue(enquiry.Quantity);
  await expect(form.buyerType).toHaveValue(enquiry.RetailerSelfUse);
}

/** The text of the first mail that reached the test SMTP server and mentions `needle`. */
async function mailMentioning(needle: string): Promise<string | undefined> {
  const mailDir = process.env.E2E_MAIL_DIR;
  if (!mailDir) throw new Error("E2E_MAIL_DIR is not set: run through the Playwright global setup");
  for (const file of (await readdir(mailDir)).filter((name) => name.endsWith(".eml"))) {
    const mail = await simpleParser(await readFile(join(mailDir, file)));
    const text = `${mail.subject ?? ""}\n${mail.text ?? ""}`;
    if (text.includes(needle)) return text;
  }
  return undefined;
}

for (const width of [widths.mobile, widths.desktop]) {
  test.describe(`the order form at ${width} px`, () => {
    test.use({ viewport: viewportOf(width) });

    for (const pages of pageLanguages) {
      const messages = pages.landing.orderForm.messages;
      test(`shows each check's message in order on the ${pages.language} page, as a toast and beside its field, and sends nothing`, async ({
        page,
      }) => {
        const posts = countPosts(page, ENQUIRIES_PATH);
        const form = await openOrderForm(page, pages);

        await form.placeOrder.click();
        await expectWarning(page, form.name, messages.missing);

        await form.name.fill("Asha Verma");
        await form.placeOrder.click();
        await expectWarning(page, form.email, messages.missing);

        await form.email.fill("asha@example");
        await form.mobile.fill("98765-43210");
        await form.quantity.fill("2");
        await form.placeOrder.click();
        await expectWarning(page, form.buyerType, messages.missing);

        await form.buyerType.selectOption("Self Use");
        await form.placeOrder.click();
        await expectWarning(page, form.email, messages.email);
        await expect(form.name).not.toHaveAttribute("aria-invalid", "true");

        await form.email.fill("asha@example.in");
        await form.placeOrder.click();
        await expectWarning(page, form.mobile, messages.mobileDigits);

        await form.mobile.fill("98765");
        await form.placeOrder.click();
        await expectWarning(page, form.mobile, messages.mobileLength);

        await form.mobile.fill("9876543210");
        await form.quantity.fill("0");
        await form.placeOrder.click();
        await expectWarning(page, form.quantity, messages.quantity);

        expect(posts.count).toBe(0);
      });
    }

    test("a field with a message is brought clear of the toast when it sits low on the screen", async ({
      page,
    }) => {
      const form = await openOrderForm(page);
      const { RetailerSelfUse: _left, ...rest } = anEnquiry();
      await form.name.fill(rest.Name);
      await form.email.fill(rest.Email);
      await form.mobile.fill(rest.Mobile);
      await form.quantity.fill(rest.Quantity);
      // The choice sits just above the bottom edge, where the toast appears.
      await form.buyerType.evaluate((select) => {
        const { bottom } = select.getBoundingClientRect();
        window.scrollBy({ top: bottom - (window.innerHeight - 24), behavior: "instant" });
      });
      await form.quantity.press("Enter");
      await expectWarning(page, form.buyerType, enquiryMessages.missing);
    });

    test("on a phone, the toast that answers a sent enquiry leaves the submit button uncovered", async ({
      page,
    }) => {
      await page.setViewportSize({ width: 375, height: 667 });
      const form = await openOrderForm(page);
      await fill(form, anEnquiry());
      // The button sits just above the bottom edge, where the toast appears.
      await form.placeOrder.evaluate((button) => {
        const { bottom } = button.getBoundingClientRect();
        window.scrollBy({ top: bottom - (window.innerHeight - 12), behavior: "instant" });
      });
      await form.placeOrder.click();
      const shown = toast(page, enquiryMessages.stored);
      await expect(shown).toBeVisible();
      await expect.poll(() => shown.evaluate((element) => element.getAnimations().length)).toBe(0);
      const buttonBox = await form.placeOrder.boundingBox();
      const toastBox = await shown.boundingBox();
      expect(buttonBox && toastBox).toBeTruthy();
      expect(overlap(buttonBox!, toastBox!), "the toast covers the submit button").toBe(false);
    });

    test("a valid enquiry is stored, mailed to the company, and the form is cleared", async ({ page }) => {
      const form = await openOrderForm(page);
      const enquiry = anEnquiry();
      await fill(form, enquiry);
      await form.placeOrder.click();

      await expect(toast(page, enquiryMessages.stored)).toBeVisible();
      await expect(toast(page, enquiryMessages.stored)).toHaveAttribute("data-type", "success");
      // In the unit the form asked for: the label says sachets, and so does the answer.
      await expect(form.quantity).toHaveAccessibleName("Quantity (sachets)");
      await expect(toast(page, enquiryMessages.stored)).toContainText(`${enquiry.Quantity} sachets`);
      await expect(
        page.locator('[aria-live="polite"]').filter({ hasText: enquiryMessages.stored }),
      ).toHaveCount(1);
      for (const field of [form.name, form.email, form.mobile, form.quantity])
        await expect(field).toHaveValue("");
      await expect(form.buyerType).toHaveValue("");
      await expect(form.buyerType.locator("option:checked")).toHaveText(BUYER_TYPE_PLACEHOLDER);

      await expect
        .poll(() => mailMentioning(enquiry.Email), {
          message: "the mail reached the SMTP server",
          timeout: 20_000,
        })
        .toBeDefined();
      const mail = (await mailMentioning(enquiry.Email))!;
      for (const value of Object.values(enquiry)) expect(mail).toContain(value);

      const stored = (await exportedEnquiries()).find((record) => record.Email === enquiry.Email);
      expect(stored).toMatchObject({
        Name: enquiry.Name,
        Email: enquiry.Email,
        Mobile: enquiry.Mobile,
        Quantity: Number(enquiry.Quantity),
        RetailerSelfUse: enquiry.RetailerSelfUse,
      });
      expect(stored).not.toHaveProperty("productName");
      expect(stored).not.toHaveProperty("website");
    });

    test("says 'Error adding document' and keeps what was typed when the server fails", async ({
      page,
      pageErrors,
    }) => {
      const form = await openOrderForm(page);
      await page.route(`**${ENQUIRIES_PATH}`, (route) =>
        route.fulfill({
          status: 503,
          contentType: "application/json",
          body: JSON.stringify({ error: enquiryMessages.notStored }),
        }),
      );
      const enquiry = anEnquiry();
      await fill(form, enquiry);
      await form.placeOrder.click();

      await expect(toast(page, enquiryMessages.notStored)).toBeVisible();
      await expect(toast(page, enquiryMessages.notStored)).toHaveAttribute("data-type", "warning");
      await expectKept(form, enquiry);
      await expect(form.placeOrder).toHaveText(orderForm.submit);
      forgiveFailedRequests(pageErrors, /503/);
    });

    test("says 'Error adding document' and keeps what was typed when the network is down", async ({
      page,
      pageErrors,
    }) => {
      const form = await openOrderForm(page);
      await page.route(`**${ENQUIRIES_PATH}`, (route) => route.abort("internetdisconnected"));
      const enquiry = anEnquiry();
      await fill(form, enquiry);
      await form.placeOrder.click();

      await expect(toast(page, enquiryMessages.notStored)).toBeVisible();
      await expectKept(form, enquiry);
      forgiveFailedRequests(pageErrors, /ERR_INTERNET_DISCONNECTED/);
    });

    test("shows the server's refusal beside the field it names", async ({ page, pageErrors }) => {
      const form = await openOrderForm(page);
      await page.route(`**${ENQUIRIES_PATH}`, (route) =>
        route.fulfill({
          status: 400,
          contentType: "application/json",
          body: JSON.stringify({ error: enquiryMessages.mobileLength, field: "Mobile" }),
        }),
      );
      const enquiry = anEnquiry();
      await fill(form, enquiry);
      await form.placeOrder.click();
      await expectWarning(page, form.mobile, enquiryMessages.mobileLength);
      await expectKept(form, enquiry);
      forgiveFailedRequests(pageErrors, /400/);
    });

    test("the button cannot send the enquiry twice while it is on its way", async ({ page }) => {
      const form = await openOrderForm(page);
      const posts = countPosts(page, ENQUIRIES_PATH);
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(`**${ENQUIRIES_PATH}`, async (route) => {
        await held;
        await route.continue();
      });

      await fill(form, anEnquiry());
      await form.placeOrder.click();
      await expect(form.placeOrder).toHaveText(orderForm.sending);
      await expect(form.placeOrder).toHaveAttribute("aria-disabled", "true");
      await expect.poll(() => posts.count).toBe(1);

      // A second click and Enter in a field, while the first is held on its way.
      await form.placeOrder.click({ force: true });
      await form.name.press("Enter");
      release();

      await expect(toast(page, enquiryMessages.stored)).toBeVisible();
      await expect(form.placeOrder).toHaveText(orderForm.submit);
      expect(posts.count).toBe(1);
    });

    test("the honeypot is out of reach of the keyboard and of screen readers", async ({ page }) => {
      const form = await openOrderForm(page);
      await expect(form.form.getByRole("textbox", { name: orderForm.honeypotLabel })).toHaveCount(0);
      expect(await form.form.ariaSnapshot()).not.toContain(orderForm.honeypotLabel);

      const trap = form.form.locator('input[name="website"]');
      await expect(trap).toHaveAttribute("tabindex", "-1");
      await expect(trap).toHaveAttribute("autocomplete", "off");
      // Its wrapper is hidden from assistive technology and clipped to a single pixel.
      const wrapper = trap.locator('xpath=ancestor::*[@aria-hidden="true"][1]');
      await expect(wrapper).toHaveCount(1);
      const box = await wrapper.boundingBox();
      expect(box && box.width <= 1 && box.height <= 1).toBe(true);

      await form.name.focus();
      const reached: string[] = [];
      for (let step = 0; step < 8; step += 1) {
        reached.push(await page.evaluate(() => document.activeElement?.getAttribute("name") ?? ""));
        if (await form.placeOrder.evaluate((button) => button === document.activeElement)) break;
        await page.keyboard.press("Tab");
      }
      // The optional WhatsApp box comes after the five fields, before the button.
      expect(reached).toEqual([
        "Name",
        "Email",
        "Mobile",
        "Quantity",
        "RetailerSelfUse",
        WHATSAPP_CONSENT_FIELD,
        "",
      ]);
      await expect(form.placeOrder).toBeFocused();
    });

    test("axe finds no violations with field errors shown and with a toast visible", async ({ page }) => {
      const form = await openOrderForm(page);
      await form.placeOrder.click();
      await expectWarning(page, form.name, enquiryMessages.missing);
      // The pointer on the toast keeps it on screen while axe looks at the page.
      await toast(page, enquiryMessages.missing).hover();
      expect(await accessibilityViolations(page, { include: [`#${anchors.buyNow} form`, TOASTER] })).toEqual(
        [],
      );
      await expect(toast(page, enquiryMessages.missing)).toBeVisible();
    });
  });
}

test.describe("the order form's toasts", () => {
  test("stand still for visitors who ask for reduced motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    const form = await openOrderForm(page);
    await form.placeOrder.click();
    const shown = toast(page, enquiryMessages.missing);
    await expect(shown).toBeVisible();
    const transition = await shown.evaluate((element) => getComputedStyle(element).transitionProperty);
    expect(transition).toBe("none");
  });

  test("sonner is not part of the first load: it arrives when the form is first used", async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    const form = await openOrderForm(page);
    await page.waitForLoadState("networkidle");
    expect(scripts.filter((path) => /\/toasts-[\w-]+\.js$/.test(path))).toEqual([]);

    await form.name.focus();
    await expect.poll(() => scripts.filter((path) => /\/toasts-[\w-]+\.js$/.test(path)).length).toBe(1);
  });
});

for (const pages of pageLanguages) {
  test(`on the ${pages.language} page, a Name drawn as nothing is refused with the Name message, and a Devanagari name with its joiner is sent`, async ({
    page,
  }) => {
    const messages = pages.landing.orderForm.messages;
    const posts = countPosts(page, ENQUIRIES_PATH);
    const form = await openOrderForm(page, pages);
    const enquiry = anEnquiry();
    // Musical null noteheads: an empty Name cell in the inbox, were it taken.
    await fill(form, { ...enquiry, Name: "\u{1D159}\u{1D159}\u{1D159}" });
    await form.placeOrder.click();
    await expectWarning(page, form.name, messages.nameInvalid);
    expect(posts.count).toBe(0);

    await form.name.fill(`क्\u200Dषमा देशपांडे ${enquiry.Name}`);
    await form.placeOrder.click();
    await expect(toast(page, messages.stored)).toBeVisible();
    expect(posts.count).toBe(1);
  });
}

test.describe("the order form without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("posts the enquiry, keeps the data out of the address, and shows that it was received", async ({
    page,
  }) => {
    await page.goto("/");
    const form = orderFormOf(page);
    const enquiry = anEnquiry();
    await fill(form, enquiry);
    const [request] = await Promise.all([
      page.waitForRequest((sent) => new URL(sent.url()).pathname === ENQUIRIES_PATH),
      form.placeOrder.click(),
    ]);
    expect(request.method()).toBe("POST");
    expect(new URL(request.url()).search).toBe("");
    expect(request.postData()).toContain(`Email=${encodeURIComponent(enquiry.Email)}`);
    await expect(page.getByRole("heading", { level: 1, name: enquiryMessages.stored })).toBeVisible();
    await page.getByRole("link", { name: "Back to the site" }).click();
    await expect(page).toHaveURL(/\/#buy-now$/);
  });

  test("refuses a bad mobile number with the specification's message", async ({ page, pageErrors }) => {
    await page.goto("/");
    const form = orderFormOf(page);
    await fill(form, { ...anEnquiry(), Mobile: "12345" });
    await form.placeOrder.click();
    await expect(page.getByRole("heading", { level: 1, name: enquiryMessages.mobileLength })).toBeVisible();
    // The browser reports the page's status 400: the expected answer to a refused form.
    forgiveFailedRequests(pageErrors, /400/);
  });
});
