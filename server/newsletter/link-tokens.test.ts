import { describe, expect, it } from "vitest";
import { signLink, TOKEN_MAX_LENGTH, verifyLink } from "./link-tokens";

const key = Buffer.alloc(32, 1);
const now = new Date("2026-11-23T12:00:00.000Z");
const claims = {
  purpose: "confirm" as const,
  subscriberId: "0d6f3a8e-1c2b-4d5e-8f90-a1b2c3d4e5f6",
  nonce: "0123456789abcdef0123456789abcdef",
  expiresAt: new Date("2026-11-30T12:00:00.000Z"),
};

describe("the newsletter's link tokens", () => {
  it("carry what they were made with, checked with the same key", () => {
    expect(verifyLink(key, signLink(key, claims), "confirm", now)).toStrictEqual({ ok: true, claims });
  });

  it("are refused when made with another key, for another purpose, or changed in any character", () => {
    const token = signLink(key, claims);
    expect(verifyLink(Buffer.alloc(32, 2), token, "confirm", now)).toStrictEqual({
      ok: false,
      reason: "invalid",
    });
    expect(verifyLink(key, token, "unsubscribe", now)).toStrictEqual({ ok: false, reason: "invalid" });
    for (let index = 0; index < token.length; index++) {
      const changed = `${token.slice(0, index)}${token[index] === "x" ? "y" : "x"}${token.slice(index + 1)}`;
      expect(verifyLink(key, changed, "confirm", now).ok, `character ${index}`).toBe(false);
    }
    for (const junk of [undefined, 42, "", "v1..", "v2.a.b", `${token}.`, "x".repeat(TOKEN_MAX_LENGTH + 1)]) {
      expect(verifyLink(key, junk, "confirm", now)).toStrictEqual({ ok: false, reason: "invalid" });
    }
  });

  it("run out at their time, and a confirmation token must have one", () => {
    const token = signLink(key, claims);
    expect(verifyLink(key, token, "confirm", new Date(claims.expiresAt.getTime() - 1_000)).ok).toBe(true);
    expect(verifyLink(key, token, "confirm", claims.expiresAt)).toStrictEqual({
      ok: false,
      reason: "expired",
    });
    const { expiresAt: _none, ...lasting } = claims;
    expect(verifyLink(key, signLink(key, lasting), "confirm", now)).toStrictEqual({
      ok: false,
      reason: "invalid",
    });
    const unsubscribe = signLink(key, { ...lasting, purpose: "unsubscribe" });
    expect(verifyLink(key, unsubscribe, "unsubscribe", new Date("2036-01-01")).ok).toBe(true);
  });
});
