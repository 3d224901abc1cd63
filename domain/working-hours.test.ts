import { describe, expect, it } from "vitest";
import { addWorkingHours, istDate, istDayBounds, nextIstHour, workingMsBetween } from "./working-hours";

const HOUR = 3_600_000;
/** An IST wall-clock time as a real instant. */
const ist = (wall: string) => new Date(`${wall}+05:30`);

describe("working hours (10:00–19:00 IST, Monday to Saturday)", () => {
  it("carries a Friday 18:30 enquiry's four hours into Saturday: due at 13:30", () => {
    // 2026-11-27 is a Friday.
    expect(addWorkingHours(ist("2026-11-27T18:30:00"), 4)).toEqual(ist("2026-11-28T13:30:00"));
  });

  it("skips Sunday: a Saturday 17:00 enquiry is due on Monday at 12:00", () => {
    expect(addWorkingHours(ist("2026-11-28T17:00:00"), 4)).toEqual(ist("2026-11-30T12:00:00"));
  });

  it("starts counting at the next opening when received at night or on Sunday", () => {
    expect(addWorkingHours(ist("2026-11-25T23:10:00"), 4)).toEqual(ist("2026-11-26T14:00:00"));
    expect(addWorkingHours(ist("2026-11-29T11:00:00"), 4)).toEqual(ist("2026-11-30T14:00:00"));
    expect(addWorkingHours(ist("2026-11-26T07:00:00"), 9)).toEqual(ist("2026-11-26T19:00:00"));
  });

  it("counts only working time between two moments", () => {
    expect(workingMsBetween(ist("2026-11-27T18:30:00"), ist("2026-11-28T13:30:00"))).toBe(4 * HOUR);
    expect(workingMsBetween(ist("2026-11-28T18:00:00"), ist("2026-11-30T10:30:00"))).toBe(1.5 * HOUR);
    expect(workingMsBetween(ist("2026-11-29T09:00:00"), ist("2026-11-29T20:00:00"))).toBe(0);
    expect(workingMsBetween(ist("2026-11-30T12:00:00"), ist("2026-11-30T11:00:00"))).toBe(0);
  });

  it("agrees with itself: the working time up to the due moment is the target", () => {
    for (let minutes = 0; minutes < 7 * 24 * 60; minutes += 37) {
      const from = new Date(ist("2026-11-23T00:00:00").getTime() + minutes * 60_000);
      expect(workingMsBetween(from, addWorkingHours(from, 4))).toBe(4 * HOUR);
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
