import { describe, expect, test } from "vitest";
import { statusWhere, workStatusWhere } from "./status-sql";

describe("the status table as SQL", () => {
  test("names the fewer statuses: the team's work is every status but a duplicate and spam", () => {
    expect(workStatusWhere("w.status")).toBe(`w.status NOT IN ('Duplicate', 'Spam')`);
    expect(workStatusWhere("w.status", { orInitial: true })).toBe(
      `coalesce(w.status, 'New') NOT IN ('Duplicate', 'Spam')`,
    );
    expect(statusWhere("status", "open", false)).toBe(`status NOT IN ('New', 'Contacted', 'Confirmed')`);
    expect(statusWhere("status", "open")).toBe(`status IN ('New', 'Contacted', 'Confirmed')`);
  });
});
