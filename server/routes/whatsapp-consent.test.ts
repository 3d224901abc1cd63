import { afterEach, describe, expect, test } from "vitest";
import type { EnquiryDetail } from "../../domain/console";
import { whatsappConsentWording } from "../../domain/whatsapp-consent";
import { addStaff, consoleRequest, signIn } from "../../tests/support/console-app";
import { appStoreAdapters } from "../../tests/support/store-sandboxes";
import { buildTestApp, type TestApp } from "../../tests/support/test-app";

/**
 * The order form's WhatsApp box as the API takes it, on each store: a ticked box is recorded with
 * the enquiry (the time received, the exact words the box showed and their language) and read
 * back on the console's enquiry page and in its CSV; an unticked one records nothing.
 */
const adapters = appStoreAdapters("consent");

const running: TestApp[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((app) => app.close()));
});

const enquiry = (tag: string) => ({
  Name: `Meera Iyer ${tag}`,
  Email: `meera.${tag}@mail.example`,
  Mobile: "9810012345",
  Quantity: 30,
  RetailerSelfUse: "Self Use",
});

describe.each(adapters)("the form's consent to WhatsApp, on $name", (adapter) => {
  async function start() {
    const testApp = await buildTestApp({ LOG_LEVEL: "silent", ...adapter.env() });
    running.push(testApp);
    const { app } = testApp;
    await addStaff(app, "owner@example.com", "owner");
    const cookie = await signIn(app, "owner@example.com");
    const detailOf = async (id: string) =>
      (await consoleRequest(app, cookie, "GET", `/enquiries/${id}`)).json<EnquiryDetail>();
    return { app, cookie, detailOf };
  }

  test("ticked on the Hindi page, it is kept with the time received, the Hindi words and their language; unticked, nothing is", async () => {
    const { app, cookie, detailOf } = await start();
    const before = Date.now();
    const ticked = await app.inject({
      method: "POST",
      url: "/api/enquiries",
      payload: { ...enquiry("ticked"), lang: "hi", whatsappConsent: true },
    });
    expect(ticked.statusCode).toBe(201);
    const unticked = await app.inject({
      method: "POST",
      url: "/api/enquiries",
      payload: { ...enquiry("unticked"), lang: "en", whatsappConsent: false },
    });
    expect(unticked.statusCode).toBe(201);

    const shown = await detailOf(ticked.json<{ id: string }>().id);
    expect(shown.whatsappConsent).toEqual({
      at: shown.receivedAt,
      wording: whatsappConsentWording.hi,
      language: "hi",
    });
    expect(Date.parse(shown.receivedAt)).toBeGreaterThanOrEqual(before - 1_000);
    expect((await detailOf(unticked.json<{ id: string }>().id)).whatsappConsent).toBeNull();

    // The CSV carries when it was ticked, in IST, and nothing for the unticked one.
    const csv = (await consoleRequest(app, cookie, "GET", "/enquiries.csv")).body
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    const column = csv[0]!.split(",").indexOf("whatsappConsent (IST)");
    expect(column).toBeGreaterThan(0);
    const cell = (name: string) => csv.find((line) => line.includes(name))!.split(",")[column];
    expect(cell("Meera Iyer ticked")).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(cell("Meera Iyer unticked")).toBe("");
  });

  test("a form posted without JavaScript records the ticked box in English, and one without the box records nothing", async () => {
    const { app, detailOf } = await start();
    const post = (fields: Record<string, string>) =>
      app.inject({
        method: "POST",
        url: "/api/enquiries",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: new URLSearchParams(fields).toString(),
      });
    const asText = (tag: string) =>
      Object.fromEntries(Object.entries(enquiry(tag)).map(([key, value]) => [key, String(value)]));
    const ticked = await post({ ...asText("posted"), lang: "en", whatsappConsent: "yes" });
    const unticked = await post({ ...asText("posted-unticked"), lang: "en" });
    // A posted form is answered with a page; its enquiry is found by its name.
    expect([ticked.statusCode, unticked.statusCode]).toEqual([201, 201]);
    const stored = await app.store.enquiries.list();
    const idOf = (name: string) => stored.find((each) => each.enquiry.Name === name)!.id;
    expect((await detailOf(idOf("Meera Iyer posted"))).whatsappConsent).toMatchObject({
      wording: "You may message me on WhatsApp about this enquiry",
      language: "en",
    });
    expect((await detailOf(idOf("Meera Iyer posted-unticked"))).whatsappConsent).toBeNull();
  });
});
