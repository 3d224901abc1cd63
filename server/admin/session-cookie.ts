import { createHash, randomBytes } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { SESSION_COOKIE, SESSION_IDLE_HOURS } from "../../domain/console";

export const SESSION_IDLE_MS = SESSION_IDLE_HOURS * 3_600_000;

/** 256 random bits: the cookie's value. The store keeps only its hash. */
export function newSessionToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function sessionToken(request: FastifyRequest): string | null {
  for (const part of (request.headers.cookie ?? "").split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === SESSION_COOKIE) {
      const token = value.join("=");
      return /^[A-Za-z0-9_-]{43}$/.test(token) ? token : null;
    }
  }
  return null;
}

/** Plain HTTP is allowed only on this machine (development, tests); anywhere else the cookie needs TLS. */
function secureFor(request: FastifyRequest): boolean {
  const local = request.hostname === "localhost" || request.hostname === "127.0.0.1";
  return !(request.protocol === "http" && local);
}

function cookie(request: FastifyRequest, value: string, extra: readonly string[]): string {
  const attributes = [`${SESSION_COOKIE}=${value}`, "HttpOnly", "SameSite=Strict", "Path=/", ...extra];
  if (secureFor(request)) attributes.push("Secure");
  return attributes.join("; ");
}

/**
 * A browser-session cookie, without an expiry of its own: the store ends the session after
 * SESSION_IDLE_HOURS without a request, so a member of staff at work all day is not signed out
 * in the middle of it, and an idle one is, whatever the browser keeps.
 */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string) {
  reply.header("set-cookie", cookie(request, token, []));
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.header("set-cookie", cookie(request, "", ["Max-Age=0"]));
}
