import { describe, expect, it } from "vitest";
import {
  CLOSED_STATUSES,
  COUNTED_STATUSES,
  ENQUIRY_STATUSES,
  INITIAL_STATUS,
  SPAM_STATUS,
  DUPLICATE_STATUS,
  STATUS,
  statusCountsOf,
  statusesWhere,
  WORK_STATUSES,
} from "./status";
import { DECIDED_STATUSES, shownLostReason, WON_STATUSES } from "./deal";

describe("the status table", () => {
  it("says what each status is, as the plans, the inbox and the dashboard have read them", () => {
    expect(statusesWhere("open")).toEqual(["New", "Contacted", "Confirmed"]);
    expect(CLOSED_STATUSES).toEqual(["Fulfilled", "Declined", "Duplicate", "Spam"]);
    expect(statusesWhere("clearsFollowUp")).toEqual(["Fulfilled", "Declined", "Duplicate", "Spam"]);
    expect(WORK_STATUSES).toEqual(["New", "Contacted", "Confirmed", "Fulfilled", "Declined"]);
    expect(WON_STATUSES).toEqual(["Confirmed", "Fulfilled"]);
    expect(statusesWhere("lost")).toEqual(["Declined"]);
    expect(DECIDED_STATUSES).toEqual(["Confirmed", "Fulfilled", "Declined"]);
    expect(INITIAL_STATUS).toBe("New");
    expect(SPAM_STATUS).toBe("Spam");
    expect(COUNTED_STATUSES).toEqual([
      "Contacted",
      "Confirmed",
      "Fulfilled",
      "Declined",
      "Duplicate",
      "Spam",
    ]);
    expect(DUPLICATE_STATUS).toBe("Duplicate");
  });

  it("has a row for every status, none both won and lost, and spam neither work nor open", () => {
    expect(Object.keys(STATUS).sort()).toEqual([...ENQUIRY_STATUSES].sort());
    for (const status of ENQUIRY_STATUSES) expect(STATUS[status].won && STATUS[status].lost).toBe(false);
    expect(STATUS[SPAM_STATUS]).toMatchObject({ work: false, open: false, won: false, lost: false });
    // A duplicate is neither a sale won nor lost, and nobody's work.
    expect(STATUS[DUPLICATE_STATUS]).toMatchObject({ work: false, open: false, won: false, lost: false });
  });
});

describe("the counts by status", () => {
  it("count New as the total less the others, whatever a store counted for New itself", () => {
    expect(statusCountsOf(10, { New: 99, Contacted: 2, Declined: 1, Spam: 3 })).toEqual({
      New: 4,
      Contacted: 2,
      Confirmed: 0,
      Fulfilled: 0,
      Declined: 1,
      Duplicate: 0,
      Spam: 3,
    });
    expect(statusCountsOf(0, {}).New).toBe(0);
  });
});

describe("the lost reason shown", () => {
  it("is the one recorded while the enquiry stands Declined, and none at any other status", () => {
    expect(shownLostReason("Declined", "price")).toBe("price");
    expect(shownLostReason("Declined", "not-a-reason")).toBeNull();
    for (const status of ENQUIRY_STATUSES.filter((each) => each !== "Declined")) {
      expect(shownLostReason(status, "price")).toBeNull();
    }
  });
});
