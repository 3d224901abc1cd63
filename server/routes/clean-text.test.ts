import { describe, expect, test } from "vitest";
import { ENQUIRY_FIELDS, enquiryMessages, textMessages, type Enquiry } from "../../domain/enquiry";
import { addStaff, consoleRequest, signIn, TEST_HOST, TEST_ORIGIN } from "../../tests/support/console-app";
import { testAppPerTest } from "../../tests/support/test-app";

const start = testAppPerTest();

const asha: Enquiry = {
  Name: "Asha Verma",
  Email: "asha@example.com",
  Mobile: "9876543210",
  Quantity: 24,
  RetailerSelfUse: "Retailer",
};

/** NUL, a C0 escape, DEL and a C1 character: none is text anyone types. */
const CONTROLS = ["\u0000", "\u001b", "\u007f", "\u0085"];

describe("control characters are refused in every text the server takes", () => {
  test("in each field of an enquiry, with the field's own message, and nothing is stored", async () => {
    const { app } = await start({ LOG_LEVEL: "silent", RATE_LIMIT_PER_MINUTE: "1000" });
    for (const field of ENQUIRY_FIELDS) {
      for (const control of CONTROLS) {
        const response = await app.inject({
          method: "POST",
          url: "/api/enquiries",
          payload: {
            ...asha,
            [field]: `${String(asha[field]).slice(0, 3)}${control}${String(asha[field]).slice(3)}`,
          },
        });
        expect(response.statusCode, `${field} ${JSON.stringify(control)}`).toBe(400);
        expect(response.json<{ field: string }>().field).toBe(field);
      }
    }
    // Direction overrides and zero-width characters in a Name, which staff, mails and CSV show.
    for (const Name of ["Visit \u202Eniw/elpmaxe.live", "Asha\u200BVerma", "Asha \u2066Verma\u2069"]) {
      const response = await app.inject({
        method: "POST",
        url: "/api/enquiries",
        payload: { ...asha, Name },
      });
      expect(response.json()).toEqual({ error: enquiryMessages.nameInvalid, field: "Name" });
    }
    expect(await app.store.enquiries.list()).toEqual([]);
  });

  test("in the newsletter's address and the sign-in, as JSON or a form post", async () => {
    const { app } = await start({ LOG_LEVEL: "silent" });
    const subscribe = await app.inject({
      method: "POST",
      url: "/api/subscribers",
      payload: { email: "asha\u0000@example.com" },
    });
    expect(subscribe.statusCode).toBe(400);
    expect(subscribe.json<{ error: string }>().error).toEqual(expect.any(String));
    const honeypot = await app.inject({
      method: "POST",
      url: "/api/subscribers",
      payload: { email: "asha@example.com", website: "x\u0000" },
    });
    expect(honeypot.json()).toEqual({ error: textMessages.control });
    const form = await app.inject({
      method: "POST",
      url: "/api/subscribers",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "email=asha%40example.com&extra=a%00b",
    });
    expect(form.statusCode).toBe(400);
    expect(form.headers["content-type"]).toMatch(/^text\/html/);
    expect(form.body).toContain(textMessages.control);

    const signInAnswer = await app.inject({
      method: "POST",
      url: "/api/admin/session",
      headers: { host: TEST_HOST, origin: TEST_ORIGIN },
      payload: { email: "owner@example.com\u0000", password: "x" },
    });
    expect(signInAnswer.statusCode).toBe(400);
    expect(signInAnswer.json()).toEqual({ error: textMessages.control });
  });

  test("in the console's searches (a NUL was a 500), notes and personal-data look-ups; a note keeps its lines", async () => {
    const { app } = await start({ LOG_LEVEL: "silent" });
    await addStaff(app, "owner@example.com", "owner");
    const cookie = await signIn(app, "owner@example.com");
    const { id } = await app.store.enquiries.add(asha);

    for (const path of [
      "/enquiries?q=ab%00c",
      "/enquiries?q=Verma%1B%5B31m",
      "/enquiries.csv?q=ab%C2%85c",
      "/subscribers?q=ab%00c",
      "/personal-data?email=asha%00%40example.com",
      "/personal-data?mobile=98765%0043210",
      `/enquiries/${id}%00`,
    ]) {
      const response = await consoleRequest(app, cookie, "GET", path);
      expect(response.statusCode, path).toBe(400);
      expect(response.json(), path).toEqual({ error: textMessages.control });
    }

    const nul = await consoleRequest(app, cookie, "POST", `/enquiries/${id}/notes`, {
      text: "Called\u0000 back",
    });
    expect(nul.json()).toEqual({ error: textMessages.control });
    const tab = await consoleRequest(app, cookie, "POST", `/enquiries/${id}/status`, {
      status: "Contacted",
      version: 0,
      note: "Called\tback",
    });
    expect(tab.json()).toEqual({ error: textMessages.control });
    const detail = await app.store.enquiryWork.get(id);
    expect(detail?.history).toEqual([]);

    const lines = await consoleRequest(app, cookie, "POST", `/enquiries/${id}/notes`, {
      text: "Called back.\nWants 24 more.\r\nSend the invoice.",
    });
    expect(lines.statusCode).toBe(200);
    expect(lines.json<{ history: { text: string }[] }>().history[0]?.text).toBe(
      "Called back.\nWants 24 more.\r\nSend the invoice.",
    );
  });
});
