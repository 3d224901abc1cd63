import { describe, expect, test } from "vitest";
import { arrivalTime } from "./arrival-clock";

describe("arrivalTime", () => {
  test("stamps arrivals within one millisecond in the order they came", () => {
    const now = Date.now() + 60_000;
    const stamps = [arrivalTime(now), arrivalTime(now), arrivalTime(now)].map((date) => date.getTime());
    expect(stamps).toEqual([now, now + 1, now + 2]);
  });

  test("follows the clock again once it has moved past the last stamp", () => {
    const later = Date.now() + 120_000;
    expect(arrivalTime(later).getTime()).toBe(later);
  });
});
