import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { KeyStore } from "../store/store";
import { readCookie, setCookie } from "./session-cookie";

/** The cookie a browser gets when it signs in (`__Host-` prefixed where Secure). */
export const DEVICE_COOKIE = "collarise_device";
/** How long a browser stays known without signing in again. */
export const DEVICE_COOKIE_DAYS = 180;
/** The name of the HMAC key in the store's KeyStore. */
const DEVICE_KEY = "device-cookie";

function mac(key: Buffer, staffId: string, nonce: string): string {
  return createHmac("sha256", key).update(`${staffId}.${nonce}`).digest("base64url");
}

/**
 * OWASP's device cookie: `<staff id>.<nonce>.<HMAC of both>`, signed with a key kept in the
 * store. It names the account (by id, no address) and the browser (by the nonce), and proves the
 * browser signed in to that account before.
 */
export async function newDeviceToken(keys: KeyStore, staffId: string): Promise<string> {
  const nonce = randomBytes(16).toString("base64url");
  return `${staffId}.${nonce}.${mac(await keys.key(DEVICE_KEY), staffId, nonce)}`;
}

/** The browser's own name (its nonce) when its device cookie is signed and names `staffId`; else null. */
export async function knownDevice(
  keys: KeyStore,
  request: FastifyRequest,
  staffId: string | undefined,
): Promise<string | null> {
  const token = readCookie(request, DEVICE_COOKIE);
  const parts = token?.split(".");
  if (!staffId || parts?.length !== 3) return null;
  const [id, nonce, signature] = parts as [string, string, string];
  if (id !== staffId || !/^[A-Za-z0-9_-]{22}$/.test(nonce)) return null;
  const expected = Buffer.from(mac(await keys.key(DEVICE_KEY), id, nonce));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? `${id}:${nonce}` : null;
}

export function setDeviceCookie(request: FastifyRequest, reply: FastifyReply, token: string) {
  setCookie(request, reply, DEVICE_COOKIE, token, [`Max-Age=${DEVICE_COOKIE_DAYS * 86_400}`]);
}
