import { describe, expect, test } from "vitest";
import { inboxQueryParams, readInboxQuery } from "../../domain/inbox";
import {
  compareListed,
  inboxFilterOf,
  inPhase,
  listingKeep,
  listingPhases,
  matchesInboxFilter,
  pageOfListing,
  type ListedFacts,
  type ListingPhase,
  type PhasePlace,
} from "./inbox-listing";
import { decodeListCursor, type ListCursor } from "../store/page-cursor";
import { driveStepsSync } from "../store/step-port";

const now = new Date("2030-01-07T06:30:00.000Z");
const dayEnd = new Date("2030-01-07T18:30:00.000Z");
const viewer = { staffId: "me", now, dayEnd };

const facts = (overrides: Partial<ListedFacts> = {}): ListedFacts => ({
  status: "New",
  ownerId: null,
  dueAt: null,
  touched: false,
  answeredAt: null,
  buyer: "Retailer",
  sourceLabel: undefined,
  Name: "Meera Sharma",
  Email: "meera@example.in",
  Mobile: "9812345678",
  ...overrides,
});

describe("a person's filter becomes one listing", () => {
  test("each view says once what it means: Mine is theirs, Unassigned nobody's, Overdue due by now, Due today due later today, Waiting on us", () => {
    expect(inboxFilterOf({ view: "mine" }, viewer)).toEqual({ ownerId: "me", open: true, sort: "received" });
    expect(inboxFilterOf({ view: "unassigned" }, viewer)).toEqual({
      ownerId: null,
      open: true,
      sort: "received",
    });
    expect(inboxFilterOf({ view: "waiting" }, viewer)).toEqual({ waiting: true, sort: "due" });
    expect(inboxFilterOf({ view: "overdue" }, viewer)).toEqual({
      due: { upTo: now.toISOString() },
      sort: "due",
    });
    expect(inboxFilterOf({ view: "due-today" }, viewer)).toEqual({
      due: { after: now.toISOString(), before: dayEnd.toISOString() },
      sort: "due",
    });
  });

  test("a view combines with the status, owner, buyer, source and search, and a chosen sort", () => {
    expect(
      inboxFilterOf(
        {
          view: "overdue",
          status: "Contacted",
          owner: "asha",
          buyer: "Self Use",
          source: " Instagram ",
          q: " sharma ",
          sort: "received",
        },
        viewer,
      ),
    ).toEqual({
      due: { upTo: now.toISOString() },
      status: "Contacted",
      ownerId: "asha",
      buyer: "Self Use",
      source: "instagram",
      q: "sharma",
      sort: "received",
    });
    expect(inboxFilterOf({ owner: "nobody" }, viewer)).toEqual({ ownerId: null, sort: "received" });
    expect(inboxFilterOf({ view: "mine", owner: "me" }, viewer)).toEqual({
      ownerId: "me",
      open: true,
      sort: "received",
    });
  });

  test("Mine and Unassigned are open work; closed ones are one choice away, or a status chosen", () => {
    expect(inboxFilterOf({ view: "mine", closed: "too" }, viewer)).toEqual({
      ownerId: "me",
      sort: "received",
    });
    expect(inboxFilterOf({ view: "unassigned", closed: "too" }, viewer)).toEqual({
      ownerId: null,
      sort: "received",
    });
    expect(inboxFilterOf({ view: "mine", status: "Declined" }, viewer)).toEqual({
      ownerId: "me",
      status: "Declined",
      sort: "received",
    });
    // The address keeps the choice only for the views it belongs to.
    expect(readInboxQuery(new URLSearchParams("view=mine&closed=too"))).toEqual({
      view: "mine",
      closed: "too",
    });
    expect(readInboxQuery(new URLSearchParams("view=overdue&closed=too"))).toEqual({ view: "overdue" });
    expect(inboxQueryParams({ view: "unassigned", closed: "too" }).toString()).toBe(
      "view=unassigned&closed=too",
    );
    expect(inboxQueryParams({ closed: "too" }).toString()).toBe("");
  });

  test("what cannot match lists nothing: Mine and another's, Unassigned and a member, spam in a view or by owner, a closed status due", () => {
    expect(inboxFilterOf({ view: "mine", owner: "asha" }, viewer)).toBeNull();
    expect(inboxFilterOf({ view: "mine", owner: "nobody" }, viewer)).toBeNull();
    expect(inboxFilterOf({ view: "unassigned", owner: "me" }, viewer)).toBeNull();
    expect(inboxFilterOf({ view: "unassigned", status: "Spam" }, viewer)).toBeNull();
    expect(inboxFilterOf({ status: "Spam", owner: "nobody" }, viewer)).toBeNull();
    expect(inboxFilterOf({ view: "overdue", status: "Fulfilled" }, viewer)).toBeNull();
    expect(inboxFilterOf({ view: "waiting", status: "Confirmed" }, viewer)).toBeNull();
    expect(inboxFilterOf({ view: "waiting", status: "Declined" }, viewer)).toBeNull();
    expect(inboxFilterOf({ status: "Spam" }, viewer)).toEqual({ status: "Spam", sort: "received" });
  });
});

describe("the rule a listing's rows are matched on", () => {
  test("open work leaves out the closed; waiting on us is open, not won, never contacted or answered since", () => {
    expect(matchesInboxFilter(facts({ status: "Declined" }), { open: true })).toBe(false);
    expect(matchesInboxFilter(facts({ status: "Confirmed" }), { open: true })).toBe(true);
    const waiting = { waiting: true } as const;
    expect(matchesInboxFilter(facts({ status: "New", touched: false }), waiting)).toBe(true);
    expect(matchesInboxFilter(facts({ status: "Contacted", touched: true }), waiting)).toBe(false);
    const answered = { touched: true, answeredAt: now.toISOString() };
    expect(matchesInboxFilter(facts({ status: "Contacted", ...answered }), waiting)).toBe(true);
    expect(matchesInboxFilter(facts({ status: "Confirmed", ...answered }), waiting)).toBe(false);
    expect(matchesInboxFilter(facts({ status: "Fulfilled", ...answered }), waiting)).toBe(false);
    expect(matchesInboxFilter(facts({ status: "Declined", touched: true }), waiting)).toBe(false);
    expect(matchesInboxFilter(facts({ status: "Spam" }), waiting)).toBe(false);
  });

  test("All is every status but Spam; a status is that status", () => {
    expect(matchesInboxFilter(facts({ status: "Declined" }), {})).toBe(true);
    expect(matchesInboxFilter(facts({ status: "Spam" }), {})).toBe(false);
    expect(matchesInboxFilter(facts({ status: "Spam" }), { status: "Spam" })).toBe(true);
  });

  test("due ranges: overdue includes now, due today excludes it and the day's end", () => {
    const overdue = inboxFilterOf({ view: "overdue" }, viewer)!;
    const today = inboxFilterOf({ view: "due-today" }, viewer)!;
    expect(matchesInboxFilter(facts({ dueAt: now.toISOString() }), overdue)).toBe(true);
    expect(matchesInboxFilter(facts({ dueAt: now.toISOString() }), today)).toBe(false);
    expect(matchesInboxFilter(facts({ dueAt: "2030-01-07T18:29:59.999Z" }), today)).toBe(true);
    expect(matchesInboxFilter(facts({ dueAt: dayEnd.toISOString() }), today)).toBe(false);
    expect(matchesInboxFilter(facts({ dueAt: null }), overdue)).toBe(false);
  });

  test("source in any case, search in name, e-mail or mobile in any case", () => {
    const row = facts({ sourceLabel: "Instagram" });
    expect(matchesInboxFilter(row, { source: "instagram" })).toBe(true);
    expect(matchesInboxFilter(row, { source: "google" })).toBe(false);
    expect(matchesInboxFilter(row, { q: "SHAR" })).toBe(true);
    expect(matchesInboxFilter(row, { q: "2345" })).toBe(true);
    expect(matchesInboxFilter(row, { q: "@EXAMPLE" })).toBe(true);
    expect(matchesInboxFilter(row, { q: "verma" })).toBe(false);
  });

  test("by due: soonest first, ties by id, then those with nothing due newest first", () => {
    const rows = [
      { id: "b", receivedAt: "2030-01-01T00:00:00.000Z", dueAt: null },
      { id: "c", receivedAt: "2030-01-02T00:00:00.000Z", dueAt: "2030-01-05T00:00:00.000Z" },
      { id: "a", receivedAt: "2030-01-03T00:00:00.000Z", dueAt: "2030-01-05T00:00:00.000Z" },
      { id: "d", receivedAt: "2030-01-04T00:00:00.000Z", dueAt: null },
      { id: "e", receivedAt: "2030-01-05T00:00:00.000Z", dueAt: "2030-01-04T00:00:00.000Z" },
    ];
    expect([...rows].sort((x, y) => compareListed(x, y, "due")).map((row) => row.id)).toEqual([
      "e",
      "a",
      "c",
      "d",
      "b",
    ]);
    expect([...rows].sort((x, y) => compareListed(x, y, "received")).map((row) => row.id)).toEqual([
      "e",
      "d",
      "a",
      "c",
      "b",
    ]);
  });
});

describe("the filter in the console's URL", () => {
  test("is read leniently and written in one order, without the view's own sort", () => {
    const read = readInboxQuery(
      new URLSearchParams("q=+sharma+&view=overdue&status=Contacted&sort=due&buyer=Nobody&colour=red"),
    );
    expect(read).toEqual({ view: "overdue", status: "Contacted", q: "sharma" });
    expect(inboxQueryParams(read).toString()).toBe("view=overdue&status=Contacted&q=sharma");
    expect(inboxQueryParams({ view: "overdue", sort: "received" }).toString()).toBe(
      "view=overdue&sort=received",
    );
    expect(inboxQueryParams({ sort: "due", owner: "nobody" }).toString()).toBe("owner=nobody&sort=due");
  });
});

describe("the phases a page of the inbox is read in", () => {
  const due = { by: "due" as const, at: "2030-01-02T04:30:00.000Z", id: "b" };
  const received = { by: "received" as const, at: "2030-01-01T04:30:00.000Z", id: "a" };

  test("sorted by due: those due soonest first, then those with nothing due, newest first", () => {
    expect(listingPhases({ sort: "due" }, null)).toEqual([
      { by: "due", noDue: false, after: null },
      { by: "received", noDue: true, after: null },
    ]);
    expect(listingPhases({ sort: "due" }, due)).toEqual([
      { by: "due", noDue: false, after: due },
      { by: "received", noDue: true, after: null },
    ]);
    // A page that ended among those with nothing due goes on among them.
    expect(listingPhases({ sort: "due" }, received)).toEqual([
      { by: "received", noDue: true, after: received },
    ]);
  });

  test("a due view sorted by due lists only what is due in it", () => {
    expect(listingPhases({ sort: "due", due: { upTo: "2030-01-01T00:00:00.000Z" } }, null)).toEqual([
      { by: "due", noDue: false, after: null },
    ]);
  });

  test("sorted by received: one phase, newest first; a cursor of the other sort starts from the top", () => {
    expect(listingPhases({ sort: "received" }, received)).toEqual([
      { by: "received", noDue: false, after: received },
    ]);
    expect(listingPhases({}, due)).toEqual([{ by: "received", noDue: false, after: null }]);
  });

  test("what each phase holds, as a store filtering in the server checks it", () => {
    const dueAt = "2030-01-02T04:30:00.000Z";
    expect([inPhase({ by: "due", noDue: false }, dueAt), inPhase({ by: "due", noDue: false }, null)]).toEqual(
      [true, false],
    );
    expect([
      inPhase({ by: "received", noDue: true }, dueAt),
      inPhase({ by: "received", noDue: true }, null),
    ]).toEqual([false, true]);
    expect([
      inPhase({ by: "received", noDue: false }, dueAt),
      inPhase({ by: "received", noDue: false }, null),
    ]).toEqual([true, true]);
  });

  test("what a store filtering in the server keeps: the work record's part before the enquiry is read, then the entry", () => {
    const dueAt = "2030-01-02T04:30:00.000Z";
    const keep = listingKeep({ ownerId: "me", q: "meera", sort: "due" }, { by: "due", noDue: false });
    // The work record, as kept, alone cannot tell the name: it keeps the record for its enquiry to decide.
    const kept = (overrides: Partial<ListedFacts>) => ({ ...facts(overrides), touchedAt: null });
    expect(keep.work(kept({ ownerId: "me", dueAt }))).toBe(true);
    expect(keep.work(kept({ ownerId: "you", dueAt }))).toBe(false);
    expect(keep.work(kept({ ownerId: "me" }))).toBe(false);
    // Whether the buyer was contacted is read from when they first were.
    const waiting = listingKeep({ waiting: true });
    expect([waiting.work(kept({})), waiting.work({ ...kept({}), touchedAt: dueAt })]).toEqual([true, false]);
    expect(keep.row(facts({ ownerId: "me", dueAt }))).toBe(true);
    expect(keep.row(facts({ ownerId: "me", dueAt, Name: "Arjun Rao", Email: null }))).toBe(false);
    // A whole listing, as counted: every due time.
    const counted = listingKeep({ ownerId: "me" });
    expect([counted.row(facts({ ownerId: "me", dueAt })), counted.row(facts({ ownerId: "me" }))]).toEqual([
      true,
      true,
    ]);
  });
});

describe("a page of the inbox, read phase after phase", () => {
  // Four enquiries due (soonest first) and three with nothing due (newest first), as a store reads them.
  const due: PhasePlace[] = [
    { id: "d1", at: "2030-01-02T04:30:00.000Z" },
    { id: "d2", at: "2030-01-03T04:30:00.000Z" },
    { id: "d3", at: "2030-01-03T04:30:00.000Z" },
    { id: "d4", at: "2030-01-05T04:30:00.000Z" },
  ];
  const undue: PhasePlace[] = [
    { id: "n3", at: "2029-12-30T04:30:00.000Z" },
    { id: "n2", at: "2029-12-29T04:30:00.000Z" },
    { id: "n1", at: "2029-12-28T04:30:00.000Z" },
  ];

  /** Reads a page as a store would answer it, noting each phase asked for and how many it wanted. */
  function readPage(sort: "due" | "received", cursor: ListCursor | null, limit: number) {
    const asked: { by: ListingPhase["by"]; noDue: boolean; limit: number }[] = [];
    const page = driveStepsSync(pageOfListing<PhasePlace, string>({ sort }, cursor, limit), {
      readPhase: ({ phase, limit: wanted }) => {
        asked.push({ by: phase.by, noDue: phase.noDue, limit: wanted });
        const after = phase.after;
        const places =
          phase.by === "due"
            ? due.filter(
                (place) => !after || place.at > after.at || (place.at === after.at && place.id > after.id),
              )
            : [...(phase.noDue ? [] : due), ...undue]
                .sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0))
                .filter(
                  (place) => !after || place.at < after.at || (place.at === after.at && place.id < after.id),
                );
        return places.slice(0, wanted);
      },
      readRows: ({ places }) => places.map((place) => `row of ${place.id}`),
    });
    return { ...page, cursor: page.nextCursor ? decodeListCursor(page.nextCursor) : null, asked };
  }

  test("a page full within the first phase ends with a cursor by due, and asks for one more than it shows", () => {
    const first = readPage("due", null, 2);
    expect(first.items).toEqual(["row of d1", "row of d2"]);
    expect(first.cursor).toEqual({ by: "due", at: "2030-01-03T04:30:00.000Z", id: "d2" });
    expect(first.asked).toEqual([{ by: "due", noDue: false, limit: 3 }]);
  });

  test("a full page across two phases: those due, then those with nothing due, and the cursor among the latter", () => {
    const first = readPage("due", null, 5);
    expect(first.items).toEqual(["row of d1", "row of d2", "row of d3", "row of d4", "row of n3"]);
    // The second phase is asked only for what the page still lacks, and the one beyond it.
    expect(first.asked).toEqual([
      { by: "due", noDue: false, limit: 6 },
      { by: "received", noDue: true, limit: 2 },
    ]);
    expect(first.cursor).toEqual({ by: "received", at: "2029-12-30T04:30:00.000Z", id: "n3" });

    const second = readPage("due", first.cursor, 5);
    expect(second.items).toEqual(["row of n2", "row of n1"]);
    expect(second.asked).toEqual([{ by: "received", noDue: true, limit: 6 }]);
    expect(second.nextCursor).toBeNull();
  });

  test("the cursor by due goes on after the same due time by id, and the last page has none", () => {
    const first = readPage("due", { by: "due", at: "2030-01-03T04:30:00.000Z", id: "d2" }, 2);
    expect(first.items).toEqual(["row of d3", "row of d4"]);
    // One with nothing due follows: the next page goes on after d4, by due.
    expect(first.cursor).toEqual({ by: "due", at: "2030-01-05T04:30:00.000Z", id: "d4" });
    expect(readPage("due", first.cursor, 2).items).toEqual(["row of n3", "row of n2"]);
    const exact = readPage("received", null, 7);
    expect(exact.items).toHaveLength(7);
    expect(exact.nextCursor).toBeNull();
  });

  test("a page with nothing in it reads no rows", () => {
    const empty = driveStepsSync(pageOfListing<PhasePlace, string>({ sort: "due" }, null, 10), {
      readPhase: () => [],
      readRows: () => {
        throw new Error("no rows to read");
      },
    });
    expect(empty).toEqual({ items: [], nextCursor: null });
  });
});
