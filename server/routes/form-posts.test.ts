import { splitHeadline } from "./form-posts";
import { afterEach, describe, expect, it } from "vitest";
import { enquiryMessages } from "../../domain/enquiry";
import { enquiryMessagesHi } from "../../domain/enquiry.hi";
import { subscriberAnswerDetails, subscriberMessages } from "../../domain/subscriber";
import { subscriberAnswerDetailsHi, subscriberMessagesHi } from "../../domain/subscriber.hi";
import { apiMessages } from "./api-errors";
import { buildTestApp, type TestApp } from "../../tests/support/test-app";
import { storedAddresses } from "../../tests/support/store-probe";
import { FILLED_FACTS } from "../../tests/support/company-facts";

const FORM = "application/x-www-form-urlencoded";

let current: TestApp | undefined;
afterEach(async () => {
  await current?.close();
  current = undefined;
});

function post(t: TestApp, url: string, fields: Record<string, string>) {
  return t.app.inject({
    method: "POST",
    url,
    headers: { "content-type": FORM },
    payload: new URLSearchParams(fields).toString(),
    remoteAddress: "203.0.113.20",
  });
}

const typed = {
  productName: "Collarise",
  website: "",
  Name: "Meera Iyer",
  Email: "meera@example.in",
  Mobile: "9812345670",
  Quantity: "4",
  RetailerSelfUse: "Self Use",
};

describe("the forms posted without JavaScript from the Hindi page", () => {
  it("store a Hindi enquiry as Hindi and answer in Hindi, leading back to the Hindi page", async () => {
    current = await buildTestApp();
    const response = await post(current, "/api/enquiries", { ...typed, lang: "hi" });

    expect(response.statusCode).toBe(201);
    expect(response.body).toContain('<html lang="hi-IN">');
    expect(response.body).toContain(`<h1>${splitHeadline(enquiryMessagesHi.stored).headline}</h1>`);
    expect(response.body).toContain(splitHeadline(enquiryMessagesHi.stored).rest);
    expect(response.body).toContain("आपने 4 सैशे के लिए पूछताछ भेजी है।");
    expect(response.body).toContain('href="/hi#buy-now"');
    const stored = await current.app.store.enquiries.list();
    expect(stored.map((record) => record.language)).toEqual(["hi"]);
  });

  it("answer each refusal of the rules with its Hindi message, and store nothing", async () => {
    current = await buildTestApp();
    const cases = [
      [{ Name: "" }, enquiryMessagesHi.missing],
      [{ Email: "meera@" }, enquiryMessagesHi.email],
      [{ Mobile: "98123abcde" }, enquiryMessagesHi.mobileDigits],
      [{ Mobile: "98123" }, enquiryMessagesHi.mobileLength],
    ] as const;
    for (const [change, message] of cases) {
      const response = await post(current, "/api/enquiries", { ...typed, ...change, lang: "hi" });
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain(`<h1>${splitHeadline(message).headline}</h1>`);
      expect(response.body).toContain(splitHeadline(message).rest);
      expect(response.body).toContain("वापस जाकर फिर कोशिश करें");
    }
    expect(await current.app.store.enquiries.list()).toEqual([]);
  });

  it("refuse a language the site does not have, storing nothing", async () => {
    current = await buildTestApp();
    const response = await current.app.inject({
      method: "POST",
      url: "/api/enquiries",
      payload: { ...typed, Quantity: 4, lang: "fr" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: expect.stringContaining("lang"), field: "lang" });
    expect(await current.app.store.enquiries.list()).toEqual([]);
  });

  it("answer a Hindi newsletter request in Hindi and keep its language for the mails", async () => {
    current = await buildTestApp();
    const response = await post(current, "/api/subscribers", { email: "meera@example.in", lang: "hi" });
    expect(response.statusCode).toBe(202);
    expect(response.body).toContain(
      `<h1>${splitHeadline(subscriberMessagesHi.confirmationSent).headline}</h1>`,
    );
    expect(response.body).toContain(splitHeadline(subscriberMessagesHi.confirmationSent).rest);
    expect(response.body).toContain(subscriberAnswerDetailsHi.confirmationDetail);
    expect(response.body).toContain('href="/hi#contact"');
  });
});

describe("the forms posted without JavaScript", () => {
  it("stores an enquiry sent as an ordinary form and shows a page saying it was received", async () => {
    current = await buildTestApp();
    const response = await post(current, "/api/enquiries", typed);

    expect(response.statusCode).toBe(201);
    expect(response.headers["content-type"]).toMatch(/^text\/html/);
    expect(response.body).toContain(`<h1>${splitHeadline(enquiryMessages.stored).headline}</h1>`);
    expect(response.body).toContain(splitHeadline(enquiryMessages.stored).rest);
    expect(response.body).toContain("You asked for 4 sachets.");
    expect(response.body).toContain('href="/#buy-now"');
    const stored = await current.app.store.enquiries.list();
    expect(stored.map((record) => record.enquiry)).toStrictEqual([
      {
        Name: "Meera Iyer",
        Email: "meera@example.in",
        Mobile: "9812345670",
        Quantity: 4,
        RetailerSelfUse: "Self Use",
      },
    ]);
  });

  it("refuses a form with a bad mobile number with the specification's message and stores nothing", async () => {
    current = await buildTestApp();
    const response = await post(current, "/api/enquiries", { ...typed, Mobile: "98123" });

    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(enquiryMessages.mobileLength);
    expect(response.body).toContain("Go back and try again");
    expect(await current.app.store.enquiries.list()).toHaveLength(0);
  });

  it("never shows markup the visitor typed as markup", async () => {
    current = await buildTestApp();
    const response = await post(current, "/api/enquiries", { ...typed, Email: "<script>alert(1)</script>" });

    expect(response.statusCode).toBe(400);
    expect(response.body).not.toContain("<script>");
  });

  it("answers a form that is too large with a page, not JSON, and stores nothing", async () => {
    current = await buildTestApp();
    const response = await post(current, "/api/enquiries", { ...typed, Name: "M".repeat(20_000) });

    expect(response.statusCode).toBe(413);
    expect(response.headers["content-type"]).toMatch(/^text\/html/);
    expect(response.body).toContain(`<h1>${splitHeadline(apiMessages.tooLarge).headline}</h1>`);
    expect(response.body).toContain(splitHeadline(apiMessages.tooLarge).rest);
    expect(response.body).toContain('href="/#buy-now"');
    expect(await current.app.store.enquiries.list()).toHaveLength(0);
  });

  it("answers one form too many from an address with a page, not JSON", async () => {
    current = await buildTestApp({ RATE_LIMIT_PER_MINUTE: "1" });
    expect((await post(current, "/api/subscribers", { email: "first@example.in" })).statusCode).toBe(202);
    const refused = await post(current, "/api/subscribers", { email: "second@example.in" });

    expect(refused.statusCode).toBe(429);
    expect(refused.headers["content-type"]).toMatch(/^text\/html/);
    expect(refused.headers["retry-after"]).toMatch(/^\d+$/);
    expect(refused.body).toContain("Too many requests from your address");
    expect(refused.body).toContain('href="/#contact"');
  });

  it("takes an address sent as an ordinary form once, and says a confirmation mail is on its way", async () => {
    current = await buildTestApp();
    const first = await post(current, "/api/subscribers", { email: "Reader@Example.in" });
    const second = await post(current, "/api/subscribers", { email: "reader@example.in" });

    for (const response of [first, second]) {
      expect(response.statusCode).toBe(202);
      expect(response.headers["content-type"]).toMatch(/^text\/html/);
      // The first sentence is the heading; the rest, its first paragraph (not seven lines of heading).
      expect(response.body).toContain("<h1>Almost done!</h1>");
      expect(response.body).toContain(`<p>${splitHeadline(subscriberMessages.confirmationSent).rest}</p>`);
      expect(response.body).toContain(subscriberAnswerDetails.confirmationDetail);
    }
    expect(storedAddresses(current.databaseUrl)).toStrictEqual([
      { email: "reader@example.in", status: "pending", pendingMails: ["newsletter-confirmation"] },
    ]);
  });

  it("refuses an invalid address with its message", async () => {
    current = await buildTestApp();
    const response = await post(current, "/api/subscribers", { email: "not-an-address" });

    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(subscriberMessages.invalid);
    expect(storedAddresses(current.databaseUrl)).toHaveLength(0);
  });
});

describe("the answer to an enquiry posted without JavaScript", () => {
  it("thanks the visitor in the name of the company whose facts are in force, in the page's language", async () => {
    current = await buildTestApp();
    const before = await post(current, "/api/enquiries", typed);
    expect(before.body).toContain("Thank you. Sanvera Healthcare will be in touch soon.");
    const published = await current.app.store.companyFacts.publish({
      facts: FILLED_FACTS,
      baseVersion: null,
      by: "owner@example.com",
      now: new Date(),
    });
    // Published on this instance: in force here at once (another instance reads it within 30 s).
    if (published !== "conflict") current.app.companyFacts.published(published);
    const english = await post(current, "/api/enquiries", { ...typed, Email: "meera.2@example.in" });
    expect(english.body).toContain("Thank you. Aarogya Nutrition will be in touch soon.");
    const hindi = await post(current, "/api/enquiries", {
      ...typed,
      Email: "meera.3@example.in",
      lang: "hi",
    });
    expect(hindi.body).toContain("धन्यवाद। आरोग्य न्यूट्रिशन जल्द ही आपसे संपर्क करेगी।");
  });
});
