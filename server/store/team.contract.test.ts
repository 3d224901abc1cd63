import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { CONSOLE_PAGE_PATHS, enquiryReference } from "../../domain/console";
import type { Enquiry } from "../../domain/enquiry";
import type { AlertChoice } from "../../domain/team";
import { istDate, istDayBounds } from "../../domain/working-hours";
import { digestMail } from "../notify/team-mail";
import { queueDayDigests } from "../team/digest-schedule";
import { digestEnquiryIds, digestReads, planDigest } from "../lifecycle/digest";
import type { PendingNotification, Store } from "./store";
import { firestoreSandbox, sqliteSandbox } from "../../tests/support/store-sandboxes";
import { listView } from "../../tests/support/inbox-views";
import type { InboxQuery } from "../../domain/inbox";
import { inboxFilterOf } from "../lifecycle/inbox-listing";

/** The team's concerns (owners, assignment, follow-ups, alerts, digests) on both adapters, one contract. */
interface Adapter {
  name: string;
  setUp(): Promise<void>;
  tearDown(): Promise<void>;
  /** A store on a new database, and a second connection to it: what another instance has. */
  open(): Promise<{ store: Store; other: () => Promise<Store> }>;
}

function sqliteAdapter(): Adapter {
  const sandbox = sqliteSandbox("team-contract");
  return {
    ...sandbox,
    async open() {
      const { store, path } = await sandbox.openStore();
      const { SqliteStore } = await import("./index");
      const { ENQUIRY_COLLECTION } = await import("../../domain/contract");
      return { store, other: () => SqliteStore.open({ path, enquiryCollection: ENQUIRY_COLLECTION }) };
    },
  };
}

function firestoreAdapter(): Adapter {
  const sandbox = firestoreSandbox("team");
  return {
    ...sandbox,
    async open() {
      const { store, projectId } = await sandbox.openStore();
      return { store, other: () => sandbox.reopenStore(projectId) };
    },
  };
}

let count = 0;
const enquiry = (RetailerSelfUse: Enquiry["RetailerSelfUse"], Name = `Buyer ${++count}`): Enquiry => ({
  Name,
  Email: `buyer${count}@example.com`,
  Mobile: "9876543210",
  Quantity: 12,
  RetailerSelfUse,
});

/** Every notification due by `now`, claimed at once. */
async function claimAll(
  store: Store,
  now = new Date("2031-01-01T00:00:00Z"),
): Promise<PendingNotification[]> {
  return store.enquiries.claimDueNotifications({ worker: "test", now, limit: 500, leaseMs: 60_000 });
}

function memberMails(claimed: PendingNotification[]) {
  return claimed.filter((each) => each.kind === "member-alert") as Extract<
    PendingNotification,
    { kind: "member-alert" }
  >[];
}

/** IST wall-clock time as an instant: ist("2030-01-04", "18:30"). */
const ist = (day: string, time: string) => new Date(`${day}T${time}:00+05:30`);

describe.each([sqliteAdapter(), firestoreAdapter()])("the team's work on the $name store", (adapter) => {
  const opened: Store[] = [];
  beforeAll(() => adapter.setUp());
  afterAll(() => adapter.tearDown());
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((store) => store.close()));
    vi.useRealTimers();
  });
  async function open() {
    const { store, other } = await adapter.open();
    opened.push(store);
    return {
      store,
      other: async () => {
        const second = await other();
        opened.push(second);
        return second;
      },
    };
  }
  async function members(store: Store, ...emails: string[]) {
    return Promise.all(emails.map((email) => store.staff.add({ email, role: "member", passwordHash: "h" })));
  }

  test("by buyer type: a Retailer's enquiry goes to one member, a Self Use one to another, and each member is mailed as they chose", async () => {
    const { store } = await open();
    const [a, b, c, d] = await members(
      store,
      "a@example.com",
      "b@example.com",
      "c@example.com",
      "d@example.com",
    );
    expect(await store.team.setAssignmentRule({ kind: "buyer", Retailer: a!.id, "Self Use": b!.id })).toBe(
      true,
    );
    const choices: [string, AlertChoice][] = [
      [a!.id, "mine"],
      [b!.id, "Retailer"],
      [c!.id, "all"],
      [d!.id, "none"],
    ];
    for (const [id, choice] of choices) expect(await store.team.setAlertChoice(id, choice)).toBe(true);

    const retailer = await store.enquiries.add(enquiry("Retailer"));
    const selfUse = await store.enquiries.add(enquiry("Self Use"));
    const fields = await store.team.fieldsOf([retailer.id, selfUse.id]);
    expect(fields.get(retailer.id)?.ownerId).toBe(a!.id);
    expect(fields.get(selfUse.id)?.ownerId).toBe(b!.id);

    const mails = memberMails(await claimAll(store));
    const to = (enquiryId: string) =>
      mails
        .filter((mail) => mail.enquiryId === enquiryId)
        .map((mail) => mail.to)
        .sort();
    // a: assigned to me (the Retailer); b: Retailer (not their own Self Use); c: all; d: none.
    expect(to(retailer.id)).toEqual(["a@example.com", "b@example.com", "c@example.com"]);
    expect(to(selfUse.id)).toEqual(["c@example.com"]);
    // The company's own mail is queued as before, whatever the members chose.
    expect((await store.enquiries.outboxBacklog()).waiting).toBeGreaterThan(0);
  });

  test("an enquiry filed as spam mails no member, and a rule naming someone not on the staff, or removed from it, is refused", async () => {
    const { store } = await open();
    const [a] = await members(store, "a@example.com");
    await store.team.setAlertChoice(a!.id, "all");
    const quiet = await store.enquiries.add(enquiry("Retailer"), {
      screening: { score: 9, reasons: ["link-in-name", "no-proof-of-work"], spam: true },
    });
    expect(memberMails(await claimAll(store)).filter((mail) => mail.enquiryId === quiet.id)).toEqual([]);
    expect(await store.team.setAssignmentRule({ kind: "turns", members: [a!.id, "nobody"] })).toBe(false);
    expect(await store.team.assignmentRule()).toEqual({ kind: "none" });
    // One removed since is not on the staff either, whichever kind of rule names them; the rule
    // saved before stays.
    const [b] = await members(store, "b@example.com");
    expect(await store.team.setAssignmentRule({ kind: "turns", members: [a!.id, b!.id] })).toBe(true);
    expect(await store.members.remove("b@example.com")).not.toBeNull();
    expect(await store.team.setAssignmentRule({ kind: "buyer", Retailer: a!.id, "Self Use": b!.id })).toBe(
      false,
    );
    expect(await store.team.setAssignmentRule({ kind: "turns", members: [b!.id] })).toBe(false);
    expect(await store.team.assignmentRule()).toEqual({ kind: "turns", members: [a!.id, b!.id] });
    expect(await store.team.setAssignmentRule({ kind: "turns", members: [a!.id] })).toBe(true);
    expect(await store.team.assignmentRule()).toEqual({ kind: "turns", members: [a!.id] });
  });

  test("in turn: thirty enquiries at once on two instances are shared ten each among three members", async () => {
    const { store, other } = await open();
    const second = await other();
    const [a, b, c] = await members(store, "a@example.com", "b@example.com", "c@example.com");
    await store.team.setAssignmentRule({ kind: "turns", members: [a!.id, b!.id, c!.id] });
    const stored = await Promise.all(
      Array.from({ length: 30 }, (_, i) => (i % 2 ? second : store).enquiries.add(enquiry("Self Use"))),
    );
    const fields = await store.team.fieldsOf(stored.map((each) => each.id));
    const perMember = new Map<string, number>();
    for (const each of stored) {
      const owner = String(fields.get(each.id)?.ownerId);
      perMember.set(owner, (perMember.get(owner) ?? 0) + 1);
    }
    expect(Object.fromEntries(perMember)).toEqual({ [a!.id]: 10, [b!.id]: 10, [c!.id]: 10 });
  });

  test("an enquiry is taken, handed on and shown under Mine and Unassigned; a removed member's enquiries become unassigned", async () => {
    const { store } = await open();
    const [a, b] = await members(store, "a@example.com", "b@example.com");
    const first = await store.enquiries.add(enquiry("Retailer"));
    const second = await store.enquiries.add(enquiry("Self Use"));
    const now = new Date();
    const dayEnd = istDayBounds(now).end;
    expect(await store.team.viewCounts({ staffId: a!.id, now, dayEnd })).toMatchObject({
      mine: 0,
      unassigned: 2,
    });

    expect(
      await store.work.setOwner(first.id, { ownerId: a!.id, staffEmail: "a@example.com", at: new Date() }),
    ).toBe("changed");
    expect(
      await store.work.setOwner(second.id, {
        ownerId: "nobody",
        staffEmail: "a@example.com",
        at: new Date(),
      }),
    ).toBe("no-such-member");
    expect(
      await store.work.setOwner("missing", { ownerId: a!.id, staffEmail: "a@example.com", at: new Date() }),
    ).toBe("not-found");
    const mine = await listView(store, { view: "mine", staffId: a!.id, now, dayEnd, limit: 10 });
    expect(mine.items.map((row) => row.id)).toEqual([first.id]);
    const unassigned = await listView(store, {
      view: "unassigned",
      staffId: a!.id,
      now,
      dayEnd,
      limit: 10,
    });
    expect(unassigned.items.map((row) => row.id)).toEqual([second.id]);

    // Handed to b by a: the history says who gave it to whom. Handing on is not contact: nobody
    // called, so it keeps its first-contact target for its new owner.
    const target = (await store.team.fieldsOf([first.id])).get(first.id)?.firstContactDueAt;
    expect(target).toEqual(expect.any(String));
    await store.work.setOwner(first.id, { ownerId: b!.id, staffEmail: "a@example.com", at: new Date() });
    const record = await store.enquiryWork.get(first.id);
    expect(
      record?.history
        .filter((entry) => entry.kind === "owner")
        .map((entry) => [entry.fromOwner ?? null, entry.text]),
    ).toEqual([
      [null, "a@example.com"],
      ["a@example.com", "b@example.com"],
    ]);
    expect((await store.team.fieldsOf([first.id])).get(first.id)).toMatchObject({
      ownerId: b!.id,
      touched: false,
      dueAt: target,
      firstContactDueAt: target,
    });

    expect(await store.members.remove("b@example.com")).not.toBeNull();
    expect((await store.team.fieldsOf([first.id])).get(first.id)?.ownerId).toBeNull();
    expect(await store.team.viewCounts({ staffId: a!.id, now, dayEnd })).toMatchObject({
      mine: 0,
      unassigned: 2,
    });
  });

  test("Mine and Unassigned are open work, closed ones one choice away; Waiting on us is the buyers who answered last or were never contacted; the counts follow", async () => {
    const { store } = await open();
    const [a] = await members(store, "a@example.com");
    const by = { staffEmail: "a@example.com" };
    const at = (minutes: number) => new Date(Date.now() + minutes * 60_000);
    const add = async (name: string, ownerId: string | null) => {
      const stored = await store.enquiries.add(enquiry("Self Use", name));
      if (ownerId) await store.work.setOwner(stored.id, { ownerId, ...by, at: at(0) });
      return stored.id;
    };
    const status = async (
      id: string,
      to: "Contacted" | "Confirmed" | "Declined" | "Fulfilled",
      minute: number,
    ) => {
      const record = await store.enquiryWork.get(id);
      const lost = to === "Declined" ? { lostReason: "price" as const } : {};
      await store.work.changeStatus(id, {
        to,
        expectedVersion: record!.version,
        ...lost,
        ...by,
        at: at(minute),
      });
    };
    const answer = (id: string, minute: number) =>
      store.work.addAnswers([
        {
          enquiryId: id,
          messageId: `<${id}-${minute}@mail.example>`,
          inReplyTo: null,
          references: [],
          from: "buyer@mail.example",
          subject: "Re: Your enquiry",
          text: "Is there a discount for six packs?",
          at: at(minute),
          attachments: 0,
          truncated: false,
          quoteTrimmed: false,
          verified: true,
        },
      ]);
    await add("Untouched Mine", a!.id);
    const called = await add("Called Mine", a!.id);
    await store.work.recordContact(called, { channel: "call", ...by, at: at(1) });
    const answered = await add("Answered Mine", a!.id);
    await store.work.recordContact(answered, { channel: "whatsapp", ...by, at: at(1) });
    await answer(answered, 2);
    const repliedTo = await add("Answered Then Noted", a!.id);
    await store.work.recordContact(repliedTo, { channel: "call", ...by, at: at(1) });
    await answer(repliedTo, 2);
    await store.work.addNote(repliedTo, {
      text: "Called back: six packs at the listed price",
      ...by,
      at: at(3),
    });
    const won = await add("Won Mine", a!.id);
    await status(won, "Confirmed", 1);
    await answer(won, 2);
    const fulfilled = await add("Fulfilled Mine", a!.id);
    await status(fulfilled, "Fulfilled", 1);
    const declinedNobody = await add("Declined Nobody", null);
    await status(declinedNobody, "Declined", 1);
    await answer(declinedNobody, 2);
    await add("Open Nobody", null);

    const now = at(10);
    const viewer = { staffId: a!.id, now, dayEnd: new Date(now.getTime() + 3_600_000) };
    const names = async (query: InboxQuery) => {
      const filter = inboxFilterOf(query, viewer)!;
      const page = await store.enquiryWork.list({ ...filter, limit: 50 });
      return page.items.map((row) => row.enquiry.Name).sort();
    };
    expect(await names({ view: "mine" })).toEqual(
      ["Answered Mine", "Answered Then Noted", "Called Mine", "Untouched Mine", "Won Mine"].sort(),
    );
    expect(await names({ view: "mine", closed: "too" })).toContain("Fulfilled Mine");
    expect(await names({ view: "unassigned" })).toEqual(["Open Nobody"]);
    expect(await names({ view: "unassigned", closed: "too" })).toEqual(["Declined Nobody", "Open Nobody"]);
    // Never contacted, or answered since: not the won deal, the closed one, or the one noted since.
    expect(await names({ view: "waiting" })).toEqual(["Answered Mine", "Open Nobody", "Untouched Mine"]);
    expect(await names({ view: "waiting", owner: "nobody" })).toEqual(["Open Nobody"]);
    expect(await store.team.viewCounts(viewer)).toMatchObject({ mine: 5, unassigned: 1, waiting: 3 });
    // The reply answers the buyer: no longer waiting on us.
    await store.work.recordContact(answered, { channel: "email", ...by, at: at(11) });
    expect(await names({ view: "waiting" })).toEqual(["Open Nobody", "Untouched Mine"]);
    expect((await store.team.viewCounts(viewer)).waiting).toBe(2);
  });

  test("a won deal is not in Overdue or Due today for the follow-up it had: Confirmed starts the sale's next step, Fulfilled is due at no time", async () => {
    const { store } = await open();
    const [a] = await members(store, "a@example.com");
    const by = { staffEmail: "a@example.com" };
    const now = new Date();
    const stored = await store.enquiries.add(enquiry("Retailer", "Won Buyer"));
    await store.work.setOwner(stored.id, { ownerId: a!.id, ...by, at: now });
    await store.work.recordContact(stored.id, { channel: "call", ...by, at: now });
    await store.work.setFollowUp(stored.id, {
      followUpAt: new Date(now.getTime() - 3_600_000),
      nextStep: "Ask for the order",
      ...by,
      at: now,
    });
    const viewer = { staffId: a!.id, now, dayEnd: istDayBounds(now).end };
    const inView = async (view: "overdue" | "due-today" | "waiting") =>
      (await listView(store, { view, ...viewer, limit: 10 })).items.map((row) => row.id);
    expect(await inView("overdue")).toEqual([stored.id]);
    const change = async (to: "Confirmed" | "Fulfilled") => {
      const record = await store.enquiryWork.get(stored.id);
      await store.work.changeStatus(stored.id, { to, expectedVersion: record!.version, ...by, at: now });
    };
    await change("Confirmed");
    // The old follow-up gave way to the sale's next step, due by the rule on a later day.
    const fields = (await store.team.fieldsOf([stored.id])).get(stored.id);
    expect(fields?.followUpAt).not.toBeNull();
    expect(Date.parse(fields!.followUpAt!)).toBeGreaterThan(viewer.dayEnd.getTime() - 1);
    expect([await inView("overdue"), await inView("due-today"), await inView("waiting")]).toEqual([
      [],
      [],
      [],
    ]);
    await change("Fulfilled");
    expect((await store.team.fieldsOf([stored.id])).get(stored.id)?.dueAt).toBeNull();
    expect([await inView("overdue"), await inView("due-today"), await inView("waiting")]).toEqual([
      [],
      [],
      [],
    ]);
    expect(await store.team.viewCounts(viewer)).toMatchObject({
      mine: 0,
      overdue: 0,
      dueToday: 0,
      waiting: 0,
    });
  });

  test("a member who has not accepted their invitation owns nothing and is mailed nothing, whatever the rule or their alert choice", async () => {
    const { store } = await open();
    const [a] = await members(store, "a@example.com");
    const boss = await store.staff.add({ email: "boss@example.com", role: "owner", passwordHash: "h" });
    const pending = await store.members.invite({
      email: "pending@example.net",
      role: "member",
      sentBy: boss.id,
      linkId: randomUUID(),
      expiresAt: new Date(Date.now() + 48 * 3_600_000),
      now: new Date(),
    });
    await store.team.setAlertChoice(pending.id, "all");
    // A rule saved before invitees were told apart (the console refuses one now) names them
    // first: new enquiries pass them over.
    expect(await store.team.setAssignmentRule({ kind: "turns", members: [pending.id, a!.id] })).toBe(true);
    const shared = [
      await store.enquiries.add(enquiry("Retailer")),
      await store.enquiries.add(enquiry("Self Use")),
    ];
    const fields = await store.team.fieldsOf(shared.map(({ id }) => id));
    expect(shared.map(({ id }) => fields.get(id)?.ownerId)).toEqual([a!.id, a!.id]);
    await store.team.setAssignmentRule({ kind: "buyer", Retailer: pending.id, "Self Use": null });
    const waiting = await store.enquiries.add(enquiry("Retailer"));
    expect((await store.team.fieldsOf([waiting.id])).get(waiting.id)?.ownerId ?? null).toBeNull();

    // Nobody hands them one, one at a time or in bulk.
    expect(
      await store.work.setOwner(waiting.id, {
        ownerId: pending.id,
        staffEmail: "a@example.com",
        at: new Date(),
      }),
    ).toBe("invitation-pending");
    expect(
      await store.work.setOwners([{ enquiryId: waiting.id, expectedVersion: 0 }], {
        ownerId: pending.id,
        actorId: a!.id,
        staffEmail: "a@example.com",
        at: new Date(),
      }),
    ).toEqual(["invitation-pending"]);
    expect((await store.team.fieldsOf([waiting.id])).get(waiting.id)?.ownerId ?? null).toBeNull();

    // Their address gets no alert and no digest, though the others get theirs.
    // A week on, at 10:00 IST (the store's clock may be ahead of this one: a test before moved it).
    const morning = ist(istDate(new Date(Date.parse(waiting.receivedAt) + 7 * 86_400_000)), "10:00");
    expect(await queueDayDigests(store, morning)).toBe(2);
    const claimed = await claimAll(store);
    expect(memberMails(claimed).map((mail) => mail.to)).not.toContain("pending@example.net");
    expect(claimed.flatMap((each) => (each.kind === "digest" ? [each.to] : [])).sort()).toEqual([
      "a@example.com",
      "boss@example.com",
    ]);
    // Of all the outbox holds, only the invitation is for their address.
    expect(
      claimed.filter((each) => "to" in each && each.to === "pending@example.net").map((each) => each.kind),
    ).toEqual(["staff-link"]);
  });

  test("working hours: a Friday 18:30 IST enquiry is overdue on Saturday at 13:30 IST, not before, and nothing becomes overdue on Sunday", async () => {
    const { store } = await open();
    const [a] = await members(store, "a@example.com");
    // Times only move forward in a process (server/store/event-clock.ts): each store has its own week.
    const week = adapter.name === "SQLite" ? 0 : 7;
    const date = (dayOfMonth: number) => `2030-01-${String(dayOfMonth + week).padStart(2, "0")}`;
    vi.useFakeTimers({ toFake: ["Date"], now: ist(date(4), "18:30") });
    const friday = await store.enquiries.add(enquiry("Retailer"));
    vi.setSystemTime(ist(date(5), "17:00"));
    const saturday = await store.enquiries.add(enquiry("Self Use"));
    vi.useRealTimers();

    const overdueAt = async (at: Date) => {
      const page = await listView(store, {
        view: "overdue",
        staffId: a!.id,
        now: at,
        dayEnd: istDayBounds(at).end,
        limit: 10,
      });
      return page.items.map((row) => row.id);
    };
    expect(await overdueAt(ist(date(5), "13:29"))).toEqual([]);
    expect(await overdueAt(ist(date(5), "13:30"))).toEqual([friday.id]);
    // Saturday 17:00 + 4 working hours: 2 on Saturday, 2 on Monday (12:00); Sunday is no working day.
    expect(await overdueAt(ist(date(6), "23:59"))).toEqual([friday.id]);
    expect(await overdueAt(ist(date(7), "12:00"))).toEqual([friday.id, saturday.id]);
    const sunday = ist(date(6), "10:00");
    expect(
      (await store.team.viewCounts({ staffId: a!.id, now: sunday, dayEnd: istDayBounds(sunday).end }))
        .overdue,
    ).toBe(1);

    // Saturday morning: the Friday enquiry is due today, not yet overdue.
    const morning = ist(date(5), "10:00");
    const dueToday = await listView(store, {
      view: "due-today",
      staffId: a!.id,
      now: morning,
      dayEnd: istDayBounds(morning).end,
      limit: 10,
    });
    expect(dueToday.items.map((row) => row.id)).toEqual([friday.id]);

    // A note on Saturday touches it: the first-contact target no longer counts, and it is due by
    // the rule, on Monday at 18:00 (received at 18:30, the working day's last hour).
    await store.work.addNote(friday.id, {
      text: "Called, no answer",
      staffEmail: "a@example.com",
      at: ist(date(5), "14:00"),
    });
    expect(await overdueAt(ist(date(7), "12:00"))).toEqual([saturday.id]);
    expect(await overdueAt(ist(date(7), "18:00"))).toEqual([saturday.id, friday.id]);
  });

  test("a follow-up with its next step makes an open enquiry due; closing it ends the follow-up, and a closed one takes none", async () => {
    const { store } = await open();
    const [a] = await members(store, "a@example.com");
    const stored = await store.enquiries.add(enquiry("Retailer"));
    await store.work.setOwner(stored.id, { ownerId: a!.id, staffEmail: "a@example.com", at: new Date() });
    const at = new Date(Date.now() + 3 * 3_600_000);
    expect(
      await store.work.setFollowUp(stored.id, {
        followUpAt: at,
        nextStep: "Send the retailer price list",
        staffEmail: "a@example.com",
        at: new Date(),
      }),
    ).toBe("changed");
    expect((await store.team.fieldsOf([stored.id])).get(stored.id)).toMatchObject({
      followUpAt: at.toISOString(),
      nextStep: "Send the retailer price list",
      dueAt: at.toISOString(),
    });
    const later = new Date(at.getTime() + 1);
    const overdue = await listView(store, {
      view: "overdue",
      staffId: a!.id,
      now: later,
      dayEnd: istDayBounds(later).end,
      limit: 10,
    });
    expect(overdue.items.map((row) => [row.id, row.nextStep])).toEqual([
      [stored.id, "Send the retailer price list"],
    ]);

    const record = await store.enquiryWork.get(stored.id);
    await store.work.changeStatus(stored.id, {
      to: "Declined",
      expectedVersion: record!.version,
      staffEmail: "a@example.com",
      at: new Date(),
    });
    expect((await store.team.fieldsOf([stored.id])).get(stored.id)).toMatchObject({
      followUpAt: null,
      dueAt: null,
    });
    expect(
      await store.work.setFollowUp(stored.id, {
        followUpAt: at,
        nextStep: null,
        staffEmail: "a@example.com",
        at: new Date(),
      }),
    ).toBe("closed");
  });

  test("the 09:00 digest: only members with something due get one, once a day even from two instances, with links to the right enquiries", async () => {
    const { store, other } = await open();
    const second = await other();
    const [a, b] = await members(store, "a@example.com", "b@example.com");
    await store.team.setAssignmentRule({ kind: "buyer", Retailer: a!.id, "Self Use": a!.id });
    await store.team.setAlertChoice(a!.id, "none");
    await store.team.setAlertChoice(b!.id, "none");
    const late = await store.enquiries.add(enquiry("Retailer"));
    const today = await store.enquiries.add(enquiry("Self Use"));
    await store.enquiries.claimDueNotifications({
      worker: "x",
      now: new Date(),
      limit: 100,
      leaseMs: 60_000,
    });
    const nine = ist("2030-02-04", "09:00");
    // Both buyers were called: only their follow-ups are due now.
    for (const { id } of [late, today]) {
      await store.work.recordContact(id, {
        channel: "call",
        staffEmail: "a@example.com",
        at: new Date(),
      });
    }
    await store.work.setFollowUp(late.id, {
      followUpAt: ist("2030-02-02", "11:00"),
      nextStep: "Call back",
      staffEmail: "a@example.com",
      at: new Date(),
    });
    await store.work.setFollowUp(today.id, {
      followUpAt: ist("2030-02-04", "15:00"),
      nextStep: null,
      staffEmail: "a@example.com",
      at: new Date(),
    });

    // Before 09:00 nothing is queued; at 09:00 from two instances at once, one digest for a, none for b.
    expect(await queueDayDigests(store, ist("2030-02-04", "08:59"))).toBe(0);
    const queued = await Promise.all([queueDayDigests(store, nine), queueDayDigests(second, nine)]);
    expect(queued[0] + queued[1]).toBe(1);
    expect(await queueDayDigests(store, ist("2030-02-04", "12:00"))).toBe(0);

    const digests = (await claimAll(store)).filter((each) => each.kind === "digest");
    expect(digests.map((each) => each.to)).toEqual(["a@example.com"]);
    const digest = digests[0]!;
    if (digest.kind !== "digest") throw new Error("not a digest");
    expect(digest.digest.overdue.items.map((item) => item.id)).toEqual([late.id]);
    expect(digest.digest.dueToday.items.map((item) => item.id)).toEqual([today.id]);
    expect(digest.digest.unownedOverdue.count).toBe(0);

    const mail = digestMail(digest.digest, "https://collarise.example");
    for (const id of [late.id, today.id]) {
      expect(mail.text).toContain(`${enquiryReference(id)}: Buyer, 12 sachets,`);
      expect(mail.text).toContain(`https://collarise.example${CONSOLE_PAGE_PATHS.enquiry(id)}`);
      expect((await store.enquiryWork.get(id))?.id).toBe(id);
    }
    // A mail kept in mailboxes names a buyer by first name only: no full name, address or mobile.
    expect(mail.text).not.toMatch(/Buyer \d+/);
    expect(mail.text).not.toMatch(/@example\.com|9876543210/);
    // Nothing was filed as spam: the digest says nothing of it.
    expect(mail.text).not.toContain("spam");
  });

  test("a member removed after the digests were made is queued none; the others' are queued once", async () => {
    const { store } = await open();
    const [stays, leaves] = await members(store, "stays@example.com", "leaves@example.com");
    const nine = ist("2030-02-04", "09:00");
    const content = planDigest(
      await store.team.digestParts(
        digestReads({ staffId: stays!.id, now: nine, dayEnd: ist("2030-02-05", "00:00") }),
      ),
      { now: nine, dayEnd: ist("2030-02-05", "00:00"), day: "today", staffId: stays!.id },
    );
    const digests = [stays!, leaves!].map((member) => ({
      staffId: member.id,
      content,
      enquiryIds: digestEnquiryIds(content),
    }));
    expect(await store.members.remove("leaves@example.com")).not.toBeNull();
    expect(await store.team.queueDigests("2030-02-04", digests, nine)).toBe(1);
    expect(await store.team.queueDigests("2030-02-04", digests, nine)).toBe(0);
    const queued = (await claimAll(store)).filter((each) => each.kind === "digest");
    expect(queued.map((each) => each.to)).toEqual(["stays@example.com"]);
  });

  test("the digest counts the suspected spam filed in the 24 hours before it, which nobody was mailed", async () => {
    const { store } = await open();
    const [a] = await members(store, "a@example.com");
    const spam = await store.enquiries.add(enquiry("Retailer"), {
      screening: { score: 9, reasons: ["link-in-name", "no-proof-of-work"], spam: true },
    });
    await store.enquiries.add(enquiry("Self Use"));
    // Set to Spam by hand: it was mailed on arrival, so the spam line does not count it.
    const byHand = await store.enquiries.add(enquiry("Self Use"));
    await store.work.changeStatus(byHand.id, {
      to: "Spam",
      expectedVersion: 0,
      staffEmail: "a@example.com",
      at: new Date(byHand.receivedAt),
    });
    // Timed by the store's own clock, which another test of this suite may have moved.
    const now = new Date(new Date(spam.receivedAt).getTime() + 60_000);
    const day = { staffId: a!.id, dayEnd: new Date(now.getTime() + 86_400_000) };
    const digestAt = async (at: Date) =>
      planDigest(await store.team.digestParts(digestReads({ ...day, now: at })), {
        now: at,
        dayEnd: day.dayEnd,
        day: "today",
        staffId: day.staffId,
      });
    const content = await digestAt(now);
    expect(content.spamFiled).toBe(1);
    expect(digestMail(content, "https://collarise.example").text).toContain(
      "Suspected spam filed in the last 24 hours: 1.",
    );
    const nextDay = await digestAt(new Date(now.getTime() + 25 * 3_600_000));
    expect(nextDay.spamFiled).toBe(0);
    expect(digestMail(nextDay, "https://collarise.example").text).not.toContain("Suspected spam");
  });
});

// After the suite above: its tests move each process's clock up to February 2030, these to May.
describe.each([sqliteAdapter(), firestoreAdapter()])("a member away on the $name store", (adapter) => {
  const opened: Store[] = [];
  beforeAll(() => adapter.setUp());
  afterAll(() => adapter.tearDown());
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((store) => store.close()));
    vi.useRealTimers();
  });
  async function open() {
    const { store } = await adapter.open();
    opened.push(store);
    return { store };
  }
  async function members(store: Store, ...emails: string[]) {
    return Promise.all(emails.map((email) => store.staff.add({ email, role: "member", passwordHash: "h" })));
  }

  test("away: the round robin passes a member away over, and the owner's digest lists their due work apart", async () => {
    const { store } = await open();
    const boss = await store.staff.add({ email: "boss@example.com", role: "owner", passwordHash: "h" });
    const [asha, ravi] = await members(store, "asha@example.com", "ravi@example.com");
    await store.team.setAssignmentRule({ kind: "turns", members: [asha!.id, ravi!.id] });
    // Each store its own week, later than the other tests' (times only move forward in a process).
    const day = adapter.name === "SQLite" ? "2030-05-06" : "2030-05-13";
    const nextDay = adapter.name === "SQLite" ? "2030-05-07" : "2030-05-14";
    expect(await store.members.setAwayUntil(asha!.id, day)).toBe(true);
    vi.useFakeTimers({ toFake: ["Date"], now: ist(day, "10:00") });
    const first = await store.enquiries.add(enquiry("Retailer", "Anil Mehta"));
    const second = await store.enquiries.add(enquiry("Retailer", "Imran Khan"));
    // Handed to Asha by the owner while she is away: due today, 14:00, and nobody else owns it.
    await store.work.setOwner(second.id, {
      ownerId: asha!.id,
      actorId: boss.id,
      staffEmail: "boss@example.com",
      at: new Date(),
    });
    vi.setSystemTime(ist(nextDay, "10:00"));
    const back = await store.enquiries.add(enquiry("Retailer", "Priya Shah"));
    vi.useRealTimers();
    const owners = await store.team.fieldsOf([first.id, back.id]);
    expect(owners.get(first.id)?.ownerId).toBe(ravi!.id);
    expect([asha!.id, ravi!.id]).toContain(owners.get(back.id)?.ownerId);

    await claimAll(store);
    expect(await queueDayDigests(store, ist(day, "12:00"))).toBeGreaterThan(0);
    const digests = (await claimAll(store)).flatMap((each) => (each.kind === "digest" ? [each] : []));
    const bossDigest = digests.find((each) => each.to === "boss@example.com");
    expect(bossDigest?.digest.awayDue?.items.map((item) => item.id)).toEqual([second.id]);
    const mail = digestMail(bossDigest!.digest, "https://collarise.example");
    expect(mail.text).toContain("Due work of members away (1)");
    expect(mail.text).toContain(`${enquiryReference(second.id)}: Imran, 12 sachets,`);
    // A member who is not an owner is not told of a colleague's work.
    expect(digests.find((each) => each.to === "ravi@example.com")?.digest.awayDue).toBeUndefined();
  });
});
