import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import {
  API_ROUTES,
  HONEYPOT_FIELD,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  LANGUAGE_FIELD,
} from "../../domain/contract";
import { checkEnquiry, enquiryMessages } from "../../domain/enquiry";
import { reserveMailTo } from "../mailbox-caps";
import { IdempotencyKeyReusedError } from "../store/idempotency";
import { apiMessages, logStoreFailure, sendUnavailable } from "./api-errors";
import {
  honeypotFilled,
  type RateLimitedRoutes,
  requestLanguage,
  unknownLanguageMessage,
} from "./api-shared";

/**
 * `POST /api/enquiries`: checks the enquiry with the form's own rules, then stores it and its
 * pending notification together before answering 201; the outbox worker mails it afterwards.
 * With an `Idempotency-Key`, a repeat of the same enquiry answers the first one's 201 and id
 * (docs/decisions/018-a-retry-is-not-a-second-enquiry.md).
 */
export async function enquiryRoutes(app: FastifyInstance, options: RateLimitedRoutes) {
  // The enquiry's own checks refuse control characters in their place among the specification's.
  const config = { rateLimit: options.rateLimit, textRule: "own" as const };
  app.post(API_ROUTES.enquiries, { config }, async (request, reply) => {
    const idempotencyKey = request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
    if (
      idempotencyKey !== undefined &&
      (typeof idempotencyKey !== "string" || !IDEMPOTENCY_KEY_PATTERN.test(idempotencyKey))
    ) {
      const error = apiMessages.badIdempotencyKey;
      return reply.sendResult({ status: 400, message: error, json: { error } });
    }

    if (honeypotFilled(request.body)) {
      request.log.info({ field: HONEYPOT_FIELD }, "enquiry with a filled honeypot answered and dropped");
      return reply.sendResult({ status: 201, message: enquiryMessages.stored, json: { id: randomUUID() } });
    }

    const check = checkEnquiry(request.body);
    if (!check.ok) {
      return reply.sendResult({
        status: 400,
        message: check.error,
        json: { error: check.error, field: check.field },
      });
    }

    // The page's language, kept beside the enquiry so that the visitor's mail is written in it.
    const language = requestLanguage(request.body);
    if (!language) {
      return reply.sendResult({
        status: 400,
        message: unknownLanguageMessage,
        json: { error: unknownLanguageMessage, field: LANGUAGE_FIELD },
      });
    }

    let id: string;
    try {
      // An acknowledgement only while the visitor's mailbox is under its cap; the enquiry is
      // stored, the company mailed and the visitor answered the same either way.
      const acknowledge =
        options.acknowledgeVisitors === true &&
        (await reserveMailTo(app.store.attemptCounters, check.enquiry.Email, new Date())).allowed;
      ({ id } = await app.store.enquiries.add(check.enquiry, {
        acknowledge,
        language,
        firstContactHours: app.team.firstContactHours,
        ...(idempotencyKey ? { idempotencyKey } : {}),
      }));
    } catch (error) {
      if (error instanceof IdempotencyKeyReusedError) {
        const message = apiMessages.idempotencyKeyReused;
        return reply.sendResult({ status: 422, message, json: { error: message } });
      }
      logStoreFailure(request, error, "enquiry not stored");
      return sendUnavailable(reply, enquiryMessages.notStored);
    }
    app.outbox.wake();
    return reply.sendResult({ status: 201, message: enquiryMessages.stored, json: { id } });
  });
}
