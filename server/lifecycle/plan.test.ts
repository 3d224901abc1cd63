import { describe, expect, test } from "vitest";
import {
  acknowledgementQueued,
  dueOf,
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
import { dueOnAnswer, planReply } from "./conversation";
import { planDispatch } from "./dispatch";
import { NO_DISPATCH, type EnquiryDispatch } from "../../domain/dispatch";
import { nextWorkingDayAtReceivedHour } from "../../domain/due-rule";
import { CALL_OUTCOMES } from "../../domain/lifecycle";
import { PLACEHOLDER_FACTS } from "../../domain/company-facts";

/** The build's default record: 10:00–19:00 IST, Monday to Saturday, first contact within 4 hours. */
const DEFAULT_HOURS = PLACEHOLDER_FACTS.workingHours;

/** IST wall-clock time as an ISO instant: ist("2030-01-04", "18:30"). */
const ist = (day: string, time: string) => new Date(`${day}T${time}:00+05:30`).toISOString();
/** What the due-time rule reads of the Friday enquiry below: received at 18:30 IST. */
const due = { receivedAt: ist("2030-01-04", "18:30"), hours: DEFAULT_HOURS };

const priya: MemberFacts = { id: "priya", email: "priya@example.com", alerts: "mine", invited: false };
const aman: MemberFacts = { id: "aman", email: "aman@example.com", alerts: "none", invited: false };
const owner: MemberFacts = { id: "owner", email: "owner@example.com", alerts: "all", invited: false };
const members = [priya, aman, owner];

/** An order dispatched by courier, prepaid: version 2 of its dispatch. */
const DISPATCHED: EnquiryDispatch = {
  ...NO_DISPATCH,
  version: 2,
  step: "dispatched",
  batches: ["B2611"],
  bestBefore: "2031-11",
  packedAt: ist("2030-01-06", "10:00"),
  courier: "Delhivery",
  tracking: "1234567890",
  payment: "prepaid",
  dispatchedAt: ist("2030-01-06", "12:00"),
};

/** A Friday 18:30 IST retailer enquiry nobody has touched, as intake leaves it. */
function fridayEnquiry(ownerId: string | null = null): WorkState {
  const plan = planIntake({
    receivedAt: ist("2030-01-04", "18:30"),
    buyer: "Retailer",
    spam: false,
    rule: ownerId ? { kind: "buyer", Retailer: ownerId, "Self Use": null } : { kind: "none" },
    turn: 0,
    members,
    hours: DEFAULT_HOURS,
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
      hours: DEFAULT_HOURS,
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
      hours: DEFAULT_HOURS,
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
      at: "2030-01-04T06:30:00.000Z",
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
      at: "2030-01-04T06:30:00.000Z",
    });
    expect(toAman.outcome === "changed" && toAman.alerts).toEqual([]);
    const taken = planOwnerChange(before, {
      ownerId: "priya",
      expectedOwnerId: null,
      actor: { id: "priya", email: "priya@example.com" },
      members,
      at: "2030-01-04T06:30:00.000Z",
    });
    expect(taken.outcome === "changed" && taken.alerts).toEqual([]);
  });

  test("a call, a WhatsApp chat, a note or a status change ends the lateness; a follow-up planned does not", () => {
    const before = fridayEnquiry("priya");
    // Sunday: due again by the rule on Monday, at 18:00 (received at 18:30, the last working hour).
    const at = ist("2030-01-06", "10:00");
    const byRule = ist("2030-01-07", "18:00");
    for (const plan of [
      planContact(before, { due, channel: "call", at }),
      planContact(before, { due, channel: "whatsapp", at }),
      planNote(before, { due, text: "Left a voicemail", at }),
    ]) {
      expect(plan.work).toMatchObject({ touchedAt: at, firstContactDueAt: null, dueAt: byRule });
    }
    const status = planStatusChange(before, { due, to: "Contacted", expectedVersion: 0, at });
    expect(status.outcome === "changed" && status.work).toMatchObject({ touchedAt: at, dueAt: byRule });
    const followUp = planFollowUp(before, {
      due,
      followUpAt: ist("2030-01-08", "11:00"),
      nextStep: "Call",
      at,
    });
    // Still due by its first-contact target, the earlier of the two.
    expect(followUp.outcome === "changed" && followUp.work).toMatchObject({
      touchedAt: null,
      dueAt: before.firstContactDueAt,
      followUpAt: ist("2030-01-08", "11:00"),
    });
    const contactedThenPlanned = planFollowUp(planContact(before, { due, channel: "call", at }).work, {
      due,
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
        at: "2030-01-04T06:30:00.000Z",
      }),
    ).toEqual({ outcome: "owner-changed", currentOwnerId: "priya" });
    expect(
      planOwnerChange(before, {
        ownerId: "ghost",
        expectedOwnerId: "priya",
        actor: { id: null, email: "x" },
        members,
        at: "2030-01-04T06:30:00.000Z",
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
      due,
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
      { ownerId: "priya", actor: byOwner, members, at: "2030-01-04T06:30:00.000Z" },
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
    const toPriya = planOwnerBatch(batch, {
      ownerId: "priya",
      actor: byOwner,
      members,
      at: "2030-01-04T06:30:00.000Z",
    });
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
    const toAman = planOwnerBatch(batch, {
      ownerId: "aman",
      actor: byOwner,
      members,
      at: "2030-01-04T06:30:00.000Z",
    });
    expect([toAman.alerts, toAman.lists]).toEqual([[], []]);
    const taken = planOwnerBatch(batch, {
      ownerId: "priya",
      actor: { id: "priya", email: "priya@example.com" },
      members,
      at: "2030-01-04T06:30:00.000Z",
    });
    expect([taken.alerts, taken.lists]).toEqual([[], []]);
    const unassigned = planOwnerBatch(batch, {
      ownerId: null,
      actor: byOwner,
      members,
      at: "2030-01-04T06:30:00.000Z",
    });
    expect(unassigned.outcomes.map((outcome) => outcome.outcome)).toEqual(["changed", "changed", "changed"]);
    expect([unassigned.alerts, unassigned.lists]).toEqual([[], []]);
  });

  test("a member no longer on the staff is refused for each, and nothing is planned", () => {
    const plan = planOwnerBatch([entry("e1", "Ravi Kumar", ist("2030-01-04", "10:00"))], {
      ownerId: "gone",
      actor: byOwner,
      members,
      at: "2030-01-04T06:30:00.000Z",
    });
    expect(plan).toEqual({ outcomes: [{ outcome: "no-such-member" }], alerts: [], lists: [] });
  });
});

describe("a member removed", () => {
  test("every enquiry they own goes to nobody, open, closed or spam, each with its owner line naming them and no alert", () => {
    const found = (work: WorkState) => ({
      work,
      enquiry: { Name: "Ravi Kumar", Quantity: 6, RetailerSelfUse: "Retailer" as const },
      receivedAt: ist("2030-01-04", "10:00"),
    });
    const closing = (to: "Fulfilled" | "Spam") => {
      const plan = planStatusChange(fridayEnquiry("priya"), {
        due,
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
      {
        staffId: "priya",
        actor: { id: "owner", email: "owner@example.com" },
        members,
        at: "2030-01-04T06:30:00.000Z",
      },
    );
    expect([plan.enquiryIds, plan.open]).toEqual([["open", "fulfilled", "spam"], 1]);
    const unassigned = (work: WorkState) => ({
      outcome: "changed",
      work,
      history: [{ kind: "owner", text: null, fromOwner: "priya@example.com" }],
      alerts: [],
      pushes: [],
      webhooks: [],
    });
    expect(plan.outcomes).toEqual([
      // Handing on is not contact: it stays due by its first-contact target, for nobody.
      unassigned(fridayEnquiry(null)),
      // A closed one keeps its version, status and times: only its owner goes.
      unassigned({ ...closing("Fulfilled"), ownerId: null }),
      unassigned({ ...closing("Spam"), ownerId: null }),
    ]);
    expect([plan.alerts, plan.lists]).toEqual([[], []]);
  });
});

describe("contact with the buyer", () => {
  test("is a status change, a note or a call, each line marked as contact; handing on, a follow-up and the deal's figures are not", () => {
    // Each plan that counts as contact marks each of its lines as contact, and no other marks any.
    const work = fridayEnquiry("priya");
    const at = ist("2030-01-05", "11:00");
    const note = planNote(work, { due, text: "Rang", at });
    const contact = planContact(work, { due, channel: "call", at });
    const status = planStatusChange(work, { to: "Contacted", expectedVersion: 0, at, due });
    const followUp = planFollowUp(work, { due, followUpAt: at, nextStep: null, at });
    const handedOn = planOwnerChange(work, {
      ownerId: "aman",
      expectedOwnerId: "priya",
      actor: { id: "priya", email: "priya@example.com" },
      members,
      at,
    });
    if (followUp.outcome !== "changed" || status.outcome !== "changed" || handedOn.outcome !== "changed")
      throw new Error("not changed");
    for (const plan of [note, contact, status]) {
      expect(plan.work.touchedAt).toBe(at);
      expect(plan.history.map((line) => line.touch)).toEqual(plan.history.map(() => "first-contact"));
    }
    expect(followUp.work.touchedAt).toBeNull();
    for (const plan of [followUp, handedOn])
      expect(plan.history.map((line) => line.touch)).toEqual([undefined]);
  });
});

test("filing as spam and Not spam are work on the enquiry but never its first contact; a status change, a note or a call can be", () => {
  const at = ist("2030-01-05", "11:00");
  const filed = planStatusChange(fridayEnquiry("priya"), { to: "Spam", expectedVersion: 0, at, due });
  if (filed.outcome !== "changed") throw new Error("not changed");
  expect(filed.history).toEqual([{ kind: "status", from: "New", to: "Spam", text: null, touch: "worked" }]);
  const released = planRelease(filed.work, {
    expectedVersion: 1,
    at,
    buyer: "Retailer",
    rule: { kind: "none" },
    turn: 0,
    members,
    hours: DEFAULT_HOURS,
    companyMailQueued: true,
  });
  if (released.outcome !== "changed") throw new Error("not changed");
  expect(released.history).toEqual([
    { kind: "status", from: "Spam", to: "New", text: null, touch: "worked" },
  ]);
});

describe("status changes", () => {
  test("a change may set the next step; Confirmed starts the sale's next step; closing clears the follow-up and next step; an old version is refused", () => {
    const called = planContact(fridayEnquiry("priya"), {
      due,
      channel: "call",
      at: ist("2030-01-06", "10:00"),
    });
    const planned = planFollowUp(called.work, {
      due,
      followUpAt: ist("2030-01-08", "11:00"),
      nextStep: "Send the price list",
      at: ist("2030-01-06", "10:01"),
    });
    if (planned.outcome !== "changed") throw new Error("closed");
    // The call moved New to Contacted (version 1); Confirmed gives the old follow-up up for the
    // rule's time: the next working day after Sunday, at 18:00.
    const confirmed = planStatusChange(planned.work, {
      due,
      to: "Confirmed",
      expectedVersion: 1,
      nextStep: "Dispatch 60 packs on Monday",
      at: ist("2030-01-06", "11:00"),
    });
    if (confirmed.outcome !== "changed") throw new Error("conflict");
    expect(confirmed.work).toMatchObject({
      status: "Confirmed",
      version: 2,
      followUpAt: ist("2030-01-07", "18:00"),
      nextStep: "Dispatch 60 packs on Monday",
      dueAt: ist("2030-01-07", "18:00"),
      reminderDueAt: null,
    });
    expect(confirmed.webhooks).toEqual([
      { type: "enquiry.status_changed", change: { from: "Contacted", to: "Confirmed" } },
    ]);
    for (const to of ["Fulfilled", "Declined", "Spam"] as const) {
      const closed = planStatusChange(confirmed.work, {
        due,
        to,
        expectedVersion: 2,
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
    expect(planStatusChange(confirmed.work, { due, to: "Fulfilled", expectedVersion: 0, at: "x" })).toEqual({
      outcome: "conflict",
    });
  });

  test("Confirmed with a follow-up of its own keeps that one, reminded when it comes; a change to any other open status keeps the follow-up", () => {
    const called = planContact(fridayEnquiry("priya"), {
      due,
      channel: "call",
      at: ist("2030-01-07", "11:00"),
    });
    const planned = planFollowUp(called.work, {
      due,
      followUpAt: ist("2030-01-09", "11:00"),
      nextStep: "Send the price list",
      at: ist("2030-01-07", "11:01"),
    });
    if (planned.outcome !== "changed") throw new Error("closed");
    const confirmed = planStatusChange(planned.work, {
      due,
      to: "Confirmed",
      expectedVersion: 1,
      followUpAt: ist("2030-01-10", "12:00"),
      at: ist("2030-01-07", "12:00"),
    });
    expect(confirmed.outcome === "changed" && confirmed.work).toMatchObject({
      followUpAt: ist("2030-01-10", "12:00"),
      dueAt: ist("2030-01-10", "12:00"),
      reminderDueAt: ist("2030-01-10", "12:00"),
      nextStep: null,
    });
    const stillContacted = planStatusChange(planned.work, {
      due,
      to: "Contacted",
      expectedVersion: 1,
      at: ist("2030-01-07", "12:00"),
    });
    expect(stillContacted.outcome === "changed" && stillContacted.work).toMatchObject({
      followUpAt: ist("2030-01-09", "11:00"),
      nextStep: "Send the price list",
      reminderDueAt: ist("2030-01-09", "11:00"),
    });
  });

  test("a follow-up cannot be set on a closed enquiry", () => {
    const closed = planStatusChange(untouchedWork(), {
      due,
      to: "Declined",
      expectedVersion: 0,
      at: ist("2030-01-06", "10:00"),
    });
    if (closed.outcome !== "changed") throw new Error("conflict");
    expect(
      planFollowUp(closed.work, { due, followUpAt: ist("2030-01-07", "10:00"), nextStep: null, at: "x" }),
    ).toEqual({
      outcome: "closed",
    });
  });
});

describe("the sale", () => {
  const figures = { quantity: 40, valueRupees: 32_000, city: "Jaipur", pinCode: "302001", gstin: null };

  test("Declined keeps why it was lost with a line of its own; declined again for the same reason adds none; any other status forgets it", () => {
    const contacted = planStatusChange(fridayEnquiry(), {
      due,
      to: "Contacted",
      expectedVersion: 0,
      at: ist("2030-01-07", "11:00"),
    });
    if (contacted.outcome !== "changed") throw new Error("refused");
    const declined = planStatusChange(contacted.work, {
      due,
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
      due,
      to: "Declined",
      expectedVersion: 2,
      lostReason: "bought-elsewhere",
      at: ist("2030-01-08", "12:00"),
    });
    expect(again).toMatchObject({ work: { lostReason: "bought-elsewhere" }, history: [{ kind: "status" }] });
    expect(again.outcome === "changed" && again.history).toHaveLength(1);
    const reopened = planStatusChange(declined.work, {
      due,
      to: "Contacted",
      expectedVersion: 2,
      at: ist("2030-01-09", "11:00"),
    });
    expect(reopened).toMatchObject({ work: { status: "Contacted", lostReason: null } });
    const spam = planStatusChange(declined.work, {
      due,
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
      history: [{ kind: "deal", text: "Deal: 40 sachets, ₹ 32,000, Jaipur 302001" }],
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
      hours: DEFAULT_HOURS,
      acknowledge: false,
    }).work;
    const released = planRelease(spam, {
      expectedVersion: 0,
      at: ist("2030-01-07", "10:00"),
      buyer: "Self Use",
      rule: { kind: "buyer", Retailer: null, "Self Use": "priya" },
      turn: 0,
      members,
      hours: DEFAULT_HOURS,
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
    hours: DEFAULT_HOURS,
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

describe("every open enquiry is due (decision 029)", () => {
  /** Contacted on Monday 7 January 2030 at 11:00 IST, nothing else planned. */
  const contactedMonday = () =>
    planContact(fridayEnquiry("priya"), { due, channel: "call", at: ist("2030-01-07", "11:00") });

  test("the default rule: the next working day after the change, at the hour received, kept inside the working day", () => {
    const rule = (received: string, at: string) =>
      nextWorkingDayAtReceivedHour({
        receivedAt: new Date(received),
        at: new Date(at),
        hours: DEFAULT_HOURS,
      }).toISOString();
    // Received on Monday at 14:20, answered on Tuesday: due on Wednesday at 14:00.
    expect(rule(ist("2030-01-07", "14:20"), ist("2030-01-08", "12:00"))).toBe(ist("2030-01-09", "14:00"));
    // Before the working day: its first hour; after it: its last.
    expect(rule(ist("2030-01-07", "07:45"), ist("2030-01-07", "12:00"))).toBe(ist("2030-01-08", "10:00"));
    expect(rule(ist("2030-01-07", "22:10"), ist("2030-01-07", "12:00"))).toBe(ist("2030-01-08", "18:00"));
    // A change on Saturday (a working day) is due on Monday: Sunday is no working day.
    expect(rule(ist("2030-01-07", "11:00"), ist("2030-01-12", "11:00"))).toBe(ist("2030-01-14", "11:00"));
  });

  test("a reply, an answered call or a chat without a follow-up sets the rule's; one set explicitly and still ahead is kept", () => {
    const at = ist("2030-01-07", "11:00");
    for (const channel of ["call", "whatsapp", "email"] as const) {
      const plan = planContact(fridayEnquiry("priya"), { due, channel, at });
      expect(plan.work).toMatchObject({
        followUpAt: ist("2030-01-08", "18:00"),
        dueAt: ist("2030-01-08", "18:00"),
      });
      // The rule's time is no reminder on the phone: that is for a time someone chose.
      expect(plan.work.reminderDueAt).toBeNull();
    }
    const planned = planFollowUp(contactedMonday().work, {
      due,
      followUpAt: ist("2030-01-10", "12:00"),
      nextStep: "Send the price list",
      at,
    });
    if (planned.outcome !== "changed") throw new Error("closed");
    const again = planContact(planned.work, { due, channel: "whatsapp", at: ist("2030-01-08", "11:00") });
    expect(again.work).toMatchObject({
      followUpAt: ist("2030-01-10", "12:00"),
      nextStep: "Send the price list",
      dueAt: ist("2030-01-10", "12:00"),
    });
    // Once its time has come, the contact was the step planned: the rule's time follows it.
    const done = planContact(planned.work, { due, channel: "email", at: ist("2030-01-10", "12:30") });
    expect(done.work).toMatchObject({ followUpAt: ist("2030-01-11", "18:00"), nextStep: null });
  });

  test("the first contact moves New to Contacted with its line, version and event; later ones and other statuses do not move", () => {
    const first = contactedMonday();
    expect(first.work).toMatchObject({ status: "Contacted", version: 1 });
    expect(first.history).toEqual([
      { kind: "contact", text: "call", touch: "first-contact" },
      { kind: "status", from: "New", to: "Contacted", text: null, touch: "first-contact" },
    ]);
    expect(first.webhooks).toEqual([
      { type: "enquiry.status_changed", change: { from: "New", to: "Contacted" } },
    ]);
    const second = planContact(first.work, { due, channel: "whatsapp", at: ist("2030-01-07", "12:00") });
    expect([second.work.status, second.work.version, second.webhooks]).toEqual(["Contacted", 1, []]);
    const confirmed = planStatusChange(first.work, {
      due,
      to: "Confirmed",
      expectedVersion: 1,
      at: ist("2030-01-07", "13:00"),
    });
    if (confirmed.outcome !== "changed") throw new Error("conflict");
    expect(
      planContact(confirmed.work, { due, channel: "email", at: ist("2030-01-07", "14:00") }).work.status,
    ).toBe("Confirmed");
    // A note is not a step with the buyer: it counts as worked but moves nothing.
    expect(
      planNote(fridayEnquiry("priya"), { due, text: "Asked for the price", at: ist("2030-01-07", "11:00") })
        .work,
    ).toMatchObject({
      status: "New",
      version: 0,
      dueAt: ist("2030-01-08", "18:00"),
    });
  });

  test("a call answered unless told otherwise; a call that did not reach the buyer is history only, and due again by the rule", () => {
    expect(CALL_OUTCOMES).toEqual(["answered", "no-answer", "busy", "wrong-number"]);
    const before = fridayEnquiry("priya");
    const at = ist("2030-01-07", "11:00");
    expect(planContact(before, { due, channel: "call", outcome: "answered", at })).toEqual(
      planContact(before, { due, channel: "call", at }),
    );
    for (const outcome of ["no-answer", "busy", "wrong-number"] as const) {
      const plan = planContact(before, { due, channel: "call", outcome, at });
      expect(plan.work).toMatchObject({
        status: "New",
        version: 0,
        touchedAt: null,
        firstContactDueAt: null,
        followUpAt: ist("2030-01-08", "18:00"),
        dueAt: ist("2030-01-08", "18:00"),
      });
      expect(plan.webhooks).toEqual([]);
      expect(plan.history).toHaveLength(1);
      expect(plan.history[0]?.kind).toBe("follow-up");
      expect(plan.history.some((line) => line.touch)).toBe(false);
    }
    expect(planContact(before, { due, channel: "call", outcome: "busy", at }).history).toEqual([
      { kind: "follow-up", text: `${ist("2030-01-08", "18:00")} · Call: busy` },
    ]);
  });

  test("the buyer's answer makes an open enquiry due now for its owner; a closed one stays due at no time", () => {
    const contacted = contactedMonday().work;
    const at = ist("2030-01-07", "15:00");
    expect(dueOnAnswer(contacted, at)).toMatchObject({
      followUpAt: at,
      dueAt: at,
      status: "Contacted",
      version: 1,
      answeredAt: at,
    });
    // Already due (overdue since Friday's target): only marked as waiting on us; then as it is.
    const friday = fridayEnquiry("priya");
    const waiting = dueOnAnswer(friday, at);
    expect(waiting).toEqual({ ...friday, answeredAt: at });
    expect(dueOnAnswer(waiting!, ist("2030-01-07", "16:00"))).toBeNull();
    const declined = planStatusChange(contacted, {
      due,
      to: "Declined",
      expectedVersion: 1,
      lostReason: "price",
      at,
    });
    if (declined.outcome !== "changed") throw new Error("conflict");
    expect(dueOnAnswer(declined.work, at)).toBeNull();
  });

  test("the buyer's answer waits on us from the first one unanswered until staff's next contact", () => {
    const contacted = contactedMonday().work;
    const first = ist("2030-01-07", "15:00");
    const answered = dueOnAnswer(contacted, first)!;
    const again = dueOnAnswer(answered, ist("2030-01-07", "15:30"));
    expect(again).toBeNull();
    const called = planContact(answered, {
      due,
      channel: "call",
      outcome: "busy",
      at: ist("2030-01-07", "16:00"),
    });
    // A call nobody answered is not contact: still waiting.
    expect(called.work.answeredAt).toBe(first);
    const replied = planContact(answered, { due, channel: "email", at: ist("2030-01-07", "16:00") });
    expect(replied.work.answeredAt).toBeNull();
    expect(
      planNote(answered, { text: "Rang back, will pay on delivery", at: ist("2030-01-07", "16:00"), due })
        .work.answeredAt,
    ).toBeNull();
  });

  test("closing clears the due time; reopening starts one by the rule; clearing a follow-up leaves the rule's, or the first-contact target", () => {
    const contacted = contactedMonday().work;
    const fulfilled = planStatusChange(contacted, {
      due,
      to: "Fulfilled",
      expectedVersion: 1,
      at: ist("2030-01-08", "11:00"),
    });
    if (fulfilled.outcome !== "changed") throw new Error("conflict");
    expect(fulfilled.work.dueAt).toBeNull();
    const reopened = planStatusChange(fulfilled.work, {
      due,
      to: "Contacted",
      expectedVersion: 2,
      at: ist("2030-01-09", "11:00"),
    });
    expect(reopened.outcome === "changed" && reopened.work).toMatchObject({
      followUpAt: ist("2030-01-10", "18:00"),
      dueAt: ist("2030-01-10", "18:00"),
      nextStep: null,
    });
    const cleared = planFollowUp(contacted, {
      due,
      followUpAt: null,
      nextStep: null,
      at: ist("2030-01-08", "12:00"),
    });
    expect(cleared.outcome === "changed" && cleared.work.dueAt).toBe(ist("2030-01-09", "18:00"));
    const untouched = fridayEnquiry("priya");
    const clearedUntouched = planFollowUp(untouched, {
      due,
      followUpAt: null,
      nextStep: null,
      at: ist("2030-01-05", "12:00"),
    });
    expect(clearedUntouched.outcome === "changed" && clearedUntouched.work).toMatchObject({
      followUpAt: null,
      dueAt: untouched.firstContactDueAt,
    });
  });
});

describe("waiting on us, kept by the plans with every state they answer", () => {
  const monday = (time: string) => ist("2030-01-07", time);
  const changed = <Plan extends { outcome: string }>(plan: Plan) => {
    if (plan.outcome !== "changed") throw new Error(plan.outcome);
    return plan as Extract<Plan, { outcome: "changed" }>;
  };

  test("a new enquiry waits on us; spam does not; handing it on or planning a follow-up leaves it waiting", () => {
    expect(untouchedWork().waitingOnUs).toBe(true);
    const fresh = fridayEnquiry("priya");
    expect(fresh.waitingOnUs).toBe(true);
    const spam = planIntake({
      receivedAt: ist("2030-01-04", "18:30"),
      buyer: "Retailer",
      spam: true,
      rule: { kind: "none" },
      turn: 0,
      members,
      hours: DEFAULT_HOURS,
      acknowledge: true,
    });
    expect(spam.work.waitingOnUs).toBe(false);
    const handed = changed(
      planOwnerChange(fresh, {
        ownerId: "aman",
        expectedOwnerId: "priya",
        actor: priya,
        members,
        at: monday("09:00"),
      }),
    );
    expect(handed.work.waitingOnUs).toBe(true);
    const planned = changed(
      planFollowUp(handed.work, { followUpAt: monday("12:00"), nextStep: "Call", at: monday("09:30"), due }),
    );
    expect(planned.work.waitingOnUs).toBe(true);
  });

  test("a reply ends the wait, the buyer's answer starts it again, and only contact ends it; a busy line does not", () => {
    const replied = planReply(fridayEnquiry("priya"), {
      due,
      at: monday("10:00"),
      messageRowId: "row-1",
      domain: "collarise.example",
      thread: { acknowledgementId: null, messages: [] },
    });
    expect(replied.work).toMatchObject({ status: "Contacted", waitingOnUs: false });
    const answered = dueOnAnswer(replied.work, monday("11:00"))!;
    expect(answered.waitingOnUs).toBe(true);
    // A second answer changes nothing: it waits already.
    expect(dueOnAnswer(answered, monday("11:30"))).toBeNull();
    const busy = planContact(answered, { due, channel: "call", outcome: "busy", at: monday("12:00") });
    expect(busy.work.waitingOnUs).toBe(true);
    const noted = planNote(answered, { text: "Rang back", at: monday("12:30"), due });
    expect(noted.work.waitingOnUs).toBe(false);
  });

  test("a status change is contact; a sale won, closing and spam are never waiting; reopening is not waiting until the buyer answers", () => {
    const answered = dueOnAnswer(fridayEnquiry("priya"), monday("09:00"))!;
    expect(answered.waitingOnUs).toBe(true);
    const contacted = changed(
      planStatusChange(answered, { due, to: "Contacted", expectedVersion: 0, at: monday("10:00") }),
    );
    expect(contacted.work.waitingOnUs).toBe(false);
    const confirmed = changed(
      planStatusChange(contacted.work, { due, to: "Confirmed", expectedVersion: 1, at: monday("11:00") }),
    );
    // The buyer of a confirmed order answers: due now, but the sale has its own next step.
    const confirmedAnswered = dueOnAnswer(confirmed.work, monday("12:00"))!;
    expect(confirmedAnswered).toMatchObject({ answeredAt: monday("12:00"), waitingOnUs: false });
    const closed = changed(
      planStatusChange(answered, { due, to: "Fulfilled", expectedVersion: 0, at: monday("13:00") }),
    );
    expect(closed.work.waitingOnUs).toBe(false);
    expect(dueOnAnswer(closed.work, monday("14:00"))).toBeNull();
    const reopened = changed(
      planStatusChange(closed.work, { due, to: "Contacted", expectedVersion: 1, at: monday("15:00") }),
    );
    expect(reopened.work.waitingOnUs).toBe(false);
    expect(dueOnAnswer(reopened.work, monday("16:00"))!.waitingOnUs).toBe(true);
    const filed = changed(
      planStatusChange(fridayEnquiry("priya"), { due, to: "Spam", expectedVersion: 0, at: monday("10:00") }),
    );
    expect(filed.work.waitingOnUs).toBe(false);
  });

  test("Not spam waits on us as a new enquiry does; a return to origin closes it, whatever the record read said", () => {
    const spam = planIntake({
      receivedAt: ist("2030-01-04", "18:30"),
      buyer: "Retailer",
      spam: true,
      rule: { kind: "none" },
      turn: 0,
      members,
      hours: DEFAULT_HOURS,
      acknowledge: false,
    }).work;
    const released = changed(
      planRelease(spam, {
        expectedVersion: 0,
        at: monday("10:00"),
        buyer: "Retailer",
        rule: { kind: "none" },
        turn: 0,
        members,
        hours: DEFAULT_HOURS,
        companyMailQueued: false,
      }),
    );
    expect(released.work.waitingOnUs).toBe(true);
    // Read as waiting (a record written wrongly), returned to origin: Declined and not waiting.
    const confirmed = {
      ...dueOnAnswer(fridayEnquiry("priya"), monday("09:00"))!,
      status: "Confirmed" as const,
    };
    const returned = planDispatch(
      { work: { ...confirmed, waitingOnUs: true }, dispatch: DISPATCHED, valueRupees: 32_000 },
      {
        expectedVersion: 2,
        input: { step: "returned", reason: "Address not found" },
        at: monday("11:00"),
        due,
      },
    );
    expect(returned.outcome === "changed" && returned.plan.work).toMatchObject({
      status: "Declined",
      waitingOnUs: false,
    });
  });
});

describe("the team's work, kept by the plans with every state they answer", () => {
  const monday = (time: string) => ist("2030-01-07", time);
  const changed = <Plan extends { outcome: string }>(plan: Plan) => {
    if (plan.outcome !== "changed") throw new Error(plan.outcome);
    return plan as Extract<Plan, { outcome: "changed" }>;
  };
  const spamIntake = () =>
    planIntake({
      receivedAt: ist("2030-01-04", "18:30"),
      buyer: "Retailer",
      spam: true,
      rule: { kind: "none" },
      turn: 0,
      members,
      hours: DEFAULT_HOURS,
      acknowledge: false,
    }).work;

  test("a new enquiry is work, closed or not; one the screening files as spam is not", () => {
    expect(untouchedWork().teamWork).toBe(true);
    const fresh = fridayEnquiry("priya");
    expect(fresh.teamWork).toBe(true);
    const fulfilled = changed(
      planStatusChange(fresh, { due, to: "Fulfilled", expectedVersion: 0, at: monday("10:00") }),
    );
    expect(fulfilled.work.teamWork).toBe(true);
    expect(spamIntake().teamWork).toBe(false);
  });

  test("filed as spam or closed as a duplicate by hand it is not work, and keeps its owner for Not spam or reopening", () => {
    const fresh = fridayEnquiry("priya");
    const filed = changed(
      planStatusChange(fresh, { due, to: "Spam", expectedVersion: 0, at: monday("10:00") }),
    );
    expect(filed.work).toMatchObject({ teamWork: false, ownerId: "priya" });
    const duplicate = changed(
      planStatusChange(fresh, {
        due,
        to: "Duplicate",
        duplicateOf: "earlier",
        expectedVersion: 0,
        at: monday("10:00"),
      }),
    );
    expect(duplicate.work).toMatchObject({ teamWork: false, ownerId: "priya" });
    // Handed on while filed: still not work (the owner is held for when it is).
    const handed = changed(
      planOwnerChange(filed.work, {
        ownerId: "aman",
        expectedOwnerId: "priya",
        actor: priya,
        members,
        at: monday("10:30"),
      }),
    );
    expect(handed.work).toMatchObject({ teamWork: false, ownerId: "aman" });
    const released = changed(
      planRelease(handed.work, {
        expectedVersion: handed.work.version,
        at: monday("11:00"),
        buyer: "Retailer",
        rule: { kind: "none" },
        turn: 0,
        members,
        hours: DEFAULT_HOURS,
        companyMailQueued: true,
      }),
    );
    expect(released.work).toMatchObject({ status: "New", teamWork: true, ownerId: "aman" });
    const reopened = changed(
      planStatusChange(duplicate.work, { due, to: "Contacted", expectedVersion: 1, at: monday("12:00") }),
    );
    expect(reopened.work).toMatchObject({ teamWork: true, ownerId: "priya" });
  });

  test("Not spam of an enquiry the screening filed is work again, and a note on spam leaves it out", () => {
    const released = changed(
      planRelease(spamIntake(), {
        expectedVersion: 0,
        at: monday("10:00"),
        buyer: "Retailer",
        rule: { kind: "none" },
        turn: 0,
        members,
        hours: DEFAULT_HOURS,
        companyMailQueued: false,
      }),
    );
    expect(released.work.teamWork).toBe(true);
    expect(planNote(spamIntake(), { text: "A bot", at: monday("10:00"), due }).work.teamWork).toBe(false);
  });
});
