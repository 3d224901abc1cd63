/**
 * The operators' paths behind the project's own deploy/Caddyfile, as visitors reach the site:
 * Caddy connects to the instance from loopback, so the instance must not take a visitor for a
 * caller on its own machine, and the metrics are never served to the public site at all.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCaddy, type RunningCaddy } from "../support/caddy";
import { buildTestApp, type TestApp } from "../support/test-app";

const TOKEN = "caddy-test-metrics-token-0123456789";
let t: TestApp;
let caddy: RunningCaddy;
let direct: string;

beforeAll(async () => {
  t = await buildTestApp({ TRUST_PROXY: "1", METRICS_TOKEN: TOKEN });
  await t.app.listen({ host: "127.0.0.1", port: 0 });
  const address = t.app.server.address();
  if (!address || typeof address === "string") throw new Error("The server has no port");
  direct = `127.0.0.1:${address.port}`;
  caddy = await startCaddy([direct]);
}, 60_000);

afterAll(async () => {
  await caddy?.stop();
  await t?.close();
});

describe("through Caddy", () => {
  it("refuses /metrics, with the token or without, however the path is written", async () => {
    for (const path of [
      "/metrics",
      "/metrics/",
      "/metrics?format=text",
      "/METRICS",
      "//metrics",
      "/./metrics",
    ]) {
      const asked: Record<string, string>[] = [
        {},
        { authorization: `Bearer ${TOKEN}` },
        { "x-forwarded-for": "127.0.0.1" },
      ];
      for (const headers of asked) {
        const answer = await fetch(`${caddy.baseUrl}${path}`, { headers });
        const text = await answer.text();
        expect(answer.status, path).toBeGreaterThanOrEqual(400);
        expect(text, path).not.toContain("collarise_");
      }
    }
  });

  it("tells a visitor only ok or ready, never the instance's detail, even with a forged X-Forwarded-For", async () => {
    const asked: Record<string, string>[] = [{}, { "x-forwarded-for": "127.0.0.1" }];
    for (const headers of asked) {
      const health = await fetch(`${caddy.baseUrl}/api/health`, { headers });
      expect(health.status).toBe(200);
      expect(await health.json()).toStrictEqual({ status: "ok" });
      const ready = await fetch(`${caddy.baseUrl}/readyz`, { headers });
      expect(await ready.json()).toStrictEqual({ status: "ready" });
    }
  });

  it("while the instance itself gives Prometheus on this machine its metrics", async () => {
    const answer = await fetch(`http://${direct}/metrics`);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain("collarise_ready 1");
  });
});
