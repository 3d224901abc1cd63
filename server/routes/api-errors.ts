import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { IDEMPOTENCY_KEY_HEADER } from "../../domain/contract";
import { StoreUnavailableError } from "../store/store";

/** What the API says when a request is refused before its own checks run. */
export const apiMessages = {
  invalidJson: "The request body is not valid JSON.",
  tooDeep: "The request body is nested too deeply.",
  tooLarge: "The request is too large.",
  unsupportedMediaType: "Send the data as JSON (Content-Type: application/json).",
  tooManyRequests: (after: string) => `Too many requests from your address. Please try again in ${after}.`,
  notFound: "Not found",
  forbidden: "This may not be opened.",
  wrongHost: "This server does not answer for that host name.",
  storeUnavailable: "The service is unavailable just now. Please try again in a moment.",
  unexpected: "Something went wrong on our side. Please try again in a moment.",
  badRequest: "The request could not be understood.",
  badIdempotencyKey: `The ${IDEMPOTENCY_KEY_HEADER} header must be 16 to 64 letters, digits, '-' or '_'.`,
  idempotencyKeyReused:
    `This ${IDEMPOTENCY_KEY_HEADER} was already used with a different enquiry. ` +
    "Send a new key with a new or changed enquiry.",
} as const;

/** The code of the error a too deeply nested JSON body is refused with (server/routes/json-body.ts). */
export const JSON_TOO_DEEP = "COLLARISE_JSON_TOO_DEEP";

/** Seconds a client is asked to wait before trying again after a 503. */
export const RETRY_AFTER_UNAVAILABLE_S = 5;

/** Answers 503 with a clear message and when to try again: the store did not take or give the data. */
export function sendUnavailable(reply: FastifyReply, message: string) {
  return reply.sendResult({ status: 503, message, json: { error: message } });
}

/** Logs a store failure: expected outages as warnings, anything else as an error. */
export function logStoreFailure(request: FastifyRequest, error: unknown, action: string) {
  if (error instanceof StoreUnavailableError)
    request.log.warn({ err: error }, `${action}: the store is not answering`);
  else request.log.error({ err: error }, `${action}: the store failed`);
}

function messageFor(error: FastifyError): { status: number; message: string } {
  switch (error.code) {
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return { status: 413, message: apiMessages.tooLarge };
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return { status: 415, message: apiMessages.unsupportedMediaType };
    case JSON_TOO_DEEP:
      return { status: 400, message: apiMessages.tooDeep };
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      return { status: 400, message: apiMessages.invalidJson };
  }
  if (error instanceof SyntaxError) return { status: 400, message: apiMessages.invalidJson };
  const status = error.statusCode ?? 500;
  if (status === 429) return { status, message: error.message };
  if (status >= 400 && status < 500) return { status, message: apiMessages.badRequest };
  return { status, message: apiMessages.unexpected };
}

/**
 * Every refusal under /api/ is JSON `{"error": "<clear message>"}`; a form posted without
 * JavaScript gets the same message as a page (a refusal made before its route runs, such as
 * too many requests or too large a body, included).
 */
export function installApiErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const unavailable = error instanceof StoreUnavailableError;
    if (unavailable) logStoreFailure(request, error, "request");
    const { status, message } = unavailable
      ? { status: 503, message: apiMessages.storeUnavailable }
      : messageFor(error);
    if (status >= 500 && !unavailable) request.log.error({ err: error }, "request failed");
    return reply.sendResult({ status, message, json: { error: message } });
  });
}
