import { describe, expect, it } from "vitest";
import { subscriberMessages } from "../../domain/subscriber";
import { apiMessages } from "./api-errors";
import { storedAddresses } from "../../tests/support/store-probe";
import { testAppPerTest, type TestApp } from "../../tests/support/test-app";

const start = testAppPerTest();

function subscribe(t: TestApp, payload: unknown, remoteAddress = "203.0.113.9") {
  return t.app.inject({ method: "POST", url: "/api/subscribers", payload: payload as object, remoteAddress });
}

describe("POST /api/subscribers", () => {
  it("stores a valid address once, unconfirmed, and queues one confirmation mail within the hour", async () => {
    const t = await start();
    const first = await subscribe(t, { email: "Meera.Iyer@Example.com" });
    expect(first.statusCode).toBe(202);
    expect(first.json()).toStrictEqual({ message: subscriberMessages.confirmationSent });

    // The same answer again: nobody learns from the box whether an address is on the list.
    const again = await subscribe(t, { email: " meera.iyer@example.com " });
    expect(again.statusCode).toBe(202);
    expect(again.json()).toStrictEqual({ message: subscriberMessages.confirmationSent });

    expect(storedAddresses(t.databaseUrl)).toStrictEqual([
      { email: "meera.iyer@example.com", status: "pending", pendingMails: ["newsletter-confirmation"] },
    ]);
    // Not a subscriber until the link is opened.
    expect(await t.app.store.subscribers.list()).toStrictEqual([]);
  });

  it("refuses an invalid or missing address with 400 and a message, and stores nothing", async () => {
    const t = await start();
    for (const payload of [
      { email: "meera@" },
      { email: "" },
      { email: 42 },
      {},
      { mail: "meera@example.com" },
    ]) {
      const response = await subscribe(t, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json(), JSON.stringify(payload)).toStrictEqual({
        error: subscriberMessages.invalid,
        field: "email",
      });
    }
    expect(storedAddresses(t.databaseUrl)).toHaveLength(0);
  });

  it("ignores unknown keys", async () => {
    const t = await start();
    const response = await subscribe(t, { email: "dev@example.org", name: "Dev", admin: true });
    expect(response.statusCode).toBe(202);
    expect(storedAddresses(t.databaseUrl)).toMatchObject([{ email: "dev@example.org", status: "pending" }]);
  });

  it("answers a filled honeypot like a success and stores nothing", async () => {
    const t = await start();
    const response = await subscribe(t, { email: "bot@example.com", website: "http://spam.example" });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toStrictEqual({ message: subscriberMessages.confirmationSent });
    expect(storedAddresses(t.databaseUrl)).toHaveLength(0);
  });

  it("keeps the API's body limit, JSON-only rule and rate limit", async () => {
    const t = await start({ RATE_LIMIT_PER_MINUTE: "2" });
    const tooLarge = await subscribe(t, { email: "a@example.com", padding: "x".repeat(17 * 1024) });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toStrictEqual({ error: apiMessages.tooLarge });

    const plainText = await t.app.inject({
      method: "POST",
      url: "/api/subscribers",
      headers: { "content-type": "text/plain" },
      payload: "a@example.com",
      remoteAddress: "198.51.100.1",
    });
    expect(plainText.statusCode).toBe(415);
    expect(plainText.json()).toStrictEqual({ error: apiMessages.unsupportedMediaType });

    const malformed = await t.app.inject({
      method: "POST",
      url: "/api/subscribers",
      headers: { "content-type": "application/json" },
      payload: "{email:",
      remoteAddress: "198.51.100.2",
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toStrictEqual({ error: apiMessages.invalidJson });

    // The refused requests above counted too: this is the address's second and last of the minute.
    expect((await subscribe(t, { email: "b@example.com" })).statusCode).toBe(202);
    const limited = await subscribe(t, { email: "c@example.com" });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers["retry-after"]).toBeDefined();
    expect(limited.json<{ error: string }>().error).toMatch(/^Too many requests/);
    expect(storedAddresses(t.databaseUrl).map((subscriber) => subscriber.email)).toStrictEqual([
      "b@example.com",
    ]);
  });
});
