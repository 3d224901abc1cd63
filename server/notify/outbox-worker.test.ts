import Database from "better-sqlite3";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Enquiry } from "../../domain/enquiry";
import { ENQUIRY_COLLECTION } from "../../domain/contract";
import { SqliteStore } from "../store";
import {
  isNewsletterMail,
  isStaffMail,
  isReplyMail,
  isWhatsAppMessage,
  isDocumentMail,
  type EnquiryNotification,
  type Notifier,
} from "./notifier";
import { type CycleReport, OutboxWorker, type OutboxWorkerOptions, retryDelayMs } from "./outbox-worker";
import { NotificationRefusedError } from "./send-outcome";
import { pendingNotifications } from "../../tests/support/store-probe";
import { recordingLogger } from "../../tests/support/recording-logger";

const enquiry = (n: number): Enquiry => ({
  Name: `Visitor ${n}`,
  Email: `visitor${n}@example.com`,
  Mobile: String(9_000_000_000 + n),
  Quantity: n,
  RetailerSelfUse: n % 2 === 0 ? "Retailer" : "Self Use",
});

/** A notifier whose behaviour each test scripts; it records every attempt. */
function scriptedNotifier(
  behaviour: (
    notification: EnquiryNotification,
    attempt: number,
    signal: AbortSignal,
  ) => Promise<void> = async () => {},
  concurrency = 4,
  kinds: Notifier["kinds"] = new Set(["company", "acknowledgement"]),
) {
  const attempts: EnquiryNotification[] = [];
  const notifier: Notifier & { attempts: EnquiryNotification[] } = {
    name: "scripted",
    concurrency,
    kinds,
    attempts,
    async send(notification, signal) {
      if (
        isNewsletterMail(notification) ||
        isStaffMail(notification) ||
        isReplyMail(notification) ||
        isWhatsAppMessage(notification) ||
        isDocumentMail(notification)
      )
        throw new Error("given a kind of mail it does not send");
      attempts.push(notification);
      const attempt = attempts.filter((earlier) => earlier.id === notification.id).length;
      await behaviour(notification, attempt, signal);
    },
    async close() {},
  };
  return notifier;
}

let dir: string;
let databasePath: string;
const stores: SqliteStore[] = [];
const workers: OutboxWorker[] = [];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "collarise-outbox-"));
  databasePath = join(dir, "site.db");
});
afterEach(async () => {
  for (const worker of workers.splice(0)) await worker.stop();
  for (const store of stores.splice(0)) await store.close();
  await rm(dir, { recursive: true, force: true });
});

async function openStore() {
  const store = await SqliteStore.open({ path: databasePath, enquiryCollection: ENQUIRY_COLLECTION });
  stores.push(store);
  return store;
}

function newWorker(options: Partial<OutboxWorkerOptions> & Pick<OutboxWorkerOptions, "store" | "notifier">) {
  const worker = new OutboxWorker({ log: recordingLogger(), sendTimeoutMs: 5_000, ...options });
  workers.push(worker);
  return worker;
}

/** Runs the worker's cycles until the outbox is empty (bounded by a deadline). */
async function drain(worker: OutboxWorker, store: SqliteStore, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (pendingNotifications(`sqlite:${databasePath}`) > 0) {
    if (Date.now() > deadline) throw new Error("the outbox did not empty in time");
    await worker.nextCycle();
  }
}

async function until(condition: () => boolean, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe("the retry delay", () => {
  const policy = { baseMs: 2_000, maxMs: 300_000 };

  it("brings the first retry within 2 s, at the earliest after 1 s", () => {
    expect(retryDelayMs(1, policy, () => 0)).toBe(1_000);
    expect(retryDelayMs(1, policy, () => 1)).toBe(2_000);
  });

  it("doubles with each failure and never waits more than the cap", () => {
    expect([1, 2, 3, 4, 5].map((failures) => retryDelayMs(failures, policy, () => 1))).toStrictEqual([
      2_000, 4_000, 8_000, 16_000, 32_000,
    ]);
    expect(retryDelayMs(9, policy, () => 1)).toBe(300_000);
    expect(retryDelayMs(10_000, policy, () => 1)).toBe(300_000);
    expect(retryDelayMs(10_000, policy, () => 0)).toBe(150_000);
  });

  it("spreads retries over the upper half of the span", () => {
    const delays = Array.from({ length: 200 }, () => retryDelayMs(3, policy));
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(4_000);
    expect(Math.max(...delays)).toBeLessThanOrEqual(8_000);
    expect(new Set(delays).size).toBeGreaterThan(1);
  });
});

describe("the outbox worker", () => {
  it("sends each stored enquiry once, marks it sent, and sends nothing more on the next cycle", async () => {
    const store = await openStore();
    const stored = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => store.enquiries.add(enquiry(n))));
    const notifier = scriptedNotifier();
    const worker = newWorker({ store, notifier });
    worker.start();

    await drain(worker, store);
    expect(notifier.attempts.map((attempt) => attempt.enquiryId).sort()).toStrictEqual(
      stored.map((one) => one.id).sort(),
    );
    const byId = new Map(stored.map((one) => [one.id, one]));
    for (const attempt of notifier.attempts)
      expect(attempt.enquiry).toStrictEqual(byId.get(attempt.enquiryId)?.enquiry);

    const next: CycleReport = await worker.nextCycle();
    expect(next).toStrictEqual({ claimed: 0, sent: 0, failed: 0 });
    expect(notifier.attempts).toHaveLength(6);
  });

  it("retries a failed delivery with growing waits until it is delivered", async () => {
    const store = await openStore();
    const { id } = await store.enquiries.add(enquiry(1));
    const notifier = scriptedNotifier(async (_notification, attempt) => {
      if (attempt <= 2) throw new Error(`mail server down (attempt ${attempt})`);
    });
    const log = recordingLogger();
    const worker = newWorker({ store, notifier, log, retry: { baseMs: 20, maxMs: 1_000 }, random: () => 1 });
    worker.start();

    await drain(worker, store);
    expect(notifier.attempts.map((attempt) => attempt.enquiryId)).toStrictEqual([id, id, id]);
    const warnings = log.entries.filter((entry) => entry.level === "warn" && "attempt" in entry.object);
    expect(
      warnings.map((entry) => [entry.object.attempt, entry.object.retryInMs, entry.object.err]),
    ).toStrictEqual([
      [1, 20, "mail server down (attempt 1)"],
      [2, 40, "mail server down (attempt 2)"],
    ]);
  });

  it("lets two workers sharing one database send each notification once", async () => {
    const first = await openStore();
    const second = await openStore();
    const stored = [];
    for (let n = 1; n <= 30; n++) stored.push(await first.enquiries.add(enquiry(n)));
    // Both send through the same mailbox; every send yields, so the two interleave.
    const notifier = scriptedNotifier(() => new Promise((resolve) => setImmediate(resolve)), 3);
    const a = newWorker({ store: first, notifier, workerId: "instance-a" });
    const b = newWorker({ store: second, notifier, workerId: "instance-b" });
    a.start();
    b.start();

    await drain(a, first);
    await b.nextCycle();
    const sent = notifier.attempts.map((attempt) => attempt.enquiryId);
    expect(sent).toHaveLength(30);
    expect(new Set(sent).size).toBe(30);
    expect(new Set(sent)).toStrictEqual(new Set(stored.map((one) => one.id)));
  });

  it("leaves a notification claimed by another worker alone until that worker's lease runs out", async () => {
    const store = await openStore();
    await store.enquiries.add(enquiry(1));
    const notifier = scriptedNotifier();
    const worker = newWorker({ store, notifier });

    const [held] = await store.enquiries.claimDueNotifications({
      worker: "crashed",
      now: new Date(),
      limit: 1,
      leaseMs: 60_000,
    });
    expect(held).toBeDefined();
    expect(await worker.runOnce()).toStrictEqual({ claimed: 0, sent: 0, failed: 0 });

    const claimedAt = Date.now();
    await store.enquiries.markNotificationFailed(
      held?.id ?? "",
      "crashed",
      "released by the test",
      new Date(),
    );
    await store.enquiries.claimDueNotifications({ worker: "crashed", now: new Date(), limit: 1, leaseMs: 1 });
    await until(() => Date.now() > claimedAt + 2);
    expect(await worker.runOnce()).toStrictEqual({ claimed: 1, sent: 1, failed: 0 });
    expect(notifier.attempts).toHaveLength(1);
  });

  it("on stop, lets a send under way finish and records it as sent", async () => {
    const store = await openStore();
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const notifier = scriptedNotifier(() => gate);
    const worker = newWorker({ store, notifier });
    worker.start();
    await store.enquiries.add(enquiry(1));
    worker.wake();
    await until(() => notifier.attempts.length === 1);

    const stopping = worker.stop();
    release();
    await stopping;
    expect(pendingNotifications(`sqlite:${databasePath}`)).toBe(0);
    expect(notifier.attempts).toHaveLength(1);
  });

  it("on stop, abandons a send stuck past the grace period and releases it for another worker at once", async () => {
    const store = await openStore();
    const notifier = scriptedNotifier(
      (_notification, _attempt, signal) =>
        new Promise((_resolve, reject) => signal.addEventListener("abort", () => reject(signal.reason))),
    );
    const worker = newWorker({ store, notifier, stopGraceMs: 20 });
    worker.start();
    const { id } = await store.enquiries.add(enquiry(1));
    worker.wake();
    await until(() => notifier.attempts.length === 1);

    await worker.stop();
    expect(pendingNotifications(`sqlite:${databasePath}`)).toBe(1);
    const [released] = await store.enquiries.claimDueNotifications({
      worker: "another-instance",
      now: new Date(),
      limit: 1,
      leaseMs: 60_000,
    });
    expect(released && "enquiryId" in released && released.enquiryId).toBe(id);
  });

  it("sets aside a kind of mail its notifier does not send, for an hour, and goes on with the rest", async () => {
    const store = await openStore();
    await store.subscribers.request("reader@example.com", { now: new Date(), resendAfterMs: 3_600_000 });
    const stored = await store.enquiries.add(enquiry(1));
    const notifier = scriptedNotifier(undefined, 4, new Set(["company"]));
    const log = recordingLogger();
    const worker = newWorker({ store, notifier, log });

    const report = await worker.runOnce();
    // The newsletter mail is neither sent nor counted as the provider's failure.
    expect(report).toStrictEqual({ claimed: 1, sent: 1, failed: 0 });
    expect(notifier.attempts.map((attempt) => attempt.enquiryId)).toStrictEqual([stored.id]);
    expect(pendingNotifications(`sqlite:${databasePath}`)).toBe(1);
    expect(log.entries.some((entry) => entry.message.includes("does not send newsletter-confirmation"))).toBe(
      true,
    );
    const [waiting] = await store.enquiries.claimDueNotifications({
      worker: "later",
      now: new Date(Date.now() + 3_600_000 + 1_000),
      limit: 10,
      leaseMs: 1_000,
    });
    expect(waiting).toMatchObject({ kind: "newsletter-confirmation", email: "reader@example.com" });
    expect(
      await store.enquiries.claimDueNotifications({
        worker: "now",
        now: new Date(),
        limit: 10,
        leaseMs: 1_000,
      }),
    ).toStrictEqual([]);
  });

  it("pauses after a cycle in which every send failed, and new enquiries do not cut the pause short", async () => {
    const store = await openStore();
    for (const n of [1, 2, 3, 4, 5, 6, 7, 8]) await store.enquiries.add(enquiry(n));
    const notifier = scriptedNotifier(async () => {
      throw new Error("connect ECONNREFUSED 127.0.0.1:25");
    });
    const log = recordingLogger();
    // The first pause is the retry policy's base: a minute here, far longer than this test.
    const worker = newWorker({
      store,
      notifier,
      log,
      retry: { baseMs: 60_000, maxMs: 300_000 },
      random: () => 1,
    });
    worker.start();
    await until(() => notifier.attempts.length === 4);

    for (const n of [9, 10, 11]) {
      await store.enquiries.add(enquiry(n));
      worker.wake();
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(notifier.attempts).toHaveLength(4);
    expect(pendingNotifications(`sqlite:${databasePath}`)).toBe(11);
    expect(log.entries.filter((entry) => entry.message.startsWith("every send failed"))).toHaveLength(1);
  });

  it("after a pause, resumes at the first delivery and empties the outbox", async () => {
    const store = await openStore();
    const stored = await Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map((n) => store.enquiries.add(enquiry(n))));
    let down = true;
    const notifier = scriptedNotifier(async () => {
      if (down) throw new Error("connect ECONNREFUSED 127.0.0.1:25");
    });
    const log = recordingLogger();
    const worker = newWorker({ store, notifier, log, retry: { baseMs: 20, maxMs: 1_000 }, random: () => 1 });
    worker.start();
    await until(() => notifier.attempts.length >= 4);
    down = false;

    await drain(worker, store);
    const delivered = new Set(notifier.attempts.slice(-stored.length).map((attempt) => attempt.enquiryId));
    expect(delivered).toStrictEqual(new Set(stored.map((one) => one.id)));
    expect(log.entries.map((entry) => entry.message)).toContain(
      "the notifier delivers again; the outbox resumes",
    );
  });

  it("ends a notification refused for good after one attempt, without pausing as for a provider down", async () => {
    const store = await openStore();
    const refused = await store.enquiries.add(enquiry(1));
    await store.enquiries.add(enquiry(2));
    const notifier = scriptedNotifier(async (notification) => {
      if (notification.enquiryId === refused.id)
        throw new NotificationRefusedError("The recipient's address was refused: 550 5.1.1 <address>", 550);
    });
    const log = recordingLogger();
    const worker = newWorker({ store, notifier, log });

    expect(await worker.runOnce()).toStrictEqual({ claimed: 2, sent: 1, failed: 0, undeliverable: 1 });
    expect(worker.totals).toStrictEqual({ sent: 1, failed: 0, undeliverable: 1 });
    expect(pendingNotifications(`sqlite:${databasePath}`)).toBe(0);
    const longAfter = await store.enquiries.claimDueNotifications({
      worker: "later",
      now: new Date(Date.now() + 86_400_000),
      limit: 10,
      leaseMs: 1_000,
    });
    expect(longAfter).toStrictEqual([]);
    expect(notifier.attempts.filter((attempt) => attempt.enquiryId === refused.id)).toHaveLength(1);
    expect(log.entries.filter((entry) => entry.message.startsWith("every send failed"))).toHaveLength(0);
  });

  it("records a delivery whose sent mark the store refused, and never sends it again, even after its lease ran out", async () => {
    const store = await openStore();
    const stored = await store.enquiries.add(enquiry(1));
    const markSent = store.enquiries.markNotificationSent.bind(store.enquiries);
    let storeFull = true;
    store.enquiries.markNotificationSent = async (id, worker) => {
      if (storeFull) throw new Error("SQLITE_FULL: database or disk is full");
      return markSent(id, worker);
    };
    const notifier = scriptedNotifier();
    let clock = Date.now();
    const worker = newWorker({
      store,
      notifier,
      sendTimeoutMs: 1_000,
      leaseMs: 2_000,
      now: () => new Date(clock),
    });

    expect((await worker.runOnce()).storeError).toMatch(/SQLITE_FULL/);
    // Space is freed once the lease has run out: the notification is due again.
    clock += 5_000;
    storeFull = false;
    const [reclaimed] = await store.enquiries.claimDueNotifications({
      worker: worker.workerId,
      now: new Date(clock),
      limit: 1,
      leaseMs: 2_000,
    });
    expect(reclaimed && "enquiryId" in reclaimed && reclaimed.enquiryId).toBe(stored.id);
    expect(await worker.runOnce()).toStrictEqual({ claimed: 0, sent: 0, failed: 0 });
    expect(pendingNotifications(`sqlite:${databasePath}`)).toBe(0);
    expect(notifier.attempts).toHaveLength(1);
  });

  it("does not try again before its lease ends a send abandoned at its time limit (it may have gone)", async () => {
    const store = await openStore();
    await store.enquiries.add(enquiry(1));
    const notifier = scriptedNotifier(
      (_notification, attempt, signal) =>
        new Promise((resolve, reject) => {
          if (attempt > 1) return resolve();
          signal.addEventListener("abort", () => reject(new Error("Connection closed")));
        }),
    );
    let clock = Date.now();
    const worker = newWorker({
      store,
      notifier,
      sendTimeoutMs: 50,
      leaseMs: 60_000,
      retry: { baseMs: 1, maxMs: 1 },
      now: () => new Date(clock),
    });
    const claimedAt = clock;

    expect(await worker.runOnce()).toStrictEqual({ claimed: 1, sent: 0, failed: 1 });
    clock = claimedAt + 59_000;
    expect(await worker.runOnce()).toStrictEqual({ claimed: 0, sent: 0, failed: 0 });
    clock = claimedAt + 60_000;
    expect(await worker.runOnce()).toStrictEqual({ claimed: 1, sent: 1, failed: 0 });
    expect(notifier.attempts).toHaveLength(2);
  });

  it("cuts a send short so that it ends before a lease that a slow claim shortened", async () => {
    const store = await openStore();
    await store.enquiries.add(enquiry(1));
    let clock = Date.now();
    const budgets: number[] = [];
    const notifier = scriptedNotifier(
      (_notification, _attempt, signal) =>
        new Promise((_resolve, reject) => {
          const started = Date.now();
          signal.addEventListener("abort", () => {
            budgets.push(Date.now() - started);
            reject(new Error("Connection closed"));
          });
        }),
    );
    const worker = newWorker({
      store,
      notifier,
      sendTimeoutMs: 10_000,
      leaseMs: 10_200,
      now: () => new Date(clock),
    });
    // The claim took 10 s of its 10.2 s lease: 200 ms are left, 100 of them kept to record the outcome.
    const claim = store.enquiries.claimDueNotifications.bind(store.enquiries);
    store.enquiries.claimDueNotifications = async (options) => {
      const claimed = await claim(options);
      clock += 10_000;
      return claimed;
    };

    expect(await worker.runOnce()).toStrictEqual({ claimed: 1, sent: 0, failed: 1 });
    expect(budgets).toHaveLength(1);
    expect(budgets[0]).toBeLessThan(5_000);
  });

  it("keeps going while the store cannot be read, and delivers once it can", async () => {
    const store = await openStore();
    await store.enquiries.add(enquiry(1));
    const notifier = scriptedNotifier();
    const log = recordingLogger();
    const worker = newWorker({ store, notifier, log });

    const blocker = new Database(databasePath);
    blocker.prepare("BEGIN EXCLUSIVE").run();
    let blocked: CycleReport;
    try {
      blocked = await worker.runOnce();
    } finally {
      blocker.prepare("ROLLBACK").run();
      blocker.close();
    }
    expect(blocked.claimed).toBe(0);
    expect(blocked.storeError).toEqual(expect.any(String));
    expect(log.entries.filter((entry) => entry.level === "warn")).toHaveLength(1);

    expect(await worker.runOnce()).toStrictEqual({ claimed: 1, sent: 1, failed: 0 });
    expect(log.entries.map((entry) => entry.message)).toContain("the outbox can be read again");
  });
});
