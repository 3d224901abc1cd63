import { describe, expect, it } from "vitest";
import reactRouterConfig from "../react-router.config";
import {
  API_PATHS,
  API_PREFIX,
  API_ROUTES,
  ENQUIRY_COLLECTION,
  HINDI_PAGE_PATHS,
  languageOf,
  pagePath,
  PAGE_PATHS,
  PRODUCT_KEY,
  PUBLIC_PAGES,
  VITAL_METRICS,
} from "./contract";

describe("the contract both halves share", () => {
  it("prerenders exactly the public pages, the pages page-speed reports may name", () => {
    expect(reactRouterConfig.prerender).toEqual([...PUBLIC_PAGES]);
    expect(PUBLIC_PAGES).toEqual([
      PAGE_PATHS.home,
      PAGE_PATHS.privacyPolicy,
      ...Object.values(HINDI_PAGE_PATHS),
    ]);
    expect(PUBLIC_PAGES).toEqual(["/", "/privacy-policy", "/hi", "/hi/privacy-policy"]);
  });

  it("reads a form's language: absent is English, Hindi is Hindi, anything else is unknown", () => {
    expect(languageOf(undefined)).toBe("en");
    expect(languageOf("")).toBe("en");
    expect(languageOf("en")).toBe("en");
    expect(languageOf("hi")).toBe("hi");
    expect(languageOf("HI")).toBeUndefined();
    expect(languageOf(["hi"])).toBeUndefined();
    expect(pagePath("privacyPolicy", "hi")).toBe("/hi/privacy-policy");
  });

  it("puts every API route under the API's prefix, where the browser calls it", () => {
    for (const [name, route] of Object.entries(API_ROUTES)) {
      expect(route.startsWith("/")).toBe(true);
      expect(API_PATHS[name as keyof typeof API_PATHS]).toBe(`${API_PREFIX}${route}`);
    }
    expect(API_PATHS.enquiries).toBe("/api/enquiries");
  });

  it("names the enquiries' collection {product}_Form and reports the five current page-speed metrics", () => {
    expect(ENQUIRY_COLLECTION).toBe(`${PRODUCT_KEY}_Form`);
    expect(ENQUIRY_COLLECTION).toBe("collarise_Form");
    expect([...VITAL_METRICS].sort()).toEqual(["CLS", "FCP", "INP", "LCP", "TTFB"]);
  });
});
