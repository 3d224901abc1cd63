import { describe, expect, test } from "vitest";
import { summarizeWeeks } from "./vitals-summary";

describe("page speed on the dashboard", () => {
  test("each week's, page's and metric's 75th percentile by nearest rank, listed by week, page and metric", () => {
    expect(
      summarizeWeeks([
        { weekStart: "2030-01-07", page: "/", metric: "LCP", values: [900, 3000, 1200, 2500] },
        { weekStart: "2029-12-31", page: "/privacy-policy", metric: "CLS", values: [0.3] },
        { weekStart: "2029-12-31", page: "/", metric: "INP", values: [40, 200, 10, 120, 80] },
      ]),
    ).toEqual([
      { weekStart: "2029-12-31", page: "/", metric: "INP", count: 5, p75: 120 },
      { weekStart: "2029-12-31", page: "/privacy-policy", metric: "CLS", count: 1, p75: 0.3 },
      // The 3rd of 4 sorted values: 900, 1200, 2500, 3000.
      { weekStart: "2030-01-07", page: "/", metric: "LCP", count: 4, p75: 2500 },
    ]);
  });
});
