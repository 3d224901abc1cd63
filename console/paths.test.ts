import { describe, expect, it } from "vitest";
import { appPaths, safeNext, signInPath } from "./paths";

describe("where sign-in sends a person", () => {
  it("keeps the page and its filters the link was going to", () => {
    expect(safeNext("?q=rakesh")).toBe("/?q=rakesh");
    expect(safeNext("/?view=mine&q=rakesh")).toBe("/?view=mine&q=rakesh");
    expect(safeNext("/enquiries/abc?from=digest#reply")).toBe("/enquiries/abc?from=digest#reply");
    // A link written with the console's own base path means the same page.
    expect(safeNext("/admin?q=rakesh")).toBe("/?q=rakesh");
    expect(safeNext("/admin/dashboard")).toBe(appPaths.dashboard);
  });

  it("never leaves the console: another site, a scheme or the sign-in page lands on the inbox", () => {
    for (const attack of [
      "//evil.example",
      "//evil.example/admin?q=rakesh",
      "https://evil.example",
      "https://evil.example/admin",
      "/\\evil.example",
      "\\\\evil.example",
      "javascript:alert(1)",
      "data:text/html,hi",
      "/sign-in?next=//evil.example",
      "",
    ]) {
      expect(safeNext(attack), attack).toBe(appPaths.inbox);
    }
    expect(safeNext(null)).toBe(appPaths.inbox);
  });

  it("remembers the inbox with its filters, and nothing when there was nowhere to go", () => {
    expect(signInPath("/?q=rakesh")).toBe(`${appPaths.signIn}?next=%2F%3Fq%3Drakesh`);
    expect(signInPath(appPaths.inbox)).toBe(`${appPaths.signIn}?next=%2F`);
    expect(signInPath(null, "signed-out")).toBe(`${appPaths.signIn}?signed-out=1`);
  });
});
