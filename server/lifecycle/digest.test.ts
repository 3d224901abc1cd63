import { describe, expect, test } from "vitest";
import type { EnquiryStatus } from "../../domain/status";
import { digestLists, spamFiledOf, type DigestRow } from "./digest";

const now = new Date("2030-01-06T03:30:00.000Z");
const dayEnd = new Date("2030-01-06T18:30:00.000Z");

function row(id: string, status: EnquiryStatus, ownerId: string | null, dueAt: string): DigestRow {
  return {
    id,
    Name: "Asha Verma",
    RetailerSelfUse: "Retailer",
    Quantity: 60,
    receivedAt: "2030-01-05T03:30:00.000Z",
    dueAt,
    touched: false,
    status,
    ownerId,
  };
}

describe("what the digest lists", () => {
  test("the team's open work due before the day ends, the member's and nobody's apart", () => {
    const due = "2030-01-06T10:00:00.000Z";
    const lists = digestLists(
      [
        row("mine", "Contacted", "member", due),
        row("nobody's", "New", null, due),
        row("another's", "New", "other", due),
        row("tomorrow", "New", "member", dayEnd.toISOString()),
        row("spam", "Spam", null, due),
        row("fulfilled", "Fulfilled", "member", due),
      ],
      { staffId: "member", dayEnd },
    );
    expect(lists.mine.map((each) => each.id)).toEqual(["mine"]);
    expect(lists.unowned.map((each) => each.id)).toEqual(["nobody's"]);
  });
});

describe("the digest's spam line", () => {
  test("counts what was filed as spam on arrival in the 24 hours before it, not spam set by hand nor released", () => {
    const within = "2030-01-05T04:00:00.000Z";
    expect(
      spamFiledOf(
        [
          { receivedAt: within, status: "Spam", filedOnArrival: true },
          { receivedAt: now.toISOString(), status: "Spam", filedOnArrival: true },
          // Set to Spam by hand: it was mailed on arrival.
          { receivedAt: within, status: "Spam", filedOnArrival: false },
          // Marked Not spam since.
          { receivedAt: within, status: "New", filedOnArrival: true },
          { receivedAt: "2030-01-05T03:29:59.999Z", status: "Spam", filedOnArrival: true },
          { receivedAt: within, status: "Contacted", filedOnArrival: false },
        ],
        now,
      ),
    ).toBe(2);
  });
});
