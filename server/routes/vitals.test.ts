import { describe, expect, it } from "vitest";
import { apiMessages } from "./api-errors";
import { testAppPerTest, type TestApp } from "../../tests/support/test-app";
import { VITALS_MAX_METRICS } from "../../domain/contract";
import { vitalsMessages } from "./vitals";

const start = testAppPerTest();

const beacon = {
  page: "/",
  metrics: [
    { name: "LCP", value: 1830.4 },
    { name: "CLS", value: 0.02 },
    { name: "TTFB", value: 120 },
  ],
};

function send(
  t: TestApp,
  body: string,
  contentType = "text/plain;charset=UTF-8",
  remoteAddress = "203.0.113.5",
) {
  return t.app.inject({
    method: "POST",
    url: "/api/vitals",
    headers: { "content-type": contentType },
    payload: body,
    remoteAddress,
  });
}

describe("POST /api/vitals", () => {
  it("stores a beacon sent as text/plain (navigator.sendBeacon) and answers 204", async () => {
    const t = await start();
    const response = await send(t, JSON.stringify(beacon));
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe("");

    const summary = await t.app.store.vitals.summarize();
    expect(summary).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ page: "/", metric: "LCP", count: 1 }),
        expect.objectContaining({ page: "/", metric: "CLS", count: 1 }),
        expect.objectContaining({ page: "/", metric: "TTFB", count: 1 }),
      ]),
    );
    expect(summary).toHaveLength(3);
  });

  it("takes application/json too, for the privacy policy page", async () => {
    const t = await start();
    const response = await send(
      t,
      JSON.stringify({ page: "/privacy-policy", metrics: [{ name: "INP", value: 64 }] }),
      "application/json",
    );
    expect(response.statusCode).toBe(204);
    expect(await t.app.store.vitals.summarize()).toMatchObject([
      { page: "/privacy-policy", metric: "INP", count: 1 },
    ]);
  });

  const invalid: [string, unknown][] = [
    ["an unknown page", { ...beacon, page: "/admin" }],
    ["a retired metric", { ...beacon, metrics: [{ name: "FID", value: 12 }] }],
    ["a negative value", { ...beacon, metrics: [{ name: "LCP", value: -1 }] }],
    ["a value given as text", { ...beacon, metrics: [{ name: "LCP", value: "1200" }] }],
    ["an absurd value", { ...beacon, metrics: [{ name: "TTFB", value: 1e12 }] }],
    ["no metrics", { ...beacon, metrics: [] }],
    [
      "too many metrics",
      {
        ...beacon,
        metrics: Array.from({ length: VITALS_MAX_METRICS + 1 }, () => ({ name: "CLS", value: 0 })),
      },
    ],
    ["a list instead of an object", [beacon]],
  ];
  it.each(invalid)("refuses %s with 400 and stores nothing", async (_, body) => {
    const t = await start();
    const response = await send(t, JSON.stringify(body));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toStrictEqual({ error: vitalsMessages.invalid });
    expect(await t.app.store.vitals.summarize()).toHaveLength(0);
  });

  it("refuses text that is not JSON, a body over 4 KB, another content type, and too many beacons", async () => {
    const t = await start({ RATE_LIMIT_PER_MINUTE: "3" });
    const notJson = await send(t, "LCP=1830");
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toStrictEqual({ error: apiMessages.invalidJson });

    const padded = JSON.stringify({ ...beacon, padding: "x".repeat(4 * 1024) });
    const tooLarge = await send(t, padded);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toStrictEqual({ error: apiMessages.tooLarge });

    const form = await send(t, "page=%2F", "application/x-www-form-urlencoded", "198.51.100.3");
    expect(form.statusCode).toBe(415);
    expect(form.json()).toStrictEqual({ error: apiMessages.unsupportedMediaType });

    // The refused beacons above counted too: this is the address's third and last of the minute.
    expect((await send(t, JSON.stringify(beacon))).statusCode).toBe(204);
    const limited = await send(t, JSON.stringify(beacon));
    expect(limited.statusCode).toBe(429);
    expect(limited.headers["retry-after"]).toBeDefined();
    expect(limited.json<{ error: string }>().error).toMatch(/^Too many requests/);
    expect(await t.app.store.vitals.summarize()).toHaveLength(beacon.metrics.length);
  });
});
