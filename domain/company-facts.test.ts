import { describe, expect, it } from "vitest";
import {
  displayPhone,
  factsProblems,
  gstinCheckCharacter,
  gstinProblem,
  PLACEHOLDER_FACTS,
  pricePerGram,
  type CompanyFacts,
} from "./company-facts";

const withChange = (change: (facts: CompanyFacts) => void): CompanyFacts => {
  const facts = structuredClone(PLACEHOLDER_FACTS);
  change(facts);
  return facts;
};

describe("the company's facts", () => {
  it("accepts the placeholder record's form (the launch check, not this, refuses placeholders)", () => {
    expect(factsProblems(PLACEHOLDER_FACTS)).toEqual([]);
  });

  it("checks a GSTIN's check character", () => {
    expect(gstinCheckCharacter("27AAPFU0939F1Z")).toBe("V");
    expect(gstinProblem("27AAPFU0939F1ZV")).toBeNull();
    expect(gstinProblem("27AAPFU0939F1ZW")).toMatch(/last character/);
    expect(gstinProblem("99AAPFU0939F1ZV")).toMatch(/not a GST state code/);
    expect(gstinProblem("27AAPFU0939F1Z")).toMatch(/15 characters/);
  });

  it("refuses a GSTIN of another state than the registered address", () => {
    const problems = factsProblems(withChange((facts) => (facts.gstin = "27AAPFU0939F1ZV")));
    expect(problems).toEqual([{ field: "gstin", message: expect.stringMatching(/Maharashtra.*Delhi/) }]);
  });

  it("refuses a licence of 13 digits, a PIN of five and a negative MRP, each with its field", () => {
    const problems = factsProblems(
      withChange((facts) => {
        facts.fssaiLicence = "1002401100012";
        facts.registeredAddress.pin = "11002";
        facts.product.mrpPaise = -500;
      }),
    );
    expect(problems.map((problem) => problem.field)).toEqual([
      "registeredAddress.pin",
      "fssaiLicence",
      "product.mrpPaise",
    ]);
  });

  it("asks for both languages", () => {
    const problems = factsProblems(withChange((facts) => (facts.legalName.hi = " ")));
    expect(problems).toEqual([{ field: "legalName.hi", message: "Write it in Hindi." }]);
  });

  it("derives the unit sale price and writes phones as people do", () => {
    expect(pricePerGram(PLACEHOLDER_FACTS)).toBe(4);
    expect(displayPhone("+911141552024")).toBe("+91 11 4155 2024");
    expect(displayPhone("+919812345678")).toBe("+91 98123 45678");
  });
});
