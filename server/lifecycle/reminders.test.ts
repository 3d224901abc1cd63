import { describe, expect, test } from "vitest";
import {
  planFollowUp,
  planIntake,
  planOwnerBatch,
  planOwnerChange,
  planStatusChange,
  untouchedWork,
  type MemberFacts,
  type WorkState,
} from "./plan";
import { planReminder, reminderNotificationId, REMINDER_STALE_AFTER_MS } from "./reminders";
import { PLACEHOLDER_FACTS } from "../../domain/company-facts";

/** The build's default record: 10:00–19:00 IST, Monday to Saturday, first contact within 4 hours. */
const DEFAULT_HOURS = PLACEHOLDER_FACTS.workingHours;

const ravi: MemberFacts = {
  id: "ravi",
  email: "ravi@example.com",
  alerts: "none",
  invited: false,
  pushDevices: true,
};
const asha: MemberFacts = {
  id: "asha",
  email: "asha@example.com",
  alerts: "mine",
  invited: false,
  pushDevices: false,
};
const members = [ravi, asha];
const due = "2030-06-03T05:30:00.000Z";
const after = (ms: number) => new Date(Date.parse(due) + ms);
const received = { receivedAt: "2030-06-01T05:30:00.000Z", hours: DEFAULT_HOURS };

/** An open enquiry Ravi owns, with a follow-up at `due` still to be reminded. */
function planned(): WorkState {
  const plan = planFollowUp(
    { ...untouchedWork(), ownerId: "ravi", touchedAt: "2030-06-01T05:00:00.000Z" },
    { due: received, followUpAt: due, nextStep: "Call", at: "2030-06-01T06:00:00.000Z" },
  );
  if (plan.outcome !== "changed") throw new Error("not planned");
  return plan.work;
}

describe("pushes to a member's devices", () => {
  test("go to whoever an enquiry is handed to, by the rule or by someone else, when they turned notifications on", () => {
    const intake = planIntake({
      receivedAt: due,
      buyer: "Retailer",
      spam: false,
      rule: { kind: "buyer", Retailer: "ravi", "Self Use": "asha" },
      turn: 0,
      members,
      hours: DEFAULT_HOURS,
      acknowledge: false,
    });
    expect(intake.pushes).toEqual([{ staffId: "ravi", reason: "assigned" }]);
    // Ravi gets the push whatever his mail alerts; Asha, with no device, her mail only.
    expect(intake.alerts).toEqual([]);
    const handed = planOwnerChange(intake.work, {
      ownerId: "asha",
      actor: { id: "ravi", email: ravi.email },
      members,
      at: "2030-01-04T06:30:00.000Z",
    });
    expect(handed.outcome === "changed" && handed.pushes).toEqual([]);
    const back = planOwnerChange(intake.work, {
      ownerId: "ravi",
      actor: { id: "asha", email: asha.email },
      members,
      at: "2030-01-04T06:30:00.000Z",
    });
    // Already his: handing it to its owner tells nobody.
    expect(back.outcome === "changed" && back.pushes).toEqual([]);
    const taken = planOwnerChange(untouchedWork(), {
      ownerId: "ravi",
      actor: { id: "ravi", email: ravi.email },
      members,
      at: "2030-01-04T06:30:00.000Z",
    });
    expect(taken.outcome === "changed" && taken.pushes).toEqual([]);
    const given = planOwnerChange(untouchedWork(), {
      ownerId: "ravi",
      actor: { id: "asha", email: asha.email },
      members,
      at: "2030-01-04T06:30:00.000Z",
    });
    expect(given.outcome === "changed" && given.pushes).toEqual([
      { staffId: "ravi", reason: "assigned", handedOnBy: asha.email },
    ]);
  });
});

describe("a bulk assignment", () => {
  const entry = (enquiryId: string) => ({
    enquiryId,
    found: {
      work: untouchedWork(),
      enquiry: { Name: "Meera Kapoor", Quantity: 6, RetailerSelfUse: "Retailer" as const },
      receivedAt: due,
    },
    expectedVersion: 0,
  });
  const pushesOf = (plan: ReturnType<typeof planOwnerBatch>) =>
    plan.outcomes.flatMap((outcome) => (outcome.outcome === "changed" ? (outcome.pushes ?? []) : []));
  const change = {
    ownerId: "ravi",
    actor: { id: "asha", email: asha.email },
    members,
    at: "2030-01-04T06:30:00.000Z",
  };

  test("notifies a phone of one enquiry handed on, as its page would; of several, the list mail tells", () => {
    expect(pushesOf(planOwnerBatch([entry("e1")], change))).toEqual([
      { staffId: "ravi", reason: "assigned", handedOnBy: asha.email },
    ]);
    expect(pushesOf(planOwnerBatch([entry("e1"), entry("e2")], change))).toEqual([]);
  });
});

describe("a follow-up's reminder", () => {
  test("is pending from the moment it is planned, and only a new time plans another", () => {
    const work = planned();
    expect(work.reminderDueAt).toBe(due);
    const same = planFollowUp(
      { ...work, reminderDueAt: null },
      { due: received, followUpAt: due, nextStep: "Call", at: due },
    );
    expect(same.outcome === "changed" && same.work.reminderDueAt).toBeNull();
    const cleared = planFollowUp(work, { due: received, followUpAt: null, nextStep: null, at: due });
    expect(cleared.outcome === "changed" && cleared.work.reminderDueAt).toBeNull();
    const closed = planStatusChange(work, {
      due: received,
      to: "Declined",
      expectedVersion: work.version,
      at: due,
    });
    expect(closed.outcome === "changed" && closed.work.reminderDueAt).toBeNull();
  });

  test("is sent to the owner when it comes, under one id per enquiry and time; not before, not to nobody", () => {
    const work = planned();
    expect(planReminder("e1", work, ravi, after(-1))).toBeNull();
    expect(planReminder("e1", work, ravi, after(60_000))).toEqual({
      reminderDueAt: due,
      push: { staffId: "ravi", reason: "follow-up", id: reminderNotificationId("e1", due) },
    });
    expect(reminderNotificationId("e1", due)).toBe(`push-follow-up-e1-${Date.parse(due)}`);
    // Cleared without a push: no device, another owner now, or too late to be of use.
    expect(planReminder("e1", work, asha, after(60_000))).toEqual({ reminderDueAt: due, push: null });
    expect(planReminder("e1", { ...work, ownerId: "asha" }, ravi, after(60_000))?.push).toBeNull();
    expect(planReminder("e1", work, ravi, after(REMINDER_STALE_AFTER_MS + 1))?.push).toBeNull();
    expect(planReminder("e1", work, null, after(60_000))?.push).toBeNull();
  });
});
