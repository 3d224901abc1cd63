import { describe, expect, it } from "vitest";
import { v4, v7 } from "uuid";
import { enquiryReference } from "./console";

describe("an enquiry's reference", () => {
  it("is the first 8 characters of a random (v4) id, upper case, as it always was", () => {
    expect(enquiryReference("3f2a9c1e-7b4d-4e2a-9c1e-0a1b2c3d4e5f")).toBe("3F2A9C1E");
  });

  it("is the last 8 characters of a time-ordered (v7) id, which begins with the time", () => {
    expect(enquiryReference("019ab3f2-1c4e-7d2a-8f3b-5e6d7c8b9a01")).toBe("7C8B9A01");
  });

  it("differs between enquiries received in the same millisecond, for either kind of id", () => {
    const at = Date.UTC(2026, 10, 24, 10, 0, 0);
    const timeOrdered = Array.from({ length: 1_000 }, () => v7({ msecs: at }));
    expect(new Set(timeOrdered.map((id) => id.slice(0, 8))).size).toBe(1);
    expect(new Set(timeOrdered.map(enquiryReference)).size).toBeGreaterThan(995);
    const random = Array.from({ length: 1_000 }, () => v4());
    expect(new Set(random.map(enquiryReference)).size).toBeGreaterThan(995);
    for (const reference of [...timeOrdered, ...random].map(enquiryReference))
      expect(reference).toMatch(/^[0-9A-F]{8}$/);
  });
});
