import { randomBytes } from "node:crypto";
import { v7 as timeOrderedId } from "uuid";
import { describe, expect, it } from "vitest";
import { PAYMENT_TOKEN_PATTERN } from "../../domain/payment-page";
import { documentIdOfToken, paymentToken } from "./payment-links";

const key = randomBytes(32);

describe("a payment page's token", () => {
  it("reads back to its document, is the same every time, and names no id", () => {
    const id = timeOrderedId();
    const token = paymentToken(key, id);
    expect(token).toMatch(PAYMENT_TOKEN_PATTERN);
    expect(paymentToken(key, id)).toBe(token);
    expect(documentIdOfToken(key, token)).toBe(id);
    expect(token).not.toContain(id.replace(/-/g, "").slice(0, 12));
  });

  it("of documents issued one after another shares nothing a reader could count through", () => {
    const ids = Array.from({ length: 50 }, () => timeOrderedId());
    const tokens = ids.map((id) => paymentToken(key, id));
    expect(new Set(tokens).size).toBe(50);
    // Time-ordered ids share their first characters; their tokens do not.
    expect(new Set(tokens.map((token) => token.slice(0, 8))).size).toBe(50);
  });

  it("changed in any one character, made under another key, or not one at all, reads as no document", () => {
    const id = timeOrderedId();
    const token = paymentToken(key, id);
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    for (let at = 0; at < token.length; at += 1) {
      const other = alphabet[(alphabet.indexOf(token[at]!) + 1) % alphabet.length]!;
      const changed = `${token.slice(0, at)}${other}${token.slice(at + 1)}`;
      expect([at, documentIdOfToken(key, changed)]).toEqual([at, null]);
    }
    expect(documentIdOfToken(randomBytes(32), token)).toBeNull();
    expect(documentIdOfToken(key, paymentToken(randomBytes(32), id))).toBeNull();
    for (const wrong of [undefined, 42, "", id, token.slice(1), `${token}A`, `${token.slice(0, -1)}=`])
      expect(documentIdOfToken(key, wrong)).toBeNull();
  });

  it("is made only for a document's id", () => {
    expect(() => paymentToken(key, "SH/2627/T0001")).toThrow("A document's id is a UUID");
  });
});
