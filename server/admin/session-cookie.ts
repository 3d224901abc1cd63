import { createHash, randomBytes } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { SESSION_COOKIE, SESSION_IDLE_HOURS, SESSION_LIFETIME_DAYS } from "../../domain/console";

export const SESSION_IDLE_MS = SESSION_IDLE_HOURS * 3_600_000;
export const SESSION_LIFETIME_MS = SESSION_LIFETIME_DAYS * 24 * 3_600_000;

/** 256 random bits: the cookie's value. The store keeps only its hash. */
export function newSessionToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Plain HTTP is allowed only on this machine (development, tests); anywhere else the cookie needs TLS. */
function secureFor(request: FastifyRequest): boolean {
  const local = request.hostname === "localhost" || request.hostname === "127.0.0.1";
  return !(request.protocol === "http" && local);
}

/**
 * A cookie's name for this request: with the `__Host-` prefix where it is Secure, so the browser
 * takes it only from this host, over TLS, for the whole site (no subdomain can set or shadow it).
 */
export function cookieName(request: FastifyRequest, base: string): string {
  return secureFor(request) ? `__Host-${base}` : base;
}

/** The value of the cookie `base` (under the name this request uses), or null. */
export function readCookie(request: FastifyRequest, base: string): string | null {
  const name = cookieName(request, base);
  for (const part of (request.headers.cookie ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return value.join("=");
  }
  return null;
}

/** Adds a `Set-Cookie` header (several may be set on one answer). */
export function setCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  base: string,
  value: string,
  extra: readonly string[],
) {
  const attributes = [
    `${cookieName(request, base)}=${value}`,
    "HttpOnly",
    "SameSite=Strict",
    "Path=/",
    ...extra,
  ];
  if (secureFor(request)) attributes.push("Secure");
  // Fastify adds to the `Set-Cookie` headers already set rather than replacing them.
  reply.header("set-cookie", attributes.join("; "));
}

export function sessionToken(request: FastifyRequest): string | null {
  const token = readCookie(request, SESSION_COOKIE);
  return token && /^[A-Za-z0-9_-]{43}$/.test(token) ? token : null;
}

/**
 * A browser-session cookie, without an expiry of its own: the store ends the session after
 * SESSION_IDLE_HOURS without a request, and SESSION_LIFETIME_DAYS after it began however much it
 * is used, whatever the browser keeps.
 */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string) {
  setCookie(request, reply, SESSION_COOKIE, token, []);
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  setCookie(request, reply, SESSION_COOKIE, "", ["Max-Age=0"]);
}
