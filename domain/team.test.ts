import { describe, expect, test } from "vitest";
import { assigneeOf, parseAssignmentRule, ruleToSave, type AssignmentRule } from "./team";

describe("saving the assignment rule", () => {
  test("a new round robin starts with the first member it names, and names whom it gives enquiries to", () => {
    const rule: AssignmentRule = { kind: "turns", members: ["asha", "bilal"] };
    const saved = ruleToSave(rule);
    expect(saved.members).toEqual(["asha", "bilal"]);
    expect(parseAssignmentRule(saved.rule)).toEqual(rule);
    expect(assigneeOf(rule, "Retailer", saved.turn, () => true)).toBe("asha");
  });

  test("by buyer type it names the members chosen; no rule names nobody", () => {
    expect(ruleToSave({ kind: "buyer", Retailer: "asha", "Self Use": null }).members).toEqual(["asha"]);
    expect(ruleToSave({ kind: "none" }).members).toEqual([]);
  });
});
