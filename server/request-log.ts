import type { FastifyRequest, FastifyServerOptions } from "fastify";

/**
 * What a request line logs of the request: its method, its route (the pattern it matched, such as
 * `/api/admin/enquiries/:id`, or the path without its query string when only a catch-all did) and the
 * client's address. Never the query string: searches, personal-data look-ups and the newsletter's
 * signed links carry names, e-mail addresses, mobile numbers and tokens there.
 */
export function requestLine(request: FastifyRequest) {
  const route = request.routeOptions?.url;
  return {
    method: request.method,
    url: route && !route.includes("*") ? route : request.url.split("?")[0],
    remoteAddress: request.ip,
  };
}

/** The server's logger options, with request lines that carry no personal data. */
export function withoutPersonalData(logger: FastifyServerOptions["logger"]): FastifyServerOptions["logger"] {
  if (!logger) return logger;
  const options = logger === true ? {} : logger;
  return { ...options, serializers: { ...options.serializers, req: requestLine } };
}
