import Database from "better-sqlite3";
import { mkdtemp, rename, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { enquiryMessages } from "../../domain/enquiry";
import { subscriberMessages } from "../../domain/subscriber";
import { healthMessages } from "../../server/routes/health";
import { buildTestApp, type TestApp } from "../support/test-app";
import { vitalsMessages } from "../../server/routes/vitals";
import { firestoreSandbox } from "../support/store-sandboxes";

const before = {
  Name: "Kavya Nair",
  Email: "kavya.nair@example.in",
  Mobile: "9988776655",
  Quantity: 6,
  RetailerSelfUse: "Retailer",
};
const duringOutage = { ...before, Name: "Arjun Mehta", Email: "arjun@example.com", Quantity: 1 };
const after = { ...before, Name: "Leela Das", Email: "leela@example.org", RetailerSelfUse: "Self Use" };

function post(t: TestApp, url: string, payload: object, contentType = "application/json") {
  return t.app.inject({
    method: "POST",
    url,
    headers: { "content-type": contentType },
    payload: JSON.stringify(payload),
  });
}

/** Every call the store answers, made at once while it is down: each must be a clear 503. */
async function expectOutageAnswers(t: TestApp) {
  const [enquiry, health, subscriber, vitals, page] = await Promise.all([
    post(t, "/api/enquiries", duringOutage),
    t.app.inject({ method: "GET", url: "/api/health" }),
    post(t, "/api/subscribers", { email: "outage@example.com" }),
    post(t, "/api/vitals", { page: "/", metrics: [{ name: "LCP", value: 900 }] }, "text/plain;charset=UTF-8"),
    t.app.inject({ method: "GET", url: "/" }),
  ]);

  expect(enquiry.statusCode).toBe(503);
  expect(enquiry.json()).toEqual({ error: enquiryMessages.notStored });
  expect(Number(enquiry.headers["retry-after"])).toBeGreaterThan(0);

  expect(health.statusCode).toBe(503);
  expect(health.json()).toMatchObject({ status: "unavailable", error: healthMessages.unavailable });

  expect(subscriber.statusCode).toBe(503);
  expect(subscriber.json()).toEqual({ error: subscriberMessages.failed });

  expect(vitals.statusCode).toBe(503);
  expect(vitals.json()).toEqual({ error: vitalsMessages.notStored });

  // The pages do not need the store: the site stays up, and its form shows the 503's message.
  expect(page.statusCode).toBe(200);

  // The process runs (no restart wanted), but should take no traffic the store is needed for.
  expect((await t.app.inject({ method: "GET", url: "/livez" })).statusCode).toBe(200);
  const ready = await t.app.inject({ method: "GET", url: "/readyz" });
  expect(ready.statusCode).toBe(503);
  expect(ready.json()).toMatchObject({ status: "not ready", checks: { store: "unavailable" } });
}

/** Once the store is back: healthy again, without a restart, and taking enquiries. */
async function expectRecovery(t: TestApp) {
  await expect
    .poll(async () => (await t.app.inject({ method: "GET", url: "/api/health" })).statusCode, {
      timeout: 30_000,
      interval: 250,
    })
    .toBe(200);
  expect((await t.app.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200);
  const response = await post(t, "/api/enquiries", after);
  expect(response.statusCode).toBe(201);
  const subscriber = await post(t, "/api/subscribers", { email: "after@example.com" });
  expect(subscriber.statusCode).toBe(202);
  return response.json<{ id: string }>().id;
}

describe("the SQLite store", () => {
  let t: TestApp;
  let dataDir: string;
  let databasePath: string;

  afterEach(async () => {
    await t?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  async function start() {
    dataDir = await mkdtemp(join(tmpdir(), "collarise-faults-"));
    databasePath = join(dataDir, "data", "site.db");
    t = await buildTestApp({ DATABASE_URL: `sqlite:${databasePath}`, RATE_LIMIT_PER_MINUTE: "1000" });
    const stored = await post(t, "/api/enquiries", before);
    expect(stored.statusCode).toBe(201);
    return stored.json<{ id: string }>().id;
  }

  it("held locked by another process answers 503 with a clear message, and recovers once released", async () => {
    const firstId = await start();
    // A stuck job holds the write lock for longer than the store waits.
    const other = new Database(databasePath);
    other.exec("BEGIN IMMEDIATE");
    try {
      await expectOutageAnswers(t);
    } finally {
      other.exec("ROLLBACK");
      other.close();
    }

    const afterId = await expectRecovery(t);
    const stored = await t.app.store.enquiries.list();
    expect(stored.map((enquiry) => enquiry.id)).toEqual([firstId, afterId]);
    expect(stored.map((enquiry) => enquiry.enquiry.Name)).not.toContain(duringOutage.Name);
  }, 60_000);

  it("gone from its folder answers 503, is not replaced by an empty one, and resumes when it is back", async () => {
    const firstId = await start();
    const moved = join(dataDir, "moved");
    await rename(join(dataDir, "data"), moved);
    // The open connection follows the moved file; a lock beyond the timeout makes the store reconnect,
    // and a fresh connection finds no file.
    const other = new Database(join(moved, "site.db"));
    other.exec("BEGIN IMMEDIATE");
    const first = await post(t, "/api/enquiries", duringOutage);
    other.exec("ROLLBACK");
    other.close();
    expect(first.statusCode).toBe(503);

    await expectOutageAnswers(t);

    await rename(moved, join(dataDir, "data"));
    const afterId = await expectRecovery(t);
    const stored = await t.app.store.enquiries.list();
    expect(stored.map((enquiry) => enquiry.id)).toEqual([firstId, afterId]);
  }, 60_000);
});

describe("the Firestore store", () => {
  const sandbox = firestoreSandbox("store-faults");
  const { emulator } = sandbox;
  const previousDetection = process.env.METADATA_SERVER_DETECTION;
  let t: TestApp;

  beforeAll(async () => {
    await sandbox.setUp();
    // Google's client libraries otherwise look for a cloud metadata server off this machine.
    process.env.METADATA_SERVER_DETECTION = "none";
    t = await buildTestApp({
      DATABASE_URL: "firestore://demo-store-faults",
      SINGLE_INSTANCE: "true",
      RATE_LIMIT_PER_MINUTE: "1000",
    });
  });
  afterAll(async () => {
    await t?.close();
    await sandbox.tearDown();
    if (previousDetection === undefined) delete process.env.METADATA_SERVER_DETECTION;
    else process.env.METADATA_SERVER_DETECTION = previousDetection;
  });

  it("with its database stopped answers 503 with a clear message, and recovers once it is back", async () => {
    const stored = await post(t, "/api/enquiries", before);
    expect(stored.statusCode).toBe(201);
    const firstId = stored.json<{ id: string }>().id;

    emulator.stop();
    try {
      await expectOutageAnswers(t);
    } finally {
      await emulator.start();
    }

    const afterId = await expectRecovery(t);
    const ids = (await t.app.store.enquiries.list()).map((enquiry) => enquiry.id);
    expect(ids).toContain(firstId);
    expect(ids).toContain(afterId);
  }, 60_000);
});
