import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The newsletter's signed links. A token names what it is for, the address (by id), the nonce the
 * address holds for that purpose, and, for a confirmation, when it runs out; an HMAC-SHA256 with
 * the site's key covers all of it. The signature proves the site made the link; the nonce, checked
 * against the store, makes a used confirmation or a removed address's link worthless.
 *
 *   v1.<base64url(JSON payload)>.<base64url(HMAC of "v1." + payload)>
 */
export type LinkPurpose = "confirm" | "unsubscribe";

export interface LinkClaims {
  purpose: LinkPurpose;
  subscriberId: string;
  nonce: string;
  /** Absent: the link does not run out (an unsubscribe link must work in any old mail). */
  expiresAt?: Date;
}

export type LinkCheck = { ok: true; claims: LinkClaims } | { ok: false; reason: "invalid" | "expired" };

const VERSION = "v1";
/** Longer than any token the site makes; anything longer is refused unread. */
export const TOKEN_MAX_LENGTH = 400;
const PURPOSE_CODES: Record<LinkPurpose, string> = { confirm: "c", unsubscribe: "u" };

function mac(key: Buffer, signed: string): Buffer {
  return createHmac("sha256", key).update(signed).digest();
}

export function signLink(key: Buffer, claims: LinkClaims): string {
  const payload = Buffer.from(
    JSON.stringify({
      p: PURPOSE_CODES[claims.purpose],
      s: claims.subscriberId,
      n: claims.nonce,
      ...(claims.expiresAt ? { e: Math.floor(claims.expiresAt.getTime() / 1000) } : {}),
    }),
  ).toString("base64url");
  const signed = `${VERSION}.${payload}`;
  return `${signed}.${mac(key, signed).toString("base64url")}`;
}

const ID = /^[A-Za-z0-9-]{1,64}$/;
const NONCE = /^[0-9a-f]{32}$/;

/** Checks a token for `purpose`: made with `key`, unaltered, of that purpose, and not run out at `now`. */
export function verifyLink(key: Buffer, token: unknown, purpose: LinkPurpose, now: Date): LinkCheck {
  const invalid = { ok: false, reason: "invalid" } as const;
  if (typeof token !== "string" || token.length > TOKEN_MAX_LENGTH) return invalid;
  const parts = token.split(".");
  if (parts.length !== 3 || parts[0] !== VERSION) return invalid;
  const [, payload = "", signature = ""] = parts;
  const expected = mac(key, `${VERSION}.${payload}`);
  const given = Buffer.from(signature, "base64url");
  // Base64url decoding ignores stray characters: compare the canonical text as well as the bytes.
  if (given.length !== expected.length || given.toString("base64url") !== signature) return invalid;
  if (!timingSafeEqual(given, expected)) return invalid;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    return invalid;
  }
  if (typeof claims !== "object" || claims === null) return invalid;
  const { p, s, n, e } = claims as Record<string, unknown>;
  if (p !== PURPOSE_CODES[purpose] || typeof s !== "string" || !ID.test(s)) return invalid;
  if (typeof n !== "string" || !NONCE.test(n)) return invalid;
  if (e !== undefined && (typeof e !== "number" || !Number.isInteger(e))) return invalid;
  if (purpose === "confirm" && e === undefined) return invalid;
  const expiresAt = typeof e === "number" ? new Date(e * 1000) : undefined;
  if (expiresAt && expiresAt.getTime() <= now.getTime()) return { ok: false, reason: "expired" };
  return { ok: true, claims: { purpose, subscriberId: s, nonce: n, ...(expiresAt ? { expiresAt } : {}) } };
}
