import { statusCounts } from "./enquiry-work";
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import type { Enquiry } from "../../domain/enquiry";
import type { SpamScreening } from "../../domain/spam";
import type { WebhookEventType } from "../../domain/webhooks";
import { FirestoreWorkPort } from "./firestore/work-port";
import type { CountedChecks, Store } from "./store";
import { WriteConflictError, type Change } from "./work-port";
import { firestoreSandbox, storeAdapters } from "../../tests/support/store-sandboxes";

const enquiry = (Name: string): Enquiry => ({
  Name,
  Email: `${Name.toLowerCase().replace(/\W+/g, ".")}@example.in`,
  Mobile: "9876543210",
  Quantity: 3,
  RetailerSelfUse: "Self Use",
});

const spam: SpamScreening = { score: 10, reasons: ["link-in-name", "no-proof-of-work"], spam: true };
const FAR_FUTURE = new Date("2100-01-01T00:00:00Z");

/** The notifications waiting for `enquiryId`, by kind (claimed, so a test reads each once). */
async function waitingFor(store: Store, enquiryId: string): Promise<string[]> {
  const claimed = await store.enquiries.claimDueNotifications({
    worker: `reader-${Math.random()}`,
    now: FAR_FUTURE,
    limit: 500,
    leaseMs: 1,
  });
  return claimed.flatMap((n) => ("enquiryId" in n && n.enquiryId === enquiryId ? [n.kind] : [])).sort();
}

/** Spam filing and release, and the source kept beside an enquiry, on both adapters. */
describe.each(storeAdapters("spam"))("spam and sources on the $name store", (adapter) => {
  let store: Store;

  beforeAll(() => adapter.setUp());
  afterAll(() => adapter.tearDown());
  afterEach(async () => {
    await store?.close();
  });

  /** Checks that count one counter, `name`, and file as Spam what counts more than `allowed`. */
  const countedChecks = (name: string, allowed: number, seen: number[] = []): CountedChecks => ({
    counters: [{ name, expiresAt: FAR_FUTURE }],
    score: ([count = 0]) => {
      seen.push(count);
      return count > allowed
        ? { score: 10, reasons: ["repeated"], spam: true }
        : { score: 0, reasons: [], spam: false };
    },
  });

  test("counted checks are counted with the enquiry and decide its screening: of eleven from one mobile, at most two are New", async () => {
    store = await adapter.open();
    const name = `mobile-${Math.random()}`;
    const seen: number[] = [];
    const one = await store.enquiries.add(enquiry("Asha Verma"), { checks: countedChecks(name, 2, seen) });
    expect(one.screening).toEqual({ score: 0, reasons: [], spam: false });
    expect(seen).toEqual([1]);
    const burst = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        store.enquiries.add(enquiry(`Asha Verma ${i}`), { checks: countedChecks(name, 2) }),
      ),
    );
    const statuses = await Promise.all(burst.map(async (b) => (await store.enquiryWork.get(b.id))?.status));
    // Counted as eleven in all, wherever they landed: never more let through than the limit allows.
    expect(statuses.filter((status) => status === "New").length).toBeLessThanOrEqual(1);
    expect(statuses.filter((status) => status === "Spam").length).toBeGreaterThanOrEqual(9);
    burst.forEach((b, i) => expect(b.screening?.spam).toBe(statuses[i] === "Spam"));
  });

  test("a repeat of an idempotency key is answered with the first enquiry and counts nothing", async () => {
    store = await adapter.open();
    const name = `mobile-${Math.random()}`;
    const seen: number[] = [];
    const first = await store.enquiries.add(enquiry("Ravi Kumar"), {
      idempotencyKey: "8b4f0a56-0d3c-4b7e-9a51-2f6e1c7d9a10",
      checks: countedChecks(name, 5, seen),
    });
    for (let i = 0; i < 3; i++) {
      const again = await store.enquiries.add(enquiry("Ravi Kumar"), {
        idempotencyKey: "8b4f0a56-0d3c-4b7e-9a51-2f6e1c7d9a10",
        checks: countedChecks(name, 5, seen),
      });
      expect(again.id).toBe(first.id);
    }
    await store.enquiries.add(enquiry("Ravi Kumar"), { checks: countedChecks(name, 5, seen) });
    // The first use and the later enquiry without the key: the retries in between counted nothing.
    expect(seen.filter((count) => count > 0)).toEqual([1, 2]);
  });

  test("a repeat of an idempotency key counts nothing against the visitor's mailbox either", async () => {
    store = await adapter.open();
    const mailbox = `mailbox-${Math.random()}`;
    const capCounts: number[] = [];
    const checks = (): CountedChecks => ({
      ...countedChecks(`mobile-${mailbox}`, 5),
      acknowledgement: {
        counters: [{ name: mailbox, expiresAt: FAR_FUTURE }],
        allowed: ([count = 0]) => {
          capCounts.push(count);
          return count <= 3;
        },
      },
    });
    const key = "0f9e8d7c-6b5a-4c3d-8e2f-1a0b9c8d7e6f";
    const first = await store.enquiries.add(enquiry("Kavya Rao"), {
      acknowledge: true,
      idempotencyKey: key,
      checks: checks(),
    });
    for (let i = 0; i < 3; i++) {
      const again = await store.enquiries.add(enquiry("Kavya Rao"), {
        acknowledge: true,
        idempotencyKey: key,
        checks: checks(),
      });
      expect(again.id).toBe(first.id);
    }
    await store.enquiries.add(enquiry("Kavya Rao"), { acknowledge: true, checks: checks() });
    // One mail for the first use, one for the later enquiry: the retries in between took no turn of the cap.
    expect(capCounts.filter((count) => count > 0)).toEqual([1, 2]);
  });

  test("an acknowledgement is capped by its own counters, which an enquiry filed as Spam leaves alone", async () => {
    store = await adapter.open();
    const mailbox = `mailbox-${Math.random()}`;
    const capCounts: number[] = [];
    const cap = {
      counters: [{ name: mailbox, expiresAt: FAR_FUTURE }],
      allowed: ([count = 0]: readonly number[]) => {
        capCounts.push(count);
        return count <= 1;
      },
    };
    const junk = await store.enquiries.add(enquiry("Cheap backlinks"), {
      acknowledge: true,
      checks: { ...countedChecks(`spam-${Math.random()}`, -1), acknowledgement: cap },
    });
    expect(junk.screening?.spam).toBe(true);
    expect(await waitingFor(store, junk.id)).toEqual([]);
    expect(capCounts).toEqual([]);

    const genuine = { ...countedChecks(`ok-${Math.random()}`, 5), acknowledgement: cap };
    const first = await store.enquiries.add(enquiry("Meera Iyer"), { acknowledge: true, checks: genuine });
    expect(await waitingFor(store, first.id)).toEqual(["acknowledgement", "company"]);
    const second = await store.enquiries.add(enquiry("Meera Iyer"), { acknowledge: true, checks: genuine });
    expect(await waitingFor(store, second.id)).toEqual(["company"]);
    expect(capCounts).toEqual([1, 2]);
  });

  test("an enquiry filed as Spam is stored with its reasons and the status Spam, and queues no mail", async () => {
    store = await adapter.open();
    const stored = await store.enquiries.add(enquiry("Cheap backlinks"), {
      acknowledge: true,
      screening: spam,
    });
    const record = await store.enquiryWork.get(stored.id);
    expect(record?.status).toBe("Spam");
    expect(record?.screening).toEqual(spam);
    expect(await waitingFor(store, stored.id)).toEqual([]);
    expect((await statusCounts(store.enquiryWork)).Spam).toBe(1);
    const filtered = await store.enquiryWork.list({ status: "Spam", limit: 10 });
    expect(filtered.items.map((row) => row.id)).toEqual([stored.id]);
    // The five fields stay as they were: the screening is kept beside them.
    const [listed] = await store.enquiries.list();
    expect(Object.keys(listed?.enquiry ?? {}).sort()).toEqual(
      ["Email", "Mobile", "Name", "Quantity", "RetailerSelfUse"].sort(),
    );
  });

  test("a genuine enquiry with reasons below the threshold is New, mailed, and keeps its reasons", async () => {
    store = await adapter.open();
    const screening: SpamScreening = { score: 3, reasons: ["no-proof-of-work"], spam: false };
    const stored = await store.enquiries.add(enquiry("Meera Iyer"), { acknowledge: true, screening });
    const record = await store.enquiryWork.get(stored.id);
    expect(record?.status).toBe("New");
    expect(record?.screening).toEqual(screening);
    expect(await waitingFor(store, stored.id)).toEqual(["acknowledgement", "company"]);
  });

  test("Not spam files it as New and queues the company's mail with it; a second Not spam or an old version is refused", async () => {
    store = await adapter.open();
    const stored = await store.enquiries.add(enquiry("Ravi Kumar"), { acknowledge: true, screening: spam });
    const at = new Date();
    expect(
      await store.work.releaseFromSpam(stored.id, { expectedVersion: 1, staffEmail: "s@x.in", at }),
    ).toEqual({
      outcome: "conflict",
    });
    expect(
      await store.work.releaseFromSpam(stored.id, { expectedVersion: 0, staffEmail: "s@x.in", at }),
    ).toEqual({ outcome: "changed", version: 1 });
    const record = await store.enquiryWork.get(stored.id);
    expect(record?.status).toBe("New");
    expect(record?.screening?.spam).toBe(false);
    expect(record?.history.map((entry) => [entry.from, entry.to, entry.staffEmail])).toEqual([
      ["Spam", "New", "s@x.in"],
    ]);
    // The company is mailed now; the visitor, days later perhaps, is not.
    expect(await waitingFor(store, stored.id)).toEqual(["company"]);
    expect(
      await store.work.releaseFromSpam(stored.id, { expectedVersion: 1, staffEmail: "s@x.in", at }),
    ).toEqual({ outcome: "not-spam" });
    expect(
      await store.work.releaseFromSpam("no-such-enquiry", {
        expectedVersion: 0,
        staffEmail: "s@x.in",
        at,
      }),
    ).toEqual({ outcome: "not-found" });
  });

  test("two members marking one enquiry Not spam at once release it once, with one mail", async () => {
    store = await adapter.open();
    const stored = await store.enquiries.add(enquiry("Anita Sharma"), { screening: spam });
    const at = new Date();
    const outcomes = await Promise.all(
      ["a@x.in", "b@x.in"].map((staffEmail) =>
        store.work.releaseFromSpam(stored.id, { expectedVersion: 0, staffEmail, at }),
      ),
    );
    expect(outcomes.filter((result) => result.outcome === "changed")).toHaveLength(1);
    expect(await waitingFor(store, stored.id)).toEqual(["company"]);
    expect((await store.enquiryWork.get(stored.id))?.history).toHaveLength(1);
  });

  test("an enquiry set to Spam by hand, then released, is not mailed to the company a second time", async () => {
    store = await adapter.open();
    const stored = await store.enquiries.add(enquiry("Kabir Khan"));
    expect(await waitingFor(store, stored.id)).toEqual(["company"]);
    await store.work.changeStatus(stored.id, {
      to: "Spam",
      expectedVersion: 0,
      staffEmail: "s@x.in",
      at: new Date(),
    });
    const released = await store.work.releaseFromSpam(stored.id, {
      expectedVersion: 1,
      staffEmail: "s@x.in",
      at: new Date(),
    });
    expect(released.outcome).toBe("changed");
    expect(await waitingFor(store, stored.id)).toEqual([]);
  });

  test("an enquiry's source is kept beside it, shown with it, and the inbox filters by it in any case", async () => {
    store = await adapter.open();
    const fromInstagram = await store.enquiries.add(enquiry("Priya Nair"), {
      source: { utmSource: "Instagram", utmCampaign: "diwali", landingPath: "/hi" },
    });
    const fromGoogle = await store.enquiries.add(enquiry("Arjun Rao"), {
      source: { referrerHost: "www.google.com", landingPath: "/" },
    });
    await store.enquiries.add(enquiry("Sai Reddy"));

    expect((await store.enquiryWork.get(fromInstagram.id))?.source).toEqual({
      utmSource: "Instagram",
      utmCampaign: "diwali",
      landingPath: "/hi",
    });
    const byInstagram = await store.enquiryWork.list({ source: "instagram", limit: 10 });
    expect(byInstagram.items.map((row) => row.enquiry.Name)).toEqual(["Priya Nair"]);
    const byReferrer = await store.enquiryWork.list({ source: "WWW.google.com", limit: 10 });
    expect(byReferrer.items.map((row) => row.id)).toEqual([fromGoogle.id]);
    expect((await store.enquiryWork.list({ source: "facebook", limit: 10 })).items).toEqual([]);
    const everything = await store.enquiryWork.list({ limit: 10 });
    expect(everything.items.find((row) => row.enquiry.Name === "Sai Reddy")?.source).toEqual({});
  });

  test("suspected spam gets no owner, member alert or webhook; marked Not spam, it gets all three as a new enquiry would", async () => {
    store = await adapter.open();
    const seller = await store.staff.add({ email: "seller@example.com", role: "member", passwordHash: "h" });
    expect(
      await store.team.setAssignmentRule({ kind: "buyer", Retailer: seller.id, "Self Use": seller.id }),
    ).toBe(true);
    expect(await store.team.setAlertChoice(seller.id, "mine")).toBe(true);
    const endpoint = await store.webhooks.addEndpoint({
      url: "https://hooks.example.com/collarise",
      events: ["enquiry.received", "enquiry.not_spam"],
      now: new Date(),
    });

    const stored = await store.enquiries.add(enquiry("Cheap backlinks"), {
      screening: spam,
    });
    expect((await store.team.fieldsOf([stored.id])).get(stored.id)?.ownerId ?? null).toBeNull();
    expect(await waitingFor(store, stored.id)).toEqual([]);
    expect(await store.webhooks.listDeliveries(endpoint.id, 10)).toEqual([]);

    const released = await store.work.releaseFromSpam(stored.id, {
      expectedVersion: (await store.enquiryWork.get(stored.id))!.version,
      staffEmail: "owner@example.com",
      at: new Date(),
    });
    expect(released.outcome).toBe("changed");
    expect((await store.team.fieldsOf([stored.id])).get(stored.id)?.ownerId).toBe(seller.id);
    expect(await waitingFor(store, stored.id)).toEqual(["company", "member-alert"]);
    const deliveries = await store.webhooks.listDeliveries(endpoint.id, 10);
    expect(deliveries.map((delivery) => delivery.eventType)).toEqual(["enquiry.not_spam"]);
  });
});

/**
 * Firestore adds the counters outside the intake's transaction, so what one try counted stands
 * when its write is refused (SQLite counts in the intake's own transaction, under the write lock,
 * where another's turn never refuses it).
 */
describe("counted checks on Firestore, outside the intake's transaction", () => {
  const sandbox = firestoreSandbox("spam-refused");
  beforeAll(() => sandbox.setUp());
  afterAll(() => sandbox.tearDown());
  afterEach(() => {
    vi.restoreAllMocks();
  });

  test("an intake refused once by another's turn is tried again, stored once and counted once", async () => {
    const { store } = await sandbox.openStore();
    try {
      // Each intake's first try is refused once everything is counted and read, as another
      // change that took its turn first refuses it; tried again alone, it is written.
      const runEach = FirestoreWorkPort.prototype.runEach;
      const refused: number[] = [];
      vi.spyOn(FirestoreWorkPort.prototype, "runEach").mockImplementation(function <R>(
        this: FirestoreWorkPort,
        changes: readonly (() => Change<R>)[],
        options?: { events?: readonly WebhookEventType[] },
      ) {
        const refusedOnce = changes.map(
          (change) =>
            function* (): Change<R> {
              yield* change();
              refused.push(1);
              throw new WriteConflictError();
            },
        );
        return runEach.call(this, refusedOnce, options) as Promise<PromiseSettledResult<R>[]>;
      });
      const name = `mobile-${Math.random()}`;
      const seen: number[] = [];
      const checks = (): CountedChecks => ({
        counters: [{ name, expiresAt: FAR_FUTURE }],
        score: ([count = 0]) => {
          seen.push(count);
          return { score: 0, reasons: [], spam: false };
        },
      });
      await store.enquiries.add(enquiry("Asha Verma"), { checks: checks() });
      expect(refused).toHaveLength(1);
      vi.restoreAllMocks();
      await store.enquiries.add(enquiry("Asha Verma Again"), { checks: checks() });
      // Scored once on one, then two: the refused try's count stood, and its second try added none.
      expect(seen).toEqual([1, 2]);
      expect((await store.enquiries.list()).map((each) => each.enquiry.Name).sort()).toEqual([
        "Asha Verma",
        "Asha Verma Again",
      ]);
    } finally {
      await store.close();
    }
  });
});
