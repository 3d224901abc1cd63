import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { Config } from "./config";
import { isTrustedPeer } from "./trusted-proxy";

/** The header a request's id comes in by (from the proxy) and goes back out by (on every answer). */
export const REQUEST_ID_HEADER = "x-request-id";

/**
 * What an id taken from the proxy may look like: Caddy's UUIDs and the usual tracing ids pass;
 * anything longer, or with spaces, quotes or control characters, could forge or break log lines.
 */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Fastify's `genReqId`: the proxy's X-Request-Id when the request came through a proxy that
 * TRUST_PROXY names and the id is a sane token; otherwise a new random UUID, unique across every
 * instance (a per-process counter gave `req-1` on each of them). A client reaching the server
 * directly never chooses its own id.
 */
export function requestIdGenerator(setting: Config["TRUST_PROXY"]): (raw: IncomingMessage) => string {
  const trusted = isTrustedPeer(setting);
  return (raw) => {
    const given = raw.headers[REQUEST_ID_HEADER];
    if (typeof given === "string" && SANE_REQUEST_ID.test(given) && trusted(raw.socket?.remoteAddress)) {
      return given;
    }
    return randomUUID();
  };
}
