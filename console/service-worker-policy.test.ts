import { describe, expect, test } from "vitest";
import { FALLBACK_NOTICE, noticeFromPush, requestPolicy } from "./service-worker-policy";

const origin = "https://www.collarise.in";
const get = (path: string, mode = "cors") => ({ url: `${origin}${path}`, method: "GET", mode });

describe("the console's service worker", () => {
  test("keeps the console's page and hashed files, and never an answer of the API", () => {
    expect(requestPolicy(get("/admin", "navigate"), origin)).toBe("shell");
    expect(requestPolicy(get("/admin/enquiries/abc", "navigate"), origin)).toBe("shell");
    expect(requestPolicy(get("/admin/assets/main-1a2b3c.js"), origin)).toBe("asset");
    for (const path of ["/api/admin/enquiries/abc", "/api/admin/templates", "/api/admin/me", "/api"]) {
      expect(requestPolicy(get(path), origin), path).toBe("network");
      expect(requestPolicy(get(path, "navigate"), origin), path).toBe("network");
    }
    // Nothing of the public site, no other site, no change.
    expect(requestPolicy(get("/", "navigate"), origin)).toBe("network");
    expect(requestPolicy(get("/hi", "navigate"), origin)).toBe("network");
    expect(requestPolicy(get("/icon-192.png"), origin)).toBe("network");
    expect(
      requestPolicy({ url: "https://cdn.example.com/admin/x", method: "GET", mode: "navigate" }, origin),
    ).toBe("network");
    expect(requestPolicy({ ...get("/admin", "navigate"), method: "POST" }, origin)).toBe("network");
    expect(requestPolicy(get("/admin/sw.js", "navigate"), origin)).toBe("network");
  });

  test("shows what a push says, and opens only a console page", () => {
    const notice = {
      title: "Follow-up due now",
      body: "Enquiry 3F2A9C1E · Asha",
      url: "/admin/enquiries/x",
      tag: "t",
    };
    expect(noticeFromPush(notice)).toEqual(notice);
    for (const url of [
      "https://evil.example/admin/",
      "//evil.example/admin/x",
      "/hi",
      "/admin/x y",
      "javascript:alert(1)",
    ]) {
      expect(noticeFromPush({ ...notice, url }).url, url).toBe("/admin");
    }
    expect(noticeFromPush("not an object")).toEqual(FALLBACK_NOTICE);
    expect(noticeFromPush({ title: "", body: "x" })).toEqual(FALLBACK_NOTICE);
  });
});
