import { describe, expect, it } from "vitest";
import { SPAM_THRESHOLD, SPAM_WEIGHTS } from "../../server/spam/weights";
import { readSpamSet, scoreSpamSet } from "../support/spam-set";

describe("the labelled set of enquiries", () => {
  it("files no genuine enquiry as spam and catches at least 90 % of the spam", async () => {
    const set = readSpamSet();
    expect(set.length).toBeGreaterThanOrEqual(300);
    const figures = await scoreSpamSet(set);
    expect(figures.genuineFiledAsSpam.map((entry) => entry.enquiry.Name)).toEqual([]);
    expect(figures.caught).toBeGreaterThanOrEqual(0.9);
  });

  it("holds genuine enquiries sent without a proof of work, in Latin letters and in Devanagari", () => {
    const set = readSpamSet();
    const genuineWithoutProof = set.filter(
      (entry) => entry.label === "genuine" && entry.proofOfWork === "none",
    );
    expect(genuineWithoutProof.length).toBeGreaterThanOrEqual(50);
    expect(
      set.some((entry) => entry.label === "genuine" && /\p{Script=Devanagari}/u.test(entry.enquiry.Name)),
    ).toBe(true);
  });

  it("files nothing on one signal alone: every weight is below the threshold", () => {
    for (const weight of Object.values(SPAM_WEIGHTS)) expect(weight).toBeLessThan(SPAM_THRESHOLD);
  });
});
