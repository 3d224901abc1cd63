import { afterEach, describe, expect, test } from "vitest";
import { LANGUAGE_FIELD } from "../../domain/contract";
import { COMPANY_API_ROUTES, type FactsInForce } from "../../domain/company-facts-api";
import { mergeTemplate, TEMPLATE_API_ROUTES, type ReplyTemplate } from "../../domain/templates";
import type { CompanyFacts } from "../../domain/company-facts";
import { addStaff, consoleRequest, signIn } from "../../tests/support/console-app";
import { FILLED_FACTS } from "../../tests/support/company-facts";
import { startMailSink, type MailSink } from "../../tests/support/mail-sink";
import { buildTestApp, waitForEmptyOutbox, type TestApp } from "../../tests/support/test-app";

let sink: MailSink | undefined;
let testApp: TestApp | undefined;
afterEach(async () => {
  await testApp?.close();
  await sink?.close();
  testApp = undefined;
  sink = undefined;
});

const enquiry = (language: "en" | "hi") => ({
  Name: "Anita Sharma",
  Email: `anita-${language}@example.in`,
  Mobile: "9876543210",
  Quantity: 3,
  RetailerSelfUse: "Self Use",
  [LANGUAGE_FIELD]: language,
});

describe("the company's facts in force, without a restart", () => {
  test("after an owner publishes a new phone and MRP, the next acknowledgement and a template's merge show them", async () => {
    sink = await startMailSink();
    testApp = await buildTestApp(
      {
        LOG_LEVEL: "silent",
        SMTP_URL: sink.url,
        NOTIFY_TO: "orders@collarise.example",
        ACKNOWLEDGE_VISITORS: "true",
      },
      { outbox: { pollIntervalMs: 50 } },
    );
    const { app } = testApp;
    await addStaff(app, "owner@example.com", "owner");
    await addStaff(app, "member@example.com", "member");
    const owner = await signIn(app, "owner@example.com");
    const member = await signIn(app, "member@example.com");

    // Before: the build's placeholder company.
    await app.inject({ method: "POST", url: "/api/enquiries", payload: enquiry("en") });
    await waitForEmptyOutbox(testApp);
    const before = (await sink.waitForMails(2)).find((mail) =>
      mail.envelopeTo.includes("anita-en@example.in"),
    );
    expect(before?.parsed.text).toContain("call +91 11 4155 2024");
    expect(before?.parsed.text).toContain("Sanvera Healthcare Pvt. Ltd.");

    const facts: CompanyFacts = {
      ...FILLED_FACTS,
      phone: "+919811122233",
      product: { ...FILLED_FACTS.product, mrpPaise: 164_900 },
    };
    const published = await consoleRequest(app, owner, "POST", COMPANY_API_ROUTES.company, {
      baseVersion: null,
      facts,
    });
    expect(published.json<FactsInForce>().version).toBe(1);

    for (const language of ["en", "hi"] as const) {
      await app.inject({ method: "POST", url: "/api/enquiries", payload: enquiry(language) });
    }
    await waitForEmptyOutbox(testApp);
    const mails = await sink.waitForMails(6);
    const english = mails.filter((mail) => mail.envelopeTo.includes("anita-en@example.in")).at(-1);
    expect(english?.parsed.text).toContain(
      "Thank you for your enquiry for 3 sachets of Collarise Collagen Peptide",
    );
    expect(english?.parsed.text).toContain(
      "if you write to us at sales@aarogya-nutrition.in (or answer this email) or call +91 98111 22233.",
    );
    expect(english?.parsed.text).toMatch(/Aarogya Nutrition Pvt\. Ltd\.\n$/);
    const hindi = mails.find((mail) => mail.envelopeTo.includes("anita-hi@example.in"));
    expect(hindi?.parsed.text).toContain("Collarise कोलेजन पेप्टाइड के 3 सैशे");
    expect(hindi?.parsed.text).toContain(
      "sales@aarogya-nutrition.in पर लिखें (या इस ईमेल का जवाब दें) या +91 98111 22233 पर फ़ोन करें",
    );
    expect(hindi?.parsed.text).toMatch(/आरोग्य न्यूट्रिशन प्रा\. लि\.\n$/);

    // The console merges a template with the facts that come with the list.
    const listed = (await consoleRequest(app, member, "GET", TEMPLATE_API_ROUTES.templates)).json<{
      items: ReplyTemplate[];
      facts: CompanyFacts;
    }>();
    expect(listed.facts).toEqual(facts);
    const price = listed.items.find(
      (item) => item.channel === "whatsapp" && item.language === "en" && item.name === "Price and delivery",
    );
    const merged = mergeTemplate(
      price!,
      {
        id: "3f2a9c1e-0b7d-4e21-9a55-1c2d3e4f5a6b",
        Name: "Anita Sharma",
        Quantity: 3,
        RetailerSelfUse: "Self Use",
      },
      listed.facts,
    );
    expect(merged.body).toContain(
      "is ₹1,649.00 for a pack of 30 sachets, inclusive of all taxes. For 3 sachets, bought for your own use",
    );
  });
});
