/**
 * /metrics and /readyz following real work with real services: a webhook receiver that fails and
 * then recovers, and Redis stopping under the per-address limits.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { retailersEnquiry } from "../support/enquiry-bodies";
import { unusedPort } from "../support/mail-sink";
import { startRedisServer } from "../support/redis-server";
import { buildTestApp, type TestApp } from "../support/test-app";
import { startWebhookReceiver } from "../support/webhook-receiver";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function app(env: Record<string, string>, options: Parameters<typeof buildTestApp>[1] = {}) {
  const t = await buildTestApp(env, { metrics: { backlogMaxAgeMs: 0 }, ...options });
  cleanups.push(() => t.close());
  return t;
}

async function scrape(t: TestApp): Promise<string> {
  const answer = await t.app.inject({ method: "GET", url: "/metrics" });
  expect(answer.statusCode).toBe(200);
  return answer.body;
}

function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe("webhook figures", () => {
  it("show an endpoint failing, by its id and never its URL, and delivering again once it recovers", async () => {
    const t = await app(
      { WEBHOOKS_ALLOW_PRIVATE: "true" },
      { webhooks: { pollIntervalMs: 50, retry: { baseMs: 200, maxMs: 400 } } },
    );
    let healthy = false;
    let secret = "";
    const receiver = await startWebhookReceiver(
      () => secret,
      () => (healthy ? "ok" : "fail"),
    );
    cleanups.push(() => receiver.close());
    const endpoint = await t.app.store.webhooks.addEndpoint({
      url: `${receiver.url}?token=receiver-secret`,
      events: ["enquiry.received"],
      now: new Date(),
    });
    secret = endpoint.secret;
    const series = (name: string, outcome?: string) =>
      `${name}{endpoint="${endpoint.id}"${outcome ? `,outcome="${outcome}"` : ""}}`;

    const stored = await t.app.inject({
      method: "POST",
      url: "/api/enquiries",
      payload: retailersEnquiry,
      remoteAddress: "203.0.113.21",
    });
    expect(stored.statusCode).toBe(201);

    let text = "";
    await vi.waitFor(
      async () => {
        text = await scrape(t);
        expect(sample(text, series("collarise_webhook_attempts_total", "failed"))).toBeGreaterThanOrEqual(1);
      },
      { timeout: 15_000, interval: 50 },
    );
    expect(sample(text, series("collarise_webhook_failing_since_timestamp_seconds"))).toBeGreaterThan(0);
    expect(sample(text, series("collarise_webhook_deliveries_waiting"))).toBe(1);
    expect(text).not.toContain(receiver.url);
    expect(text).not.toContain("receiver-secret");

    healthy = true;
    await vi.waitFor(
      async () => {
        text = await scrape(t);
        expect(sample(text, series("collarise_webhook_attempts_total", "delivered"))).toBe(1);
      },
      { timeout: 15_000, interval: 50 },
    );
    expect(sample(text, series("collarise_webhook_failing_since_timestamp_seconds"))).toBe(0);
    expect(sample(text, series("collarise_webhook_last_delivered_timestamp_seconds"))).toBeGreaterThan(0);
    expect(sample(text, series("collarise_webhook_deliveries_waiting"))).toBe(0);
  }, 40_000);
});

describe("Redis under the per-address limits", () => {
  it("stopping: the gauge falls to 0 while the instance stays ready (requests go uncounted, decision 017)", async () => {
    const redis = await startRedisServer();
    let stopped = false;
    cleanups.push(async () => {
      if (!stopped) await redis.stop();
    });
    const t = await app({ REDIS_URL: redis.url });
    expect(sample(await scrape(t), "collarise_rate_limit_redis_connected")).toBe(1);

    await redis.stop();
    stopped = true;
    await vi.waitFor(
      async () => expect(sample(await scrape(t), "collarise_rate_limit_redis_connected")).toBe(0),
      { timeout: 10_000, interval: 100 },
    );
    const ready = await t.app.inject({ method: "GET", url: "/readyz" });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ checks: { counters: "disconnected" } });
  }, 30_000);

  it("never reached since the start: the instance is not ready", async () => {
    const t = await app({ REDIS_URL: `redis://127.0.0.1:${await unusedPort()}` });
    const ready = await t.app.inject({ method: "GET", url: "/readyz" });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({
      reasons: ["the per-address counters (Redis) have not connected"],
      checks: { counters: "connecting" },
    });
    expect(sample(await scrape(t), "collarise_ready")).toBe(0);
  }, 30_000);
});
