import { deleteApp, initializeApp } from "firebase-admin/app";
import { getFirestore, Timestamp } from "firebase-admin/firestore";
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { ENQUIRY_COLLECTION } from "../../domain/contract";
import type { EnquiryStatus } from "../../domain/console";
import type { DealFigures } from "../../domain/deal";
import type { Enquiry } from "../../domain/enquiry";
import { firestoreSandbox, sqliteSandbox } from "../../tests/support/store-sandboxes";
import { firestoreWorkRecord, sqliteWorkRecord, teamViews } from "../../tests/support/work-record";
import { dashboardData } from "../work/dashboard-figures";
import { BACKFILL_BATCH } from "./firestore/buyers";
import type { Store, StoredEnquiry } from "./store";
import { PLACEHOLDER_FACTS } from "../../domain/company-facts";

/** The build's default record: 10:00–19:00 IST, Monday to Saturday, first contact within 4 hours. */
const DEFAULT_HOURS = PLACEHOLDER_FACTS.workingHours;

// Enquiries are stamped with the clock each test sets.
vi.mock("./event-clock", () => ({ eventTime: () => new Date() }));

interface Adapter {
  name: string;
  setUp(): Promise<void>;
  tearDown(): Promise<void>;
  open(): Promise<{ store: Store; firestoreProject?: string }>;
  /**
   * Removes the enquiry's work record behind the last opened store's back, or tells whether it
   * has one: an enquiry stored before work records were kept has none.
   */
  workRecord(enquiryId: string, drop?: "drop"): Promise<boolean>;
}

function sqliteAdapter(): Adapter {
  const sandbox = sqliteSandbox("sale-contract");
  let path = "";
  return {
    ...sandbox,
    async open() {
      const opened = await sandbox.openStore();
      path = opened.path;
      return { store: opened.store };
    },
    workRecord: async (enquiryId, drop) => sqliteWorkRecord(path, enquiryId, drop),
  };
}

function firestoreAdapter(): Adapter {
  const sandbox = firestoreSandbox("sale");
  let projectId = "";
  return {
    ...sandbox,
    async open() {
      const opened = await sandbox.openStore();
      projectId = opened.projectId;
      return { store: opened.store, firestoreProject: projectId };
    },
    workRecord: (enquiryId, drop) => firestoreWorkRecord(projectId, enquiryId, drop),
  };
}

/** An instant given as IST wall-clock time. */
const ist = (local: string) => new Date(`${local}+05:30`);
const STAFF = "asha@collarise.example";
const OTHER = "bilal@collarise.example";

const neha = (overrides: Partial<Enquiry> = {}): Enquiry => ({
  Name: "Neha Joshi",
  Email: "nehajoshi@gmail.com",
  Mobile: "9811122233",
  Quantity: 12,
  RetailerSelfUse: "Retailer",
  ...overrides,
});

const jaipur: DealFigures = {
  quantity: 40,
  valueRupees: 32_000,
  city: "Jaipur",
  pinCode: "302001",
  gstin: "27AAPFU0939F1ZV",
};

describe.each([sqliteAdapter(), firestoreAdapter()])("the sale on the $name store", (adapter) => {
  let store: Store;
  beforeAll(() => adapter.setUp());
  afterAll(() => adapter.tearDown());
  afterEach(async () => {
    vi.useRealTimers();
    await store?.close();
  });

  async function open() {
    const opened = await adapter.open();
    store = opened.store;
    return opened;
  }

  /** Stores an enquiry as received at the IST time `at`. */
  async function receive(at: string, enquiry: Enquiry, options = {}): Promise<StoredEnquiry> {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(ist(at));
    try {
      return await store.enquiries.add(enquiry, options);
    } finally {
      vi.useRealTimers();
    }
  }

  async function setStatus(
    id: string,
    to: EnquiryStatus,
    extra: { lostReason?: "price" | "no-response" } = {},
  ) {
    const version = (await store.enquiryWork.get(id))?.version ?? 0;
    const result = await store.work.changeStatus(id, {
      to,
      expectedVersion: version,
      staffEmail: STAFF,
      at: new Date(),
      ...extra,
    });
    if (result.outcome !== "changed") throw new Error(`status change refused: ${result.outcome}`);
  }

  test("the deal's figures are recorded with a history line; a second save from the same version is refused and sees the first's", async () => {
    await open();
    const stored = await store.enquiries.add(neha());
    expect(await store.deals.get(stored.id)).toEqual({
      deal: { version: 0, quantity: null, valueRupees: null, city: null, pinCode: null, gstin: null },
      lostReason: null,
    });

    const first = await store.work.recordDeal(stored.id, {
      expectedVersion: 0,
      figures: jaipur,
      staffEmail: STAFF,
      at: new Date(),
    });
    expect(first).toEqual({ outcome: "changed", deal: { version: 1, ...jaipur } });
    // Bilal's page still shows version 0: his save is refused, and he is shown Asha's figures.
    const second = await store.work.recordDeal(stored.id, {
      expectedVersion: 0,
      figures: { ...jaipur, valueRupees: 30_000 },
      staffEmail: OTHER,
      at: new Date(),
    });
    expect(second).toEqual({ outcome: "conflict", deal: { version: 1, ...jaipur } });
    expect((await store.deals.get(stored.id))?.deal).toEqual({ version: 1, ...jaipur });

    // The same figures again change nothing; cleared figures are a change like any other.
    expect(
      await store.work.recordDeal(stored.id, {
        expectedVersion: 1,
        figures: jaipur,
        staffEmail: OTHER,
        at: new Date(),
      }),
    ).toEqual({ outcome: "unchanged", deal: { version: 1, ...jaipur } });
    const cleared = { ...jaipur, gstin: null, city: null, pinCode: null };
    expect(
      await store.work.recordDeal(stored.id, {
        expectedVersion: 1,
        figures: cleared,
        staffEmail: OTHER,
        at: new Date(),
      }),
    ).toEqual({ outcome: "changed", deal: { version: 2, ...cleared } });

    const record = await store.enquiryWork.get(stored.id);
    expect(record?.history.map(({ kind, text, staffEmail }) => ({ kind, text, staffEmail }))).toEqual([
      {
        kind: "deal",
        text: "Deal: 40 sachets, ₹ 32,000, Jaipur 302001, GSTIN 27AAPFU0939F1ZV",
        staffEmail: STAFF,
      },
      { kind: "deal", text: "Deal: 40 sachets, ₹ 32,000", staffEmail: OTHER },
    ]);
    // Recording figures is not contact with the buyer.
    expect((await store.team.fieldsOf([stored.id])).get(stored.id)).toMatchObject({ touched: false });
    expect(
      await store.work.recordDeal("no-such-enquiry", {
        expectedVersion: 0,
        figures: jaipur,
        staffEmail: STAFF,
        at: new Date(),
      }),
    ).toEqual({ outcome: "not-found" });
    expect(await store.deals.get("no-such-enquiry")).toBeNull();
  });

  test("two saves at the same moment from one version: exactly one is made", async () => {
    await open();
    const stored = await store.enquiries.add(neha());
    const results = await Promise.all(
      [32_000, 31_000, 30_000].map((valueRupees) =>
        store.work.recordDeal(stored.id, {
          expectedVersion: 0,
          figures: { ...jaipur, valueRupees },
          staffEmail: STAFF,
          at: new Date(),
        }),
      ),
    );
    expect(results.filter((result) => result.outcome === "changed")).toHaveLength(1);
    expect(results.filter((result) => result.outcome === "conflict")).toHaveLength(2);
    const kept = await store.deals.get(stored.id);
    expect(kept?.deal.version).toBe(1);
    expect((await store.enquiryWork.get(stored.id))?.history).toHaveLength(1);
    // What is kept is the save that was made, and the two refused are shown it: a refused save
    // writes none of its figures, even where a commit applies its writes in turn (the emulator).
    const made = results.find((result) => result.outcome === "changed");
    expect(kept?.deal).toEqual(made && "deal" in made ? made.deal : null);
    for (const result of results.filter((each) => each.outcome === "conflict")) {
      expect(result).toEqual({ outcome: "conflict", deal: kept?.deal });
    }
  });

  test("a deal recorded on an enquiry with no work record writes none: it still reads as New, in no view of the team's work", async () => {
    await open();
    const stored = await receive("2026-11-20T10:00:00", neha());
    expect(await adapter.workRecord(stored.id, "drop")).toBe(false);
    const before = await teamViews(store);

    const at = ist("2026-11-20T11:00:00");
    const recorded = await store.work.recordDeal(stored.id, {
      expectedVersion: 0,
      figures: jaipur,
      staffEmail: STAFF,
      at,
    });
    expect(recorded).toEqual({ outcome: "changed", deal: { version: 1, ...jaipur } });

    expect(await adapter.workRecord(stored.id)).toBe(false);
    expect(await store.deals.get(stored.id)).toEqual({ deal: { version: 1, ...jaipur }, lostReason: null });
    const record = await store.enquiryWork.get(stored.id);
    expect([record?.status, record?.version]).toEqual(["New", 0]);
    expect(record?.history.map(({ kind, text }) => ({ kind, text }))).toEqual([
      { kind: "deal", text: "Deal: 40 sachets, ₹ 32,000, Jaipur 302001, GSTIN 27AAPFU0939F1ZV" },
    ]);
    const after = await teamViews(store);
    expect(after).toEqual(before);
    expect([after.waiting, after.open, after.unassigned]).toEqual([
      [[], 0],
      [[], 0],
      [[], 0],
    ]);

    // The next change of its work makes its record, from version 0.
    const changed = await store.work.changeStatus(stored.id, {
      to: "Contacted",
      expectedVersion: 0,
      staffEmail: STAFF,
      at: new Date(at.getTime() + 1_000),
    });
    expect(changed.outcome).toBe("changed");
    expect(await adapter.workRecord(stored.id)).toBe(true);
    const worked = await store.enquiryWork.get(stored.id);
    expect([worked?.status, worked?.version]).toEqual(["Contacted", 1]);
    expect(worked?.history.map((line) => line.kind)).toEqual(["deal", "status"]);
    expect((await store.deals.get(stored.id))?.deal).toEqual({ version: 1, ...jaipur });
  });

  test("Declined keeps why the sale was lost, with its line; reopening forgets it", async () => {
    await open();
    const stored = await store.enquiries.add(neha());
    await setStatus(stored.id, "Contacted");
    await setStatus(stored.id, "Declined", { lostReason: "price" });
    expect((await store.deals.get(stored.id))?.lostReason).toBe("price");
    expect((await store.deals.outcomesOf([stored.id])).get(stored.id)).toEqual({
      figures: { quantity: null, valueRupees: null, city: null, pinCode: null, gstin: null },
      lostReason: "price",
    });
    const history = (await store.enquiryWork.get(stored.id))?.history ?? [];
    expect(history.slice(-2).map(({ kind, text, to }) => ({ kind, text, to }))).toEqual([
      { kind: "status", text: undefined, to: "Declined" },
      { kind: "deal", text: "Lost: Price", to: undefined },
    ]);
    await setStatus(stored.id, "Contacted");
    expect((await store.deals.get(stored.id))?.lostReason).toBeNull();
    expect((await store.deals.outcomesOf([stored.id])).size).toBe(0);
  });

  test("one buyer: the same mobile, or the same mailbox however written, and never spam or a stranger", async () => {
    await open();
    const first = await receive("2026-01-05T10:00:00", neha());
    // The same mailbox with Gmail's dots and a +tag, from another phone.
    const second = await receive(
      "2026-02-10T11:00:00",
      neha({ Email: "Neha.Joshi+diwali@googlemail.com", Mobile: "9800000001" }),
    );
    // The same phone, another address.
    const third = await receive("2026-03-01T12:00:00", neha({ Email: "orders@joshi-pharma.example" }));
    // Filed as spam with her number: never listed or counted.
    await receive("2026-03-02T12:00:00", neha({ Email: "x@spam.example" }), {
      screening: { score: 9, reasons: ["link-in-name"], spam: true },
    });
    // Strangers: dots count outside Gmail, another Gmail user, another number.
    await receive("2026-03-03T12:00:00", neha({ Email: "neha.joshi@example.in", Mobile: "9800000002" }));
    await receive("2026-03-04T12:00:00", neha({ Email: "nehajoshi1@gmail.com", Mobile: "9800000003" }));
    const latest = await receive(
      "2026-03-05T12:00:00",
      neha({ Email: "NEHAJOSHI@GMAIL.COM", Mobile: "9800000004" }),
    );

    await setStatus(first.id, "Confirmed");
    await store.work.recordDeal(first.id, {
      expectedVersion: 0,
      figures: jaipur,
      staffEmail: STAFF,
      at: new Date(),
    });
    await setStatus(second.id, "Declined", { lostReason: "no-response" });

    // The second shares the first's and the latest's mailbox, nothing with the third.
    expect(await store.buyers.history(second.id, 100)).toEqual({
      total: 2,
      earlier: 1,
      enquiries: [
        {
          id: latest.id,
          reference: expect.any(String),
          receivedAt: latest.receivedAt,
          status: "New",
          quantity: 12,
          sameMobile: false,
          sameMailbox: true,
          orderValue: null,
          lostReason: null,
        },
        {
          id: first.id,
          reference: expect.any(String),
          receivedAt: first.receivedAt,
          status: "Confirmed",
          quantity: 12,
          sameMobile: false,
          sameMailbox: true,
          orderValue: 32_000,
          lostReason: null,
        },
      ],
    });

    const ofFirst = await store.buyers.history(first.id, 100);
    expect(ofFirst?.enquiries.map((each) => [each.id, each.sameMobile, each.sameMailbox])).toEqual([
      [latest.id, false, true],
      [third.id, true, false],
      [second.id, false, true],
    ]);
    expect(ofFirst).toMatchObject({ total: 3, earlier: 0 });
    expect(ofFirst?.enquiries.find((each) => each.id === second.id)).toMatchObject({
      status: "Declined",
      lostReason: "no-response",
      orderValue: null,
    });
    // The newest only, when fewer are asked for; the total still counts them all.
    expect(await store.buyers.history(first.id, 1)).toMatchObject({
      total: 3,
      earlier: 0,
      enquiries: [{ id: latest.id }],
    });

    const counts = await store.buyers.earlierCounts([first.id, second.id, third.id, latest.id]);
    expect(Object.fromEntries([...counts].map(([id, count]) => [id, count]))).toEqual({
      [second.id]: 1,
      [third.id]: 1,
      [latest.id]: 2,
    });
    expect(await store.buyers.history("no-such-enquiry", 10)).toBeNull();
  });

  test("spam, filed on arrival or by hand, is in no buyer's history, earlier count or mobile's enquiries; one released and a duplicate stay", async () => {
    await open();
    const spam = { screening: { score: 9, reasons: ["link-in-name"], spam: true } };
    const first = await receive("2026-04-01T10:00:00", neha());
    const onArrival = await receive("2026-04-02T10:00:00", neha(), spam);
    const byHand = await receive("2026-04-03T10:00:00", neha());
    await setStatus(byHand.id, "Spam");
    const released = await receive("2026-04-04T10:00:00", neha(), spam);
    const version = (await store.enquiryWork.get(released.id))?.version ?? 0;
    await store.work.releaseFromSpam(released.id, {
      expectedVersion: version,
      staffEmail: STAFF,
      at: new Date(),
    });
    const repeat = await receive("2026-04-05T10:00:00", neha());
    await store.work.changeStatus(repeat.id, {
      to: "Duplicate",
      duplicateOf: first.id,
      expectedVersion: 0,
      staffEmail: STAFF,
      at: new Date(),
    });
    const latest = await receive("2026-04-06T10:00:00", neha());

    const history = await store.buyers.history(latest.id, 100);
    expect(history?.enquiries.map((each) => [each.id, each.status])).toEqual([
      [repeat.id, "Duplicate"],
      [released.id, "New"],
      [first.id, "New"],
    ]);
    expect(history).toMatchObject({ total: 3, earlier: 3 });
    expect(await store.buyers.history(onArrival.id, 100)).toMatchObject({ total: 4, earlier: 1 });
    const counts = await store.buyers.earlierCounts([
      first.id,
      onArrival.id,
      byHand.id,
      released.id,
      latest.id,
    ]);
    expect(Object.fromEntries(counts)).toEqual({
      [onArrival.id]: 1,
      [byHand.id]: 1,
      [released.id]: 1,
      [latest.id]: 3,
    });
    const ofMobile = await store.buyers.enquiriesOfMobile(neha().Mobile);
    expect(ofMobile.map((each) => each.id).sort()).toEqual(
      [first.id, released.id, repeat.id, latest.id].sort(),
    );
  });

  test("the dashboard counts orders and their value per IST month, and the win rate per source and buyer type", async () => {
    await open();
    let buyers = 0;
    // Each a buyer of their own.
    const at = (day: string, enquiry: Partial<Enquiry>, source?: string) => {
      buyers += 1;
      const own = { Mobile: String(9_700_000_000 + buyers), Email: `buyer${buyers}@example.in` };
      return receive(day, neha({ ...own, ...enquiry }), source ? { source: { utmSource: source } } : {});
    };
    // 31 January 23:45 IST is January in India, though 18:15 UTC.
    const jan = await at("2026-01-31T23:45:00", { RetailerSelfUse: "Retailer" }, "Instagram");
    const feb = await at("2026-02-01T00:15:00", { RetailerSelfUse: "Retailer" }, "instagram");
    const febNoValue = await at("2026-02-14T10:00:00", { RetailerSelfUse: "Self Use" });
    const lost = await at("2026-02-20T10:00:00", { RetailerSelfUse: "Self Use" }, "google");
    const open_ = await at("2026-03-01T10:00:00", { RetailerSelfUse: "Self Use" });
    const spam = await at("2026-03-02T10:00:00", { RetailerSelfUse: "Retailer" }, "instagram");
    const fulfilled = await at("2026-03-03T10:00:00", { RetailerSelfUse: "Self Use" });

    await setStatus(jan.id, "Confirmed");
    await store.work.recordDeal(jan.id, {
      expectedVersion: 0,
      figures: { ...jaipur, valueRupees: 10_000 },
      staffEmail: STAFF,
      at: new Date(),
    });
    await setStatus(feb.id, "Fulfilled");
    await store.work.recordDeal(feb.id, {
      expectedVersion: 0,
      figures: { ...jaipur, valueRupees: 1_50_000 },
      staffEmail: STAFF,
      at: new Date(),
    });
    await setStatus(febNoValue.id, "Confirmed");
    await setStatus(lost.id, "Declined", { lostReason: "price" });
    // A value on a lost sale is no order.
    await store.work.recordDeal(lost.id, {
      expectedVersion: 0,
      figures: { ...jaipur, valueRupees: 99_999 },
      staffEmail: STAFF,
      at: new Date(),
    });
    await store.work.recordDeal(open_.id, {
      expectedVersion: 0,
      figures: { ...jaipur, valueRupees: 5_000 },
      staffEmail: STAFF,
      at: new Date(),
    });
    await setStatus(spam.id, "Spam");
    await setStatus(fulfilled.id, "Fulfilled");
    await store.work.recordDeal(fulfilled.id, {
      expectedVersion: 0,
      figures: { ...jaipur, valueRupees: 2_500 },
      staffEmail: STAFF,
      at: new Date(),
    });

    const data = await dashboardData(store.dashboard, {
      now: ist("2026-03-14T12:00:00"),
      days: 90,
      hours: DEFAULT_HOURS,
    });
    expect(data.sales).toEqual({
      months: [
        { month: "2025-12", orders: 0, value: 0 },
        { month: "2026-01", orders: 1, value: 10_000 },
        { month: "2026-02", orders: 1, value: 1_50_000 },
        { month: "2026-03", orders: 1, value: 2_500 },
      ],
      orders: 3,
      value: 1_62_500,
      won: 4,
      decided: 5,
      winRate: {
        sources: [
          { key: "Direct or unknown", won: 2, decided: 2 },
          { key: "instagram", won: 2, decided: 2 },
          { key: "google", won: 0, decided: 1 },
        ],
        buyers: [
          { key: "Retailer", won: 2, decided: 2 },
          { key: "Self Use", won: 2, decided: 3 },
        ],
      },
      lostReasons: [{ key: "price", enquiries: 1 }],
    });
    // Thirty days from 13 February: January's order and the Instagram enquiries fall out.
    const month = await dashboardData(store.dashboard, {
      now: ist("2026-03-14T12:00:00"),
      days: 30,
      hours: DEFAULT_HOURS,
    });
    expect(month.sales).toMatchObject({
      months: [
        { month: "2026-02", orders: 0, value: 0 },
        { month: "2026-03", orders: 1, value: 2_500 },
      ],
      won: 2,
      decided: 3,
    });
  });

  if (adapter.name.startsWith("Firestore")) {
    test("an enquiry stored before buyer keys is found once the start-up has given it its keys, and erased by its number before that", async () => {
      const { firestoreProject } = await open();
      const app = initializeApp({ projectId: firestoreProject }, `sale-probe-${firestoreProject}`);
      try {
        const db = getFirestore(app);
        // As an earlier version stored it: the five fields and their metadata, no buyer keys.
        await db
          .collection(ENQUIRY_COLLECTION)
          .doc("older-enquiry")
          .set({
            ...neha(),
            receivedAt: Timestamp.fromDate(ist("2025-12-01T10:00:00")),
            language: "en",
          });
        const newer = await receive("2026-03-01T10:00:00", neha({ Email: "new@example.in" }));
        expect((await store.buyers.history(newer.id, 10))?.total).toBe(0);

        expect(await store.buyers.backfillKeys()).toBe(1);
        expect((await store.buyers.history(newer.id, 10))?.enquiries.map((each) => each.id)).toEqual([
          "older-enquiry",
        ]);
        expect((await store.buyers.earlierCounts([newer.id])).get(newer.id)).toBe(1);
        // Done once: the next start reads a marker, not every enquiry.
        expect(await store.buyers.backfillKeys()).toBe(0);
      } finally {
        await deleteApp(app);
      }
    });

    test("every enquiry stored before buyer keys is given its keys, over several of the backfill's batches and those received at one time together", async () => {
      const { firestoreProject } = await open();
      const app = initializeApp({ projectId: firestoreProject }, `sale-probe-${firestoreProject}`);
      try {
        const db = getFirestore(app);
        // Two batches and a part, a minute apart, but 40 received at once across the first batch's end.
        const older = 2 * BACKFILL_BATCH + 50;
        const together = BACKFILL_BATCH - 20;
        const minuteOf = (index: number) => (index < together ? index : Math.max(together, index - 39));
        const receivedAt = (index: number) =>
          new Date(ist("2025-06-01T10:00:00").getTime() + minuteOf(index) * 60_000);
        for (let start = 0; start < older; start += 400) {
          const batch = db.batch();
          for (let index = start; index < Math.min(older, start + 400); index++) {
            batch.set(db.collection(ENQUIRY_COLLECTION).doc(`older-${String(index).padStart(4, "0")}`), {
              ...neha(),
              receivedAt: Timestamp.fromDate(receivedAt(index)),
              language: "en",
            });
          }
          await batch.commit();
        }
        const newer = await receive("2026-03-01T10:00:00", neha());

        expect(await store.buyers.backfillKeys()).toBe(older);
        const history = await store.buyers.history(newer.id, 10);
        expect(history?.total).toBe(older);
        expect(history?.earlier).toBe(older);
      } finally {
        await deleteApp(app);
      }
    }, 60_000);

    test("before the backfill, a person's request still finds their older enquiries", async () => {
      const { firestoreProject } = await open();
      const app = initializeApp({ projectId: firestoreProject }, `sale-probe-${firestoreProject}`);
      try {
        const db = getFirestore(app);
        await db
          .collection(ENQUIRY_COLLECTION)
          .doc("older-enquiry")
          .set({
            ...neha({ Email: "Neha.Joshi@gmail.com" }),
            receivedAt: Timestamp.fromDate(ist("2025-12-01T10:00:00")),
            language: "en",
          });
        const byMobile = await store.personalData.find({ mobile: "9811122233" });
        expect(byMobile.enquiries.map((each) => each.id)).toEqual(["older-enquiry"]);
        const erased = await store.personalData.erase({ email: "nehajoshi@gmail.com" }, { actor: null });
        expect(erased.enquiries.map((each) => each.id)).toEqual(["older-enquiry"]);
        expect((await db.collection(ENQUIRY_COLLECTION).doc("older-enquiry").get()).exists).toBe(false);
      } finally {
        await deleteApp(app);
      }
    });
  }
});
