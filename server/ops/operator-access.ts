import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyRequest } from "fastify";
import { isLoopback } from "../trusted-proxy";

/** Headers a proxy adds when it forwards a request: the caller is then whoever the proxy serves. */
const FORWARDING_HEADERS = ["x-forwarded-for", "forwarded", "x-real-ip"] as const;

/**
 * A caller on this machine talking to the server itself: the socket's peer is loopback and no
 * proxy forwarded the request. Judged on the socket, never on X-Forwarded-For (which a client
 * can write, and which TRUST_PROXY makes `request.ip`): Caddy on this machine also connects from
 * loopback, but it always says whom it forwards for, so a visitor coming through it is not local.
 */
export function isLocalCaller(request: FastifyRequest): boolean {
  const peer = request.raw.socket?.remoteAddress;
  if (!peer || !isLoopback(peer)) return false;
  return FORWARDING_HEADERS.every((name) => request.headers[name] === undefined);
}

const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();

/** `Authorization: Bearer <token>` with METRICS_TOKEN, compared in constant time. */
export function hasMetricsToken(request: FastifyRequest, token: string | undefined): boolean {
  if (!token) return false;
  const header = request.headers.authorization;
  if (typeof header !== "string") return false;
  const match = /^Bearer +(\S+) *$/i.exec(header);
  if (!match?.[1]) return false;
  // Both sides hashed first: equal lengths, so the comparison says nothing of the token's length.
  return timingSafeEqual(digest(match[1]), digest(token));
}

/** An operator: a caller on this machine, or a monitor elsewhere holding METRICS_TOKEN. */
export function isOperator(request: FastifyRequest, token: string | undefined): boolean {
  return isLocalCaller(request) || hasMetricsToken(request, token);
}
