import { describe, expect, it } from "vitest";
import { recordingLogStream } from "../tests/support/recording-logger";
import { buildTestApp, testAppPerTest } from "../tests/support/test-app";
import { retailersEnquiry } from "../tests/support/enquiry-bodies";

const start = testAppPerTest();

const CADDY_ID = "6f1c2f0e-3b1d-4c55-9a57-2f7d1c0b9e41";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The id a request got: what its answer says, and what its own log lines say. */
async function idOf(
  t: Awaited<ReturnType<typeof start>>,
  headers: Record<string, string>,
  remoteAddress: string,
): Promise<string> {
  const answer = await t.app.inject({ method: "GET", url: "/api/health", headers, remoteAddress });
  expect(answer.statusCode).toBe(200);
  return String(answer.headers["x-request-id"]);
}

describe("X-Request-Id", () => {
  it("is on every answer, refusals and unknown paths included, and is the reqId of the request's log lines", async () => {
    const log = recordingLogStream();
    const t = await buildTestApp({}, { logger: { level: "info", stream: log.stream } });
    try {
      const answers = [
        await t.app.inject({ method: "GET", url: "/" }),
        await t.app.inject({ method: "GET", url: "/api/health" }),
        await t.app.inject({ method: "GET", url: "/api/nowhere" }),
        await t.app.inject({ method: "POST", url: "/api/enquiries", payload: { Name: "" } }),
        await t.app.inject({ method: "POST", url: "/api/enquiries", payload: retailersEnquiry }),
        await t.app.inject({ method: "GET", url: "/api/admin/enquiries" }),
        await t.app.inject({ method: "GET", url: "/", headers: { host: "elsewhere.example" } }),
        // Refused by Fastify itself before any hook: a path that cannot be decoded.
        await t.app.inject({ method: "GET", url: "/%zz" }),
      ];
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 404, 400, 201, 401, 200, 400]);
      const ids = answers.map((answer) => String(answer.headers["x-request-id"]));
      for (const id of ids) expect(id).toMatch(UUID);
      expect(new Set(ids).size).toBe(ids.length);
      const completed = log
        .lines()
        .filter((line) => line.msg === "request completed")
        .map((line) => line.reqId);
      // Fastify writes no request line for the refusal it makes before routing (the last).
      expect(completed).toEqual(ids.slice(0, -1));
    } finally {
      await t.close();
    }
  });

  it("is taken from the proxy on this machine (TRUST_PROXY=1) when it is a sane token", async () => {
    const t = await start({ TRUST_PROXY: "1", LOG_LEVEL: "silent" });
    expect(await idOf(t, { "x-request-id": CADDY_ID, "x-forwarded-for": "203.0.113.7" }, "127.0.0.1")).toBe(
      CADDY_ID,
    );
    expect(await idOf(t, { "x-request-id": "edge:1.2_3-x" }, "::ffff:127.0.0.1")).toBe("edge:1.2_3-x");
  });

  it("is never taken from a client that reaches the server directly: a new one is made", async () => {
    const t = await start({ TRUST_PROXY: "1", LOG_LEVEL: "silent" });
    const made = await idOf(t, { "x-request-id": "made-up-by-a-stranger" }, "203.0.113.7");
    expect(made).not.toBe("made-up-by-a-stranger");
    expect(made).toMatch(UUID);
    // Nor from anyone when no proxy is trusted, even on this machine.
    const alone = await start({ LOG_LEVEL: "silent" });
    expect(await idOf(alone, { "x-request-id": CADDY_ID }, "127.0.0.1")).toMatch(UUID);
    expect(await idOf(alone, { "x-request-id": CADDY_ID }, "127.0.0.1")).not.toBe(CADDY_ID);
  });

  it("is taken only from the proxies named by address (TRUST_PROXY=10.0.0.5, uniquelocal…)", async () => {
    const t = await start({ TRUST_PROXY: "10.0.0.5, fd00::/8", LOG_LEVEL: "silent" });
    expect(await idOf(t, { "x-request-id": CADDY_ID }, "10.0.0.5")).toBe(CADDY_ID);
    expect(await idOf(t, { "x-request-id": CADDY_ID }, "::ffff:10.0.0.5")).toBe(CADDY_ID);
    expect(await idOf(t, { "x-request-id": CADDY_ID }, "fd00::1")).toBe(CADDY_ID);
    expect(await idOf(t, { "x-request-id": CADDY_ID }, "10.0.0.6")).not.toBe(CADDY_ID);
    expect(await idOf(t, { "x-request-id": CADDY_ID }, "127.0.0.1")).not.toBe(CADDY_ID);
    const named = await start({ TRUST_PROXY: "uniquelocal", LOG_LEVEL: "silent" });
    expect(await idOf(named, { "x-request-id": CADDY_ID }, "192.168.1.9")).toBe(CADDY_ID);
    expect(await idOf(named, { "x-request-id": CADDY_ID }, "198.51.100.9")).not.toBe(CADDY_ID);
  });

  it("is made anew when the proxy's is not a sane token (too long, spaces, quotes, two of them)", async () => {
    const t = await start({ TRUST_PROXY: "1", LOG_LEVEL: "silent" });
    for (const insane of [
      "a".repeat(129),
      "has space",
      'quote"d',
      "line\\nbreak",
      "9811122233 asha@example.com",
      "",
    ]) {
      const id = await idOf(t, { "x-request-id": insane }, "127.0.0.1");
      expect(id, insane).toMatch(UUID);
    }
    expect(await idOf(t, { "x-request-id": "a".repeat(128) }, "127.0.0.1")).toBe("a".repeat(128));
  });

  it("is never the same from two instances (no per-process counter)", async () => {
    const first = await buildTestApp({ LOG_LEVEL: "silent" });
    const second = await buildTestApp({ LOG_LEVEL: "silent" });
    try {
      const ids: string[] = [];
      for (let n = 0; n < 100; n++) {
        for (const { app } of [first, second]) {
          const answer = await app.inject({ method: "GET", url: "/livez" });
          ids.push(String(answer.headers["x-request-id"]));
        }
      }
      expect(ids.filter((id) => /^req-\d+$/.test(id))).toEqual([]);
      expect(new Set(ids).size).toBe(ids.length);
    } finally {
      await first.close();
      await second.close();
    }
  });
});
