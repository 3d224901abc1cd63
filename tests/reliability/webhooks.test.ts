import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { ENQUIRY_COLLECTION } from "../../domain/contract";
import type { Enquiry } from "../../domain/enquiry";
import { webhookMessages } from "../../domain/webhooks";
import type { Store } from "../../server/store";
import { SqliteStore } from "../../server/store";
import { checkWebhookUrl, type HostResolver } from "../../server/webhooks/address-guard";
import { postWebhook } from "../../server/webhooks/post-webhook";
import { WebhookWorker, type WebhookWorkerOptions } from "../../server/webhooks/webhook-worker";
import { firestoreSandbox, sqliteSandbox } from "../support/store-sandboxes";
import { startWebhookReceiver, type ReceiverAnswer } from "../support/webhook-receiver";

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
/** Short waits between retries, so a run goes through every retry in a few seconds. */
const FAST: Partial<WebhookWorkerOptions> = {
  allowPrivate: true,
  pollIntervalMs: 20,
  timeoutMs: 5_000,
  leaseMs: 15_000,
  retry: { baseMs: 20, maxMs: 100 },
  maxAttempts: 20,
};

const enquiry = (n: number): Enquiry => ({
  Name: `Buyer ${n}`,
  Email: `buyer${n}@example.com`,
  Mobile: "9876543210",
  Quantity: n,
  RetailerSelfUse: "Retailer",
});

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function worker(store: Store, options: Partial<WebhookWorkerOptions> = {}) {
  const started = new WebhookWorker({ store, log: silent, allowPrivate: false, ...FAST, ...options });
  started.start();
  cleanups.push(() => started.stop());
  return started;
}

async function allDelivered(store: Store, endpointId: string, count: number) {
  await vi.waitFor(
    async () => {
      const deliveries = await store.webhooks.listDeliveries(endpointId, 100);
      expect(deliveries).toHaveLength(count);
      expect(deliveries.every((delivery) => delivery.state === "delivered")).toBe(true);
    },
    { timeout: 20_000, interval: 25 },
  );
}

/** A receiver the test starts, and an endpoint on `store` that sends it the enquiries received. */
async function endpointWithReceiver(store: Store, plan?: (request: number) => ReceiverAnswer) {
  let secret = "";
  const receiver = await startWebhookReceiver(() => secret, plan);
  cleanups.push(() => receiver.close());
  const endpoint = await store.webhooks.addEndpoint({
    url: receiver.url,
    events: ["enquiry.received"],
    now: new Date(),
  });
  secret = endpoint.secret;
  return { receiver, endpoint };
}

describe("a receiver that fails, is slow, then recovers", () => {
  const sqlite = sqliteSandbox("webhook-reliability");
  beforeAll(() => sqlite.setUp());
  afterAll(() => sqlite.tearDown());

  test("gets every delivery exactly once per success, signed so that its own check verifies, with one webhook-id across retries", async () => {
    const { store } = await sqlite.openStore();
    cleanups.push(() => store.close());
    // Five answers of 500, five held past the sender's timeout, then 200 for good.
    const { receiver, endpoint } = await endpointWithReceiver(store, (n) =>
      n < 5 ? "fail" : n < 10 ? "hold" : "ok",
    );
    const stored = [];
    for (let n = 1; n <= 5; n++) stored.push(await store.enquiries.add(enquiry(n)));

    // Past this, a held request counts as failed and is retried.
    worker(store, { timeoutMs: 1_000 });
    await allDelivered(store, endpoint.id, 5);

    expect(receiver.received).toHaveLength(15);
    expect(receiver.received.every((request) => request.verified)).toBe(true);
    const ids = new Set(receiver.received.map((request) => request.id));
    expect(ids.size).toBe(5);
    for (const id of ids) {
      expect(
        receiver.received.filter((request) => request.id === id && request.answer === "ok"),
      ).toHaveLength(1);
    }
    // Each enquiry's event arrived (successfully) once, carrying the enquiry.
    const arrived = receiver.received
      .filter((request) => request.answer === "ok")
      .map((request) => (JSON.parse(request.body) as { data: { enquiry: { id: string } } }).data.enquiry.id);
    expect(arrived.sort()).toEqual(stored.map((entry) => entry.id).sort());

    const attempts = (await store.webhooks.listDeliveries(endpoint.id, 10)).flatMap(
      (delivery) => delivery.attempts,
    );
    expect(attempts.filter((attempt) => attempt.statusCode === 500)).toHaveLength(5);
    expect(attempts.filter((attempt) => attempt.error === "No answer within 1 s")).toHaveLength(5);
    expect(attempts.filter((attempt) => attempt.statusCode === 200)).toHaveLength(5);
  });

  test("a delivery out of attempts is failed, and Send again delivers it with the same webhook-id", async () => {
    const { store } = await sqlite.openStore();
    cleanups.push(() => store.close());
    const { receiver, endpoint } = await endpointWithReceiver(store, (n) => (n < 3 ? "fail" : "ok"));
    const id = (await store.webhooks.queueTest(endpoint.id, new Date()))!;
    const sender = worker(store, { maxAttempts: 3 });
    await vi.waitFor(
      async () => expect((await store.webhooks.listDeliveries(endpoint.id, 5))[0]?.state).toBe("failed"),
      { timeout: 10_000, interval: 25 },
    );
    expect(receiver.received.map((request) => request.id)).toEqual([id, id, id]);
    expect(await store.webhooks.sendAgain(endpoint.id, id, new Date())).toBe(true);
    sender.wake();
    await allDelivered(store, endpoint.id, 1);
    expect(receiver.received.map((request) => `${request.id} ${request.answer}`)).toEqual([
      `${id} fail`,
      `${id} fail`,
      `${id} fail`,
      `${id} ok`,
    ]);
    expect(receiver.received.every((request) => request.verified)).toBe(true);
  });
});

describe("two worker instances on one store", () => {
  const sqlite = sqliteSandbox("webhook-two-workers");
  const firestore = firestoreSandbox("webhook-two-workers");
  beforeAll(async () => {
    await sqlite.setUp();
    await firestore.setUp();
  });
  afterAll(async () => {
    await sqlite.tearDown();
    await firestore.tearDown();
  });

  const shapes = [
    {
      name: "SQLite (two connections to one file)",
      async open(): Promise<[Store, Store]> {
        const { store, path } = await sqlite.openStore();
        return [store, await SqliteStore.open({ path, enquiryCollection: ENQUIRY_COLLECTION })];
      },
    },
    {
      name: "Firestore (two connections to one project)",
      async open(): Promise<[Store, Store]> {
        const { store, projectId } = await firestore.openStore();
        return [store, await firestore.reopenStore(projectId)];
      },
    },
  ];

  test.each(shapes)("send each delivery once: $name", async (shape) => {
    const [one, two] = await shape.open();
    cleanups.push(async () => {
      await one.close();
      await two.close();
    });
    const { receiver, endpoint } = await endpointWithReceiver(one);
    const count = 24;
    for (let n = 1; n <= count; n++) await (n % 2 ? one : two).enquiries.add(enquiry(n));

    worker(one, { workerId: "instance-one" });
    worker(two, { workerId: "instance-two" });
    await allDelivered(one, endpoint.id, count);

    // One attempt each, all answered: no delivery was sent twice by the two.
    const attempts = (await one.webhooks.listDeliveries(endpoint.id, 100)).flatMap(
      (delivery) => delivery.attempts,
    );
    expect(attempts.map((attempt) => attempt.statusCode)).toEqual(Array<number>(count).fill(200));
    expect(receiver.received).toHaveLength(count);
    expect(new Set(receiver.received.map((request) => request.id)).size).toBe(count);
    expect(receiver.received.every((request) => request.verified)).toBe(true);
  });
});

describe("addresses on private networks are refused", () => {
  const loopbackResolver: HostResolver = async () => [{ address: "127.0.0.1", family: 4 }];

  test.each([
    "https://127.0.0.1/hook",
    "https://10.1.2.3/hook",
    "https://192.168.1.20/hook",
    "https://169.254.169.254/latest/meta-data/",
    "https://100.64.0.1/hook",
    "https://[::1]/hook",
    "https://[fe80::1]/hook",
    "https://[fd12:3456::1]/hook",
    "https://[::ffff:127.0.0.1]/hook",
    // IPv4-compatible (::/96), dotted and in hex, and the longest spellings of both.
    "https://[::127.0.0.1]/hook",
    "https://[::169.254.169.254]/latest/meta-data/",
    "https://[::10.0.0.1]/hook",
    "https://[::192.168.1.20]/hook",
    "https://[::7f00:1]/hook",
    "https://[::a9fe:a9fe]/hook",
    "https://[::0a00:0001]/hook",
    "https://[0:0:0:0:0:0:127.0.0.1]/hook",
    "https://[0000:0000:0000:0000:0000:0000:a9fe:a9fe]/hook",
    "https://[::8.8.8.8]/hook",
    "https://0.0.0.0/hook",
    "https://224.0.0.1/hook",
    "https://localhost/hook",
  ])("%s, when added", async (url) => {
    expect(await checkWebhookUrl(url, false)).toEqual({ ok: false, error: webhookMessages.privateAddress });
  });

  test("a host whose name resolves to loopback, or to one private address among public ones", async () => {
    expect(await checkWebhookUrl("https://hooks.example.com/in", false, loopbackResolver)).toEqual({
      ok: false,
      error: webhookMessages.privateAddress,
    });
    const mixed: HostResolver = async () => [
      { address: "93.184.215.14", family: 4 },
      { address: "10.0.0.7", family: 4 },
    ];
    expect(await checkWebhookUrl("https://hooks.example.com/in", false, mixed)).toMatchObject({ ok: false });
    // A resolver may answer an IPv4-compatible IPv6 address too.
    const compatible: HostResolver = async () => [{ address: "::a9fe:a9fe", family: 6 }];
    expect(await checkWebhookUrl("https://hooks.example.com/in", false, compatible)).toEqual({
      ok: false,
      error: webhookMessages.privateAddress,
    });
    const publicOnly: HostResolver = async () => [{ address: "93.184.215.14", family: 4 }];
    expect(await checkWebhookUrl("https://hooks.example.com/in", false, publicOnly)).toEqual({
      ok: true,
      url: "https://hooks.example.com/in",
    });
  });

  test("http:, credentials in the URL and other schemes are refused; http: and loopback pass only with WEBHOOKS_ALLOW_PRIVATE", async () => {
    for (const url of [
      "http://hooks.example.com/",
      "https://user:pw@hooks.example.com/",
      "ftp://x/",
      "not a url",
    ]) {
      expect(await checkWebhookUrl(url, false)).toEqual({ ok: false, error: webhookMessages.badUrl });
    }
    expect(await checkWebhookUrl("http://127.0.0.1:8080/hook", true)).toEqual({
      ok: true,
      url: "http://127.0.0.1:8080/hook",
    });
  });

  test("at delivery too: a name that resolved to a public address when added and to loopback now (DNS rebinding) is not connected to", async () => {
    const receiver = await startWebhookReceiver(() => "whsec_unused");
    cleanups.push(() => receiver.close());
    const answer = await postWebhook({
      url: `https://rebind.example.com:${receiver.port}/hook`,
      headers: {},
      body: "{}",
      timeoutMs: 1_000,
      allowPrivate: false,
      maxResponseBytes: 1_024,
      resolve: loopbackResolver,
    });
    expect(answer).toMatchObject({ statusCode: null, error: webhookMessages.privateAddress });
    expect(receiver.connections).toBe(0);
  });

  test("a redirect is an answer, not followed; a long answer is read only up to the cap", async () => {
    const target = await startWebhookReceiver(() => "whsec_unused");
    cleanups.push(() => target.close());
    const { createServer } = await import("node:http");
    const redirecting = createServer((_request, response) => {
      response.writeHead(307, { location: target.url }).end("x".repeat(100_000));
    });
    await new Promise<void>((resolve) => redirecting.listen(0, "127.0.0.1", resolve));
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          redirecting.closeAllConnections();
          redirecting.close(() => resolve());
        }),
    );
    const { port } = redirecting.address() as { port: number };
    const answer = await postWebhook({
      url: `http://127.0.0.1:${port}/hook`,
      headers: {},
      body: "{}",
      timeoutMs: 2_000,
      allowPrivate: true,
      maxResponseBytes: 1_024,
    });
    expect(answer.statusCode).toBe(307);
    expect(answer.body.length).toBeLessThanOrEqual(1_024);
    expect(target.connections).toBe(0);
  });
});
