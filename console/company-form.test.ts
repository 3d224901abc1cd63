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

  test("the billing facts as an owner types them: rates and price steps one a line, rupees, an empty bank account as none", () => {
    const form = formOf(FILLED_FACTS);
    expect(form["billing.gstRates"]).toBe("2017-07-01 18%\n2025-09-22 5%");
    expect(form["billing.retailerPrices"]).toBe("300 34.00\n1500 32.00\n3000 30.00");
    const facts = factsOf({
      ...form,
      "billing.gstRates": "2017-07-01 18%\n\n 2025-09-22 = 5 \n2027-04-01 12.5%",
      "billing.retailerPrices": "300 ₹34\n1500 31.50",
      "billing.selfUsePricePaise": "₹49.97",
      "billing.merchantUpiId": " ",
      "billing.invoicePrefix": "an",
      "billing.bankAccount.name": "",
      "billing.bankAccount.number": "",
      "billing.bankAccount.ifsc": "",
    });
    expect(facts.billing.gstRates).toEqual([
      { from: "2017-07-01", rateBasisPoints: 1800 },
      { from: "2025-09-22", rateBasisPoints: 500 },
      { from: "2027-04-01", rateBasisPoints: 1250 },
    ]);
    expect(facts.billing.retailerPrices).toEqual([
      { fromSachets: 300, pricePaise: 3_400 },
      { fromSachets: 1_500, pricePaise: 3_150 },
    ]);
    expect(facts.billing.selfUsePricePaise).toBe(4_997);
    expect(facts.billing.merchantUpiId).toBeNull();
    expect(facts.billing.invoicePrefix).toBe("AN");
    expect(facts.billing.bankAccount).toBeNull();
    expect(factsProblems(facts)).toEqual([]);
    const mistyped = factsOf({
      ...form,
      "billing.gstRates": "from April 5%",
      "billing.bankAccount.ifsc": "hdfc123",
    });
    expect(factsProblems(mistyped).map((problem) => problem.field)).toEqual([
      "billing.gstRates",
      "billing.bankAccount.ifsc",
    ]);
  });
});
