import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { enquiryMessages } from "../../domain/enquiry";
import { apiMessages } from "./api-errors";
import { testAppPerTest, type TestApp } from "../../tests/support/test-app";
import { pendingNotifications } from "../../tests/support/store-probe";
import { retailersEnquiry } from "../../tests/support/enquiry-bodies";

const asha = retailersEnquiry;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const start = testAppPerTest();

function postEnquiry(t: TestApp, payload: unknown, remoteAddress = "203.0.113.7") {
  return t.app.inject({ method: "POST", url: "/api/enquiries", payload: payload as object, remoteAddress });
}

describe("POST /api/enquiries", () => {
  it("stores a retailer's enquiry with exactly its five fields and answers 201 with its id", async () => {
    const t = await start();
    const response = await postEnquiry(t, {
      ...asha,
      productName: "Collarise",
      couponCode: "FREE",
      website: "",
    });

    expect(response.statusCode).toBe(201);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    const { id } = response.json<{ id: string }>();
    expect(id).toMatch(UUID);

    const stored = await t.app.store.enquiries.list();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.id).toBe(id);
    expect(stored[0]?.enquiry).toStrictEqual(asha);
    expect(pendingNotifications(t.databaseUrl)).toBe(1);
  });

  it("takes a self-use enquiry with the quantity as the form's text and trims what was typed", async () => {
    const t = await start();
    const response = await postEnquiry(t, {
      Name: "  Ravi Kumar ",
      Email: "ravi@example.com ",
      Mobile: " 9123456780",
      Quantity: "3",
      RetailerSelfUse: "Self Use",
    });
    expect(response.statusCode).toBe(201);
    const [stored] = await t.app.store.enquiries.list();
    expect(stored?.enquiry).toStrictEqual({
      Name: "Ravi Kumar",
      Email: "ravi@example.com",
      Mobile: "9123456780",
      Quantity: 3,
      RetailerSelfUse: "Self Use",
    });
  });

  const refusals: [string, object, string, string][] = [
    ["a missing name", { ...asha, Name: "" }, enquiryMessages.missing, "Name"],
    ["a missing quantity", { ...asha, Quantity: undefined }, enquiryMessages.missing, "Quantity"],
    [
      "the select's placeholder",
      { ...asha, RetailerSelfUse: "retailer/self use" },
      enquiryMessages.missing,
      "RetailerSelfUse",
    ],
    ["an invalid address", { ...asha, Email: "asha@example" }, enquiryMessages.email, "Email"],
    [
      "a mobile number with letters",
      { ...asha, Mobile: "98765abcde" },
      enquiryMessages.mobileDigits,
      "Mobile",
    ],
    ["a nine-digit mobile number", { ...asha, Mobile: "987654321" }, enquiryMessages.mobileLength, "Mobile"],
    ["a quantity of 0", { ...asha, Quantity: 0 }, enquiryMessages.quantity, "Quantity"],
    ["a quantity of 1.5", { ...asha, Quantity: 1.5 }, enquiryMessages.quantity, "Quantity"],
    [
      "an unknown buyer type",
      { ...asha, RetailerSelfUse: "Wholesale" },
      enquiryMessages.buyerType,
      "RetailerSelfUse",
    ],
  ];
  it.each(refusals)(
    "refuses %s with 400, the specification's message and the field",
    async (_, payload, error, field) => {
      const t = await start();
      const response = await postEnquiry(t, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toStrictEqual({ error, field });
      expect(await t.app.store.enquiries.list()).toHaveLength(0);
    },
  );

  it("checks in the specification's order: a missing field before a bad address", async () => {
    const t = await start();
    const response = await postEnquiry(t, { ...asha, Email: "not-an-address", Mobile: "" });
    expect(response.json()).toStrictEqual({ error: enquiryMessages.missing, field: "Mobile" });
  });

  it("refuses a body that is not a JSON object of fields with 400 and stores nothing", async () => {
    const t = await start();
    for (const payload of ["[]", "null", '"Asha"', "42"]) {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/enquiries",
        headers: { "content-type": "application/json" },
        payload,
      });
      expect(response.statusCode, payload).toBe(400);
      expect(response.json(), payload).toStrictEqual({ error: enquiryMessages.missing, field: "Name" });
    }
    expect(await t.app.store.enquiries.list()).toHaveLength(0);
  });

  it("answers malformed JSON, an empty body and a poisoned prototype with 400 and a clear message", async () => {
    const t = await start();
    for (const payload of ['{"Name": "Asha",', "", '{"__proto__": {"admin": true}, "Name": "Asha"}']) {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/enquiries",
        headers: { "content-type": "application/json" },
        payload,
      });
      expect(response.statusCode, payload).toBe(400);
      expect(response.json<{ error: string }>().error, payload).toEqual(expect.any(String));
    }
    const malformed = await t.app.inject({
      method: "POST",
      url: "/api/enquiries",
      headers: { "content-type": "application/json" },
      payload: "{",
    });
    expect(malformed.json()).toStrictEqual({ error: apiMessages.invalidJson });
    expect(await t.app.store.enquiries.list()).toHaveLength(0);
  });

  it("answers a body over 16 KB with 413", async () => {
    const t = await start();
    const response = await postEnquiry(t, { ...asha, padding: "x".repeat(16 * 1024) });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toStrictEqual({ error: apiMessages.tooLarge });
    expect(await t.app.store.enquiries.list()).toHaveLength(0);
  });

  it("answers another content type with 415", async () => {
    const t = await start();
    const forms = [
      ["text/plain", JSON.stringify(asha)],
      ["multipart/form-data; boundary=x", "--x--"],
    ];
    for (const [contentType, payload] of forms) {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/enquiries",
        headers: { "content-type": contentType as string },
        payload,
      });
      expect(response.statusCode, contentType).toBe(415);
      expect(response.json(), contentType).toStrictEqual({ error: apiMessages.unsupportedMediaType });
    }
    expect(await t.app.store.enquiries.list()).toHaveLength(0);
  });

  it("answers a filled honeypot like a success and, without a proof of work, files it as Spam and mails nobody", async () => {
    const t = await start();
    const response = await postEnquiry(t, { ...asha, website: "https://spam.example" });
    expect(response.statusCode).toBe(201);
    const { id } = response.json<{ id: string }>();
    expect(id).toMatch(UUID);
    const record = await t.app.store.enquiryWork.get(id);
    expect(record?.status).toBe("Spam");
    expect(record?.screening?.reasons).toEqual(["honeypot", "no-proof-of-work"]);
    expect(pendingNotifications(t.databaseUrl)).toBe(0);
  });

  it("answers a filled honeypot on an enquiry the checks refuse like a success, and stores nothing", async () => {
    const t = await start();
    const response = await postEnquiry(t, { ...asha, Mobile: "12", website: "https://spam.example" });
    expect(response.statusCode).toBe(201);
    expect(response.json<{ id: string }>().id).toMatch(UUID);
    expect(await t.app.store.enquiries.list()).toHaveLength(0);
  });

  it("refuses an address past RATE_LIMIT_PER_MINUTE with 429 and Retry-After, and only that address", async () => {
    const t = await start({ RATE_LIMIT_PER_MINUTE: "3" });
    for (let i = 0; i < 3; i++) expect((await postEnquiry(t, asha)).statusCode).toBe(201);

    const refused = await postEnquiry(t, asha);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(60);
    expect(refused.json<{ error: string }>().error).toMatch(
      /^Too many requests from your address\. Please try again in /,
    );

    expect((await postEnquiry(t, asha, "198.51.100.20")).statusCode).toBe(201);
    expect(await t.app.store.enquiries.list()).toHaveLength(4);
  });

  it("answers 503 'Error adding document' while the store cannot be written, and recovers without a restart", async () => {
    const t = await start();
    // Another process holds the database's write lock beyond the store's busy timeout.
    const blocker = new Database(t.databaseUrl.slice("sqlite:".length));
    blocker.prepare("BEGIN IMMEDIATE").run();
    try {
      const [enquiry, health] = await Promise.all([
        postEnquiry(t, asha),
        t.app.inject({ method: "GET", url: "/api/health" }),
      ]);
      expect(enquiry.statusCode).toBe(503);
      expect(enquiry.json()).toStrictEqual({ error: enquiryMessages.notStored });
      expect(enquiry.headers["retry-after"]).toBeDefined();
      expect(health.statusCode).toBe(503);
      expect(health.json()).toMatchObject({ status: "unavailable", error: expect.any(String) });
    } finally {
      blocker.prepare("ROLLBACK").run();
      blocker.close();
    }

    expect((await t.app.inject({ method: "GET", url: "/api/health" })).json()).toMatchObject({
      status: "ok",
    });
    const retried = await postEnquiry(t, asha);
    expect(retried.statusCode).toBe(201);
    expect(await t.app.store.enquiries.list()).toHaveLength(1);
  });
});

describe("POST /api/enquiries with an Idempotency-Key", () => {
  const withKey = (t: TestApp, key: string, payload: unknown = asha) =>
    t.app.inject({
      method: "POST",
      url: "/api/enquiries",
      payload: payload as object,
      remoteAddress: "203.0.113.7",
      headers: { "idempotency-key": key },
    });

  it("answers a retry with the first answer, 201 and the same id, and stores and mails it once", async () => {
    const t = await start();
    const key = "3b241101-e2bb-4255-8caf-4136c566a962";
    const first = await withKey(t, key);
    const retries = await Promise.all(Array.from({ length: 5 }, () => withKey(t, key)));
    expect(first.statusCode).toBe(201);
    for (const retry of retries) {
      expect(retry.statusCode).toBe(201);
      expect(retry.json()).toEqual(first.json());
    }
    expect(await t.app.store.enquiries.list()).toHaveLength(1);
    expect(pendingNotifications(t.databaseUrl)).toBe(1);
  });

  it("refuses a key reused with a different enquiry with 422, and stores nothing", async () => {
    const t = await start();
    const key = "k".repeat(32);
    expect((await withKey(t, key)).statusCode).toBe(201);
    const reused = await withKey(t, key, { ...asha, Quantity: 13 });
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toStrictEqual({ error: apiMessages.idempotencyKeyReused });
    expect(reused.json<{ error: string }>().error).toBe(
      "This Idempotency-Key was already used with a different enquiry. Send a new key with a new or changed enquiry.",
    );
    expect(await t.app.store.enquiries.list()).toHaveLength(1);
  });

  it.each([
    ["too short", "abc"],
    ["too long", "a".repeat(65)],
    ["with spaces", "not a valid key at all"],
    ["with other characters", "key/with/slashes/1234"],
    ["empty", ""],
  ])("refuses a key %s with 400 and stores nothing", async (_what, key) => {
    const t = await start();
    const response = await withKey(t, key);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toStrictEqual({ error: apiMessages.badIdempotencyKey });
    expect(await t.app.store.enquiries.list()).toHaveLength(0);
  });

  it("keeps a key per enquiry: another key is another enquiry", async () => {
    const t = await start();
    const a = await withKey(t, "a".repeat(20));
    const b = await withKey(t, "b".repeat(20));
    expect(a.json<{ id: string }>().id).not.toBe(b.json<{ id: string }>().id);
    expect(await t.app.store.enquiries.list()).toHaveLength(2);
  });
});

describe("the API's other answers", () => {
  it("answers an unknown API address with a JSON 404", async () => {
    const t = await start();
    for (const [method, url] of [
      ["GET", "/api/nothing-here"],
      ["POST", "/api/orders"],
      ["GET", "/api/enquiries"],
    ] as const) {
      const response = await t.app.inject({ method, url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers["content-type"], url).toMatch(/^application\/json/);
      expect(response.json<{ error: string }>().error, url).toEqual(expect.any(String));
    }
  });

  it("reports health 200 while the store answers, with the retention sweeps' periods and last run", async () => {
    const t = await start();
    const response = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toStrictEqual({
      status: "ok",
      outbox: { waiting: 0, oldestWaitingSeconds: null, alertAfterMinutes: 30, stalled: false },
      retention: {
        everyHours: 6,
        closedEnquiryDays: 365,
        vitalsDays: 90,
        lastRunAt: null,
        lastErased: null,
        lastSuccessAt: null,
        lastFailureAt: null,
        lastError: null,
        lastSkippedAt: null,
      },
    });
    await t.app.retention.runOnce();
    expect((await t.app.inject({ method: "GET", url: "/api/health" })).json()).toMatchObject({
      status: "ok",
      retention: {
        lastErased: {
          enquiries: 0,
          vitals: 0,
          unconfirmedSubscribers: 0,
          idleSessions: 0,
          attemptCounters: 0,
        },
        lastSuccessAt: expect.any(String),
        lastError: null,
      },
    });
  });
});
