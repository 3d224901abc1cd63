import { describe, expect, it } from "vitest";
import { PLACEHOLDER_FACTS } from "./company-facts";
import { nextWorkingDayAtReceivedHour } from "./due-rule";
import { followUpPresetAt } from "./follow-up-presets";
import { firstContactDueAt } from "./team";
import {
  addWorkingHours,
  istDate,
  istDayBounds,
  nextIstHour,
  nextWorkingDayAt,
  workingMsBetween,
  type WorkingHours,
} from "./working-hours";

/** The build's default record: 10:00–19:00 IST, Monday to Saturday, first contact within 4 hours. */
const DEFAULT_HOURS = PLACEHOLDER_FACTS.workingHours;

const HOUR = 3_600_000;
/** An IST wall-clock time as a real instant. */
const ist = (wall: string) => new Date(`${wall}+05:30`);

describe("working hours (10:00–19:00 IST, Monday to Saturday)", () => {
  it("carries a Friday 18:30 enquiry's four hours into Saturday: due at 13:30", () => {
    // 2026-11-27 is a Friday.
    expect(addWorkingHours(DEFAULT_HOURS, ist("2026-11-27T18:30:00"), 4)).toEqual(ist("2026-11-28T13:30:00"));
  });

  it("skips Sunday: a Saturday 17:00 enquiry is due on Monday at 12:00", () => {
    expect(addWorkingHours(DEFAULT_HOURS, ist("2026-11-28T17:00:00"), 4)).toEqual(ist("2026-11-30T12:00:00"));
  });

  it("starts counting at the next opening when received at night or on Sunday", () => {
    expect(addWorkingHours(DEFAULT_HOURS, ist("2026-11-25T23:10:00"), 4)).toEqual(ist("2026-11-26T14:00:00"));
    expect(addWorkingHours(DEFAULT_HOURS, ist("2026-11-29T11:00:00"), 4)).toEqual(ist("2026-11-30T14:00:00"));
    expect(addWorkingHours(DEFAULT_HOURS, ist("2026-11-26T07:00:00"), 9)).toEqual(ist("2026-11-26T19:00:00"));
  });

  it("counts only working time between two moments", () => {
    expect(workingMsBetween(DEFAULT_HOURS, ist("2026-11-27T18:30:00"), ist("2026-11-28T13:30:00"))).toBe(
      4 * HOUR,
    );
    expect(workingMsBetween(DEFAULT_HOURS, ist("2026-11-28T18:00:00"), ist("2026-11-30T10:30:00"))).toBe(
      1.5 * HOUR,
    );
    expect(workingMsBetween(DEFAULT_HOURS, ist("2026-11-29T09:00:00"), ist("2026-11-29T20:00:00"))).toBe(0);
    expect(workingMsBetween(DEFAULT_HOURS, ist("2026-11-30T12:00:00"), ist("2026-11-30T11:00:00"))).toBe(0);
  });

  it("agrees with itself: the working time up to the due moment is the target", () => {
    for (let minutes = 0; minutes < 7 * 24 * 60; minutes += 37) {
      const from = new Date(ist("2026-11-23T00:00:00").getTime() + minutes * 60_000);
      expect(workingMsBetween(DEFAULT_HOURS, from, addWorkingHours(DEFAULT_HOURS, from, 4))).toBe(4 * HOUR);
    }
  });

  it("names IST days and the next 09:00 IST", () => {
    expect(istDate(new Date("2026-11-24T19:00:00Z"))).toBe("2026-11-25");
    expect(istDayBounds(new Date("2026-11-24T19:00:00Z"))).toEqual({
      start: ist("2026-11-25T00:00:00"),
      end: ist("2026-11-26T00:00:00"),
    });
    expect(nextIstHour(ist("2026-11-25T08:59:00"), 9)).toEqual(ist("2026-11-25T09:00:00"));
    expect(nextIstHour(ist("2026-11-25T09:00:00"), 9)).toEqual(ist("2026-11-26T09:00:00"));
  });
});

/** Monday to Friday, 09:30–18:00 IST: a company whose weekend runs from Friday evening to Monday morning. */
const WEEKDAYS: WorkingHours = {
  days: [1, 2, 3, 4, 5],
  opens: "09:30",
  closes: "18:00",
  firstContactHours: 2,
};

describe("working hours as a company publishes them (09:30–18:00 IST, Monday to Friday)", () => {
  it("opens at 09:30, not on the hour: a 08:00 enquiry's two hours run from 09:30 to 11:30", () => {
    // 2026-11-25 is a Wednesday.
    expect(addWorkingHours(WEEKDAYS, ist("2026-11-25T08:00:00"), 2)).toEqual(ist("2026-11-25T11:30:00"));
    expect(firstContactDueAt(ist("2026-11-25T08:00:00"), WEEKDAYS)).toEqual(ist("2026-11-25T11:30:00"));
    expect(workingMsBetween(WEEKDAYS, ist("2026-11-25T09:00:00"), ist("2026-11-25T10:00:00"))).toBe(HOUR / 2);
  });

  it("carries a Friday 17:15 enquiry over the weekend: due on Monday at 10:45", () => {
    // 2026-11-27 is a Friday; 45 minutes on Friday, 75 on Monday from 09:30.
    expect(firstContactDueAt(ist("2026-11-27T17:15:00"), WEEKDAYS)).toEqual(ist("2026-11-30T10:45:00"));
    expect(workingMsBetween(WEEKDAYS, ist("2026-11-27T17:15:00"), ist("2026-11-30T10:45:00"))).toBe(2 * HOUR);
    // Saturday counts nothing, as Sunday does.
    expect(workingMsBetween(WEEKDAYS, ist("2026-11-28T09:00:00"), ist("2026-11-29T20:00:00"))).toBe(0);
    // The default week closes at 19:00 and works on Saturday: the same enquiry is due on Saturday at 10:15.
    expect(firstContactDueAt(ist("2026-11-27T17:15:00"), { ...DEFAULT_HOURS, firstContactHours: 2 })).toEqual(
      ist("2026-11-28T10:15:00"),
    );
  });

  it("names Monday as the next working day after a Friday, and keeps the minutes asked for", () => {
    expect(nextWorkingDayAt(WEEKDAYS, ist("2026-11-27T12:00:00"), 9 * 60 + 30)).toEqual(
      ist("2026-11-30T09:30:00"),
    );
    expect(nextWorkingDayAt(DEFAULT_HOURS, ist("2026-11-27T12:00:00"), 10 * 60)).toEqual(
      ist("2026-11-28T10:00:00"),
    );
  });

  it("the due rule keeps the received hour inside 09:30–17:00 and skips the weekend", () => {
    const rule = (received: string, at: string) =>
      nextWorkingDayAtReceivedHour({ receivedAt: ist(received), at: ist(at), hours: WEEKDAYS });
    // Received on Monday at 08:10, answered on Friday: due on Monday at the opening, 09:30.
    expect(rule("2026-11-23T08:10:00", "2026-11-27T12:00:00")).toEqual(ist("2026-11-30T09:30:00"));
    // Received at 14:20: due at 14:00; at 18:40: at 17:00, an hour before the closing.
    expect(rule("2026-11-23T14:20:00", "2026-11-24T12:00:00")).toEqual(ist("2026-11-25T14:00:00"));
    expect(rule("2026-11-23T18:40:00", "2026-11-24T12:00:00")).toEqual(ist("2026-11-25T17:00:00"));
  });

  it("the follow-up presets: two working hours across the weekend, Monday at the opening", () => {
    expect(followUpPresetAt("in-2-hours", ist("2026-11-27T17:30:00"), WEEKDAYS)).toEqual(
      ist("2026-11-30T11:00:00"),
    );
    expect(followUpPresetAt("tomorrow-11", ist("2026-11-27T12:00:00"), WEEKDAYS)).toEqual(
      ist("2026-11-30T11:00:00"),
    );
    expect(followUpPresetAt("monday-10", ist("2026-11-25T12:00:00"), WEEKDAYS)).toEqual(
      ist("2026-11-30T09:30:00"),
    );
  });

  it("agrees with itself: the working time up to the due moment is the target", () => {
    for (let minutes = 0; minutes < 7 * 24 * 60; minutes += 37) {
      const from = new Date(ist("2026-11-23T00:00:00").getTime() + minutes * 60_000);
      expect(workingMsBetween(WEEKDAYS, from, addWorkingHours(WEEKDAYS, from, 2))).toBe(2 * HOUR);
    }
  });
});
