import { describe, expect, it } from "vitest";
import * as landing from "./landing";
import { product } from "./site";

/** Every string of the landing page's copy, however deeply it sits. */
function allText(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(allText);
  if (value && typeof value === "object") return Object.values(value).flatMap(allText);
  return [];
}

const copy = allText(landing.landing);

describe("the landing page's copy", () => {
  it("never promises to treat, cure, heal or prevent a disease", () => {
    const promises = copy.filter((text) =>
      /\b(cures?|curing|treats?|treating|treatment|heals?|healing|prevents?|prevention|guaranteed?)\b/i.test(
        text,
      ),
    );
    expect(promises).toEqual([]);
  });

  it("gives the claims as the specification words them", () => {
    expect(copy.some((text) => text.includes("200% more productive collagen"))).toBe(true);
    expect(copy.some((text) => text.includes("12.5 gm"))).toBe(true);
    expect(copy).toContain("Health supplement. Not for medicinal use.");
    expect(copy.some((text) => text.includes(product.dosageNote))).toBe(true);
    expect(copy.some((text) => text.includes(product.fssaiLicence))).toBe(true);
  });

  it("states no invented figures: no percentages but the specified claim, no study numbers", () => {
    const percentages = copy.flatMap((text) => text.match(/\d+(?:\.\d+)?\s?%/g) ?? []);
    expect(new Set(percentages)).toEqual(new Set(["200%"]));
    const results = allText(landing.clinicalResults);
    expect(results.filter((text) => /\d/.test(text))).toEqual([]);
  });

  it("names no price but the MRP and the unit sale price the declarations must state", () => {
    const prices = copy.filter((text) => /₹|\bRs\.?\s?\d|\bINR\b|\bprice of\b/i.test(text));
    expect(prices).toEqual(["₹1,499.00 for a pack of 30 sachets (inclusive of all taxes)", "₹4.00 per g"]);
  });

  it("has the five free-from marks, five cards per carousel and three recipes", () => {
    expect(landing.pureGoodness.marks.map((mark) => mark.title)).toEqual([
      "No additives",
      "Gluten-free",
      "Nut-free",
      "Dairy-free",
      "Soy-free",
    ]);
    expect(landing.orthopedics.cards.map((card) => card.title)).toEqual([
      "Boost cartilage repair",
      "Enhances joint function",
      "Enhances tendon and ligament repair",
      "Improves elasticity and flexibility",
      "Connective tissue health",
    ]);
    expect(landing.gynaecology.cards.map((card) => card.title)).toEqual([
      "Support for uterine health",
      "Hormonal balance",
      "Joint and muscle support for postmenopausal women",
      "Support in gynaecological surgeries",
      "Pelvic organ prolapse",
    ]);
    expect(landing.indications.cards.map((card) => card.title)).toEqual([
      "Bone density",
      "Anti-ageing",
      "Hydration",
      "Complexion",
    ]);
    expect(landing.dailyDiet.recipes.map((recipe) => recipe.key)).toEqual([
      "smoothie",
      "fruit-bowl",
      "pancake",
    ]);
    expect(landing.comparison.rows).toHaveLength(5);
  });
});
