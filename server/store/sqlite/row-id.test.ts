import { describe, expect, it } from "vitest";
import { validate, version } from "uuid";
import { newRowId } from "./row-id";

describe("newRowId", () => {
  it("makes distinct UUID v7 ids that sort in the order they were made, many within one millisecond", () => {
    // Ten thousand ids: far more than one millisecond holds, and 39 refills of the random pool.
    const ids = Array.from({ length: 10_000 }, () => newRowId());

    expect(ids.every((id) => validate(id) && version(id) === 7)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
  });

  it("begins with the time it was made", () => {
    const before = Date.now();
    const id = newRowId();
    const msecs = parseInt(id.replace(/-/g, "").slice(0, 12), 16);

    expect(msecs).toBeGreaterThanOrEqual(before);
    expect(msecs).toBeLessThanOrEqual(Date.now() + 1);
  });

  it("keeps random bits at its end, from which an enquiry's reference is taken", () => {
    const ends = new Set(Array.from({ length: 1_000 }, () => newRowId().slice(-8)));

    expect(ends.size).toBe(1_000);
  });
});
