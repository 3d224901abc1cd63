import { describe, expect, test } from "vitest";
import { awayLabel, checkAwayUntil, isAway, mayReceiveWorkNow } from "../../domain/staff";
import type { AssignmentRule } from "../../domain/team";
import { planAnswer } from "./conversation";
import { planIntake, planOwnerChange, untouchedWork, type MemberFacts } from "./plan";
import { planReminder } from "./reminders";
import { PLACEHOLDER_FACTS } from "../../domain/company-facts";

/** The build's default record: 10:00–19:00 IST, Monday to Saturday, first contact within 4 hours. */
const DEFAULT_HOURS = PLACEHOLDER_FACTS.workingHours;

/** IST wall-clock time as an ISO instant: ist("2030-01-04", "18:30"). */
const ist = (day: string, time: string) => new Date(`${day}T${time}:00+05:30`).toISOString();

const asha: MemberFacts = {
  id: "asha",
  email: "asha@example.com",
  alerts: "all",
  invited: false,
  pushDevices: true,
  awayUntil: "2030-01-08",
};
const ravi: MemberFacts = {
  id: "ravi",
  email: "ravi@example.com",
  alerts: "all",
  invited: false,
  pushDevices: true,
};
const members = [asha, ravi];
const turns: AssignmentRule = { kind: "turns", members: ["asha", "ravi"] };

/** A Retailer enquiry received at `receivedAt`, taking turn 0 of the round robin (Asha's turn). */
function intakeAt(receivedAt: string) {
  return planIntake({
    receivedAt,
    buyer: "Retailer",
    spam: false,
    rule: turns,
    turn: 0,
    members,
    hours: DEFAULT_HOURS,
    acknowledge: false,
  });
}

describe("a member away", () => {
  test("is away until the end of their date in India, and back from the next IST day", () => {
    expect(isAway(asha, ist("2030-01-08", "23:59"))).toBe(true);
    expect(isAway(asha, ist("2030-01-09", "00:00"))).toBe(false);
    expect(isAway(ravi, ist("2030-01-08", "12:00"))).toBe(false);
    expect(mayReceiveWorkNow({ invited: true }, ist("2030-01-08", "12:00"))).toBe(false);
    expect(awayLabel("2030-01-08")).toBe("Away until 8 Jan");
  });

  test("a date is an IST day from today on; empty clears it", () => {
    const now = new Date(ist("2030-01-06", "10:00"));
    expect(checkAwayUntil("2030-01-08", now)).toEqual({ ok: true, value: "2030-01-08" });
    expect(checkAwayUntil("2030-01-06", now)).toEqual({ ok: true, value: "2030-01-06" });
    expect(checkAwayUntil("", now)).toEqual({ ok: true, value: null });
    expect(checkAwayUntil("2030-01-05", now).ok).toBe(false);
    expect(checkAwayUntil("2030-02-30", now).ok).toBe(false);
    expect(checkAwayUntil("8 Jan", now).ok).toBe(false);
  });

  test("the round robin skips them while away and gives them their turn again after the date", () => {
    const whileAway = intakeAt(ist("2030-01-08", "11:00"));
    expect(whileAway.work.ownerId).toBe("ravi");
    expect(whileAway.alerts).toEqual([{ staffId: "ravi" }]);
    expect(whileAway.pushes).toEqual([{ staffId: "ravi", reason: "assigned" }]);
    const back = intakeAt(ist("2030-01-09", "09:30"));
    expect(back.work.ownerId).toBe("asha");
    expect(back.alerts.map(({ staffId }) => staffId).sort()).toEqual(["asha", "ravi"]);
    expect(back.pushes).toEqual([{ staffId: "asha", reason: "assigned" }]);
  });

  test("no alert or push is queued for them when an enquiry is handed to them or its buyer answers", () => {
    const handed = planOwnerChange(untouchedWork(), {
      ownerId: "asha",
      actor: { id: "ravi", email: ravi.email },
      members,
      at: ist("2030-01-07", "15:00"),
    });
    if (handed.outcome !== "changed") throw new Error(handed.outcome);
    expect(handed.work.ownerId).toBe("asha");
    expect(handed.alerts).toEqual([]);
    expect(handed.pushes).toEqual([]);
    const answered = (at: string) =>
      planAnswer({ ...untouchedWork(), ownerId: "asha" }, members, {
        at: new Date(at),
        unreadBefore: false,
        day: null,
        text: "Please send the price list",
      }).alerts;
    expect(answered(ist("2030-01-08", "20:00"))).toEqual([]);
    expect(answered(ist("2030-01-09", "08:00")).map(({ staffId }) => staffId)).toEqual(["asha"]);
  });

  test("a follow-up falling due while they are away reminds nobody's phone; after the date it reminds theirs", () => {
    const followUpAt = ist("2030-01-08", "11:00");
    const work = {
      ...untouchedWork(),
      ownerId: "asha",
      followUpAt,
      reminderDueAt: followUpAt,
      dueAt: followUpAt,
    };
    expect(planReminder("e1", work, asha, new Date(ist("2030-01-08", "11:01")))?.push).toBeNull();
    const later = ist("2030-01-09", "11:00");
    const next = { ...work, followUpAt: later, reminderDueAt: later, dueAt: later };
    expect(planReminder("e1", next, asha, new Date(ist("2030-01-09", "11:01")))?.push).toMatchObject({
      staffId: "asha",
      reason: "follow-up",
    });
  });
});
