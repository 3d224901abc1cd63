import { describe, expect, it } from "vitest";
import { withoutTextSeparators } from "./text-separators";

describe("a page without React's text separators", () => {
  it("keeps the text as it was outside the islands", () => {
    expect(withoutTextSeparators("<p>© <!-- -->2024<!-- --> <!-- -->Sanvera</p>")).toBe(
      "<p>© 2024 Sanvera</p>",
    );
  });

  it("leaves every island's separators for its hydration, nested islands too", () => {
    const island =
      '<collarise-island data-island="header"><span>Collarise<!-- --> <b>x</b></span>' +
      '<collarise-island data-island="newsletter"><p>a<!-- -->b</p></collarise-island>' +
      "<i>c<!-- -->d</i></collarise-island>";
    expect(withoutTextSeparators(`<p>a<!-- -->b</p>${island}<p>e<!-- -->f</p>`)).toBe(
      `<p>ab</p>${island}<p>ef</p>`,
    );
  });

  it("leaves other comments alone", () => {
    expect(withoutTextSeparators("<p>a<!--$-->b<!-- note --></p>")).toBe("<p>a<!--$-->b<!-- note --></p>");
  });
});
