import { randomUUID } from "node:crypto";
import Database from "better-sqlite3";
import { deleteApp, initializeApp } from "firebase-admin/app";
import { getFirestore } from "firebase-admin/firestore";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { ENQUIRY_FIELD_SPECS, type Enquiry } from "../../domain/enquiry";
import { ENQUIRY_COLLECTION } from "../../domain/contract";
import { StoreUnavailableError, type PendingNotification, type Store } from "./store";
import { FirestoreStore, SqliteStore } from "./index";
import { IdempotencyKeyReusedError } from "./idempotency";
import { subscriberDocumentId } from "./firestore/subscribers";
import { firestoreSandbox, sqliteSandbox } from "../../tests/support/store-sandboxes";
import { pendingNotifications } from "../../tests/support/store-probe";

/** What the contract needs from each adapter besides the Store itself. */
interface Adapter {
  name: string;
  setUp(): Promise<void>;
  tearDown(): Promise<void>;
  /** A fresh, empty store. */
  open(): Promise<Store>;
  /** The enquiry's record exactly as the database holds it. */
  rawEnquiry(store: Store, id: string): Promise<Record<string, unknown>>;
  /** The enquiry's fields as the record holds them when no optional one is given (ENQUIRY_FIELD_SPECS). */
  fieldKeys: string[];
  /** The fields the record holds beside the enquiry's: its metadata. */
  metadataFields: string[];
  /** Makes the database unusable for `store`; resolves to a function that makes it usable again. */
  breakDatabase(store: Store): Promise<() => Promise<void>>;
  /** How many notifications wait in the outbox, read from the database behind the store's back. */
  pendingNotifications(store: Store): Promise<number>;
  /** Another store on the same database, as a second server instance opens it. */
  openTwin(store: Store): Promise<Store>;
  /** Takes the request time off an address behind the store's back: an address stored without one. */
  dropRequestTime(store: Store, email: string): Promise<void>;
}

function sqliteAdapter(): Adapter {
  const sandbox = sqliteSandbox("store-contract");
  const paths = new Map<Store, string>();
  return {
    ...sandbox,
    // A row has every column: an optional field not given is null.
    fieldKeys: ENQUIRY_FIELD_SPECS.map((spec) => spec.sqliteColumn),
    metadataFields: ["id", "received_at", "language"],
    async open() {
      const { store, path } = await sandbox.openStore({ busyTimeoutMs: 50 });
      paths.set(store, path);
      return store;
    },
    async pendingNotifications(store) {
      return pendingNotifications(`sqlite:${paths.get(store)}`);
    },
    async openTwin(store) {
      const path = paths.get(store)!;
      const twin = await SqliteStore.open({ path, enquiryCollection: ENQUIRY_COLLECTION });
      paths.set(twin, path);
      return twin;
    },
    async rawEnquiry(store, id) {
      const db = new Database(paths.get(store)!, { readonly: true });
      try {
        return db.prepare(`SELECT * FROM "${ENQUIRY_COLLECTION}" WHERE id = ?`).get(id) as Record<
          string,
          unknown
        >;
      } finally {
        db.close();
      }
    },
    async dropRequestTime(store, email) {
      const db = new Database(paths.get(store)!);
      try {
        db.prepare(`UPDATE subscribers SET requested_at = NULL WHERE email = ?`).run(email);
      } finally {
        db.close();
      }
    },
    async breakDatabase(store) {
      // Another process holds the write lock for longer than the store will wait.
      const other = new Database(paths.get(store)!);
      other.exec("BEGIN IMMEDIATE");
      return async () => {
        other.exec("COMMIT");
        other.close();
      };
    },
  };
}

function firestoreAdapter(): Adapter {
  const sandbox = firestoreSandbox("contract");
  const { emulator } = sandbox;
  const projects = new Map<Store, string>();
  return {
    ...sandbox,
    // The buyer keys are metadata too: a keyed hash of the mobile and of the mailbox (buyer-keys.ts).
    // A document leaves out an optional field not given, as those written before it existed.
    fieldKeys: ENQUIRY_FIELD_SPECS.filter((spec) => spec.required).map((spec) => spec.firestoreField),
    metadataFields: ["receivedAt", "language", "buyerKeys"],
    async open() {
      const { store, projectId } = await sandbox.openStore();
      projects.set(store, projectId);
      return store;
    },
    async openTwin(store) {
      const projectId = projects.get(store)!;
      const twin = await FirestoreStore.open({
        projectId,
        enquiryCollection: ENQUIRY_COLLECTION,
        deadlineMs: 4_000,
      });
      projects.set(twin, projectId);
      return twin;
    },
    async pendingNotifications(store) {
      const app = initializeApp({ projectId: projects.get(store) }, `pending-${randomUUID()}`);
      try {
        const pending = getFirestore(app).collection("notifications").where("status", "==", "pending");
        return (await pending.count().get()).data().count;
      } finally {
        await deleteApp(app);
      }
    },
    async rawEnquiry(store, id) {
      const app = initializeApp({ projectId: projects.get(store) }, `raw-${id}`);
      try {
        const snapshot = await getFirestore(app).collection(ENQUIRY_COLLECTION).doc(id).get();
        return snapshot.data() as Record<string, unknown>;
      } finally {
        await deleteApp(app);
      }
    },
    async dropRequestTime(store, email) {
      const app = initializeApp({ projectId: projects.get(store) }, `undated-${randomUUID()}`);
      try {
        // Written again without it: the emulator keeps a field an update or a set leaves out.
        const address = getFirestore(app).collection("subscribers").doc(subscriberDocumentId(email));
        const { requestedAt: _dropped, ...rest } = (await address.get()).data()!;
        await address.delete();
        await address.create(rest);
      } finally {
        await deleteApp(app);
      }
    },
    async breakDatabase() {
      emulator.stop();
      return async () => {
        await emulator.start();
      };
    },
  };
}

const retailer: Enquiry = {
  Name: "Asha Retail",
  Email: "asha@example.com",
  Mobile: "9876543210",
  Quantity: 24,
  RetailerSelfUse: "Retailer",
};
const selfUse: Enquiry = {
  Name: "Ravi Kumar",
  Email: "ravi@example.in",
  Mobile: "9123456780",
  Quantity: 1,
  RetailerSelfUse: "Self Use",
};

const minutes = (n: number) => n * 60_000;
const later = (from: string, ms: number) => new Date(new Date(from).getTime() + ms);

describe.each([sqliteAdapter(), firestoreAdapter()])("the $name store", (adapter) => {
  let store: Store;

  beforeAll(() => adapter.setUp());
  afterAll(() => adapter.tearDown());
  afterEach(async () => {
    await store?.close();
  });

  async function openStore() {
    store = await adapter.open();
    return store;
  }

  test("an enquiry is stored with exactly its five fields, beside an id and the time received", async () => {
    await openStore();
    const before = Date.now();
    const stored = await store.enquiries.add(retailer);

    expect(stored.enquiry).toEqual(retailer);
    expect(stored.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(stored.receivedAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(stored.receivedAt).toBe(new Date(stored.receivedAt).toISOString());
    expect(ENQUIRY_COLLECTION).toBe("collarise_Form");

    const raw = await adapter.rawEnquiry(store, stored.id);
    expect(Object.keys(raw).sort()).toEqual([...adapter.fieldKeys, ...adapter.metadataFields].sort());
    expect(raw).toMatchObject({ ...retailer });
    expect(typeof raw.Quantity).toBe("number");
  });

  test("a stored enquiry waits in the outbox as one pending notification", async () => {
    await openStore();
    const stored = await store.enquiries.add(retailer);
    expect(await adapter.pendingNotifications(store)).toBe(1);

    const claimed = await store.enquiries.claimDueNotifications({
      worker: "worker-a",
      now: later(stored.receivedAt, 1_000),
      limit: 10,
      leaseMs: minutes(1),
    });
    expect(claimed).toEqual([
      {
        id: expect.any(String),
        kind: "company",
        enquiryId: stored.id,
        enquiry: retailer,
        receivedAt: stored.receivedAt,
        language: "en",
        attempts: 0,
      },
    ]);
  });

  test("an enquiry keeps the language of its page beside its fields, and its acknowledgement carries it", async () => {
    await openStore();
    const english = await store.enquiries.add(retailer);
    const hindi = await store.enquiries.add(retailer, { acknowledge: true, language: "hi" });
    expect(english.language).toBe("en");
    expect(hindi.language).toBe("hi");

    const raw = await adapter.rawEnquiry(store, hindi.id);
    expect(raw.language).toBe("hi");
    expect(raw).toMatchObject({ ...retailer });
    expect((await store.enquiries.list()).map((each) => [each.id, each.language])).toEqual([
      [english.id, "en"],
      [hindi.id, "hi"],
    ]);

    const claimed = await store.enquiries.claimDueNotifications({
      worker: "worker-a",
      now: later(hindi.receivedAt, 1_000),
      limit: 10,
      leaseMs: minutes(1),
    });
    const claimedOf = (kind: string, enquiryId: string) =>
      claimed.find(
        (each) =>
          each.kind === kind && "language" in each && "enquiryId" in each && each.enquiryId === enquiryId,
      );
    const languageOf = (kind: string, enquiryId: string) => {
      const found = claimedOf(kind, enquiryId);
      return found && "language" in found ? found.language : undefined;
    };
    expect(languageOf("company", english.id)).toBe("en");
    expect(languageOf("company", hindi.id)).toBe("hi");
    expect(languageOf("acknowledgement", hindi.id)).toBe("hi");
  });

  test("a newsletter address keeps the language it was asked in, for its mails", async () => {
    await openStore();
    const now = new Date();
    const { subscriberId } = await store.subscribers.request("asha@example.in", {
      now,
      resendAfterMs: minutes(60),
      language: "hi",
    });
    const claimed = await store.enquiries.claimDueNotifications({
      worker: "worker-a",
      now: later(now.toISOString(), 1_000),
      limit: 10,
      leaseMs: minutes(1),
    });
    expect(claimed).toEqual([
      expect.objectContaining({ kind: "newsletter-confirmation", subscriberId, language: "hi" }),
    ]);
  });

  test("enquiries are listed with their ids and times, oldest first", async () => {
    await openStore();
    const first = await store.enquiries.add(retailer);
    const second = await store.enquiries.add(selfUse);
    const listed = await store.enquiries.list();
    expect(listed).toHaveLength(2);
    expect(listed).toEqual(expect.arrayContaining([first, second]));
    expect(listed[0]!.receivedAt <= listed[1]!.receivedAt).toBe(true);
  });

  describe("idempotency keys", () => {
    test("the same key 20 times at once, through two instances, stores one enquiry and queues one notification", async () => {
      await openStore();
      const [a, b] = [await adapter.openTwin(store), await adapter.openTwin(store)];
      try {
        const key = randomUUID();
        const answers = await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            (i % 2 === 0 ? a : b).enquiries.add(retailer, { idempotencyKey: key }),
          ),
        );
        const listed = await store.enquiries.list();
        expect(listed).toHaveLength(1);
        expect(new Set(answers.map((answer) => answer.id))).toEqual(new Set([listed[0]!.id]));
        for (const answer of answers) expect(answer).toEqual(listed[0]);
        expect(await adapter.pendingNotifications(store)).toBe(1);

        // The key is metadata kept apart: the enquiry's record holds its five fields as before.
        const raw = await adapter.rawEnquiry(store, listed[0]!.id);
        expect(Object.keys(raw).sort()).toEqual([...adapter.fieldKeys, ...adapter.metadataFields].sort());
      } finally {
        await a.close();
        await b.close();
      }
    });

    test("a repeat later answers the first enquiry; other keys and no key store new ones", async () => {
      await openStore();
      const key = randomUUID();
      const first = await store.enquiries.add(retailer, { idempotencyKey: key });
      expect(await store.enquiries.add(retailer, { idempotencyKey: key })).toEqual(first);
      const other = await store.enquiries.add(retailer, { idempotencyKey: randomUUID() });
      const none = await store.enquiries.add(retailer);
      expect(new Set([first.id, other.id, none.id]).size).toBe(3);
      expect(await store.enquiries.list()).toHaveLength(3);
      expect(await adapter.pendingNotifications(store)).toBe(3);
    });

    test("a key first used with another enquiry is refused and stores nothing", async () => {
      await openStore();
      const key = randomUUID();
      await store.enquiries.add(retailer, { idempotencyKey: key });
      await expect(store.enquiries.add(selfUse, { idempotencyKey: key })).rejects.toBeInstanceOf(
        IdempotencyKeyReusedError,
      );
      await expect(
        store.enquiries.add({ ...retailer, Quantity: 25 }, { idempotencyKey: key }),
      ).rejects.toBeInstanceOf(IdempotencyKeyReusedError);
      expect(await store.enquiries.list()).toHaveLength(1);
      expect(await adapter.pendingNotifications(store)).toBe(1);
    });

    test("keys past their time are forgotten: the enquiry stays, and the key is then a new enquiry's", async () => {
      await openStore();
      const key = randomUUID();
      const first = await store.enquiries.add(retailer, { idempotencyKey: key });
      expect(await store.enquiries.eraseIdempotencyKeys(new Date(first.receivedAt))).toBe(0);
      expect(await store.enquiries.eraseIdempotencyKeys(later(first.receivedAt, 1))).toBe(1);
      expect(await store.enquiries.list()).toEqual([first]);
      const again = await store.enquiries.add(retailer, { idempotencyKey: key });
      expect(again.id).not.toBe(first.id);
    });
  });

  describe("the newsletter's consent", () => {
    const hour = minutes(60);
    const at = (iso: string) => new Date(iso);
    const t0 = "2026-03-01T10:00:00.000Z";
    const claimAll = (now: Date) =>
      store.enquiries.claimDueNotifications({ worker: "w", now, limit: 100, leaseMs: minutes(1) });

    test("an address is stored once, whatever its case, and mailed once an hour at most", async () => {
      await openStore();
      const first = await store.subscribers.request("Asha@Example.com", { now: at(t0), resendAfterMs: hour });
      expect(first.outcome).toBe("created");
      expect(first.confirmNonce).toMatch(/^[0-9a-f]{32}$/);
      const again = await store.subscribers.request("asha@example.com", {
        now: later(t0, minutes(59)),
        resendAfterMs: hour,
      });
      expect(again).toEqual({ ...first, outcome: "waiting" });
      expect(await adapter.pendingNotifications(store)).toBe(1);

      const resent = await store.subscribers.request("ASHA@EXAMPLE.COM", {
        now: later(t0, minutes(61)),
        resendAfterMs: hour,
      });
      expect(resent).toEqual({ ...first, outcome: "resent" });
      expect(await adapter.pendingNotifications(store)).toBe(2);

      const mails = await claimAll(later(t0, minutes(62)));
      expect(mails).toHaveLength(2);
      for (const mail of mails) {
        expect(mail).toMatchObject({
          kind: "newsletter-confirmation",
          subscriberId: first.subscriberId,
          email: "asha@example.com",
          confirmNonce: first.confirmNonce,
          // The link of the last request runs from then.
          requestedAt: later(t0, minutes(61)).toISOString(),
        });
        expect("unsubscribeNonce" in mail && mail.unsubscribeNonce).toMatch(/^[0-9a-f]{32}$/);
      }
      // Not a subscriber until confirmed.
      expect(await store.subscribers.list()).toEqual([]);
    });

    test("confirming needs the address's own nonce, counts the address and queues the welcome", async () => {
      await openStore();
      const { subscriberId, confirmNonce } = await store.subscribers.request("ravi@example.in", {
        now: at(t0),
        resendAfterMs: hour,
      });
      const other = await store.subscribers.request("asha@example.com", { now: at(t0), resendAfterMs: hour });

      expect(await store.subscribers.confirm(subscriberId, other.confirmNonce!, later(t0, 1000))).toBe(
        "unknown",
      );
      expect(await store.subscribers.confirm("no-such-id", confirmNonce!, later(t0, 1000))).toBe("unknown");
      expect(await store.subscribers.list()).toEqual([]);

      expect(await store.subscribers.confirm(subscriberId, confirmNonce!, later(t0, 2000))).toBe("confirmed");
      expect(await store.subscribers.confirm(subscriberId, confirmNonce!, later(t0, 3000))).toBe(
        "already-confirmed",
      );
      const listed = await store.subscribers.list();
      expect(listed).toEqual([
        {
          id: subscriberId,
          email: "ravi@example.in",
          subscribedAt: later(t0, 2000).toISOString(),
          unsubscribeNonce: expect.stringMatching(/^[0-9a-f]{32}$/) as unknown as string,
        },
      ]);
      // Asking again for a subscribed address mails nothing.
      expect(
        (
          await store.subscribers.request("Ravi@Example.in", {
            now: later(t0, hour * 2),
            resendAfterMs: hour,
          })
        ).outcome,
      ).toBe("confirmed");

      // Ravi's unsent confirmation is dropped; his welcome and Asha's confirmation wait.
      const mails = await claimAll(later(t0, hour * 3));
      expect(mails.map((mail) => mail.kind).sort()).toEqual([
        "newsletter-confirmation",
        "newsletter-welcome",
      ]);
      const welcome = mails.find((mail) => mail.kind === "newsletter-welcome");
      expect(welcome).toMatchObject({ subscriberId, email: "ravi@example.in", confirmNonce: null });
    });

    test("unsubscribing needs the address's own nonce and takes its unsent mail with it", async () => {
      await openStore();
      const asha = await store.subscribers.request("asha@example.com", { now: at(t0), resendAfterMs: hour });
      const ravi = await store.subscribers.request("ravi@example.in", { now: at(t0), resendAfterMs: hour });
      await store.subscribers.confirm(ravi.subscriberId, ravi.confirmNonce!, at(t0));
      const [raviListed] = await store.subscribers.list();

      expect(await store.subscribers.unsubscribe(asha.subscriberId, raviListed!.unsubscribeNonce)).toBe(
        false,
      );
      expect(await adapter.pendingNotifications(store)).toBe(2);

      expect(await store.subscribers.unsubscribe(ravi.subscriberId, raviListed!.unsubscribeNonce)).toBe(true);
      expect(await store.subscribers.unsubscribe(ravi.subscriberId, raviListed!.unsubscribeNonce)).toBe(
        false,
      );
      expect(await store.subscribers.list()).toEqual([]);
      const mails = await claimAll(later(t0, minutes(5)));
      expect(mails.map((mail) => ("email" in mail ? mail.email : ""))).toEqual(["asha@example.com"]);

      // A new request for the same address is a new subscriber: the old links do nothing.
      const back = await store.subscribers.request("ravi@example.in", { now: at(t0), resendAfterMs: hour });
      expect(back.outcome).toBe("created");
      await store.subscribers.confirm(back.subscriberId, back.confirmNonce!, at(t0));
      expect(await store.subscribers.unsubscribe(back.subscriberId, raviListed!.unsubscribeNonce)).toBe(
        false,
      );
      expect(await store.subscribers.list()).toHaveLength(1);
    });

    test("unconfirmed addresses are erased once they are old enough; confirmed ones stay", async () => {
      await openStore();
      await store.subscribers.request("old@example.com", { now: at(t0), resendAfterMs: hour });
      await store.subscribers.request("new@example.com", { now: later(t0, hour * 24), resendAfterMs: hour });
      const kept = await store.subscribers.request("kept@example.com", { now: at(t0), resendAfterMs: hour });
      await store.subscribers.confirm(kept.subscriberId, kept.confirmNonce!, at(t0));

      expect(await store.subscribers.eraseUnconfirmed(later(t0, hour))).toBe(1);
      expect(await store.subscribers.eraseUnconfirmed(later(t0, hour))).toBe(0);
      expect((await store.subscribers.list()).map((s) => s.email)).toEqual(["kept@example.com"]);
      // The erased address's confirmation went with it.
      const mails = await claimAll(later(t0, hour * 25));
      expect(mails.map((mail) => ("email" in mail ? mail.email : "")).sort()).toEqual([
        "kept@example.com",
        "new@example.com",
      ]);
      expect(
        (await store.subscribers.request("old@example.com", { now: at(t0), resendAfterMs: hour })).outcome,
      ).toBe("created");
    });

    test("the sweep keeps an unconfirmed address with no request time, as it cannot tell when it was asked for", async () => {
      await openStore();
      const undated = await store.subscribers.request("undated@example.com", {
        now: at(t0),
        resendAfterMs: hour,
      });
      await adapter.dropRequestTime(store, "undated@example.com");
      const old = await store.subscribers.request("old@example.com", { now: at(t0), resendAfterMs: hour });
      const kept = await store.subscribers.request("kept@example.com", { now: at(t0), resendAfterMs: hour });
      await store.subscribers.confirm(kept.subscriberId, kept.confirmNonce!, at(t0));

      expect(await store.subscribers.eraseUnconfirmed(later(t0, hour))).toBe(1);
      // The one asked for before the cutoff is gone, its link with it; the undated one is still there.
      expect(await store.subscribers.confirm(old.subscriberId, old.confirmNonce!, later(t0, hour))).toBe(
        "unknown",
      );
      expect(
        await store.subscribers.confirm(undated.subscriberId, undated.confirmNonce!, later(t0, hour)),
      ).toBe("confirmed");
      expect((await store.subscribers.list()).map((s) => s.email).sort()).toEqual([
        "kept@example.com",
        "undated@example.com",
      ]);
    });

    test("a key is made once and then always the same", async () => {
      await openStore();
      const key = await store.keys.key("newsletter-links");
      expect(key).toHaveLength(32);
      expect((await store.keys.key("newsletter-links")).equals(key)).toBe(true);
      expect((await store.keys.key("another")).equals(key)).toBe(false);
    });
  });

  test("two workers claiming at the same moment share the due notifications without overlap", async () => {
    await openStore();
    const stored = [];
    for (let i = 0; i < 6; i++) stored.push(await store.enquiries.add(i % 2 ? selfUse : retailer));
    const now = later(stored.at(-1)!.receivedAt, 1_000);

    const [a, b] = await Promise.all([
      store.enquiries.claimDueNotifications({ worker: "worker-a", now, limit: 10, leaseMs: minutes(1) }),
      store.enquiries.claimDueNotifications({ worker: "worker-b", now, limit: 10, leaseMs: minutes(1) }),
    ]);

    const idsA = a.map((n) => n.id);
    const idsB = b.map((n) => n.id);
    expect(idsA.filter((id) => idsB.includes(id))).toEqual([]);
    expect([...a, ...b].map((n) => ("enquiryId" in n ? n.enquiryId : n.id)).sort()).toEqual(
      stored.map((s) => s.id).sort(),
    );
  });

  describe("a queue whose head cannot be claimed", () => {
    /** Stores `count` enquiries; resolves to them, oldest first. */
    async function enquiries(count: number) {
      const stored = [];
      for (let i = 0; i < count; i++) stored.push(await store.enquiries.add(i % 2 ? selfUse : retailer));
      return stored;
    }
    const enquiryIds = (claimed: readonly PendingNotification[]) =>
      claimed.map((n) => ("enquiryId" in n ? n.enquiryId : n.id));

    /**
     * Claims every notification waiting (at the time the last arrived, so each is due) and marks
     * it sent, with a lease that is over at once: what was sent is then earlier by due time than
     * any enquiry that comes after.
     */
    async function sendAll(count: number) {
      const stored = await enquiries(count);
      const now = new Date(stored.at(-1)!.receivedAt);
      const sent = await store.enquiries.claimDueNotifications({
        worker: "a",
        now,
        limit: count,
        leaseMs: 1,
      });
      expect(sent).toHaveLength(count);
      for (const notification of sent) await store.enquiries.markNotificationSent(notification.id, "a");
    }

    test.each([
      { sent: 2, limit: 2 },
      { sent: 7, limit: 2 },
    ])(
      "$sent sent notifications at the head of the queue never keep a due one from a claim of $limit",
      async ({ sent, limit }) => {
        await openStore();
        await sendAll(sent);
        const [next] = await enquiries(1);

        // Long after, past a minute of quiet: the sent ones are still first by due time.
        const claimed = await store.enquiries.claimDueNotifications({
          worker: "b",
          now: later(next!.receivedAt, minutes(10)),
          limit,
          leaseMs: 1_000,
        });
        expect(enquiryIds(claimed)).toEqual([next!.id]);
      },
    );

    test("leased notifications at the head of the queue never keep a due one from being claimed", async () => {
      await openStore();
      const stored = await enquiries(5);
      const leased = await store.enquiries.claimDueNotifications({
        worker: "a",
        now: new Date(stored.at(-1)!.receivedAt),
        limit: 5,
        leaseMs: minutes(10),
      });
      expect(leased).toHaveLength(5);
      const [next] = await enquiries(1);

      const claimed = await store.enquiries.claimDueNotifications({
        worker: "b",
        now: later(next!.receivedAt, minutes(2)),
        limit: 2,
        leaseMs: minutes(10),
      });
      expect(enquiryIds(claimed)).toEqual([next!.id]);
    });

    test("two workers claiming at once share the work, each up to its limit, and never claim one twice", async () => {
      await openStore();
      const stored = await enquiries(8);
      const now = later(stored.at(-1)!.receivedAt, 1_000);
      const claim = (worker: string) =>
        store.enquiries.claimDueNotifications({ worker, now, limit: 4, leaseMs: minutes(1) });

      const [a, b] = await Promise.all([claim("worker-a"), claim("worker-b")]);

      expect(a).toHaveLength(4);
      expect(b).toHaveLength(4);
      expect([...enquiryIds(a), ...enquiryIds(b)].sort()).toEqual(stored.map((s) => s.id).sort());
      expect(await Promise.all([claim("worker-a"), claim("worker-b")])).toEqual([[], []]);
    });

    test("the outbox's backlog counts what waits and says since when the oldest waits", async () => {
      await openStore();
      expect(await store.enquiries.outboxBacklog()).toEqual({ waiting: 0, oldestQueuedAt: null });
      const [first, second] = await enquiries(2);
      expect(await store.enquiries.outboxBacklog()).toEqual({
        waiting: 2,
        oldestQueuedAt: first!.receivedAt,
      });

      // Claimed (leased) still waits; sent does not.
      const now = later(second!.receivedAt, 1_000);
      const claimed = await store.enquiries.claimDueNotifications({
        worker: "a",
        now,
        limit: 2,
        leaseMs: 1_000,
      });
      expect((await store.enquiries.outboxBacklog()).waiting).toBe(2);
      const oldest = claimed.find((n) => "enquiryId" in n && n.enquiryId === first!.id);
      await store.enquiries.markNotificationSent(oldest!.id, "a");
      expect(await store.enquiries.outboxBacklog()).toEqual({
        waiting: 1,
        oldestQueuedAt: second!.receivedAt,
      });
    });
  });

  test("a worker claims no more than its limit; the rest wait for the next claim", async () => {
    await openStore();
    const stored = [
      await store.enquiries.add(retailer),
      await store.enquiries.add(selfUse),
      await store.enquiries.add(retailer),
    ];
    const now = later(stored[2]!.receivedAt, minutes(1));

    const first = await store.enquiries.claimDueNotifications({
      worker: "worker-a",
      now,
      limit: 2,
      leaseMs: minutes(1),
    });
    const rest = await store.enquiries.claimDueNotifications({
      worker: "worker-b",
      now,
      limit: 2,
      leaseMs: minutes(1),
    });
    expect(first).toHaveLength(2);
    expect([...first, ...rest].map((n) => ("enquiryId" in n ? n.enquiryId : n.id)).sort()).toEqual(
      stored.map((s) => s.id).sort(),
    );
  });

  test("a notification is not due before its enquiry was received", async () => {
    await openStore();
    const stored = await store.enquiries.add(retailer);
    const claimed = await store.enquiries.claimDueNotifications({
      worker: "worker-a",
      now: later(stored.receivedAt, -minutes(1)),
      limit: 10,
      leaseMs: minutes(1),
    });
    expect(claimed).toEqual([]);
  });

  test("a claimed notification cannot be claimed again until its lease runs out", async () => {
    await openStore();
    const stored = await store.enquiries.add(retailer);
    const claimedAt = later(stored.receivedAt, 1_000);
    const [claim] = await store.enquiries.claimDueNotifications({
      worker: "worker-a",
      now: claimedAt,
      limit: 10,
      leaseMs: minutes(2),
    });
    expect(claim).toBeDefined();

    const duringLease = await store.enquiries.claimDueNotifications({
      worker: "worker-b",
      now: new Date(claimedAt.getTime() + minutes(2) - 1),
      limit: 10,
      leaseMs: minutes(2),
    });
    expect(duringLease).toEqual([]);

    // worker-a crashed without reporting: once the lease is over, another worker takes it.
    const afterLease = await store.enquiries.claimDueNotifications({
      worker: "worker-b",
      now: new Date(claimedAt.getTime() + minutes(2)),
      limit: 10,
      leaseMs: minutes(2),
    });
    expect(afterLease.map((n) => n.id)).toEqual([claim!.id]);
    expect(await adapter.pendingNotifications(store)).toBe(1);
  });

  test("a notification marked sent leaves the outbox for good", async () => {
    await openStore();
    const stored = await store.enquiries.add(retailer);
    await store.enquiries.add(selfUse);
    const now = later(stored.receivedAt, minutes(1));
    const [claim] = await store.enquiries.claimDueNotifications({
      worker: "worker-a",
      now,
      limit: 1,
      leaseMs: 1_000,
    });

    await store.enquiries.markNotificationSent(claim!.id, "worker-a");

    expect(await adapter.pendingNotifications(store)).toBe(1);
    const longAfter = await store.enquiries.claimDueNotifications({
      worker: "worker-b",
      now: later(stored.receivedAt, minutes(60)),
      limit: 10,
      leaseMs: 1_000,
    });
    expect(longAfter.map((n) => n.id)).not.toContain(claim!.id);
    expect(longAfter).toHaveLength(1);
  });

  test("a failed delivery is retried at the time given, with its attempt counted", async () => {
    await openStore();
    const stored = await store.enquiries.add(retailer);
    const now = later(stored.receivedAt, 1_000);
    const [claim] = await store.enquiries.claimDueNotifications({
      worker: "worker-a",
      now,
      limit: 1,
      leaseMs: minutes(1),
    });
    const retryAt = new Date(now.getTime() + minutes(5));

    await store.enquiries.markNotificationFailed(claim!.id, "worker-a", "SMTP 421 try again later", retryAt);

    expect(await adapter.pendingNotifications(store)).toBe(1);
    const beforeRetry = await store.enquiries.claimDueNotifications({
      worker: "worker-b",
      now: new Date(retryAt.getTime() - 1),
      limit: 1,
      leaseMs: minutes(1),
    });
    expect(beforeRetry).toEqual([]);

    const atRetry = await store.enquiries.claimDueNotifications({
      worker: "worker-b",
      now: retryAt,
      limit: 1,
      leaseMs: minutes(1),
    });
    expect(atRetry).toEqual([{ ...claim!, attempts: 1 }]);
  });

  test("a worker whose lease ran out cannot release the claim another worker now holds", async () => {
    await openStore();
    const stored = await store.enquiries.add(retailer);
    const now = later(stored.receivedAt, 1_000);
    const [claim] = await store.enquiries.claimDueNotifications({
      worker: "worker-a",
      now,
      limit: 1,
      leaseMs: 1_000,
    });
    const takeover = new Date(now.getTime() + 1_000);
    await store.enquiries.claimDueNotifications({
      worker: "worker-b",
      now: takeover,
      limit: 1,
      leaseMs: minutes(1),
    });

    await store.enquiries.markNotificationFailed(claim!.id, "worker-a", "timed out", takeover);

    const stillLeased = await store.enquiries.claimDueNotifications({
      worker: "worker-c",
      now: new Date(takeover.getTime() + 1_000),
      limit: 1,
      leaseMs: minutes(1),
    });
    expect(stillLeased).toEqual([]);
  });

  describe("a timed job's lease", () => {
    const t0 = new Date("2026-03-01T10:00:00.000Z");
    const at = (ms: number) => new Date(t0.getTime() + ms);

    test("of many takers at once exactly one wins, and the others cannot take it while it runs", async () => {
      await openStore();
      const takers = ["a", "b", "c", "d", "e", "f"];
      const won = await Promise.all(
        takers.map((holder) => store.leases.take("sweep", holder, t0, minutes(5))),
      );
      expect(won.filter(Boolean)).toHaveLength(1);
      const winner = takers[won.indexOf(true)]!;

      for (const holder of takers.filter((taker) => taker !== winner)) {
        expect(await store.leases.take("sweep", holder, at(minutes(5) - 1), minutes(5))).toBe(false);
      }
      // Another job has a lease of its own.
      expect(await store.leases.take("backup", "b", t0, minutes(5))).toBe(true);
    });

    test("a lease that ran out can be taken, and its old holder can then neither renew nor release it", async () => {
      await openStore();
      expect(await store.leases.take("sweep", "a", t0, minutes(5))).toBe(true);
      expect(await store.leases.take("sweep", "b", at(minutes(5)), minutes(5))).toBe(true);

      expect(await store.leases.renew("sweep", "a", at(minutes(6)), minutes(5))).toBe(false);
      await store.leases.release("sweep", "a", at(minutes(6)));
      expect(await store.leases.take("sweep", "c", at(minutes(6)), minutes(5))).toBe(false);
    });

    test("renewing keeps the lease past its first end; releasing frees it at once", async () => {
      await openStore();
      expect(await store.leases.take("sweep", "a", t0, minutes(5))).toBe(true);
      expect(await store.leases.renew("sweep", "a", at(minutes(4)), minutes(5))).toBe(true);
      expect(await store.leases.take("sweep", "b", at(minutes(8)), minutes(5))).toBe(false);
      expect(await store.leases.renew("sweep", "b", at(minutes(8)), minutes(5))).toBe(false);

      await store.leases.release("sweep", "a", at(minutes(8)));
      expect(await store.leases.take("sweep", "b", at(minutes(8)), minutes(5))).toBe(true);
    });

    test("a renewal and a takeover at once: one of them wins", async () => {
      await openStore();
      expect(await store.leases.take("sweep", "a", t0, minutes(5))).toBe(true);
      const [renewed, taken] = await Promise.all([
        store.leases.renew("sweep", "a", at(minutes(5)), minutes(5)),
        store.leases.take("sweep", "b", at(minutes(5)), minutes(5)),
      ]);
      expect([renewed, taken].filter(Boolean)).toHaveLength(1);
      const holder = renewed ? "a" : "b";
      const other = renewed ? "b" : "a";
      expect(await store.leases.take("sweep", other, at(minutes(9)), minutes(5))).toBe(false);
      expect(await store.leases.renew("sweep", holder, at(minutes(9)), minutes(5))).toBe(true);
    });
  });

  test("page-speed samples are summarised as the 75th percentile of each metric per page", async () => {
    await openStore();
    await store.vitals.add([
      { page: "/", metric: "LCP", value: 1200 },
      { page: "/", metric: "LCP", value: 3000 },
      { page: "/", metric: "LCP", value: 1800 },
      { page: "/", metric: "CLS", value: 0.01 },
      { page: "/privacy-policy", metric: "LCP", value: 900 },
    ]);
    await store.vitals.add([
      { page: "/", metric: "LCP", value: 2500 },
      { page: "/", metric: "CLS", value: 0.25 },
      { page: "/", metric: "CLS", value: 0.1 },
    ]);

    expect(await store.vitals.summarize()).toEqual([
      { page: "/", metric: "CLS", count: 3, p75: 0.25 },
      { page: "/", metric: "LCP", count: 4, p75: 2500 },
      { page: "/privacy-policy", metric: "LCP", count: 1, p75: 900 },
    ]);
  });

  test("no page-speed samples give an empty summary", async () => {
    await openStore();
    await store.vitals.add([]);
    expect(await store.vitals.summarize()).toEqual([]);
  });

  test("ping answers when the database does", async () => {
    await openStore();
    await expect(store.ping()).resolves.toBeUndefined();
  });

  test("a database that cannot be used gives StoreUnavailableError, and the store recovers when it comes back", async () => {
    await openStore();
    const before = await store.enquiries.add(retailer);
    const repair = await adapter.breakDatabase(store);

    const [ping, write] = await Promise.allSettled([store.ping(), store.enquiries.add(selfUse)]);
    expect(ping).toMatchObject({ status: "rejected", reason: expect.any(StoreUnavailableError) });
    expect(write).toMatchObject({ status: "rejected", reason: expect.any(StoreUnavailableError) });

    await repair();

    await expect(store.ping()).resolves.toBeUndefined();
    const after = await store.enquiries.add(selfUse);
    const listed = await store.enquiries.list();
    expect(listed).toContainEqual(before);
    expect(listed).toContainEqual(after);
  });

  test("a closed store refuses calls with StoreUnavailableError", async () => {
    await openStore();
    await store.close();
    await expect(store.ping()).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(store.enquiries.add(retailer)).rejects.toBeInstanceOf(StoreUnavailableError);
  });
});
