import { describe, expect, test } from "vitest";
import { lastNotesOf } from "./last-note";

describe("the last note", () => {
  test("is each enquiry's latest note or status change with a text; other lines and empty texts are not notes", () => {
    const notes = lastNotesOf([
      { enquiryId: "a", kind: "note", text: "Called, no answer" },
      { enquiryId: "a", kind: "status", text: "Will order 40" },
      { enquiryId: "a", kind: "status", text: null },
      { enquiryId: "a", kind: "owner", text: "priya@example.com" },
      { enquiryId: "a", kind: "contact", text: "call" },
      { enquiryId: "a", kind: "deal", text: "Lost: Price" },
      { enquiryId: "b", kind: "note", text: "" },
      { enquiryId: "c", kind: "follow-up", text: "tomorrow" },
    ]);
    expect([...notes]).toEqual([["a", "Will order 40"]]);
  });
});
