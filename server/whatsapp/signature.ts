import { createHmac, timingSafeEqual } from "node:crypto";

/** The header Meta signs each webhook delivery in: `sha256=` and the HMAC-SHA256 of the raw body. */
export const WHATSAPP_SIGNATURE_HEADER = "x-hub-signature-256";

/**
 * Whether `header` is the app secret's HMAC-SHA256 of the body exactly as it arrived, compared
 * in constant time: a body re-serialised after parsing would differ in its bytes.
 */
export function signatureMatches(rawBody: Buffer, header: string | undefined, appSecret: string): boolean {
  if (typeof header !== "string" || !/^sha256=[0-9a-f]{64}$/i.test(header)) return false;
  const expected = createHmac("sha256", appSecret).update(rawBody).digest();
  const given = Buffer.from(header.slice("sha256=".length), "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}
