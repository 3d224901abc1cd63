import Database from "better-sqlite3";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { retailersEnquiry } from "../../tests/support/enquiry-bodies";
import { buildTestApp, testAppPerTest, type TestApp } from "../../tests/support/test-app";
import { healthMessages } from "../routes/health";
import { StoreUnavailableError } from "../store/store";
import { OPS_PATHS, opsMessages, WRITE_PROBE_JOB } from "./index";

const start = testAppPerTest();
const TOKEN = "a-long-metrics-token-0123456789";
/** An address off this machine, as a visitor's or a monitor's elsewhere. */
const REMOTE = "203.0.113.50";

/** Who asks: from which address (loopback unless given), with which headers. */
interface Caller {
  from?: string;
  headers?: Record<string, string>;
}

function get(t: TestApp, url: string, options: Caller = {}) {
  return t.app.inject({
    method: "GET",
    url,
    ...(options.from ? { remoteAddress: options.from } : {}),
    headers: options.headers ?? {},
  });
}

function postEnquiry(t: TestApp, payload: object, remoteAddress = "203.0.113.7") {
  return t.app.inject({ method: "POST", url: "/api/enquiries", payload, remoteAddress });
}

/** Holds the SQLite database's write lock beyond the store's busy timeout: the store stops answering. */
function lockDatabase(t: TestApp) {
  const blocker = new Database(t.databaseUrl.slice("sqlite:".length));
  blocker.prepare("BEGIN IMMEDIATE").run();
  return () => {
    blocker.prepare("ROLLBACK").run();
    blocker.close();
  };
}

/** One sample's value from a scrape, by its name and labels as written (`name{a="b"}`). */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe("/livez, /readyz and /api/health", () => {
  it("answer live, ready and ok while the store answers", async () => {
    const t = await start();
    expect((await get(t, OPS_PATHS.live)).json()).toEqual({ status: "live" });
    const ready = await get(t, OPS_PATHS.ready, { from: REMOTE });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: "ready" });
    expect((await get(t, "/api/health", { from: REMOTE })).json()).toEqual({ status: "ok" });
  });

  it("during a store outage: live, but not ready and not ok; ready again once it is back, without a restart", async () => {
    const t = await start();
    const ping = vi.spyOn(t.app.store, "ping");
    const release = lockDatabase(t);
    try {
      const live = await get(t, OPS_PATHS.live);
      expect(live.statusCode).toBe(200);
      // Liveness asks nothing of the store: a process whose database is down still runs.
      expect(ping).not.toHaveBeenCalled();
      const ready = await get(t, OPS_PATHS.ready);
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({
        status: "not ready",
        error: opsMessages.notReady,
        reasons: ["the store is not answering"],
        checks: { store: "unavailable", shuttingDown: false },
      });
      const health = await get(t, "/api/health", { from: REMOTE });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toEqual({ status: "unavailable", error: healthMessages.unavailable });
    } finally {
      release();
    }
    expect((await get(t, OPS_PATHS.ready)).statusCode).toBe(200);
    expect((await get(t, "/api/health")).statusCode).toBe(200);
  });

  it("tell a caller elsewhere only ok or not, and an operator the outbox, sweeps and backups", async () => {
    const t = await start({ METRICS_TOKEN: TOKEN });
    expect((await postEnquiry(t, retailersEnquiry)).statusCode).toBe(201);
    const detail = {
      status: "ok",
      outbox: { waiting: 1, alertAfterMinutes: 30, stalled: false },
      retention: { everyHours: 6 },
    };
    // On this machine, talking to the server itself (a monitor, the deploy's checks).
    expect((await get(t, "/api/health")).json()).toMatchObject(detail);
    // Elsewhere with the token.
    const withToken = await get(t, "/api/health", {
      from: REMOTE,
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(withToken.json()).toMatchObject(detail);
    // Elsewhere without it, with a wrong one, or through a proxy on this machine that says whom it serves.
    const strangers: Caller[] = [
      { from: REMOTE },
      { from: REMOTE, headers: { authorization: `Bearer ${TOKEN.slice(0, -1)}x` } },
      { from: REMOTE, headers: { authorization: TOKEN } },
      { headers: { "x-forwarded-for": "198.51.100.4" } },
      { headers: { forwarded: "for=198.51.100.4" } },
    ];
    for (const options of strangers) {
      const answer = await get(t, "/api/health", options);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toStrictEqual({ status: "ok" });
    }
  });

  it("answer probes from a short cache: many health checks and readiness probes a second cost one store call", async () => {
    const t = await start();
    const ping = vi.spyOn(t.app.store, "ping");
    const backlog = vi.spyOn(t.app.store.enquiries, "outboxBacklog");
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => get(t, i % 2 ? "/api/health" : OPS_PATHS.ready)),
    );
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    expect(ping).toHaveBeenCalledTimes(1);
    expect(backlog).toHaveBeenCalledTimes(1);
  });

  it("a store error seen by any request ends the cached answer at once", async () => {
    const t = await start();
    expect((await get(t, OPS_PATHS.ready)).statusCode).toBe(200);
    const release = lockDatabase(t);
    try {
      // The enquiry meets the outage first; the probe right after it must not answer from before.
      expect((await postEnquiry(t, retailersEnquiry)).statusCode).toBe(503);
      expect((await get(t, OPS_PATHS.ready)).statusCode).toBe(503);
    } finally {
      release();
    }
  });

  it("a write Firestore refuses as out of quota: not ready, 'cannot write', until the readiness check's own probe write succeeds", async () => {
    const t = await start();
    // As the Firestore adapter throws it: gRPC RESOURCE_EXHAUSTED as the cause.
    const refused = new StoreUnavailableError("Firestore cannot be used (code 8: quota)", {
      cause: Object.assign(new Error("quota"), { code: 8 }),
    });
    const add = vi.spyOn(t.app.store.work, "fileEnquiry").mockRejectedValue(refused);
    expect((await postEnquiry(t, retailersEnquiry)).statusCode).toBe(503);
    const notReady = await get(t, OPS_PATHS.ready);
    expect(notReady.statusCode).toBe(503);
    expect(notReady.json()).toMatchObject({
      reasons: ["the store cannot write (disk full, read-only or failing)"],
      checks: { store: "cannot write", writable: false },
    });
    expect(sample((await get(t, OPS_PATHS.metrics)).body, "collarise_store_writable")).toBe(0);

    // The quota is back; no enquiry is sent: the readiness check's probe write alone brings it back.
    add.mockRestore();
    await expect
      .poll(async () => (await get(t, OPS_PATHS.ready)).statusCode, { timeout: 20_000, interval: 250 })
      .toBe(200);
    expect(sample((await get(t, OPS_PATHS.metrics)).body, "collarise_store_writable")).toBe(1);
    const probe = new Database(t.databaseUrl.slice("sqlite:".length), { readonly: true });
    onTestFinished(() => {
      probe.close();
    });
    expect(probe.prepare("SELECT job FROM leases WHERE job = ?").get(WRITE_PROBE_JOB)).toBeDefined();
    expect(await t.app.store.enquiries.list()).toHaveLength(0);
  });

  it("say not ready from the moment the server starts to close", async () => {
    const t = await start();
    expect((await get(t, OPS_PATHS.ready)).statusCode).toBe(200);
    t.app.ops.readiness.beginShutdown();
    const ready = await get(t, OPS_PATHS.ready);
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ reasons: ["shutting down"], checks: { shuttingDown: true } });
    expect((await get(t, "/api/health")).json()).toEqual({
      status: "unavailable",
      error: healthMessages.shuttingDown,
    });
    expect((await get(t, OPS_PATHS.live)).statusCode).toBe(200);
  });
});

describe("the Host a monitor uses", () => {
  it("any: in production the probes and metrics are answered by address, like the health check", async () => {
    const t = await start({ NODE_ENV: "production", PUBLIC_URL: "https://collarise.example" });
    for (const url of [OPS_PATHS.live, OPS_PATHS.ready, OPS_PATHS.metrics, "/api/health"]) {
      const answer = await t.app.inject({ method: "GET", url, headers: { host: "10.0.0.5:3000" } });
      expect(answer.statusCode, url).toBe(200);
    }
    expect(
      (await t.app.inject({ method: "GET", url: "/", headers: { host: "10.0.0.5:3000" } })).statusCode,
    ).toBe(421);
  });
});

describe("/metrics", () => {
  it("is refused to a caller elsewhere without the token, and to one forwarded by a proxy on this machine", async () => {
    const t = await start({ METRICS_TOKEN: TOKEN });
    const strangers: Caller[] = [
      { from: REMOTE },
      { from: REMOTE, headers: { authorization: "Bearer wrong-token-wrong-token" } },
      { from: REMOTE, headers: { authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString("base64")}` } },
      { headers: { "x-forwarded-for": "127.0.0.1" } },
      { from: "::ffff:198.51.100.9" },
    ];
    for (const options of strangers) {
      const answer = await get(t, OPS_PATHS.metrics, options);
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toEqual({ error: opsMessages.metricsRefused });
      expect(answer.body).not.toContain("collarise_");
    }
    const withToken = await get(t, OPS_PATHS.metrics, {
      from: REMOTE,
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(withToken.statusCode).toBe(200);
    expect(withToken.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    expect((await get(t, OPS_PATHS.metrics, { from: "::1" })).statusCode).toBe(200);
  });

  it("without METRICS_TOKEN, no bearer token opens it", async () => {
    const t = await start();
    const answer = await get(t, OPS_PATHS.metrics, { from: REMOTE, headers: { authorization: "Bearer " } });
    expect(answer.statusCode).toBe(403);
  });

  it("moves with real work: requests by route pattern, enquiries and spam, refusals, the outbox, store errors", async () => {
    const t = await buildTestApp({ RATE_LIMIT_PER_MINUTE: "3" }, { metrics: { backlogMaxAgeMs: 0 } });
    onTestFinished(() => t.close());
    const before = (await get(t, OPS_PATHS.metrics)).body;
    expect(sample(before, 'collarise_enquiries_stored_total{filed="inbox"}')).toBe(0);
    expect(sample(before, "collarise_outbox_waiting")).toBe(0);
    expect(sample(before, "collarise_ready")).toBe(1);

    // Different buyers, so that none is a repeat of another (repeats count towards spam).
    const buyer = (i: number) => ({
      ...retailersEnquiry,
      Name: `Buyer ${"ABCDEFGH"[i]}`,
      Email: `buyer${i}@example.in`,
      Mobile: `98765432${10 + i}`,
    });
    expect((await postEnquiry(t, buyer(0), "203.0.113.1")).statusCode).toBe(201);
    expect((await postEnquiry(t, buyer(1), "203.0.113.2")).statusCode).toBe(201);
    const spam = { ...buyer(2), Name: "Cheap SEO https://rank.example.ru" };
    expect((await postEnquiry(t, spam, "203.0.113.3")).statusCode).toBe(201);
    const limited = [];
    for (let i = 3; i < 7; i++) limited.push((await postEnquiry(t, buyer(i), "203.0.113.4")).statusCode);
    expect(limited).toEqual([201, 201, 201, 429]);
    // A personal detail in a URL never becomes a label: the route's pattern does.
    await get(t, "/api/newsletter/confirm?id=asha%40example.in&nonce=secret");
    const release = lockDatabase(t);
    try {
      expect((await postEnquiry(t, retailersEnquiry, "203.0.113.5")).statusCode).toBe(503);
    } finally {
      release();
    }

    // The event loop held for 60 ms, between two idle waits in which its 10 ms probe runs more than
    // once: the delay is sampled from tick to tick, so the held tick is what the scrape must show.
    await sleep(40);
    const heldUntil = performance.now() + 60;
    while (performance.now() < heldUntil) {
      // holding the event loop, as a long synchronous task would
    }
    await sleep(40);

    const after = (await get(t, OPS_PATHS.metrics)).body;
    expect(sample(after, 'collarise_enquiries_stored_total{filed="inbox"}')).toBe(5);
    expect(sample(after, 'collarise_enquiries_stored_total{filed="spam"}')).toBe(1);
    expect(
      sample(
        after,
        'collarise_http_request_duration_seconds_count{method="POST",route="/api/enquiries",status="201"}',
      ),
    ).toBe(6);
    expect(sample(after, 'collarise_rate_limit_refusals_total{route="/api/enquiries"}')).toBe(1);
    // Inbox enquiries each wait with their company mail (no notifier here); spam mails nobody.
    expect(sample(after, "collarise_outbox_waiting")).toBe(5);
    expect(sample(after, "collarise_outbox_oldest_waiting_seconds")).toBeGreaterThanOrEqual(0);
    expect(sample(after, "collarise_outbox_alert_after_seconds")).toBe(1800);
    // The form's intake is a change of the work layer (server/work/intake-changes.ts): its store
    // failures count under `work`, as every other change of an enquiry's life does.
    expect(sample(after, 'collarise_store_errors_total{concern="work",kind="unavailable"}')).toBe(1);
    // The event loop's delay, measured since the last scrape.
    expect(sample(after, "nodejs_eventloop_lag_max_seconds")).toBeGreaterThanOrEqual(0.06);
    expect(sample(after, "nodejs_eventloop_lag_p99_seconds")).toBeGreaterThan(0);
    expect(after).toMatch(/^collarise_retention_last_success_timestamp_seconds \d/m);
    expect(after).toMatch(/^collarise_digest_last_run_timestamp_seconds \d/m);
    expect(after).not.toContain("asha");
    expect(after).not.toContain("secret");
    expect(after).not.toContain("203.0.113");
  });
});
