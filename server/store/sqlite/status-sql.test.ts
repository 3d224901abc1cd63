import { describe, expect, test } from "vitest";
import { statusWhere, workStatusWhere } from "./status-sql";

describe("the status table as SQL", () => {
  test("names the fewer statuses: the team's work is every status but spam", () => {
    expect(workStatusWhere("w.status")).toBe(`w.status NOT IN ('Spam')`);
    expect(workStatusWhere("w.status", { orInitial: true })).toBe(
      `coalesce(w.status, 'New') NOT IN ('Spam')`,
    );
    expect(statusWhere("status", "open", false)).toBe(`status IN ('Fulfilled', 'Declined', 'Spam')`);
    expect(statusWhere("status", "open")).toBe(`status IN ('New', 'Contacted', 'Confirmed')`);
  });
});
