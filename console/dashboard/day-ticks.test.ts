import { describe, expect, test } from "vitest";
import { dayTicks, ticksThatFit } from "./day-ticks";

const ist = (date: string) => Date.parse(`${date}T00:00:00+05:30`) / 1000;
const dayMonth = new Intl.DateTimeFormat("en-IN", {
  timeZone: "Asia/Kolkata",
  day: "numeric",
  month: "short",
});
const labels = (ticks: number[]) => ticks.map((seconds) => dayMonth.format(new Date(seconds * 1000)));

describe("the time axis's ticks", () => {
  test("a week of data is labelled by its days, each once, at midnight IST", () => {
    const ticks = dayTicks(ist("2026-11-23"), ist("2026-11-30"), ticksThatFit(1280));
    expect(labels(ticks)).toEqual([
      "23 Nov",
      "24 Nov",
      "25 Nov",
      "26 Nov",
      "27 Nov",
      "28 Nov",
      "29 Nov",
      "30 Nov",
    ]);
    expect(new Set(labels(ticks)).size).toBe(ticks.length);
  });

  test("on a phone's narrow chart a week keeps whole days, fewer of them, none repeated", () => {
    const ticks = dayTicks(ist("2026-11-23"), ist("2026-11-30"), ticksThatFit(300));
    expect(labels(ticks)).toEqual(["23 Nov", "25 Nov", "27 Nov", "29 Nov"]);
  });

  test("90 days step by weeks; a range starting mid-day begins at the next midnight", () => {
    const ticks = dayTicks(ist("2026-09-01") + 3_600, ist("2026-11-29"), 14);
    expect(labels(ticks)[0]).toBe("2 Sept");
    expect(ticks.length).toBeLessThanOrEqual(14);
    expect(ticks[1]! - ticks[0]!).toBe(7 * 86_400);
  });

  test("one day's range has its one tick; an empty or reversed range none", () => {
    expect(labels(dayTicks(ist("2026-11-29"), ist("2026-11-29"), 10))).toEqual(["29 Nov"]);
    expect(dayTicks(ist("2026-11-29"), ist("2026-11-28"), 10)).toEqual([]);
  });
});
