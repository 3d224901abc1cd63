import { describe, expect, test } from "vitest";
import { ENQUIRY_STATUSES } from "../../domain/status";
import { mayErase } from "./retention";

describe("which enquiries retention may erase", () => {
  const before = "2030-01-01T00:00:00.000Z";
  const earlier = "2029-12-31T23:59:59.999Z";

  test("a closed one closed before the cutoff, and nothing else", () => {
    const erasable = ENQUIRY_STATUSES.filter((status) => mayErase({ status, closedAt: earlier }, before));
    expect(erasable).toEqual(["Fulfilled", "Declined", "Duplicate", "Spam"]);
    expect(mayErase({ status: "Declined", closedAt: before }, before)).toBe(false);
    // Reopened: no closing time, kept.
    expect(mayErase({ status: "Fulfilled", closedAt: null }, before)).toBe(false);
  });
});
