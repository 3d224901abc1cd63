import { describe, expect, test } from "vitest";
import { eventTime } from "./event-clock";

describe("eventTime", () => {
  test("stamps events within one millisecond in the order they happened", () => {
    const now = Date.now() + 60_000;
    const stamps = [eventTime(now), eventTime(now), eventTime(now)].map((date) => date.getTime());
    expect(stamps).toEqual([now, now + 1, now + 2]);
  });

  test("follows the clock again once it has moved past the last stamp", () => {
    const later = Date.now() + 120_000;
    expect(eventTime(later).getTime()).toBe(later);
  });
});
