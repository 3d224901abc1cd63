import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { ENQUIRY_STATUSES, INBOX_PAGE_SIZE, type EnquiryStatus } from "../../domain/console";
import type { BuyerType } from "../../domain/enquiry";
import type { EnquirySource } from "../../domain/enquiry-source";
import { OWNER_NOBODY, type InboxQuery, type InboxSort } from "../../domain/inbox";
import { INBOX_VIEWS, type InboxView } from "../../domain/team";
import { anEnquiry } from "../../tests/support/enquiry-builder";
import { storeAdapters } from "../../tests/support/store-sandboxes";
import {
  compareListed,
  inboxFilterOf,
  matchesInboxFilter,
  type InboxFilter,
  type InboxViewer,
} from "../lifecycle/inbox-listing";
import { listedFactsOf, type TeamInboxRow } from "./enquiry-work";
import { eventTime } from "./event-clock";
import type * as EventClock from "./event-clock";
import { SCAN_BATCH } from "./firestore/inbox-listing";
import type { Store } from "./store";

/** A moment the store's clock is held at, so that many enquiries are received at once. */
const clock = vi.hoisted(() => ({ held: null as Date | null }));
vi.mock("./event-clock", async (original) => {
  const real = await original<typeof EventClock>();
  return { eventTime: (now?: number) => (clock.held ? new Date(clock.held) : real.eventTime(now)) };
});

/**
 * The inbox's one listing on both stores: every view combined with each status, owner, buyer,
 * source and search, in both orders, read page by page, holds exactly the enquiries the plan's
 * rule (server/lifecycle/inbox-listing.ts: matchesInboxFilter, compareListed) picks from the
 * enquiries as the store holds them, each once; and its count says how many.
 */

const BUYERS: BuyerType[] = ["Retailer", "Self Use"];
const SOURCES: (EnquirySource | undefined)[] = [
  { utmSource: "Instagram", utmCampaign: "diwali" },
  { referrerHost: "www.google.com" },
  undefined,
  undefined,
];
const HOUR = 3_600_000;
/** Small pages, so every listing crosses pages, and a due listing crosses from the due to the rest. */
const PAGE = 4;

interface Seeded {
  store: Store;
  me: string;
  other: string;
  viewer: InboxViewer;
  /** Every enquiry as the store holds it, with its work. */
  rows: TeamInboxRow[];
}

/**
 * Twenty-four enquiries: owned by me, another member or nobody; in every status; both buyer
 * types; from Instagram, Google or nowhere known; named Sharma or Verma; overdue, due today, due
 * later or not due at all.
 */
async function seed(store: Store): Promise<Seeded> {
  const me = (await store.staff.add({ email: "me@example.com", role: "member", passwordHash: "h" })).id;
  const other = (await store.staff.add({ email: "other@example.com", role: "member", passwordHash: "h" })).id;
  const now = new Date();
  const ids: string[] = [];
  for (let n = 0; n < 24; n++) {
    const source = SOURCES[n % SOURCES.length];
    const stored = await store.enquiries.add(
      anEnquiry({
        Name: n % 5 === 0 ? `Meera Sharma ${n}` : `Buyer ${n} Verma`,
        RetailerSelfUse: BUYERS[n % 3 === 0 ? 0 : 1] as BuyerType,
      }),
      source ? { source } : undefined,
    );
    ids.push(stored.id);
    const owner = [me, other, null][n % 3] ?? null;
    if (owner) await store.work.setOwner(stored.id, { ownerId: owner, staffEmail: "x@example.com", at: now });
    // Follow-ups: an hour ago, in a few hours (today), or in two days; some none.
    if (n % 4 !== 3) {
      const offset = [-HOUR - n * 60_000, 2 * HOUR + n * 60_000, 48 * HOUR][n % 4] ?? 0;
      await store.work.setFollowUp(stored.id, {
        followUpAt: new Date(now.getTime() + offset),
        nextStep: `Step ${n}`,
        staffEmail: "x@example.com",
        at: now,
      });
    }
    const status = ENQUIRY_STATUSES[n % ENQUIRY_STATUSES.length] as EnquiryStatus;
    if (status !== "New") {
      const record = await store.enquiryWork.get(stored.id);
      await store.work.changeStatus(stored.id, {
        to: status,
        expectedVersion: record!.version,
        staffEmail: "x@example.com",
        at: now,
      });
    }
    // Some buyers answer: those still open wait on us again (contacted or not).
    if (n % 4 === 1) {
      await store.work.addAnswers([
        {
          enquiryId: stored.id,
          messageId: `<answer-${n}@mail.example>`,
          inReplyTo: null,
          references: [],
          from: "buyer@mail.example",
          subject: "Re: Your enquiry",
          text: "Yes please.",
          at: new Date(now.getTime() + 1_000),
          attachments: 0,
          truncated: false,
          quoteTrimmed: false,
          verified: true,
        },
      ]);
    }
  }
  // Judged a minute on: the hour-ago follow-ups are overdue, today's are due today.
  const at = new Date(now.getTime() + 60_000);
  const viewer = { staffId: me, now: at, dayEnd: new Date(at.getTime() + 12 * HOUR) };
  return { store, me, other, viewer, rows: await heldRows(store, ids) };
}

/** The enquiries as the store holds them, with their work. */
async function heldRows(store: Store, ids: readonly string[]): Promise<TeamInboxRow[]> {
  const fields = await store.team.fieldsOf([...ids]);
  const rows: TeamInboxRow[] = [];
  for (const id of ids) {
    const record = await store.enquiryWork.get(id);
    const team = fields.get(id);
    rows.push({
      ...record!,
      companyNotification: "pending",
      ownerId: team?.ownerId ?? null,
      followUpAt: team?.followUpAt ?? null,
      nextStep: team?.nextStep ?? null,
      touchedAt: team?.touchedAt ?? null,
      touched: team?.touched ?? false,
      dueAt: team?.dueAt ?? null,
      firstContactDueAt: team?.firstContactDueAt ?? null,
      answeredAt: team?.answeredAt ?? null,
    });
  }
  return rows;
}

/** What the listing must hold, by the plan's rule, in its order. */
function expected(seeded: Seeded, filter: InboxFilter): string[] {
  return seeded.rows
    .filter((row) => matchesInboxFilter(listedFactsOf(row), filter))
    .sort((a, b) => compareListed(a, b, filter.sort))
    .map((row) => row.id);
}

/** Every page of the listing, `limit` at a time, followed by its cursors. */
async function listed(store: Store, filter: InboxFilter, limit = PAGE): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 20; pages++) {
    const page: { items: TeamInboxRow[]; nextCursor: string | null } = await store.enquiryWork.list({
      ...filter,
      cursor,
      limit,
    });
    ids.push(...page.items.map((row) => row.id));
    cursor = page.nextCursor;
    if (!cursor) return ids;
    expect(page.items).toHaveLength(limit);
  }
  throw new Error(`The listing did not end: ${JSON.stringify(filter)} ${ids.join(" ")}`);
}

/** Each view and sort with each status; with each owner; with buyer and source; with a search; and all at once. */
function queries(me: string, other: string): InboxQuery[] {
  const all: InboxQuery[] = [];
  for (const view of [undefined, ...INBOX_VIEWS] as (InboxView | undefined)[]) {
    for (const sort of ["received", "due"] as InboxSort[]) {
      const base: InboxQuery = { ...(view ? { view } : {}), sort };
      all.push(base);
      if (view === "mine" || view === "unassigned") {
        all.push({ ...base, closed: "too" });
        all.push({ ...base, closed: "too", buyer: "Retailer" });
      }
      for (const status of ENQUIRY_STATUSES) all.push({ ...base, status });
      for (const owner of [me, other, OWNER_NOBODY]) all.push({ ...base, owner });
      for (const buyer of BUYERS) {
        for (const source of [undefined, "instagram", "WWW.Google.com"]) {
          all.push({ ...base, buyer, ...(source ? { source } : {}) });
        }
      }
      all.push({ ...base, source: "instagram" });
      for (const q of ["SHARMA", "ve"]) all.push({ ...base, q });
      all.push({
        ...base,
        status: "Contacted",
        owner: me,
        buyer: "Self Use",
        source: "www.google.com",
        q: "verma",
      });
      all.push({ ...base, status: "New", owner: OWNER_NOBODY, buyer: "Retailer", q: "sha" });
      all.push({ ...base, status: "Confirmed", owner: other, q: "ve" });
    }
  }
  return all;
}

describe.each(storeAdapters("inbox-listing"))("the inbox's one listing on $name", (adapter) => {
  let seeded: Seeded;
  const opened: Store[] = [];
  beforeAll(async () => {
    await adapter.setUp();
    const store = await adapter.open();
    opened.push(store);
    seeded = await seed(store);
  }, 60_000);
  afterAll(async () => {
    await Promise.all(opened.map((store) => store.close()));
    await adapter.tearDown();
  });
  afterEach(() => undefined);

  test("the seed covers every part: each status, owner, due time, buyer and source is held", () => {
    const { rows, me, viewer } = seeded;
    expect(new Set(rows.map((row) => row.status))).toEqual(new Set(ENQUIRY_STATUSES));
    expect(rows.some((row) => row.ownerId === me && row.status !== "Spam")).toBe(true);
    expect(rows.some((row) => row.dueAt !== null && Date.parse(row.dueAt) <= viewer.now.getTime())).toBe(
      true,
    );
    expect(rows.some((row) => row.dueAt !== null && Date.parse(row.dueAt) > viewer.now.getTime())).toBe(true);
    expect(rows.some((row) => row.dueAt === null && row.status !== "Spam")).toBe(true);
    // Waiting on us: never contacted, or answered since; and contacted with no answer since.
    expect(rows.some((row) => row.status === "New" && !row.touched)).toBe(true);
    expect(rows.some((row) => row.status === "Contacted" && row.touched && row.answeredAt !== null)).toBe(
      true,
    );
    expect(rows.some((row) => row.status === "Contacted" && row.answeredAt === null)).toBe(true);
    expect(rows.some((row) => row.status === "Fulfilled" && row.answeredAt === null)).toBe(true);
  });

  test("every view with every status, owner, buyer, source and search, in both orders, page by page", async () => {
    const { store, me, other, viewer } = seeded;
    let nonEmpty = 0;
    for (const query of queries(me, other)) {
      const filter = inboxFilterOf(query, viewer);
      if (!filter) continue;
      const want = expected(seeded, filter);
      if (want.length > 0) nonEmpty += 1;
      expect({ query, ids: await listed(store, filter) }).toEqual({ query, ids: want });
    }
    // The combinations are not all empty: most of them list something.
    expect(nonEmpty).toBeGreaterThan(100);
  }, 180_000);

  test("a listing's count is how many it holds, whether a query counts it or it is read", async () => {
    const { store, me, other, viewer } = seeded;
    const asked: InboxQuery[] = [
      {},
      { view: "mine" },
      { view: "mine", closed: "too" },
      { view: "unassigned" },
      { view: "unassigned", closed: "too" },
      { view: "waiting" },
      { view: "waiting", owner: me },
      { view: "waiting", status: "New" },
      { view: "waiting", buyer: "Self Use" },
      { view: "unassigned", status: "New" },
      { view: "overdue" },
      { view: "due-today", owner: other },
      { status: "Spam" },
      { owner: me, buyer: "Retailer" },
      { source: "instagram", q: "sharma" },
    ];
    for (const query of asked) {
      const filter = inboxFilterOf(query, viewer)!;
      expect({ query, count: await store.enquiryWork.count(filter) }).toEqual({
        query,
        count: expected(seeded, filter).length,
      });
    }
  });

  test("enquiries received at one moment, more than Firestore reads at once, are each listed and counted once, page by page", async () => {
    const store = await adapter.open();
    opened.push(store);
    const add = async (n: number) =>
      (
        await store.enquiries.add(
          anEnquiry({
            Name: n % 4 === 0 ? `Meera Sharma ${n}` : `Buyer ${n} Verma`,
            RetailerSelfUse: n % 3 === 0 ? "Retailer" : "Self Use",
          }),
          n % 10 === 0 ? undefined : { source: { utmSource: "Instagram" } },
        )
      ).id;
    const ids = [await add(0), await add(1)];
    // As an import, or several instances in the same millisecond, would store them: more than one
    // of Firestore's reads while it filters in the server, so that its batches end inside the moment.
    clock.held = eventTime();
    try {
      for (let n = 2; n < SCAN_BATCH + 32; n++) ids.push(await add(n));
    } finally {
      clock.held = null;
    }
    ids.push(await add(SCAN_BATCH + 32), await add(SCAN_BATCH + 33));
    const rows = await heldRows(store, ids);
    expect(new Set(rows.map((row) => row.receivedAt)).size).toBe(5);
    const viewer = { staffId: "nobody", now: new Date(), dayEnd: new Date(Date.now() + 12 * HOUR) };
    const held: Seeded = { store, me: "nobody", other: "nobody", viewer, rows };
    const asked: InboxQuery[] = [
      {},
      { buyer: "Retailer" },
      { q: "sharma" },
      { source: "instagram", buyer: "Self Use" },
      { sort: "due" },
      { sort: "due", status: "New", buyer: "Retailer" },
      { sort: "due", view: "unassigned", q: "verma" },
      { sort: "due", view: "unassigned", status: "New" },
    ];
    for (const query of asked) {
      const filter = inboxFilterOf(query, viewer)!;
      const want = expected(held, filter);
      expect(want.length).toBeGreaterThan(INBOX_PAGE_SIZE);
      expect({ query, ids: await listed(store, filter, INBOX_PAGE_SIZE) }).toEqual({ query, ids: want });
      expect({ query, count: await store.enquiryWork.count(filter) }).toEqual({ query, count: want.length });
    }
  }, 120_000);

  test("a search repeated finds what was stored or erased since it last ran", async () => {
    const { store, viewer } = seeded;
    const filter = inboxFilterOf({ q: "Kaveri" }, viewer)!;
    const found = async () => ({
      listed: (await listed(store, filter)).length,
      counted: await store.enquiryWork.count(filter),
    });
    expect(await found()).toEqual({ listed: 0, counted: 0 });
    expect(await found()).toEqual({ listed: 0, counted: 0 });
    await store.enquiries.add(anEnquiry({ Name: "Kaveri Nair", Email: "kaveri.one@example.in" }));
    expect(await found()).toEqual({ listed: 1, counted: 1 });
    await store.enquiries.add(anEnquiry({ Name: "Kaveri Iyer", Email: "kaveri.two@example.in" }));
    expect(await found()).toEqual({ listed: 2, counted: 2 });
    await store.personalData.erase({ email: "kaveri.one@example.in" }, { actor: null });
    expect(await found()).toEqual({ listed: 1, counted: 1 });
    await store.personalData.erase({ email: "kaveri.two@example.in" }, { actor: null });
    expect(await found()).toEqual({ listed: 0, counted: 0 });
  });
});
