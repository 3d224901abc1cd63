import { describe, expect, it } from "vitest";
import { keepCompoundsWhole, NON_BREAKING_HYPHEN } from "./hindi-typesetting";

describe("Hindi compounds on a narrow screen", () => {
  it("keeps a compound's hyphen from breaking the line, in every string however deep", () => {
    const set = keepCompoundsWhole({ title: "सोया-फ़्री", points: [{ text: "चलना-फिरना आसान" }], count: 3 });
    expect(set).toEqual({
      title: `सोया${NON_BREAKING_HYPHEN}फ़्री`,
      points: [{ text: `चलना${NON_BREAKING_HYPHEN}फिरना आसान` }],
      count: 3,
    });
  });

  it("leaves hyphens outside Hindi words alone (utm_source-like names, ranges, English)", () => {
    expect(keepCompoundsWhole("10-18 बजे, e-mail, Collarise-कोलेजन")).toBe("10-18 बजे, e-mail, Collarise-कोलेजन");
  });
});
