import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from "fastify";
import { apiMessages } from "./routes/api-errors";
import { REQUEST_ID_HEADER } from "./request-id";

/** The message a refusal made outside the API's own checks gives, by its status. */
export function refusalMessage(status: number): string {
  if (status === 404) return apiMessages.notFound;
  if (status === 403) return apiMessages.forbidden;
  if (status === 421) return apiMessages.wrongHost;
  return status >= 500 ? apiMessages.unexpected : apiMessages.badRequest;
}

function isOwnShape(payload: string, contentType: string): boolean {
  if (!contentType.startsWith("application/json")) return false;
  try {
    const body = JSON.parse(payload) as unknown;
    return (
      typeof body === "object" &&
      body !== null &&
      typeof (body as { error?: unknown }).error === "string" &&
      !("statusCode" in body)
    );
  } catch {
    return false;
  }
}

/**
 * Every refusal is `{"error": "<clear message>"}` (or a page, for a browser's page or form): an
 * `onSend` hook rewrites any other answer of status 400 or more, such as the static plugin's
 * `{"statusCode":403,"code":"FST_STATIC_FORBIDDEN_PATH",…}` for `/api//admin/x` or its plain
 * "404 Not Found", into that shape.
 */
export function installRefusalShape(app: FastifyInstance) {
  app.addHook("onSend", async (_request, reply, payload) => {
    if (reply.statusCode < 400) return payload;
    const text =
      typeof payload === "string" ? payload : Buffer.isBuffer(payload) ? payload.toString("utf8") : null;
    const contentType = String(reply.getHeader("content-type") ?? "");
    // The site's error page, or a form's result page, streamed or not.
    if (contentType.startsWith("text/html")) return payload;
    if (text !== null && isOwnShape(text, contentType)) return payload;
    reply.removeHeader("content-length");
    reply.header("content-type", "application/json; charset=utf-8");
    return JSON.stringify({ error: refusalMessage(reply.statusCode) });
  });
}

/** Fastify's own refusals before any route (a URL that cannot be decoded, a bad header), in the same shape. */
export const frameworkErrors: FastifyServerOptions["frameworkErrors"] = (
  error,
  request: FastifyRequest,
  reply: FastifyReply,
) => {
  const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 400;
  // No hook runs before these: the request's id is set here as app.ts's first hook sets it.
  void reply
    .code(status)
    .header(REQUEST_ID_HEADER, request.id)
    .send({ error: refusalMessage(status) });
};
