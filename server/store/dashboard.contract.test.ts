import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import type { EnquiryStatus } from "../../domain/console";
import type { Enquiry } from "../../domain/enquiry";
import { firestoreSandbox, sqliteSandbox } from "../../tests/support/store-sandboxes";
import { dashboardData } from "../work/dashboard-figures";
import { fileWhatsAppMessages } from "../whatsapp/filing";
import type { Store } from "./store";
import { PLACEHOLDER_FACTS } from "../../domain/company-facts";

/** The build's default record: 10:00–19:00 IST, Monday to Saturday, first contact within 4 hours. */
const DEFAULT_HOURS = PLACEHOLDER_FACTS.workingHours;

// Enquiries are stamped with the clock the test sets (the event clock would otherwise keep every
// stamp after the last one this process made, whatever the clock says).
vi.mock("./event-clock", () => ({ eventTime: () => new Date() }));

interface Adapter {
  name: string;
  setUp(): Promise<void>;
  tearDown(): Promise<void>;
  open(): Promise<Store>;
}

function sqliteAdapter(): Adapter {
  const sandbox = sqliteSandbox("dashboard-contract");
  return { ...sandbox, open: async () => (await sandbox.openStore()).store };
}

function firestoreAdapter(): Adapter {
  const sandbox = firestoreSandbox("dashboard");
  return { ...sandbox, open: async () => (await sandbox.openStore()).store };
}

/** An instant given as IST wall-clock time. */
const ist = (local: string) => new Date(`${local}+05:30`);

const enquiry = (Name: string, Quantity: number, RetailerSelfUse: Enquiry["RetailerSelfUse"]): Enquiry => ({
  Name,
  Email: `${Name.toLowerCase()}@example.com`,
  Mobile: "9876543210",
  Quantity,
  RetailerSelfUse,
});

const A = "asha@collarise.example";
const B = "bilal@collarise.example";
const C = "chitra@collarise.example";

/** "Now" for every figure below: Saturday 14 March 2026, 12:00 IST. */
const NOW = ist("2026-03-14T12:00:00");

async function receive(store: Store, at: string, ...fields: Parameters<typeof enquiry>) {
  vi.setSystemTime(ist(at));
  return store.enquiries.add(enquiry(...fields));
}

async function change(store: Store, id: string, steps: [EnquiryStatus, string, string][]) {
  let version = 0;
  for (const [to, staffEmail, at] of steps) {
    const result = await store.work.changeStatus(id, {
      to,
      expectedVersion: version,
      staffEmail,
      at: ist(at),
    });
    if (result.outcome !== "changed") throw new Error(`status change refused: ${result.outcome}`);
    version = result.version;
  }
}

/**
 * A known fortnight: six enquiries in the 30 days to Saturday 14 March 2026 (one on the range's
 * first instant, one a minute before it), one in January, with status changes and a note at known
 * working-hour distances, and page-speed samples either side of a week's boundary in IST.
 */
async function placeKnownData(store: Store) {
  vi.useFakeTimers({ toFake: ["Date"] });
  try {
    await receive(store, "2026-02-12T23:59:00", "Before", 9, "Retailer");
    const first = await receive(store, "2026-02-13T00:00:00", "First", 4, "Self Use");
    const old = await receive(store, "2026-01-10T11:00:00", "Old", 50, "Retailer");
    const friday = await receive(store, "2026-03-06T18:30:00", "Friday", 2, "Self Use");
    const saturday = await receive(store, "2026-03-07T20:00:00", "Saturday", 1, "Self Use");
    const monday = await receive(store, "2026-03-09T10:00:00", "Monday", 10, "Retailer");
    await receive(store, "2026-03-12T09:00:00", "Thursday", 5, "Retailer");
    await receive(store, "2026-03-14T11:00:00", "Today", 3, "Self Use");
    void first;

    // Monday: contacted 90 working minutes after arriving, confirmed the next day by someone else.
    await change(store, monday.id, [
      ["Contacted", A, "2026-03-09T11:30:00"],
      ["Confirmed", B, "2026-03-10T12:00:00"],
    ]);
    // Friday 18:30: a note on Saturday at 13:30 is 30 + 210 = 240 working minutes, the target exactly.
    await store.work.addNote(friday.id, {
      text: "Called back",
      staffEmail: A,
      at: ist("2026-03-07T13:30:00"),
    });
    await change(store, friday.id, [["Fulfilled", B, "2026-03-11T16:00:00"]]);
    // Saturday 20:00: marked Spam on Monday at 15:00, five working hours later (Sunday is off): from
    // then on in no figure but the funnel's "Set apart".
    await change(store, saturday.id, [["Spam", A, "2026-03-09T15:00:00"]]);
    // January's enquiry, first worked on within the 30 days.
    await change(store, old.id, [["Contacted", C, "2026-02-20T10:30:00"]]);

    await store.vitals.add(
      [1000, 2000, 3000, 4000].map((value) => ({ page: "/", metric: "LCP", value })),
      ist("2026-03-10T15:00:00"),
    );
    await store.vitals.add([{ page: "/", metric: "LCP", value: 500 }], ist("2026-03-03T15:00:00"));
    await store.vitals.add([{ page: "/", metric: "CLS", value: 0.1 }], ist("2026-03-08T23:30:00"));
    await store.vitals.add([{ page: "/", metric: "CLS", value: 0.2 }], ist("2026-03-09T00:30:00"));
    await store.vitals.add([{ page: "/hi", metric: "LCP", value: 9000 }], ist("2026-02-01T12:00:00"));
  } finally {
    vi.useRealTimers();
  }
}

const zeroWeek = (weekStart: string) => ({ weekStart, quantity: 0 });

describe.each([sqliteAdapter(), firestoreAdapter()])("the dashboard on the $name store", (adapter) => {
  let store: Store;

  beforeAll(() => adapter.setUp());
  afterAll(() => adapter.tearDown());
  afterEach(async () => {
    await store?.close();
  });

  test("counts the 30 and 90 IST days to today exactly, spam aside: per day, per week, the funnel, first contact, members and page speed", async () => {
    store = await adapter.open();
    await placeKnownData(store);

    const month = await dashboardData(store.dashboard, { now: NOW, days: 30, hours: DEFAULT_HOURS });
    expect(month).toMatchObject({
      days: 30,
      from: "2026-02-13",
      to: "2026-03-14",
      generatedAt: NOW.toISOString(),
    });
    expect(month.perDay).toHaveLength(30);
    const busyDays = month.perDay.filter((day) => day.quantity > 0);
    expect(busyDays).toEqual([
      { date: "2026-02-13", enquiries: { Retailer: 0, "Self Use": 1 }, quantity: 4 },
      { date: "2026-03-06", enquiries: { Retailer: 0, "Self Use": 1 }, quantity: 2 },
      { date: "2026-03-09", enquiries: { Retailer: 1, "Self Use": 0 }, quantity: 10 },
      { date: "2026-03-12", enquiries: { Retailer: 1, "Self Use": 0 }, quantity: 5 },
      { date: "2026-03-14", enquiries: { Retailer: 0, "Self Use": 1 }, quantity: 3 },
    ]);
    expect(month.quantityPerWeek).toEqual([
      { weekStart: "2026-02-09", quantity: 4 },
      zeroWeek("2026-02-16"),
      zeroWeek("2026-02-23"),
      { weekStart: "2026-03-02", quantity: 2 },
      { weekStart: "2026-03-09", quantity: 18 },
    ]);
    expect(month.funnel).toEqual({
      counts: { New: 3, Contacted: 0, Confirmed: 1, Fulfilled: 1, Declined: 0, Duplicate: 0, Spam: 1 },
      received: 6,
      genuine: 5,
      reachedConfirmed: 2,
      reachedFulfilled: 1,
    });
    // The days' enquiries add up to the headline: every one received but the one filed as spam.
    expect(
      month.perDay.reduce((sum, day) => sum + day.enquiries.Retailer + day.enquiries["Self Use"], 0),
    ).toBe(month.funnel.genuine);
    // 90 and 240 working minutes; the spam's 300 is no contact with a buyer.
    expect(month.firstContact).toEqual({
      targetHours: 4,
      received: 5,
      contacted: 2,
      withinTarget: 2,
      medianWorkingMinutes: 165,
    });
    expect(month.breakdowns.members).toEqual([
      { key: A, enquiries: 2 },
      { key: B, enquiries: 2 },
      { key: C, enquiries: 1 },
    ]);
    expect(month.vitals).toEqual([
      { weekStart: "2026-03-02", page: "/", metric: "CLS", count: 1, p75: 0.1 },
      { weekStart: "2026-03-02", page: "/", metric: "LCP", count: 1, p75: 500 },
      { weekStart: "2026-03-09", page: "/", metric: "CLS", count: 1, p75: 0.2 },
      { weekStart: "2026-03-09", page: "/", metric: "LCP", count: 4, p75: 3000 },
    ]);

    // A target of 1.5 working hours counts only the Monday enquiry as answered in time.
    const strict = await dashboardData(store.dashboard, {
      now: NOW,
      days: 30,
      hours: { ...DEFAULT_HOURS, firstContactHours: 1.5 },
    });
    expect(strict.firstContact).toMatchObject({ targetHours: 1.5, withinTarget: 1 });

    const quarter = await dashboardData(store.dashboard, { now: NOW, days: 90, hours: DEFAULT_HOURS });
    expect(quarter).toMatchObject({ from: "2025-12-15", to: "2026-03-14" });
    expect(quarter.perDay).toHaveLength(90);
    expect(quarter.perDay.find((day) => day.date === "2026-01-10")).toEqual({
      date: "2026-01-10",
      enquiries: { Retailer: 1, "Self Use": 0 },
      quantity: 50,
    });
    expect(quarter.perDay.find((day) => day.date === "2026-02-12")).toEqual({
      date: "2026-02-12",
      enquiries: { Retailer: 1, "Self Use": 0 },
      quantity: 9,
    });
    expect(quarter.quantityPerWeek).toHaveLength(13);
    expect(quarter.quantityPerWeek.reduce((sum, week) => sum + week.quantity, 0)).toBe(83);
    expect(quarter.funnel.counts).toEqual({
      New: 4,
      Contacted: 1,
      Confirmed: 1,
      Fulfilled: 1,
      Declined: 0,
      Duplicate: 0,
      Spam: 1,
    });
    // 90 and 240 working minutes, and the January enquiry's long wait: the median is 240.
    expect(quarter.firstContact).toMatchObject({
      received: 7,
      contacted: 3,
      withinTarget: 2,
      medianWorkingMinutes: 240,
    });
    expect(quarter.vitals.map((week) => [week.weekStart, week.page, week.metric, week.p75])).toContainEqual([
      "2026-01-26",
      "/hi",
      "LCP",
      9000,
    ]);
  });

  test("forty enquiries stored at once are forty on their day, and an erased person's leave it with their work", async () => {
    store = await adapter.open();
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(ist("2026-03-13T15:00:00"));
      const stored = await Promise.all(
        Array.from({ length: 40 }, (_, index) =>
          store.enquiries.add(enquiry(`Buyer${index}`, index + 1, index % 4 === 0 ? "Retailer" : "Self Use")),
        ),
      );
      await Promise.all(
        stored.slice(0, 10).map((one, index) =>
          store.work.addNote(one.id, {
            text: "Called",
            staffEmail: index % 2 ? A : B,
            at: ist("2026-03-13T16:00:00"),
          }),
        ),
      );
      const before = await dashboardData(store.dashboard, { now: NOW, days: 30, hours: DEFAULT_HOURS });
      expect(before.perDay.find((day) => day.date === "2026-03-13")).toEqual({
        date: "2026-03-13",
        enquiries: { Retailer: 10, "Self Use": 30 },
        quantity: (40 * 41) / 2,
      });
      expect(before.firstContact).toMatchObject({
        received: 40,
        contacted: 10,
        withinTarget: 10,
        medianWorkingMinutes: 60,
      });
      expect(before.breakdowns.members).toEqual([
        { key: A, enquiries: 5 },
        { key: B, enquiries: 5 },
      ]);

      // Buyer0 (Retailer, 1 pack, noted by B) asks to be forgotten.
      const report = await store.personalData.erase({ email: "buyer0@example.com" }, { actor: A });
      expect(report.erased).toBe(true);
      const after = await dashboardData(store.dashboard, { now: NOW, days: 30, hours: DEFAULT_HOURS });
      expect(after.perDay.find((day) => day.date === "2026-03-13")).toEqual({
        date: "2026-03-13",
        enquiries: { Retailer: 9, "Self Use": 30 },
        quantity: (40 * 41) / 2 - 1,
      });
      expect(after.funnel).toMatchObject({ received: 39, counts: expect.objectContaining({ New: 39 }) });
      expect(after.firstContact).toMatchObject({ received: 39, contacted: 9 });
      expect(after.breakdowns.members).toEqual([
        { key: A, enquiries: 5 },
        { key: B, enquiries: 4 },
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  test("spam filed on arrival, spam filed by hand and a duplicate are in no figure: not per day, sachets, first contact, members or won and lost; one released from spam counts again, not yet contacted", async () => {
    store = await adapter.open();
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const kept = await receive(store, "2026-03-09T10:00:00", "Kept", 6, "Retailer");
      const again = await receive(store, "2026-03-09T10:30:00", "Again", 6, "Retailer");
      const byHand = await receive(store, "2026-03-09T11:00:00", "Byhand", 4, "Self Use");
      vi.setSystemTime(ist("2026-03-09T11:30:00"));
      await store.enquiries.add(enquiry("Bot", 99, "Self Use"), {
        screening: { score: 9, reasons: ["link-in-name", "no-proof-of-work"], spam: true },
      });
      await store.work.changeStatus(kept.id, {
        to: "Declined",
        lostReason: "price",
        expectedVersion: 0,
        staffEmail: A,
        at: ist("2026-03-09T12:00:00"),
      });
      await store.work.changeStatus(again.id, {
        to: "Duplicate",
        duplicateOf: kept.id,
        expectedVersion: 0,
        staffEmail: B,
        at: ist("2026-03-09T12:30:00"),
      });
      await change(store, byHand.id, [["Spam", B, "2026-03-09T13:00:00"]]);
      // Filed as spam on arrival and released by Not spam: work again, waiting for a first contact.
      vi.setSystemTime(ist("2026-03-09T11:45:00"));
      const released = await store.enquiries.add(enquiry("Released", 5, "Self Use"), {
        screening: { score: 9, reasons: ["no-proof-of-work"], spam: true },
      });
      expect(
        await store.work.releaseFromSpam(released.id, {
          expectedVersion: 0,
          staffEmail: B,
          at: ist("2026-03-09T13:30:00"),
        }),
      ).toMatchObject({ outcome: "changed" });
    } finally {
      vi.useRealTimers();
    }
    const month = await dashboardData(store.dashboard, { now: NOW, days: 30, hours: DEFAULT_HOURS });
    expect(month.perDay.find((day) => day.date === "2026-03-09")).toEqual({
      date: "2026-03-09",
      enquiries: { Retailer: 1, "Self Use": 1 },
      quantity: 11,
    });
    expect(month.funnel).toMatchObject({
      received: 5,
      genuine: 2,
      counts: expect.objectContaining({ New: 1, Declined: 1, Duplicate: 1, Spam: 2 }),
    });
    // The declined one was contacted two working hours after it came; releasing the other from
    // spam reached nobody, so it still waits for its first contact.
    expect(month.firstContact).toEqual({
      targetHours: 4,
      received: 2,
      contacted: 1,
      withinTarget: 1,
      medianWorkingMinutes: 120,
    });
    // Releasing it was work on it, though no contact.
    expect(month.breakdowns.members).toEqual([
      { key: A, enquiries: 1 },
      { key: B, enquiries: 1 },
    ]);
    expect(month.breakdowns.sources).toEqual([{ key: "Direct or unknown", enquiries: 2 }]);
    expect([month.sales.won, month.sales.decided]).toEqual([0, 1]);
  });

  test("an empty store gives zeros on every day and no median", async () => {
    store = await adapter.open();
    const empty = await dashboardData(store.dashboard, { now: NOW, days: 30, hours: DEFAULT_HOURS });
    expect(empty.perDay.every((day) => day.quantity === 0 && day.enquiries.Retailer === 0)).toBe(true);
    expect(empty.funnel).toMatchObject({ received: 0, genuine: 0, reachedConfirmed: 0 });
    expect(empty.firstContact).toMatchObject({ contacted: 0, withinTarget: 0, medianWorkingMinutes: null });
    expect(empty.breakdowns.members).toEqual([]);
    expect(empty.vitals).toEqual([]);
  });

  test("an enquiry from WhatsApp, with no buyer type or quantity, counts by its source and in the win rate per source, and leaves the per-day counts by buyer type whole", async () => {
    store = await adapter.open();
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(ist("2026-03-13T11:00:00"));
      const [opened] = await fileWhatsAppMessages(
        store,
        [
          {
            wamid: "wamid.dashboard1",
            from: "919812300055",
            mobile: "9812300055",
            profileName: "Sunita",
            sentAt: ist("2026-03-13T10:59:00").toISOString(),
            text: "Price?",
            truncated: false,
            inReplyTo: null,
          },
        ],
        ist("2026-03-13T11:00:00"),
      );
      await receive(store, "2026-03-13T12:00:00", "Form", 6, "Retailer");
      const id = opened?.enquiryId ?? "";
      const declined = await store.work.changeStatus(id, {
        to: "Declined",
        expectedVersion: 0,
        lostReason: "price",
        staffEmail: A,
        at: ist("2026-03-13T13:00:00"),
      });
      expect(declined.outcome).toBe("changed");
      vi.setSystemTime(NOW);
      const data = await dashboardData(store.dashboard, { now: NOW, days: 30, hours: DEFAULT_HOURS });
      const day = data.perDay.find((each) => each.date === "2026-03-13");
      expect(day).toEqual({ date: "2026-03-13", enquiries: { Retailer: 1, "Self Use": 0 }, quantity: 6 });
      expect(data.breakdowns.sources).toContainEqual({ key: "whatsapp", enquiries: 1 });
      expect(data.sales.winRate.sources).toContainEqual({ key: "whatsapp", won: 0, decided: 1 });
      expect(data.sales.winRate.buyers.map((row) => row.key)).toEqual(["Retailer", "Self Use"]);
    } finally {
      vi.useRealTimers();
    }
  });

  test("counts the range's enquiries, Spam aside, by their owner now and by where they came from", async () => {
    store = await adapter.open();
    const seller = await store.staff.add({ email: A, role: "member", passwordHash: "h" });
    await store.team.setAssignmentRule({ kind: "buyer", Retailer: seller.id, "Self Use": null });
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const add = (at: string, name: string, buyer: Enquiry["RetailerSelfUse"], extra = {}) => {
        vi.setSystemTime(ist(at));
        return store.enquiries.add(enquiry(name, 2, buyer), extra);
      };
      await add("2026-03-09T10:00:00", "Insta", "Retailer", { source: { utmSource: "Instagram" } });
      await add("2026-03-10T10:00:00", "Google", "Self Use", { source: { referrerHost: "www.google.com" } });
      await add("2026-03-11T10:00:00", "Direct", "Self Use");
      await add("2026-03-12T10:00:00", "Insta2", "Retailer", { source: { utmSource: "instagram" } });
      await add("2026-03-12T11:00:00", "Bot", "Retailer", {
        source: { utmSource: "spam-campaign" },
        screening: { score: 9, reasons: ["link-in-name", "no-proof-of-work"], spam: true },
      });
      await add("2026-01-05T10:00:00", "Old", "Retailer", { source: { utmSource: "instagram" } });
    } finally {
      vi.useRealTimers();
    }
    const month = await dashboardData(store.dashboard, { now: NOW, days: 30, hours: DEFAULT_HOURS });
    expect(month.breakdowns.owners).toEqual([
      { key: "Unassigned", enquiries: 2 },
      { key: A, enquiries: 2 },
    ]);
    expect(month.breakdowns.sources).toEqual([
      { key: "instagram", enquiries: 2 },
      { key: "Direct or unknown", enquiries: 1 },
      { key: "www.google.com", enquiries: 1 },
    ]);
  });
});
