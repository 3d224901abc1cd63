import { describe, expect, it } from "vitest";
import { PLACEHOLDER_FACTS } from "./company-facts";
import { followUpPresetAt } from "./follow-up-presets";

/** The build's default record: 10:00–19:00 IST, Monday to Saturday. */
const DEFAULT_HOURS = PLACEHOLDER_FACTS.workingHours;

/** An IST wall-clock time as an instant. */
const ist = (local: string) => new Date(`${local}:00+05:30`);

describe("follow-up presets, on the IST clock and the team's working hours", () => {
  it("on a Wednesday morning: two hours on, Thursday 11:00, the coming Monday 10:00", () => {
    const now = ist("2026-12-02T09:40"); // Wednesday, before the day opens at 10:00
    expect(followUpPresetAt("in-2-hours", now, DEFAULT_HOURS)).toEqual(ist("2026-12-02T12:00"));
    const midday = ist("2026-12-02T13:15");
    expect(followUpPresetAt("in-2-hours", midday, DEFAULT_HOURS)).toEqual(ist("2026-12-02T15:15"));
    expect(followUpPresetAt("tomorrow-11", midday, DEFAULT_HOURS)).toEqual(ist("2026-12-03T11:00"));
    expect(followUpPresetAt("monday-10", midday, DEFAULT_HOURS)).toEqual(ist("2026-12-07T10:00"));
  });

  it("late in the day, two hours run on into the next working morning", () => {
    expect(followUpPresetAt("in-2-hours", ist("2026-12-02T18:30"), DEFAULT_HOURS)).toEqual(
      ist("2026-12-03T11:30"),
    );
    // Saturday evening: Sunday is not a working day.
    expect(followUpPresetAt("in-2-hours", ist("2026-12-05T18:00"), DEFAULT_HOURS)).toEqual(
      ist("2026-12-07T11:00"),
    );
  });

  it("tomorrow after a Saturday is Monday; Monday from a Monday is a week on", () => {
    expect(followUpPresetAt("tomorrow-11", ist("2026-12-05T15:00"), DEFAULT_HOURS)).toEqual(
      ist("2026-12-07T11:00"),
    );
    expect(followUpPresetAt("tomorrow-11", ist("2026-12-06T15:00"), DEFAULT_HOURS)).toEqual(
      ist("2026-12-07T11:00"),
    );
    expect(followUpPresetAt("monday-10", ist("2026-12-06T23:30"), DEFAULT_HOURS)).toEqual(
      ist("2026-12-07T10:00"),
    );
    expect(followUpPresetAt("monday-10", ist("2026-12-07T09:00"), DEFAULT_HOURS)).toEqual(
      ist("2026-12-14T10:00"),
    );
  });

  it("the IST day decides, not the UTC one: 01:00 IST Thursday is still Thursday", () => {
    // 19:30 UTC on Wednesday is 01:00 IST on Thursday.
    const now = new Date("2026-12-02T19:30:00Z");
    expect(followUpPresetAt("tomorrow-11", now, DEFAULT_HOURS)).toEqual(ist("2026-12-04T11:00"));
    expect(followUpPresetAt("in-2-hours", now, DEFAULT_HOURS)).toEqual(ist("2026-12-03T12:00"));
  });
});
