import type { FastifyRequest, FastifyServerOptions } from "fastify";

/**
 * What a request line logs of the request: its method, its route (the pattern it matched, such as
 * `/api/admin/enquiries/:id`, or the path without its query string when only a catch-all did).
 * Never the query string: searches, personal-data look-ups and the newsletter's signed links carry
 * names, e-mail addresses, mobile numbers and tokens there. Never the client's address either, in
 * any form: it is personal data, and the line's `reqId` finds the request in Caddy's log, which
 * keeps a masked one (docs/operations.md).
 */
export function requestLine(request: FastifyRequest) {
  const route = request.routeOptions?.url;
  return {
    method: request.method,
    url: route && !route.includes("*") ? route : request.url.split("?")[0],
  };
}

/** The server's logger options, with request lines that carry no personal data. */
export function withoutPersonalData(logger: FastifyServerOptions["logger"]): FastifyServerOptions["logger"] {
  if (!logger) return logger;
  const options = logger === true ? {} : logger;
  return { ...options, serializers: { ...options.serializers, req: requestLine } };
}
