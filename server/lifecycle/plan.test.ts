import { describe, expect, test } from "vitest";
import {
  acknowledgementQueued,
  CONTACT_KINDS,
  dueOf,
  isContact,
  intakeTakesTurn,
  planContact,
  planFollowUp,
  planIntake,
  planMemberRemoval,
  planNote,
  planOwnerBatch,
  planOwnerChange,
  planDeal,
  planRelease,
  planStatusChange,
  untouchedWork,
  type MemberFacts,
  type WorkState,
} from "./plan";
import { planDigest, type DigestRow } from "./digest";

/** IST wall-clock time as an ISO instant: ist("2030-01-04", "18:30"). */
const ist = (day: string, time: string) => new Date(`${day}T${time}:00+05:30`).toISOString();

const priya: MemberFacts = { id: "priya", email: "priya@example.com", alerts: "mine", invited: false };
const aman: MemberFacts = { id: "aman", email: "aman@example.com", alerts: "none", invited: false };
const owner: MemberFacts = { id: "owner", email: "owner@example.com", alerts: "all", invited: false };
const members = [priya, aman, owner];

/** A Friday 18:30 IST retailer enquiry nobody has touched, as intake leaves it. */
function fridayEnquiry(ownerId: string | null = null): WorkState {
  const plan = planIntake({
    receivedAt: ist("2030-01-04", "18:30"),
    buyer: "Retailer",
    spam: false,
    rule: ownerId ? { kind: "buyer", Retailer: ownerId, "Self Use": null } : { kind: "none" },
    turn: 0,
    members,
    acknowledge: true,
  });
  return plan.work;
}

describe("intake", () => {
  test("an enquiry is New, owned by the rule, due for first contact four working hours later, mailed and announced", () => {
    const plan = planIntake({
      receivedAt: ist("2030-01-04", "18:30"),
      buyer: "Retailer",
      spam: false,
      rule: { kind: "buyer", Retailer: "priya", "Self Use": null },
      turn: 0,
      members,
      acknowledge: true,
    });
    expect(plan.work).toMatchObject({
      status: "New",
      ownerId: "priya",
      touchedAt: null,
      dueAt: ist("2030-01-05", "13:30"),
      firstContactDueAt: ist("2030-01-05", "13:30"),
    });
    expect(plan.alerts.map((alert) => alert.staffId).sort()).toEqual(["owner", "priya"]);
    expect(plan.webhooks).toEqual([{ type: "enquiry.received" }]);
    expect(plan).toMatchObject({ companyMail: true, acknowledgement: true });
  });

  test("spam is filed closed, owned by nobody, due never, mailed to nobody, announced to nobody, and takes no turn", () => {
    const plan = planIntake({
      receivedAt: ist("2030-01-04", "18:30"),
      buyer: "Retailer",
      spam: true,
      rule: { kind: "turns", members: ["priya"] },
      turn: 0,
      members,
      acknowledge: true,
    });
    expect(plan.work).toMatchObject({ status: "Spam", ownerId: null, dueAt: null });
    expect(plan).toMatchObject({ companyMail: false, acknowledgement: false, alerts: [], webhooks: [] });
    expect(intakeTakesTurn({ kind: "turns", members: ["priya"] }, true)).toBe(false);
    expect(intakeTakesTurn({ kind: "turns", members: ["priya"] }, false)).toBe(true);
  });

  test("the acknowledgement goes only to a visitor who asked, not spam, within the mailbox caps", () => {
    expect(acknowledgementQueued({ asked: true, spam: false, capAllowed: true })).toBe(true);
    expect(acknowledgementQueued({ asked: true, spam: false, capAllowed: undefined })).toBe(true);
    expect(acknowledgementQueued({ asked: true, spam: false, capAllowed: false })).toBe(false);
    expect(acknowledgementQueued({ asked: true, spam: true, capAllowed: true })).toBe(false);
    expect(acknowledgementQueued({ asked: false, spam: false, capAllowed: true })).toBe(false);
  });
});

describe("handing on is not contact", () => {
  test("an enquiry nobody answered stays late for its new owner, who hears of it, and history says who handed it to whom", () => {
    const before = fridayEnquiry("priya");
    const plan = planOwnerChange(before, {
      ownerId: "owner",
      expectedOwnerId: "priya",
      actor: { id: "aman", email: "aman@example.com" },
      members,
    });
    if (plan.outcome !== "changed") throw new Error(plan.outcome);
    expect(plan.work).toMatchObject({
      ownerId: "owner",
      touchedAt: null,
      dueAt: before.firstContactDueAt,
      firstContactDueAt: before.firstContactDueAt,
    });
    expect(plan.history).toEqual([
      { kind: "owner", fromOwner: "priya@example.com", text: "owner@example.com" },
    ]);
    expect(plan.alerts).toEqual([{ staffId: "owner", handedOnBy: "aman@example.com" }]);
  });

  test("the new owner is not alerted when they chose no alerts, or took it themselves", () => {
    const before = fridayEnquiry();
    const toAman = planOwnerChange(before, {
      ownerId: "aman",
      expectedOwnerId: null,
      actor: { id: "owner", email: "owner@example.com" },
      members,
    });
    expect(toAman.outcome === "changed" && toAman.alerts).toEqual([]);
    const taken = planOwnerChange(before, {
      ownerId: "priya",
      expectedOwnerId: null,
      actor: { id: "priya", email: "priya@example.com" },
      members,
    });
    expect(taken.outcome === "changed" && taken.alerts).toEqual([]);
  });

  test("a call, a WhatsApp chat, a note or a status change ends the lateness; a follow-up planned does not", () => {
    const before = fridayEnquiry("priya");
    const at = ist("2030-01-06", "10:00");
    for (const plan of [
      planContact(before, { channel: "call", at }),
      planContact(before, { channel: "whatsapp", at }),
      planNote(before, { text: "Left a voicemail", at }),
    ]) {
      expect(plan.work).toMatchObject({ touchedAt: at, firstContactDueAt: null, dueAt: null });
    }
    const status = planStatusChange(before, { to: "Contacted", expectedVersion: 0, at });
    expect(status.outcome === "changed" && status.work).toMatchObject({ touchedAt: at, dueAt: null });
    const followUp = planFollowUp(before, { followUpAt: ist("2030-01-08", "11:00"), nextStep: "Call", at });
    // Still due by its first-contact target, the earlier of the two.
    expect(followUp.outcome === "changed" && followUp.work).toMatchObject({
      touchedAt: null,
      dueAt: before.firstContactDueAt,
      followUpAt: ist("2030-01-08", "11:00"),
    });
    const contactedThenPlanned = planFollowUp(planContact(before, { channel: "call", at }).work, {
      followUpAt: ist("2030-01-08", "11:00"),
      nextStep: "Send the price list",
      at,
    });
    expect(contactedThenPlanned.outcome === "changed" && contactedThenPlanned.work.dueAt).toBe(
      ist("2030-01-08", "11:00"),
    );
  });
});

describe("taking over is asked, not silent", () => {
  test("a change based on an owner that is no longer the owner is refused with who owns it now", () => {
    const before = fridayEnquiry("priya");
    expect(
      planOwnerChange(before, {
        ownerId: "aman",
        expectedOwnerId: null,
        actor: { id: "aman", email: "aman@example.com" },
        members,
      }),
    ).toEqual({ outcome: "owner-changed", currentOwnerId: "priya" });
    expect(
      planOwnerChange(before, {
        ownerId: "ghost",
        expectedOwnerId: "priya",
        actor: { id: null, email: "x" },
        members,
      }),
    ).toEqual({ outcome: "no-such-member" });
  });
});

describe("a bulk assignment", () => {
  const entry = (
    enquiryId: string,
    Name: string,
    receivedAt: string,
    work: WorkState | null = fridayEnquiry(),
  ) => ({
    enquiryId,
    found: work && { work, enquiry: { Name, Quantity: 6, RetailerSelfUse: "Retailer" as const }, receivedAt },
    expectedVersion: work?.version ?? 0,
  });
  const byOwner = { id: "owner", email: "owner@example.com" };

  test("each enquiry is planned alone: one changed since, one taken since, one gone are refused, the rest given with their history line", () => {
    const contacted = planStatusChange(fridayEnquiry(), {
      to: "Contacted",
      expectedVersion: 0,
      at: ist("2030-01-05", "11:00"),
    });
    if (contacted.outcome !== "changed") throw new Error("not changed");
    const plan = planOwnerBatch(
      [
        entry("e1", "Ravi Kumar", ist("2030-01-04", "10:00")),
        // Marked Contacted after the list showed version 0.
        { ...entry("e2", "Meena Iyer", ist("2030-01-04", "11:00"), contacted.work), expectedVersion: 0 },
        {
          ...entry("e3", "Asha Rao", ist("2030-01-04", "12:00"), fridayEnquiry("aman")),
          expectedOwnerId: null,
        },
        entry("e4", "Gone", ist("2030-01-04", "13:00"), null),
      ],
      { ownerId: "priya", actor: byOwner, members },
    );
    expect(plan.outcomes.map((outcome) => outcome.outcome)).toEqual([
      "changed",
      "conflict",
      "owner-changed",
      "not-found",
    ]);
    const [given] = plan.outcomes;
    expect(given).toMatchObject({
      work: { ownerId: "priya" },
      history: [{ kind: "owner", text: "priya@example.com", fromOwner: null }],
      // The alert is the batch's, below.
      alerts: [],
    });
    // Handed just one: that enquiry's own alert, as from its page.
    expect(plan.alerts).toEqual([
      { enquiryId: "e1", alert: { staffId: "priya", handedOnBy: "owner@example.com" } },
    ]);
    expect(plan.lists).toEqual([]);
  });

  test("a member handed several gets one mail listing them oldest first; one who chose no alerts, or took them, gets none", () => {
    const batch = [
      entry("e2", "Meena Iyer", ist("2030-01-04", "11:00")),
      entry("e1", "Ravi Kumar", ist("2030-01-04", "10:00")),
      entry("e3", "Dr. Sharma", ist("2030-01-04", "12:00")),
    ];
    const toPriya = planOwnerBatch(batch, { ownerId: "priya", actor: byOwner, members });
    expect(
      toPriya.outcomes.every((outcome) => outcome.outcome === "changed" && outcome.alerts.length === 0),
    ).toBe(true);
    expect(toPriya.alerts).toEqual([]);
    expect(toPriya.lists).toEqual([
      {
        staffId: "priya",
        list: {
          handedOnBy: "owner@example.com",
          items: [
            {
              id: "e1",
              reference: "E1",
              firstName: "Ravi",
              RetailerSelfUse: "Retailer",
              Quantity: 6,
              receivedAt: ist("2030-01-04", "10:00"),
            },
            {
              id: "e2",
              reference: "E2",
              firstName: "Meena",
              RetailerSelfUse: "Retailer",
              Quantity: 6,
              receivedAt: ist("2030-01-04", "11:00"),
            },
            // "Dr." is no plain first name: the mail names the reference only.
            {
              id: "e3",
              reference: "E3",
              RetailerSelfUse: "Retailer",
              Quantity: 6,
              receivedAt: ist("2030-01-04", "12:00"),
            },
          ],
        },
      },
    ]);
    const toAman = planOwnerBatch(batch, { ownerId: "aman", actor: byOwner, members });
    expect([toAman.alerts, toAman.lists]).toEqual([[], []]);
    const taken = planOwnerBatch(batch, {
      ownerId: "priya",
      actor: { id: "priya", email: "priya@example.com" },
      members,
    });
    expect([taken.alerts, taken.lists]).toEqual([[], []]);
    const unassigned = planOwnerBatch(batch, { ownerId: null, actor: byOwner, members });
    expect(unassigned.outcomes.map((outcome) => outcome.outcome)).toEqual(["changed", "changed", "changed"]);
    expect([unassigned.alerts, unassigned.lists]).toEqual([[], []]);
  });

  test("a member no longer on the staff is refused for each, and nothing is planned", () => {
    const plan = planOwnerBatch([entry("e1", "Ravi Kumar", ist("2030-01-04", "10:00"))], {
      ownerId: "gone",
      actor: byOwner,
      members,
    });
    expect(plan).toEqual({ outcomes: [{ outcome: "no-such-member" }], alerts: [], lists: [] });
  });
});

describe("a member removed", () => {
  test("their open enquiries go to nobody, each with its owner line and no alert; closed and spam ones keep their owner", () => {
    const found = (work: WorkState) => ({
      work,
      enquiry: { Name: "Ravi Kumar", Quantity: 6, RetailerSelfUse: "Retailer" as const },
      receivedAt: ist("2030-01-04", "10:00"),
    });
    const closing = (to: "Fulfilled" | "Spam") => {
      const plan = planStatusChange(fridayEnquiry("priya"), {
        to,
        expectedVersion: 0,
        at: ist("2030-01-05", "11:00"),
      });
      if (plan.outcome !== "changed") throw new Error("not changed");
      return plan.work;
    };
    const plan = planMemberRemoval(
      [
        { enquiryId: "open", found: found(fridayEnquiry("priya")) },
        { enquiryId: "fulfilled", found: found(closing("Fulfilled")) },
        { enquiryId: "spam", found: found(closing("Spam")) },
        { enquiryId: "aman's", found: found(fridayEnquiry("aman")) },
      ],
      { staffId: "priya", actor: { id: "owner", email: "owner@example.com" }, members },
    );
    expect(plan.enquiryIds).toEqual(["open"]);
    expect(plan.outcomes).toEqual([
      {
        outcome: "changed",
        // Handing on is not contact: it stays due by its first-contact target, for nobody.
        work: fridayEnquiry(null),
        history: [{ kind: "owner", text: null, fromOwner: "priya@example.com" }],
        alerts: [],
        pushes: [],
        webhooks: [],
      },
    ]);
    expect([plan.alerts, plan.lists]).toEqual([[], []]);
  });
});

describe("contact with the buyer", () => {
  test("is a status change, a note or a call; handing on, a follow-up and the deal's figures are not", () => {
    expect(CONTACT_KINDS).toEqual(["status", "note", "contact"]);
    expect((["owner", "follow-up", "deal"] as const).map(isContact)).toEqual([false, false, false]);
    // Each plan that counts as contact writes a line of contact, and no other does.
    const work = fridayEnquiry("priya");
    const at = ist("2030-01-05", "11:00");
    const note = planNote(work, { text: "Rang", at });
    const contact = planContact(work, { channel: "call", at });
    const followUp = planFollowUp(work, { followUpAt: at, nextStep: null, at });
    if (followUp.outcome !== "changed") throw new Error("not changed");
    for (const plan of [note, contact]) {
      expect(plan.work.touchedAt).toBe(at);
      expect(plan.history.every((line) => isContact(line.kind))).toBe(true);
    }
    expect(followUp.work.touchedAt).toBeNull();
    expect(followUp.history.some((line) => isContact(line.kind))).toBe(false);
  });
});

describe("status changes", () => {
  test("a change may set the next step; closing clears the follow-up and next step; an old version is refused", () => {
    const planned = planFollowUp(
      planContact(fridayEnquiry("priya"), { channel: "call", at: ist("2030-01-06", "10:00") }).work,
      {
        followUpAt: ist("2030-01-08", "11:00"),
        nextStep: "Send the price list",
        at: ist("2030-01-06", "10:01"),
      },
    );
    if (planned.outcome !== "changed") throw new Error("closed");
    const confirmed = planStatusChange(planned.work, {
      to: "Confirmed",
      expectedVersion: 0,
      nextStep: "Dispatch 60 packs on Monday",
      at: ist("2030-01-06", "11:00"),
    });
    if (confirmed.outcome !== "changed") throw new Error("conflict");
    expect(confirmed.work).toMatchObject({
      status: "Confirmed",
      version: 1,
      followUpAt: ist("2030-01-08", "11:00"),
      nextStep: "Dispatch 60 packs on Monday",
      dueAt: ist("2030-01-08", "11:00"),
    });
    expect(confirmed.webhooks).toEqual([
      { type: "enquiry.status_changed", change: { from: "New", to: "Confirmed" } },
    ]);
    for (const to of ["Fulfilled", "Declined", "Spam"] as const) {
      const closed = planStatusChange(confirmed.work, {
        to,
        expectedVersion: 1,
        at: ist("2030-01-09", "12:00"),
      });
      expect(closed.outcome === "changed" && closed.work).toMatchObject({
        status: to,
        followUpAt: null,
        nextStep: null,
        dueAt: null,
        closedAt: ist("2030-01-09", "12:00"),
      });
    }
    expect(planStatusChange(confirmed.work, { to: "Fulfilled", expectedVersion: 0, at: "x" })).toEqual({
      outcome: "conflict",
    });
  });

  test("a follow-up cannot be set on a closed enquiry", () => {
    const closed = planStatusChange(untouchedWork(), {
      to: "Declined",
      expectedVersion: 0,
      at: ist("2030-01-06", "10:00"),
    });
    if (closed.outcome !== "changed") throw new Error("conflict");
    expect(
      planFollowUp(closed.work, { followUpAt: ist("2030-01-07", "10:00"), nextStep: null, at: "x" }),
    ).toEqual({
      outcome: "closed",
    });
  });
});

describe("the sale", () => {
  const figures = { quantity: 40, valueRupees: 32_000, city: "Jaipur", pinCode: "302001", gstin: null };

  test("Declined keeps why it was lost with a line of its own; declined again for the same reason adds none; any other status forgets it", () => {
    const contacted = planStatusChange(fridayEnquiry(), {
      to: "Contacted",
      expectedVersion: 0,
      at: ist("2030-01-07", "11:00"),
    });
    if (contacted.outcome !== "changed") throw new Error("refused");
    const declined = planStatusChange(contacted.work, {
      to: "Declined",
      expectedVersion: 1,
      lostReason: "bought-elsewhere",
      note: "Found it cheaper locally",
      at: ist("2030-01-08", "11:00"),
    });
    expect(declined).toMatchObject({
      outcome: "changed",
      work: { status: "Declined", lostReason: "bought-elsewhere" },
      history: [
        { kind: "status", from: "Contacted", to: "Declined", text: "Found it cheaper locally" },
        { kind: "deal", text: "Lost: Bought elsewhere" },
      ],
    });
    if (declined.outcome !== "changed") throw new Error("refused");
    const again = planStatusChange(declined.work, {
      to: "Declined",
      expectedVersion: 2,
      lostReason: "bought-elsewhere",
      at: ist("2030-01-08", "12:00"),
    });
    expect(again).toMatchObject({ work: { lostReason: "bought-elsewhere" }, history: [{ kind: "status" }] });
    expect(again.outcome === "changed" && again.history).toHaveLength(1);
    const reopened = planStatusChange(declined.work, {
      to: "Contacted",
      expectedVersion: 2,
      at: ist("2030-01-09", "11:00"),
    });
    expect(reopened).toMatchObject({ work: { status: "Contacted", lostReason: null } });
    const spam = planStatusChange(declined.work, {
      to: "Spam",
      expectedVersion: 2,
      at: ist("2030-01-09", "11:00"),
    });
    expect(spam).toMatchObject({ work: { status: "Spam", lostReason: null } });
  });

  test("the deal's figures are recorded on the version seen, once, as one history line, and are not contact", () => {
    expect(
      planDeal(
        {
          version: 0,
          figures: { quantity: null, valueRupees: null, city: null, pinCode: null, gstin: null },
        },
        { expectedVersion: 0, figures },
      ),
    ).toEqual({
      outcome: "changed",
      deal: { version: 1, figures },
      history: [{ kind: "deal", text: "Deal: 40 packs, ₹ 32,000, Jaipur 302001" }],
    });
    expect(
      planDeal({ version: 1, figures }, { expectedVersion: 0, figures: { ...figures, valueRupees: 1 } }),
    ).toEqual({ outcome: "conflict" });
    expect(planDeal({ version: 1, figures }, { expectedVersion: 1, figures: { ...figures } })).toEqual({
      outcome: "unchanged",
    });
  });
});

describe("not spam", () => {
  test("reaches the team as new: owner by the rule, a fresh first-contact target, alerts, the event, the company's mail once", () => {
    const spam = planIntake({
      receivedAt: ist("2030-01-04", "18:30"),
      buyer: "Self Use",
      spam: true,
      rule: { kind: "none" },
      turn: 0,
      members,
      acknowledge: false,
    }).work;
    const released = planRelease(spam, {
      expectedVersion: 0,
      at: ist("2030-01-07", "10:00"),
      buyer: "Self Use",
      rule: { kind: "buyer", Retailer: null, "Self Use": "priya" },
      turn: 0,
      members,
      companyMailQueued: false,
    });
    if (released.outcome !== "changed") throw new Error(released.outcome);
    expect(released.work).toMatchObject({
      status: "New",
      version: 1,
      ownerId: "priya",
      // Monday 10:00 IST (2030-01-07) plus four working hours.
      dueAt: ist("2030-01-07", "14:00"),
      closedAt: null,
    });
    expect(released).toMatchObject({ companyMail: true, webhooks: [{ type: "enquiry.not_spam" }] });
    expect(planRelease(untouchedWork(), { ...baseRelease(), expectedVersion: 0 })).toEqual({
      outcome: "not-spam",
    });
  });
});

function baseRelease() {
  return {
    expectedVersion: 0,
    at: ist("2030-01-06", "10:00"),
    buyer: "Retailer" as const,
    rule: { kind: "none" as const },
    turn: 0,
    members,
    companyMailQueued: true,
  };
}

describe("due times", () => {
  test("nothing is due once closed, the follow-up once contacted, the earlier of the two before", () => {
    const base = { ...untouchedWork(), firstContactDueAt: ist("2030-01-05", "13:30") };
    expect(dueOf({ ...base, followUpAt: ist("2030-01-05", "11:00") })).toBe(ist("2030-01-05", "11:00"));
    expect(dueOf({ ...base, followUpAt: ist("2030-01-07", "11:00") })).toBe(ist("2030-01-05", "13:30"));
    expect(dueOf({ ...base, touchedAt: "t", followUpAt: null })).toBeNull();
    expect(dueOf({ ...base, status: "Fulfilled" })).toBeNull();
  });
});

describe("the digest", () => {
  const row = (
    id: string,
    dueAt: string,
    Name = "Asha Verma",
    touched = false,
    ownerId: string | null = "member",
  ): DigestRow => ({
    id,
    Name,
    RetailerSelfUse: "Retailer",
    Quantity: 60,
    receivedAt: ist("2030-01-04", "18:30"),
    dueAt,
    touched,
    status: touched ? "Contacted" : "New",
    ownerId,
  });

  test("lists the member's overdue and due today, then nobody's, oldest first, with first names, and the team's counts", () => {
    const now = new Date(ist("2030-01-06", "09:00"));
    const content = planDigest(
      {
        due: [
          row("b", ist("2030-01-05", "13:30")),
          row("a", ist("2030-01-04", "12:00"), "Dr. Mehta", true),
          row("c", ist("2030-01-06", "15:00")),
          row("d", ist("2030-01-06", "08:00"), "रवि कुमार", false, null),
        ],
        team: { overdue: 12, dueToday: 14 },
        arrivals: [],
        refused: [],
      },
      { now, day: "2030-01-06", staffId: "member", dayEnd: new Date(ist("2030-01-07", "00:00")) },
    );
    expect(content.overdue.items.map((item) => [item.id, item.firstName, item.notContacted])).toEqual([
      ["a", undefined, undefined],
      ["b", "Asha", true],
    ]);
    expect(content.dueToday.items.map((item) => item.id)).toEqual(["c"]);
    expect(content.unownedOverdue.items.map((item) => [item.id, item.firstName])).toEqual([["d", "रवि"]]);
    expect(content.team).toEqual({ overdue: 12, dueToday: 14 });
  });
});
