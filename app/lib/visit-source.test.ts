// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { SOURCE_STORAGE_KEY } from "../../domain/enquiry-source";
import { checkSource } from "../../domain/enquiry-source-check";
import { rememberVisitSource, visitSource } from "./visit-source";

function landOn(url: string, referrer = "") {
  window.history.replaceState(null, "", url);
  vi.spyOn(document, "referrer", "get").mockReturnValue(referrer);
}

afterEach(() => {
  sessionStorage.clear();
  vi.restoreAllMocks();
});

describe("the visit's source", () => {
  it("keeps the landing URL's campaign tags, the referring host and the landing path, in session storage", () => {
    landOn(
      "/hi?utm_source=instagram&utm_medium=social&utm_campaign=diwali&fbclid=x",
      "https://l.instagram.com/path?q=1",
    );
    rememberVisitSource();
    expect(visitSource()).toEqual({
      utmSource: "instagram",
      utmMedium: "social",
      utmCampaign: "diwali",
      referrerHost: "l.instagram.com",
      landingPath: "/hi",
    });
    expect(document.cookie).toBe("");
    expect(sessionStorage.getItem(SOURCE_STORAGE_KEY)).not.toBeNull();
  });

  it("keeps the first page of the visit: a later page does not replace it", () => {
    landOn("/?utm_source=google");
    rememberVisitSource();
    landOn("/privacy-policy?utm_source=newsletter");
    rememberVisitSource();
    expect(visitSource()).toEqual({ utmSource: "google", landingPath: "/" });
  });

  it("leaves out our own site as the referrer", () => {
    landOn("/privacy-policy", `${location.origin}/`);
    rememberVisitSource();
    expect(visitSource()).toEqual({ landingPath: "/privacy-policy" });
  });

  it("cleans what a link carries to what the API accepts, so no visitor is refused for it", () => {
    landOn(`/?utm_source=${encodeURIComponent("insta\u0000gram\n")}&utm_campaign=${"d".repeat(300)}`);
    rememberVisitSource();
    const source = visitSource();
    expect(source).toEqual({ utmSource: "instagram", utmCampaign: "d".repeat(100), landingPath: "/" });
    expect(checkSource(source)).toEqual({ ok: true, source });
  });

  it("an enquiry sent before the page kept its source still carries the landing page's", () => {
    landOn("/?utm_source=whatsapp", "https://wa.me/");
    expect(sessionStorage.getItem(SOURCE_STORAGE_KEY)).toBeNull();
    expect(visitSource()).toEqual({ utmSource: "whatsapp", referrerHost: "wa.me", landingPath: "/" });
  });

  it("sends nothing when storage is turned off", () => {
    vi.spyOn(sessionStorage, "getItem").mockImplementation(() => {
      throw new Error("SecurityError");
    });
    landOn("/?utm_source=google");
    expect(() => rememberVisitSource()).not.toThrow();
    expect(visitSource()).toBeUndefined();
  });
});
