import { describe, expect, it } from "vitest";
import {
  countInWords,
  daysInWords,
  DEFAULT_RETENTION_PERIODS,
  retentionDifferences,
  retentionPeriodsFrom,
  RetentionSettingError,
} from "./retention";

describe("the retention periods", () => {
  it("read as the privacy policy says them", () => {
    expect(daysInWords(1)).toBe("1 day");
    expect(daysInWords(7)).toBe("7 days");
    expect(daysInWords(90)).toBe("90 days");
    expect(daysInWords(365)).toBe("one year");
    expect(daysInWords(730)).toBe("two years");
    expect(daysInWords(366)).toBe("366 days");
    expect(daysInWords(1_000)).toBe("1,000 days");
    expect(() => daysInWords(0)).toThrow(RangeError);
    expect(countInWords(1, "copy", "copies")).toBe("one copy");
    expect(countInWords(14, "copy", "copies")).toBe("14 copies");
  });

  it("come from the environment as the server reads it, and name a bad variable", () => {
    expect(retentionPeriodsFrom({})).toEqual({ closedEnquiryDays: 365, vitalsDays: 90, backupKeep: 14 });
    expect(
      retentionPeriodsFrom({ RETENTION_DAYS_CLOSED: " 30 ", RETENTION_DAYS_VITALS: "", BACKUP_KEEP: "3" }),
    ).toEqual({
      closedEnquiryDays: 30,
      vitalsDays: 90,
      backupKeep: 3,
    });
    expect(() => retentionPeriodsFrom({ RETENTION_DAYS_VITALS: "0" })).toThrow(
      new RetentionSettingError("RETENTION_DAYS_VITALS", "must be a whole number of days, from 1 to 36500"),
    );
  });

  it("list where a build and a configuration differ", () => {
    expect(retentionDifferences(DEFAULT_RETENTION_PERIODS, DEFAULT_RETENTION_PERIODS)).toEqual([]);
    expect(
      retentionDifferences(DEFAULT_RETENTION_PERIODS, { ...DEFAULT_RETENTION_PERIODS, vitalsDays: 30 }),
    ).toEqual([{ variable: "RETENTION_DAYS_VITALS", stated: 90, configured: 30 }]);
  });
});
