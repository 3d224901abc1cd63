import { describe, expect, test } from "vitest";
import { factsProblems, PLACEHOLDER_FACTS } from "../domain/company-facts";
import { FILLED_FACTS } from "../tests/support/company-facts";
import { factsOf, formOf } from "./company-form";

describe("the Company page's form", () => {
  test("shows the facts and gives them back unchanged", () => {
    for (const facts of [PLACEHOLDER_FACTS, FILLED_FACTS]) expect(factsOf(formOf(facts))).toEqual(facts);
    expect(formOf(PLACEHOLDER_FACTS)["product.mrpPaise"]).toBe("1499.00");
    expect(formOf(PLACEHOLDER_FACTS).gstin).toBe("");
  });

  test("reads what an owner types: rupees in paise, spaces trimmed, empty optional fields as none", () => {
    const form = {
      ...formOf(FILLED_FACTS),
      "product.mrpPaise": "₹1,649.50",
      phone: "+91 98111 22233",
      gstin: " 09aaacr5055k1z5 ",
      "social.facebook": "  ",
      termsConfirmedBy: "",
      "workingHours.days": "6,1,2",
      "legalName.en": "  Aarogya Nutrition Pvt. Ltd. ",
    };
    const facts = factsOf(form);
    expect(facts.product.mrpPaise).toBe(164_950);
    expect(facts.phone).toBe("+919811122233");
    expect(facts.gstin).toBe("09AAACR5055K1Z5");
    expect(facts.social.facebook).toBeNull();
    expect(facts.termsConfirmedBy).toBeNull();
    expect(facts.workingHours.days).toEqual([1, 2, 6]);
    expect(facts.legalName.en).toBe("Aarogya Nutrition Pvt. Ltd.");
    expect(factsProblems(facts)).toEqual([]);
  });

  test("a field left empty or mistyped is named by the same check the server makes", () => {
    const facts = factsOf({
      ...formOf(FILLED_FACTS),
      "product.mrpPaise": "₹-5",
      fssaiLicence: "1272299900045",
      "delivery.minDays": "",
      "shortName.hi": " ",
    });
    expect(factsProblems(facts).map((problem) => problem.field)).toEqual([
      "shortName.hi",
      "fssaiLicence",
      "product.mrpPaise",
      "delivery.minDays",
    ]);
  });
});
