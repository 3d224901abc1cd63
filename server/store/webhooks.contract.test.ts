import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { randomUUID } from "node:crypto";
import Database from "better-sqlite3";
import { deleteApp, initializeApp } from "firebase-admin/app";
import { getFirestore } from "firebase-admin/firestore";
import type { Enquiry } from "../../domain/enquiry";
import type { Store } from "./store";
import type { WebhookAttemptRecord } from "./webhooks";
import { firestoreSandbox, sqliteSandbox } from "../../tests/support/store-sandboxes";

/** Webhook endpoints and the outbox of their deliveries, one contract on both adapters. */
interface Adapter {
  name: string;
  setUp(): Promise<void>;
  tearDown(): Promise<void>;
  open(): Promise<Store>;
  /** How many records the last store opened still keeps of a delivery: its own and its claims'. */
  recordsOfDelivery(id: string): Promise<number>;
}

function sqliteAdapter(): Adapter {
  const sandbox = sqliteSandbox("webhooks-contract");
  let path = "";
  return {
    ...sandbox,
    open: async () => {
      const opened = await sandbox.openStore();
      path = opened.path;
      return opened.store;
    },
    async recordsOfDelivery(id) {
      const db = new Database(path, { readonly: true });
      try {
        return (
          db.prepare("SELECT count(*) AS n FROM webhook_deliveries WHERE id = ?").get(id) as { n: number }
        ).n;
      } finally {
        db.close();
      }
    },
  };
}

function firestoreAdapter(): Adapter {
  const sandbox = firestoreSandbox("webhooks");
  let projectId = "";
  return {
    ...sandbox,
    open: async () => {
      const opened = await sandbox.openStore();
      projectId = opened.projectId;
      return opened.store;
    },
    async recordsOfDelivery(id) {
      const probe = initializeApp({ projectId }, `webhooks-probe-${randomUUID()}`);
      try {
        const delivery = getFirestore(probe).collection("webhookDeliveries").doc(id);
        const [own, claims] = await Promise.all([delivery.get(), delivery.collection("claims").get()]);
        return (own.exists ? 1 : 0) + claims.size;
      } finally {
        await deleteApp(probe);
      }
    },
  };
}

const enquiry = (Name: string): Enquiry => ({
  Name,
  Email: `${Name.toLowerCase()}@example.com`,
  Mobile: "9876543210",
  Quantity: 2,
  RetailerSelfUse: "Retailer",
});

const MINUTE = 60_000;
const later = (ms: number) => new Date(Date.now() + ms);
const failedAttempt = (at: Date): WebhookAttemptRecord => ({
  at,
  statusCode: 500,
  error: "HTTP 500",
  response: "x".repeat(2_000),
  durationMs: 12,
});

describe.each([sqliteAdapter(), firestoreAdapter()])("webhooks on the $name store", (adapter) => {
  let store: Store;

  beforeAll(() => adapter.setUp());
  afterAll(() => adapter.tearDown());
  afterEach(async () => {
    await store?.close();
  });

  test("an endpoint is added with a Standard Webhooks secret, changed, and removed with its deliveries", async () => {
    store = await adapter.open();
    const endpoint = await store.webhooks.addEndpoint({
      url: "https://hooks.example.com/in",
      events: ["enquiry.received"],
      now: new Date(),
    });
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(endpoint.secret.slice(6), "base64")).toHaveLength(32);
    expect(await store.webhooks.listEndpoints()).toEqual([endpoint]);

    expect(
      await store.webhooks.updateEndpoint(endpoint.id, {
        events: ["enquiry.status_changed"],
        secret: "whsec_b",
      }),
    ).toBe(true);
    expect(await store.webhooks.getEndpoint(endpoint.id)).toMatchObject({
      events: ["enquiry.status_changed"],
      secret: "whsec_b",
      enabled: true,
    });
    expect(await store.webhooks.updateEndpoint("no-such-endpoint", { enabled: false })).toBe(false);

    expect(await store.webhooks.queueTest(endpoint.id, new Date())).toMatch(/^msg_/);
    expect(await store.webhooks.deleteEndpoint(endpoint.id)).toBe(true);
    expect(await store.webhooks.listEndpoints()).toEqual([]);
    expect(
      await store.webhooks.claimDue({ worker: "w", now: later(MINUTE), limit: 10, leaseMs: MINUTE }),
    ).toEqual([]);
    expect(await store.webhooks.deleteEndpoint(endpoint.id)).toBe(false);
  });

  test("an endpoint removed takes its deliveries with every record of their claims", async () => {
    store = await adapter.open();
    const endpoint = await store.webhooks.addEndpoint({
      url: "https://hooks.example.com/in",
      events: ["enquiry.received"],
      now: new Date(),
    });
    const kept = await store.webhooks.addEndpoint({
      url: "https://kept.example.com/in",
      events: ["enquiry.received"],
      now: new Date(),
    });
    await store.webhooks.queueTest(endpoint.id, new Date());
    await store.webhooks.queueTest(kept.id, new Date());
    // Claimed, failed and claimed again: a delivery tried twice, with a claim recorded for each try.
    const first = await store.webhooks.claimDue({
      worker: "w",
      now: later(MINUTE),
      limit: 10,
      leaseMs: MINUTE,
    });
    expect(first).toHaveLength(2);
    for (const delivery of first) {
      await store.webhooks.recordAttempt(delivery.id, "w", failedAttempt(later(MINUTE)), {
        delivered: false,
        nextAttemptAt: later(2 * MINUTE),
      });
    }
    const again = await store.webhooks.claimDue({
      worker: "w",
      now: later(3 * MINUTE),
      limit: 10,
      leaseMs: MINUTE,
    });
    expect(again).toHaveLength(2);
    const removed = again.find((delivery) => delivery.endpointId === endpoint.id)!;
    const other = again.find((delivery) => delivery.endpointId === kept.id)!;
    const keptBefore = await adapter.recordsOfDelivery(other.id);
    expect(await adapter.recordsOfDelivery(removed.id)).toBeGreaterThan(0);

    expect(await store.webhooks.deleteEndpoint(endpoint.id)).toBe(true);
    expect(await adapter.recordsOfDelivery(removed.id)).toBe(0);
    expect(await adapter.recordsOfDelivery(other.id)).toBe(keptBefore);
  });

  test("an enquiry stored, and its status changed, queue their events for the endpoints that chose them, with the change", async () => {
    store = await adapter.open();
    const received = await store.webhooks.addEndpoint({
      url: "https://a.example.com/",
      events: ["enquiry.received"],
      now: new Date(),
    });
    const both = await store.webhooks.addEndpoint({
      url: "https://b.example.com/",
      events: ["enquiry.received", "enquiry.status_changed"],
      now: new Date(),
    });
    const off = await store.webhooks.addEndpoint({
      url: "https://c.example.com/",
      events: ["enquiry.received", "enquiry.status_changed"],
      now: new Date(),
    });
    await store.webhooks.updateEndpoint(off.id, { enabled: false });

    const stored = await store.enquiries.add(enquiry("Asha"));
    expect(
      await store.work.changeStatus(stored.id, {
        to: "Contacted",
        expectedVersion: 0,
        staffEmail: "owner@example.com",
        at: new Date(),
      }),
    ).toMatchObject({ outcome: "changed" });
    // A change refused (an old version) queues nothing.
    expect(
      await store.work.changeStatus(stored.id, {
        to: "Declined",
        expectedVersion: 0,
        staffEmail: "owner@example.com",
        at: new Date(),
      }),
    ).toEqual({ outcome: "conflict" });

    const claimed = await store.webhooks.claimDue({
      worker: "w",
      now: later(MINUTE),
      limit: 10,
      leaseMs: MINUTE,
    });
    const sent = claimed.map((delivery) => ({
      url: delivery.url,
      type: delivery.eventType,
      body: JSON.parse(delivery.payload) as { type: string; data: Record<string, unknown> },
    }));
    expect(sent.map(({ url, type }) => `${type} ${url}`).sort()).toEqual([
      "enquiry.received https://a.example.com/",
      "enquiry.received https://b.example.com/",
      "enquiry.status_changed https://b.example.com/",
    ]);
    const receivedBody = sent.find((entry) => entry.type === "enquiry.received")?.body;
    expect(receivedBody).toMatchObject({
      type: "enquiry.received",
      data: { enquiry: { id: stored.id, receivedAt: stored.receivedAt, ...stored.enquiry } },
    });
    expect(sent.find((entry) => entry.type === "enquiry.status_changed")?.body.data).toMatchObject({
      enquiry: { id: stored.id, Name: "Asha" },
      status: { from: "New", to: "Contacted" },
    });
    expect(
      claimed.every((delivery) => delivery.secret === both.secret || delivery.secret === received.secret),
    ).toBe(true);
    expect(new Set(claimed.map((delivery) => delivery.id)).size).toBe(3);
  });

  test("the first contact, a call answered or a reply, moves New to Contacted with its event; a call not answered and a later contact send none", async () => {
    store = await adapter.open();
    await store.webhooks.addEndpoint({
      url: "https://b.example.com/",
      events: ["enquiry.status_changed"],
      now: new Date(),
    });
    const called = await store.enquiries.add(enquiry("Asha"));
    const replied = await store.enquiries.add(enquiry("Ravi"));
    const contact = (id: string, outcome: "busy" | "answered") =>
      store!.work.recordContact(id, {
        channel: "call",
        outcome,
        staffEmail: "owner@example.com",
        at: new Date(),
      });
    await contact(called.id, "busy");
    await contact(called.id, "answered");
    await contact(called.id, "answered");
    await store.work.reply(replied.id, {
      subject: "Your enquiry",
      text: "Namaste",
      staffEmail: "owner@example.com",
      at: new Date(),
      messageIdDomain: "collarise.example",
    });
    const claimed = await store.webhooks.claimDue({
      worker: "w",
      now: later(MINUTE),
      limit: 10,
      leaseMs: MINUTE,
    });
    const changes = claimed.map((delivery) => {
      const { data } = JSON.parse(delivery.payload) as {
        data: { enquiry: { Name: string }; status: { from: string; to: string } };
      };
      return `${data.enquiry.Name}: ${data.status.from} → ${data.status.to}`;
    });
    expect(changes.sort()).toEqual(["Asha: New → Contacted", "Ravi: New → Contacted"]);
  });

  test("a claim holds a lease: two workers at once never take the same delivery, and a lease run out is taken again with the same id", async () => {
    store = await adapter.open();
    const endpoint = await store.webhooks.addEndpoint({
      url: "https://a.example.com/",
      events: ["enquiry.received"],
      now: new Date(),
    });
    for (const name of ["Asha", "Bala", "Chitra", "Dev", "Esha", "Farid"])
      await store.enquiries.add(enquiry(name));
    const now = later(1_000);
    const [first, second] = await Promise.all([
      store.webhooks.claimDue({ worker: "one", now, limit: 4, leaseMs: MINUTE }),
      store.webhooks.claimDue({ worker: "two", now, limit: 4, leaseMs: MINUTE }),
    ]);
    const ids = [...first!, ...second!].map((delivery) => delivery.id);
    expect(ids).toHaveLength(6);
    expect(new Set(ids).size).toBe(6);
    expect(await store.webhooks.claimDue({ worker: "three", now, limit: 10, leaseMs: MINUTE })).toEqual([]);

    // Past the lease, another worker takes them, with the same webhook-id.
    const retaken = await store.webhooks.claimDue({
      worker: "three",
      now: later(2 * MINUTE),
      limit: 10,
      leaseMs: MINUTE,
    });
    expect(retaken.map((delivery) => delivery.id).sort()).toEqual([...ids].sort());
    // The first holder's failure is no longer its to record; an arrival is recorded all the same.
    const [one, two] = retaken;
    await store.webhooks.recordAttempt(one!.id, "one", failedAttempt(new Date()), {
      delivered: false,
      nextAttemptAt: new Date(),
    });
    await store.webhooks.recordAttempt(
      two!.id,
      "one",
      { ...failedAttempt(new Date()), statusCode: 204 },
      {
        delivered: true,
      },
    );
    const listed = await store.webhooks.listDeliveries(endpoint.id, 50);
    expect(listed.find((delivery) => delivery.id === one!.id)).toMatchObject({
      state: "pending",
      attempts: [],
    });
    expect(listed.find((delivery) => delivery.id === two!.id)).toMatchObject({ state: "delivered" });
  });

  test("failures are retried at the time given, then failed; delivered and failed ones never block the queue; Send again requeues with the same id", async () => {
    store = await adapter.open();
    const endpoint = await store.webhooks.addEndpoint({
      url: "https://a.example.com/",
      events: ["enquiry.received"],
      now: new Date(),
    });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push((await store.webhooks.queueTest(endpoint.id, new Date(Date.now() - MINUTE)))!);
    // Three done (two delivered, one out of attempts) at the head of the queue, more than the limit of 2.
    const head = await store.webhooks.claimDue({ worker: "w", now: new Date(), limit: 3, leaseMs: MINUTE });
    expect(head).toHaveLength(3);
    await store.webhooks.recordAttempt(
      head[0]!.id,
      "w",
      { ...failedAttempt(new Date()), statusCode: 200 },
      {
        delivered: true,
      },
    );
    await store.webhooks.recordAttempt(
      head[1]!.id,
      "w",
      { ...failedAttempt(new Date()), statusCode: 202 },
      {
        delivered: true,
      },
    );
    await store.webhooks.recordAttempt(head[2]!.id, "w", failedAttempt(new Date()), {
      delivered: false,
      nextAttemptAt: null,
    });
    const rest = await store.webhooks.claimDue({
      worker: "w",
      now: later(2 * MINUTE),
      limit: 2,
      leaseMs: MINUTE,
    });
    expect(rest.map((delivery) => delivery.id).sort()).toEqual(
      ids.filter((id) => !head.some((claimed) => claimed.id === id)).sort(),
    );

    // A failure with a next attempt waits for it, then is claimed with its attempts counted.
    const retried = rest[0]!;
    await store.webhooks.recordAttempt(
      rest[1]!.id,
      "w",
      { ...failedAttempt(new Date()), statusCode: 200 },
      {
        delivered: true,
      },
    );
    await store.webhooks.recordAttempt(retried.id, "w", failedAttempt(new Date()), {
      delivered: false,
      nextAttemptAt: later(10 * MINUTE),
    });
    expect(
      await store.webhooks.claimDue({ worker: "w", now: later(5 * MINUTE), limit: 5, leaseMs: MINUTE }),
    ).toEqual([]);
    const again = await store.webhooks.claimDue({
      worker: "w",
      now: later(11 * MINUTE),
      limit: 5,
      leaseMs: 10 * MINUTE,
    });
    expect(again).toEqual([expect.objectContaining({ id: retried.id, attempts: 1 })]);

    const listed = await store.webhooks.listDeliveries(endpoint.id, 50);
    expect(listed).toHaveLength(5);
    const failed = listed.find((delivery) => delivery.id === head[2]!.id)!;
    expect(failed).toMatchObject({ state: "failed", nextAttemptAt: null, eventType: "webhook.test" });
    expect(failed.attempts).toEqual([
      expect.objectContaining({ statusCode: 500, error: "HTTP 500", durationMs: 12 }),
    ]);
    expect(failed.attempts[0]!.response.length).toBeLessThanOrEqual(300);

    // Send again: the failed delivery is due at once, with the same id; one being sent is not.
    expect(await store.webhooks.sendAgain(endpoint.id, failed.id, later(12 * MINUTE))).toBe(true);
    expect(await store.webhooks.sendAgain(endpoint.id, retried.id, later(11 * MINUTE))).toBe(false);
    expect(await store.webhooks.sendAgain("another-endpoint", failed.id, later(12 * MINUTE))).toBe(false);
    const requeued = await store.webhooks.claimDue({
      worker: "w",
      now: later(12 * MINUTE),
      limit: 5,
      leaseMs: MINUTE,
    });
    expect(requeued).toEqual([expect.objectContaining({ id: failed.id, attempts: 0 })]);
  });

  test("disabling an endpoint fails its pending deliveries and Send again waits for it to be enabled", async () => {
    store = await adapter.open();
    const endpoint = await store.webhooks.addEndpoint({
      url: "https://a.example.com/",
      events: ["enquiry.received"],
      now: new Date(),
    });
    const id = (await store.webhooks.queueTest(endpoint.id, new Date()))!;
    await store.webhooks.updateEndpoint(endpoint.id, { enabled: false });
    expect(
      await store.webhooks.claimDue({ worker: "w", now: later(MINUTE), limit: 5, leaseMs: MINUTE }),
    ).toEqual([]);
    expect((await store.webhooks.listDeliveries(endpoint.id, 5))[0]).toMatchObject({ id, state: "failed" });
    expect(await store.webhooks.sendAgain(endpoint.id, id, new Date())).toBe(false);
    await store.webhooks.updateEndpoint(endpoint.id, { enabled: true });
    expect(await store.webhooks.sendAgain(endpoint.id, id, new Date())).toBe(true);
    expect(
      await store.webhooks.claimDue({ worker: "w", now: later(MINUTE), limit: 5, leaseMs: MINUTE }),
    ).toEqual([expect.objectContaining({ id })]);
  });

  test("a person's erasure takes the deliveries of their enquiries, which carry their data", async () => {
    store = await adapter.open();
    const endpoint = await store.webhooks.addEndpoint({
      url: "https://a.example.com/",
      events: ["enquiry.received"],
      now: new Date(),
    });
    await store.enquiries.add(enquiry("Asha"));
    await store.enquiries.add(enquiry("Bala"));
    await store.personalData.erase({ email: "asha@example.com" }, { actor: "owner@example.com" });
    const left = await store.webhooks.claimDue({
      worker: "w",
      now: later(MINUTE),
      limit: 5,
      leaseMs: MINUTE,
    });
    expect(
      left.map(
        (delivery) => (JSON.parse(delivery.payload) as { data: { enquiry: Enquiry } }).data.enquiry.Name,
      ),
    ).toEqual(["Bala"]);
    expect(await store.webhooks.listDeliveries(endpoint.id, 5)).toHaveLength(1);
  });
});
