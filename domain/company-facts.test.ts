import { describe, expect, it } from "vitest";
import {
  displayPhone,
  factsFromStored,
  factsProblems,
  gstinCheckCharacter,
  gstinProblem,
  paiseToRupees,
  PLACEHOLDER_FACTS,
  pricePerGram,
  quantityText,
  rupeesToPaise,
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

describe("an MRP as an owner types it", () => {
  it.each([
    ["1499.00", 149_900],
    ["1499", 149_900],
    ["₹1,499", 149_900],
    ["₹ 1,499.5", 149_950],
    ["Rs. 1,499.05", 149_905],
    [" 12.3 ", 1_230],
    ["₹-5", -500],
  ])("%s is %d paise", (typed, paise) => {
    expect(rupeesToPaise(typed)).toBe(paise);
  });

  it.each(["", "₹", "1,499.999", "fifteen hundred", "1.499,00", "1e3"])("%s is not a price", (typed) => {
    expect(rupeesToPaise(typed)).toBeNaN();
  });

  it("a negative or unreadable MRP is refused with the MRP's message", () => {
    for (const typed of ["₹-5", "fifteen hundred"]) {
      const facts = {
        ...PLACEHOLDER_FACTS,
        product: { ...PLACEHOLDER_FACTS.product, mrpPaise: rupeesToPaise(typed) },
      };
      expect(factsProblems(facts)).toEqual([
        {
          field: "product.mrpPaise",
          message: "Give the MRP in rupees and paise, more than ₹0, e.g. 1499.00.",
        },
      ]);
    }
    expect(paiseToRupees(149_900)).toBe("1499.00");
  });

  it("a quantity is written with its unit in either language", () => {
    expect(quantityText(1, "en")).toBe("1 sachet");
    expect(quantityText(1200, "en")).toBe("1,200 sachets");
    expect(quantityText(3, "hi")).toBe("3 सैशे");
  });
});

describe("the company's billing facts", () => {
  const withBilling = (change: (billing: CompanyFacts["billing"]) => void) =>
    withChange((facts) => change(facts.billing));

  it("names each wrong billing fact with its field", () => {
    const problems = factsProblems(
      withBilling((billing) => {
        billing.hsn = "21069";
        billing.gstRates = [
          { from: "2025-09-22", rateBasisPoints: 500 },
          { from: "2017-07-01", rateBasisPoints: 1800 },
        ];
        billing.merchantUpiId = "sanvera health";
        billing.invoicePrefix = "SANVERA";
        billing.bankAccount = { name: "Sanvera", number: "12", ifsc: "HDFC1234567" };
      }),
    );
    expect(problems.map((problem) => problem.field)).toEqual([
      "billing.hsn",
      "billing.gstRates",
      "billing.merchantUpiId",
      "billing.invoicePrefix",
      "billing.bankAccount.number",
      "billing.bankAccount.ifsc",
    ]);
    expect(problems[1]?.message).toMatch(/date order/);
    expect(problems[2]?.message).toMatch(/handle@bank/);
  });

  it("a record published before the billing facts existed reads with the placeholder's", () => {
    const { billing: _billing, ...older } = PLACEHOLDER_FACTS;
    expect(factsFromStored(JSON.parse(JSON.stringify(older))).billing).toEqual(PLACEHOLDER_FACTS.billing);
  });
});
