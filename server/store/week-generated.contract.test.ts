import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { seeded } from "../../tests/support/seeded";
import { ENQUIRY_STATUSES, enquiryReference } from "../../domain/console";
import type { Enquiry } from "../../domain/enquiry";
import { ALERT_CHOICES, INBOX_VIEWS, type AssignmentRule } from "../../domain/team";
import { PLACEHOLDER_FACTS } from "../../domain/company-facts";
import { LOST_REASONS, type LostReason } from "../../domain/deal";
import { CALL_OUTCOMES, CONTACT_CHANNELS } from "../../domain/lifecycle";
import { mayOwnEnquiries } from "../../domain/staff";
import { RETENTION_DAYS_CLOSED, RETENTION_DAYS_VITALS } from "../../domain/retention";
import { istDate, istDayBounds } from "../../domain/working-hours";
import { firestoreSandbox, sqliteSandbox } from "../../tests/support/store-sandboxes";
import { inboxFilterOf } from "../lifecycle/inbox-listing";
import { queueDayDigests } from "../team/digest-schedule";
import { dashboardData } from "../work/dashboard-figures";
import { statusCounts } from "./enquiry-work";
import type { Store } from "./store";

// Enquiries are stamped with the clock the test sets (the event clock would otherwise keep every
// stamp after the last one this process made, whatever the clock says).
vi.mock("./event-clock", () => ({ eventTime: () => new Date() }));

/**
 * The team's working week as a seeded generator makes it, on both stores: enquiries arriving on
 * each day at any hour (before the day opens, in it, after it closes, on the Sunday), owners given
 * by the rule and by hand, follow-ups set, cleared and falling due, notes, contacts and statuses,
 * members' alert choices, away days and devices changed, a member removed part way, the 09:00
 * digests and the follow-up reminders queued as the clock moves from day to day. After each day
 * the team's views, each member's Mine, counts and devices, the rows, the dashboard and what the
 * day queued are read (the histories after the last day); after the week, a far later day's
 * retention sweep and what it leaves. Every answer
 * and reading is made store-neutral (ids become names) and must be the same on both stores.
 */

const HOURS = PLACEHOLDER_FACTS.workingHours;
const OWNER = "owner@example.com";
const ASHA = "asha@example.com";
const BILAL = "bilal@example.com";
const CHITRA = "chitra@example.com";
const EMAILS = [OWNER, ASHA, BILAL, CHITRA] as const;
type Email = (typeof EMAILS)[number];

/** Thursday 5 March 2026 to Friday 13 March 2026: the Sunday, 8 March, is no working day. */
const DAYS = Array.from({ length: 9 }, (_, index) => `2026-03-${String(5 + index).padStart(2, "0")}`);
/** The far later day the retention sweep runs on: more than a year after the week. */
const LATER_DAY = "2027-04-12";
/** Every notification is due by then. */
const LATER = new Date("2099-01-01T00:00:00Z");
const SERVER_KEY = "BJTAGo66aanabYewIm5eQlBfQJGaZ8vNrK0QHKRkCJMax41gQKys0x6j7eB-bnkGVzHG6DwBGc9RrpBUj30HrOs";
const DEVICES = Array.from({ length: 4 }, (_, index) => `https://push.example.net/send/device-${index + 1}`);

/** A minute of an IST day, as an instant. */
const istAt = (day: string, minute: number) =>
  new Date(Date.parse(`${day}T00:00:00+05:30`) + minute * 60_000);

/** The n-th buyer's enquiry, the same on every store and run (its address and mobile its own). */
const buyer = (n: number, RetailerSelfUse: Enquiry["RetailerSelfUse"], Quantity: number): Enquiry => ({
  Name: `Buyer ${n}`,
  Email: `buyer${n}@example.in`,
  Mobile: `98${String(76_543_210 + n).padStart(8, "0")}`,
  Quantity,
  RetailerSelfUse,
});

const NEXT_STEPS = ["Call about the price", "Send the price list", "Ask for the address", null];
const NOTES = ["Rang, no answer", "Wants 3 boxes", "Asked about the taste"];
const CHANGES = [
  "receive",
  "receive",
  "receive",
  "status",
  "status",
  "owner",
  "owner",
  "owners",
  "follow-up",
  "follow-up",
  "note",
  "contact",
  "not-spam",
  "rule",
  "alert",
  "away",
  "device",
  "reminders",
  "reminders",
  "reminders",
  "digests",
  "remove",
] as const;

/** What the sequence named: staff by e-mail, enquiries by their buyer's name (references too). */
class Names {
  readonly ids = new Map<string, string>();
  set(id: string, name: string) {
    this.ids.set(id, name);
    this.ids.set(enquiryReference(id), name);
  }
  /** `value` with every id and reference the sequence met replaced by its name. */
  neutral<T>(value: T): T {
    let text = JSON.stringify(value) ?? "null";
    for (const [id, name] of this.ids) text = text.replaceAll(id, name);
    return JSON.parse(text) as T;
  }
}

interface Received {
  id: string;
  name: string;
  number: number;
}

/**
 * Everything a member or an operator sees at `now`, the end of a day: the staff with their away
 * days, alert choices and devices, the rule, every row of All, the team's views, each member's
 * Mine and counts, each enquiry's history (`withHistories`), the dashboard's 30 days, and the
 * notifications queued since the day before
 * (claimed, then some buyers' acknowledgements refused for good, which the next digest names).
 */
async function observe(
  store: Store,
  names: Names,
  received: readonly Received[],
  now: Date,
  withHistories: boolean,
) {
  vi.setSystemTime(now);
  const dayEnd = istDayBounds(now).end;
  const staff = (await store.staff.list())
    .map((member) => ({
      email: member.email,
      role: member.role,
      awayUntil: member.awayUntil ?? null,
      id: member.id,
      active: mayOwnEnquiries(member),
    }))
    .sort((a, b) => a.email.localeCompare(b.email));
  const ownerId = staff.find((member) => member.role === "owner")!.id;
  const listed = async (query: Parameters<typeof inboxFilterOf>[0], staffId: string) => {
    const filter = inboxFilterOf(query, { staffId, now, dayEnd });
    if (!filter) throw new Error("no such view");
    return (await store.enquiryWork.list({ ...filter, cursor: null, limit: 200 })).items;
  };
  const rows = (await listed({}, ownerId)).map((row) => ({
    name: row.id,
    status: row.status,
    version: row.version,
    owner: row.ownerId,
    followUpAt: row.followUpAt,
    nextStep: row.nextStep,
    dueAt: row.dueAt,
    firstContactDueAt: row.firstContactDueAt,
    answeredAt: row.answeredAt,
    touched: row.touched,
  }));
  // The team's views list the same whoever reads them (as the owner does here); Mine is each one's own.
  const views: Record<string, string[]> = {};
  for (const view of INBOX_VIEWS.filter((each) => each !== "mine")) {
    const listedRows = await listed({ view }, ownerId);
    views[view] = listedRows.map((row) => row.id);
    // The generator left no two enquiries due at the same time: their order is the stores' own.
    if (view !== "unassigned") {
      const due = listedRows.flatMap((row) => (row.dueAt === null ? [] : [row.dueAt]));
      expect(new Set(due).size, `${view} lists two enquiries due at the same time`).toBe(due.length);
    }
  }
  const members: Record<string, unknown> = {};
  for (const member of staff) {
    members[member.email] = {
      role: member.role,
      awayUntil: member.awayUntil,
      active: member.active,
      mine: (await listed({ view: "mine" }, member.id)).map((row) => row.id),
      counts: await store.team.viewCounts({ staffId: member.id, now, dayEnd }),
      devices: (await store.push.devicesOf(member.id)).map((device) => [device.endpoint, device.createdAt]),
    };
  }
  const histories: Record<string, unknown[]> = {};
  for (const each of withHistories ? received : []) {
    const record = await store.enquiryWork.get(each.id);
    histories[each.name] = record
      ? [record.status, record.version, ...record.history.map(({ id: _, ...entry }) => entry)]
      : ["(erased)"];
  }
  const claimed = await store.enquiries.claimDueNotifications({
    worker: "week",
    now: LATER,
    limit: 500,
    leaseMs: 60_000,
  });
  const notifications = claimed
    .map((notification) => {
      const { id, attempts: _, ...each } = notification as unknown as Record<string, unknown>;
      // A digest's and a reminder's id are made from what they are of; the others' are random.
      const reminder = each.kind === "push" && (each.push as { reason?: string }).reason === "follow-up";
      const kept = each.kind === "digest" || reminder ? { id } : {};
      return JSON.stringify(names.neutral({ ...kept, ...each }));
    })
    .sort();
  // The mail server refuses some buyers' acknowledgements for good, each a minute after the one
  // before (the digest lists them by when): the next digest names them.
  const refused = claimed.flatMap((each) => {
    const enquiry = received.find((one) => "enquiryId" in each && one.id === each.enquiryId);
    return each.kind === "acknowledgement" && enquiry && enquiry.number % 3 === 0 ? [{ each, enquiry }] : [];
  });
  refused.sort((a, b) => a.enquiry.number - b.enquiry.number);
  for (const [index, { each }] of refused.entries()) {
    const at = new Date(now.getTime() + (index + 1) * 60_000);
    await store.enquiries.markNotificationUndeliverable(each.id, "week", "550 no such mailbox", at);
  }
  const choices = await store.team.alertChoices();
  return names.neutral({
    staff: staff.map(({ id, ...member }) => ({ ...member, choice: choices.get(id) ?? null })),
    rule: await store.team.assignmentRule(),
    rows,
    views,
    members,
    counts: await statusCounts(store.enquiryWork),
    histories,
    dashboard: await dashboardData(store.dashboard, { now, days: 30, hours: HOURS }),
    notifications,
  });
}

/**
 * A week of the team's work as the seeded generator makes it, `steps` a day, each a minute or
 * more after the one before: answers every call's answer, store-neutral, and what was seen after
 * each day and after the far later day's sweep.
 */
async function generatedWeek(
  seed: number,
  steps: number,
  store: Store,
): Promise<{ answers: string[]; seen: unknown[] }> {
  const random = seeded(seed);
  const chance = (p: number) => random() < p;
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const names = new Names();
  const ids = {} as Record<Email, string>;
  vi.setSystemTime(istAt(DAYS[0]!, 6 * 60));
  for (const [index, email] of EMAILS.entries()) {
    vi.setSystemTime(istAt(DAYS[0]!, 6 * 60 + index));
    const member = await store.staff.add({
      email,
      role: email === OWNER ? "owner" : "member",
      passwordHash: "h",
    });
    ids[email] = member.id;
    names.set(member.id, email);
  }
  // The owner hears of nothing; the members keep the default (what is theirs) until they change it.
  await store.team.setAlertChoice(ids[OWNER], "none");
  await store.team.setAssignmentRule({ kind: "turns", members: [ids[ASHA], ids[BILAL]] });
  for (const [index, email] of ([ASHA, BILAL] as const).entries()) {
    await store.push.subscribe(
      {
        staffId: ids[email],
        endpoint: DEVICES[index]!,
        keys: { p256dh: "p", auth: "a" },
        serverKey: SERVER_KEY,
      },
      { now: istAt(DAYS[0]!, 6 * 60 + 10 + index), max: 2 },
    );
  }
  const answers: string[] = [];
  const seen: unknown[] = [];
  const received: Received[] = [];
  let members: Email[] = [...EMAILS];
  /** Each follow-up's milliseconds past its second, its own: no two fall at the same instant. */
  let followUps = 0;
  const followUpMs = () => {
    followUps += 1;
    expect(followUps).toBeLessThan(1000);
    return followUps;
  };
  const say = (line: string, answer: unknown) => {
    answers.push(`${line}: ${JSON.stringify(names.neutral(answer ?? null))}`);
  };

  for (const [dayIndex, day] of DAYS.entries()) {
    let minute = 7 * 60 + Math.floor(random() * 90);
    let digestsTried = false;
    for (let step = 0; step < steps; step++) {
      const gap = 30 + Math.floor(random() * 60);
      if (minute + gap > 22 * 60 + 30) break;
      minute += gap;
      let at = istAt(day, minute);
      vi.setSystemTime(at);
      const by = pick(members);
      const firstAfterNine = !digestsTried && minute >= 9 * 60;
      if (firstAfterNine) digestsTried = true;
      const change =
        dayIndex === 4 && step === 0
          ? "remove-chitra"
          : received.length < 3
            ? "receive"
            : firstAfterNine && chance(0.8)
              ? "digests"
              : pick(CHANGES);
      const unknown = chance(0.08);
      const target = received.length > 0 ? pick(received) : undefined;
      const targetId = unknown ? "no-such-enquiry" : (target?.id ?? "no-such-enquiry");
      const version = async (id: string) => {
        const kept = (await store.enquiryWork.get(id))?.version ?? 0;
        return chance(0.2) ? Math.max(0, kept - 1) : kept;
      };
      let answer: unknown;
      try {
        if (change === "remove-chitra") {
          members = members.filter((email) => email !== CHITRA);
          answer = await store.members.remove(CHITRA, { staffEmail: OWNER, at, keepAnOwner: true });
        } else if (change === "remove") {
          // Refused: the last owner, or someone not on the staff.
          answer = await store.members.remove(chance(0.5) ? OWNER : "nobody@example.com", {
            staffEmail: OWNER,
            at,
            keepAnOwner: true,
          });
        } else if (change === "receive" || !target) {
          const number = received.length + 1;
          const spam = chance(0.12);
          const stored = await store.enquiries.add(
            buyer(number, chance(0.4) ? "Retailer" : "Self Use", 1 + Math.floor(random() * 48)),
            {
              ...(spam ? { screening: { score: 10, reasons: [], spam: true } } : {}),
              ...(!spam && chance(0.6) ? { acknowledge: true } : {}),
            },
          );
          received.push({ id: stored.id, name: `Buyer ${number}`, number });
          names.set(stored.id, `Buyer ${number}`);
          answer = `Buyer ${number}`;
        } else if (change === "status") {
          const to = chance(0.5) ? pick(["New", "Contacted", "Confirmed"] as const) : pick(ENQUIRY_STATUSES);
          const other = pick(received.filter((each) => each.id !== target.id));
          answer = await store.work.changeStatus(targetId, {
            to,
            expectedVersion: await version(target.id),
            staffEmail: by,
            at,
            ...(to === "Duplicate" && other ? { duplicateOf: other.id } : {}),
            ...(chance(0.5) ? { lostReason: pick(Object.keys(LOST_REASONS) as LostReason[]) } : {}),
            ...(chance(0.3) ? { note: pick(NOTES) } : {}),
          });
        } else if (change === "owner") {
          const kept = (await store.team.fieldsOf([target.id])).get(target.id)?.ownerId ?? null;
          const expected = chance(0.1) ? ids[ASHA] : kept;
          const to = chance(0.15) ? null : chance(0.05) ? "no-such-member" : ids[pick(EMAILS)];
          answer = await store.work.setOwner(targetId, {
            ownerId: to,
            expectedOwnerId: expected,
            actorId: ids[by],
            staffEmail: by,
            at,
          });
        } else if (change === "owners") {
          const items = [];
          for (const each of received.filter(() => chance(0.3)).slice(0, 5)) {
            items.push({ enquiryId: each.id, expectedVersion: await version(each.id) });
          }
          answer = await store.work.setOwners(items, {
            ownerId: chance(0.2) ? null : ids[pick([ASHA, BILAL, CHITRA] as const)],
            actorId: ids[by],
            staffEmail: by,
            at,
          });
        } else if (change === "follow-up") {
          const clear = chance(0.15);
          // Now and then one already past: it is overdue, and its reminder due at the next sweep.
          const hours = chance(0.2)
            ? -(1 + Math.floor(random() * 4))
            : chance(0.5)
              ? 1 + Math.floor(random() * 6)
              : 1 + Math.floor(random() * 60);
          answer = await store.work.setFollowUp(targetId, {
            followUpAt: clear ? null : new Date(at.getTime() + hours * 3_600_000 + followUpMs()),
            nextStep: clear ? null : pick(NEXT_STEPS),
            staffEmail: by,
            at,
          });
        } else if (change === "note") {
          answer = await store.work.addNote(targetId, { text: pick(NOTES), staffEmail: by, at });
        } else if (change === "contact") {
          const channel = pick(CONTACT_CHANNELS);
          answer = await store.work.recordContact(targetId, {
            channel,
            ...(channel === "call" ? { outcome: pick(CALL_OUTCOMES) } : {}),
            staffEmail: by,
            at,
          });
        } else if (change === "not-spam") {
          answer = await store.work.releaseFromSpam(targetId, {
            expectedVersion: await version(target.id),
            staffEmail: by,
            at,
          });
        } else if (change === "rule") {
          const rule: AssignmentRule = pick([
            { kind: "none" },
            { kind: "turns", members: [ids[ASHA], ids[BILAL]] },
            { kind: "turns", members: [ids[ASHA], ids[BILAL], ids[CHITRA]] },
            { kind: "buyer", Retailer: ids[BILAL], "Self Use": ids[ASHA] },
            { kind: "buyer", Retailer: ids[CHITRA], "Self Use": ids[BILAL] },
          ]);
          answer = await store.team.setAssignmentRule(rule);
        } else if (change === "alert") {
          const whose = unknown ? "no-such-member" : ids[pick(EMAILS)];
          answer = await store.team.setAlertChoice(whose, pick(ALERT_CHOICES));
        } else if (change === "away") {
          const whose = unknown ? "no-such-member" : ids[pick(EMAILS)];
          const until = chance(0.3)
            ? null
            : istDate(new Date(at.getTime() + Math.floor(random() * 4) * 86_400_000));
          answer = await store.members.setAwayUntil(whose, until);
        } else if (change === "device") {
          const whose = ids[pick(EMAILS)];
          const endpoint = pick(DEVICES);
          if (chance(0.6)) {
            await store.push.subscribe(
              { staffId: whose, endpoint, keys: { p256dh: "p", auth: "a" }, serverKey: SERVER_KEY },
              { now: at, max: 2 },
            );
            answer = `subscribed ${endpoint.slice(-8)} for ${whose}`;
          } else {
            answer = await store.push.unsubscribe(whose, endpoint);
          }
        } else if (change === "reminders") {
          answer = await store.work.queueDueReminders({ now: at, limit: 50 });
        } else {
          answer = await queueDayDigests(store, at);
        }
      } catch (error) {
        answer = `refused: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`;
      }
      say(
        `${day} ${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")} ${change} ${target?.name ?? ""} by ${by}`,
        answer,
      );
      // The server's own sweep, as it runs through the day: here once every three hours.
      if (Math.floor(minute / 180) !== Math.floor((minute - gap) / 180)) {
        say(`${day} sweep`, await store.work.queueDueReminders({ now: at, limit: 50 }));
      }

      // No two open enquiries left due at the same instant (a due time by the rule falls on the
      // hour, a first contact after hours at the next day's same time): each later one is given a
      // follow-up of its own just before, as the team would, a minute on.
      const fields = await store.team.fieldsOf(received.map((each) => each.id));
      const due = new Set<string>();
      for (const each of received) {
        const dueAt = fields.get(each.id)?.dueAt ?? null;
        if (dueAt === null) continue;
        if (!due.has(dueAt)) {
          due.add(dueAt);
          continue;
        }
        minute += 1;
        at = istAt(day, minute);
        vi.setSystemTime(at);
        const followUpAt = new Date(Date.parse(dueAt) - 30 * 60_000 + followUpMs());
        due.add(followUpAt.toISOString());
        say(
          `${day} tie ${each.name}`,
          await store.work.setFollowUp(each.id, {
            followUpAt,
            nextStep: "Call again",
            staffEmail: OWNER,
            at,
          }),
        );
      }
    }
    const lastDay = dayIndex === DAYS.length - 1;
    seen.push(await observe(store, names, received, istAt(day, 23 * 60 + 50), lastDay));
  }

  // A far later day: the follow-ups long past remind nobody, the day's digests are queued, and the
  // retention sweep erases what was closed more than its period ago.
  const sweepAt = istAt(LATER_DAY, 9 * 60 + 30);
  vi.setSystemTime(sweepAt);
  say("later reminders", await store.work.queueDueReminders({ now: sweepAt, limit: 50 }));
  say(
    "later sweep",
    await store.retention.eraseExpired({
      now: sweepAt,
      closedEnquiryDays: RETENTION_DAYS_CLOSED,
      vitalsDays: RETENTION_DAYS_VITALS,
    }),
  );
  vi.setSystemTime(istAt(LATER_DAY, 9 * 60 + 31));
  say("later digests", await queueDayDigests(store, istAt(LATER_DAY, 9 * 60 + 31)));
  seen.push(await observe(store, names, received, istAt(LATER_DAY, 12 * 60), true));
  return { answers, seen };
}

const sandboxes = [sqliteSandbox("week-generated-contract"), firestoreSandbox("week-gen")];
const opened: Store[] = [];
beforeAll(async () => {
  await Promise.all(sandboxes.map((sandbox) => sandbox.setUp()));
  vi.useFakeTimers({ toFake: ["Date"] });
});
afterAll(async () => {
  vi.useRealTimers();
  await Promise.all(opened.splice(0).map((store) => store.close()));
  await Promise.all(sandboxes.map((sandbox) => sandbox.tearDown()));
});

describe("a generated week of the team's work on both stores leaves the same answers and views each day", () => {
  test.each([328, 336])("seed %i", async (seed) => {
    const weeks: Awaited<ReturnType<typeof generatedWeek>>[] = [];
    for (const sandbox of sandboxes) {
      const { store } = await sandbox.openStore();
      opened.push(store);
      weeks.push(await generatedWeek(seed, 9, store));
    }
    const [sqlite, firestore] = weeks as [(typeof weeks)[0], (typeof weeks)[0]];
    const { answers } = sqlite;
    // Every call answered the same, and each day every member saw the same.
    expect(firestore.answers).toEqual(answers);
    for (const [index, day] of [...DAYS, LATER_DAY].entries()) {
      expect(firestore.seen[index], `what was seen on ${day}`).toEqual(sqlite.seen[index]);
    }
    // The week did what it is for: changes accepted and refused, digests and reminders queued.
    const accepted = answers.filter((line) => /: ("changed"|true)$/.test(line));
    expect(accepted.length).toBeGreaterThan(20);
    expect(answers.some((line) => line.includes("conflict"))).toBe(true);
    expect(answers.some((line) => line.includes("not-found"))).toBe(true);
    expect(answers.some((line) => /: false$/.test(line))).toBe(true);
    expect(answers.some((line) => line.includes("refused: "))).toBe(true);
    expect(answers.some((line) => / digests .*: [1-9]$/.test(line))).toBe(true);
    expect(answers.some((line) => /reminders .*"queued":[1-9]/.test(line))).toBe(true);
    expect(answers.some((line) => /later sweep.*"enquiries":[1-9]/.test(line))).toBe(true);
  });
});
