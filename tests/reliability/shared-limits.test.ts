import type { FastifyBaseLogger } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { rateLimitStore } from "../../server/rate-limit-store";
import { recordingLogger } from "../support/recording-logger";
import { startRedisServer, type RunningRedis } from "../support/redis-server";
import { buildTestApp, type TestApp } from "../support/test-app";
import { retailersEnquiry } from "../support/enquiry-bodies";

const asha = retailersEnquiry;
const CLIENT = "203.0.113.7";
const LIMIT = 6;

let redis: RunningRedis;
beforeAll(async () => {
  redis = await startRedisServer();
});
afterAll(async () => {
  await redis?.stop();
});

const apps: TestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((t) => t.close()));
});

async function instance(env: Record<string, string>): Promise<TestApp> {
  const t = await buildTestApp({ LOG_LEVEL: "silent", RATE_LIMIT_PER_MINUTE: String(LIMIT), ...env });
  apps.push(t);
  return t;
}

const postEnquiry = (t: TestApp, remoteAddress = CLIENT) =>
  t.app.inject({ method: "POST", url: "/api/enquiries", payload: asha, remoteAddress });

describe("per-address limits counted in Redis (REDIS_URL)", () => {
  it("hold for two instances together: one address gets RATE_LIMIT_PER_MINUTE through both, not twice", async () => {
    const [a, b] = [await instance({ REDIS_URL: redis.url }), await instance({ REDIS_URL: redis.url })];
    const answers = await Promise.all(
      Array.from({ length: LIMIT * 2 }, (_, i) => postEnquiry(i % 2 === 0 ? (a as TestApp) : (b as TestApp))),
    );
    const statuses = answers.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(LIMIT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(LIMIT);
    const stored =
      (await (a as TestApp).app.store.enquiries.list()).length +
      (await (b as TestApp).app.store.enquiries.list()).length;
    expect(stored).toBe(LIMIT);
    // Another address still has its own allowance, on either instance.
    expect((await postEnquiry(b as TestApp, "198.51.100.20")).statusCode).toBe(201);
  });

  it("without Redis, each instance counts alone in its memory (one instance on SQLite)", async () => {
    const [a, b] = [await instance({}), await instance({})];
    const statuses = [];
    for (let i = 0; i < LIMIT * 2; i++) statuses.push((await postEnquiry(i % 2 === 0 ? a : b)).statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(LIMIT * 2);
  });
});

describe("while Redis does not answer", () => {
  it("enquiries are still taken, uncounted, and the outage is logged once, then its end", async () => {
    const spare = await startRedisServer();
    const logged = recordingLogger();
    const counters = rateLimitStore(spare.url, logged as unknown as FastifyBaseLogger);
    try {
      const t = await buildTestApp(
        { LOG_LEVEL: "silent", RATE_LIMIT_PER_MINUTE: "2", REDIS_URL: spare.url },
        {},
      );
      apps.push(t);
      expect((await postEnquiry(t)).statusCode).toBe(201);
      await spare.stop();

      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await postEnquiry(t)).statusCode);
      expect(statuses).toEqual([201, 201, 201, 201]);
      expect(await t.app.store.enquiries.list()).toHaveLength(5);

      // The store's own logger says so once, however many reconnections fail.
      const deadline = Date.now() + 10_000;
      while (!logged.entries.some((entry) => entry.level === "error") && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50));
      const errors = logged.entries.filter((entry) => entry.level === "error");
      expect(errors).toHaveLength(1);
      expect(errors[0]?.message).toMatch(
        /^Redis \(REDIS_URL\) is not answering: per-address limits are not counted/,
      );

      // Back on the same port: the store reconnects by itself, says so, and counting resumes.
      const again = await startRedisServer({ port: spare.port });
      try {
        const until = Date.now() + 10_000;
        while (!logged.entries.some((entry) => entry.level === "info") && Date.now() < until)
          await new Promise((resolve) => setTimeout(resolve, 50));
        expect(logged.entries.map((entry) => entry.message)).toContain(
          "Redis (REDIS_URL) answers again: per-address limits are counted",
        );
        const resumed: number[] = [];
        for (let i = 0; i < 10 && !resumed.includes(429); i++)
          resumed.push((await postEnquiry(t)).statusCode);
        expect(resumed.slice(-1)).toEqual([429]);
      } finally {
        await again.stop();
      }
    } finally {
      await counters.close();
    }
  });
});
