import { describe, expect, it } from "vitest";
import { parseAuthenticationResults, senderAuthenticated } from "./sender-authentication";

const OURS = ["mx.collarise.example"];
const vouched = (headers: string[], from = "asha.verma@gmail.com", authservIds = OURS) =>
  senderAuthenticated({ headers, from, authservIds });

describe("who wrote a mail, as the company's receiving server vouches", () => {
  it("believes DMARC passing for the From domain", () => {
    expect(
      vouched([
        "mx.collarise.example; dkim=pass header.i=@gmail.com header.s=20230601 header.b=abc; spf=pass (google.com: domain of asha.verma@gmail.com designates 209.85.220.41 as permitted sender) smtp.mailfrom=asha.verma@gmail.com; dmarc=pass (p=NONE sp=QUARANTINE dis=NONE) header.from=gmail.com",
      ]),
    ).toBe(true);
  });

  it("believes SPF and DKIM passing together for domains aligned with the From domain", () => {
    expect(
      vouched(
        [
          "mx.collarise.example; spf=pass smtp.mailfrom=bounce@mail.shop.example; dkim=pass header.d=shop.example",
        ],
        "owner@shop.example",
      ),
    ).toBe(true);
    // Either alone is not enough, nor a pass for another domain.
    expect(
      vouched(["mx.collarise.example; spf=pass smtp.mailfrom=owner@shop.example"], "owner@shop.example"),
    ).toBe(false);
    expect(
      vouched(
        ["mx.collarise.example; spf=pass smtp.mailfrom=x@evil.example; dkim=pass header.d=evil.example"],
        "owner@shop.example",
      ),
    ).toBe(false);
  });

  it("does not believe a forged From: DMARC failing, passing for another domain, or no results at all", () => {
    expect(vouched(["mx.collarise.example; dmarc=fail (p=REJECT) header.from=gmail.com"])).toBe(false);
    expect(vouched(["mx.collarise.example; dmarc=pass header.from=evil.example"])).toBe(false);
    expect(vouched([])).toBe(false);
  });

  it("believes only the company's own receiving server, never results the sender wrote in", () => {
    const forged = "mx.google.com; dmarc=pass header.from=gmail.com";
    expect(vouched([forged])).toBe(false);
    expect(vouched(["mx.collarise.example; dmarc=none header.from=gmail.com", forged])).toBe(false);
    // With no authserv-id configured, nothing is vouched for.
    expect(
      vouched(["mx.collarise.example; dmarc=pass header.from=gmail.com"], "asha.verma@gmail.com", []),
    ).toBe(false);
  });

  it("reads comments and quoted values as RFC 8601 writes them", () => {
    expect(
      parseAuthenticationResults(
        'mx.collarise.example 1; (a comment (nested)) dmarc=pass header.from="Gmail.com"',
      ),
    ).toEqual({
      authservId: "mx.collarise.example",
      results: [{ method: "dmarc", result: "pass", properties: new Map([["header.from", "gmail.com"]]) }],
    });
    expect(
      vouched(['mx.collarise.example; dmarc=pass (header.from=evil.example) header.from="gmail.com"']),
    ).toBe(true);
  });

  it("reads a stranger's huge header in one pass, and only its beginning", () => {
    const huge = `mx.collarise.example; ${"(".repeat(100_000)}dmarc=pass header.from=gmail.com`;
    expect(vouched([huge])).toBe(false);
    expect(vouched([`mx.collarise.example; ${"x=y; ".repeat(100_000)}`])).toBe(false);
  });
});
