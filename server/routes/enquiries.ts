import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { API_ROUTES, HONEYPOT_FIELD, LANGUAGE_FIELD } from "../../domain/contract";
import { checkEnquiry, enquiryMessages } from "../../domain/enquiry";
import { logStoreFailure, sendUnavailable } from "./api-errors";
import {
  honeypotFilled,
  type RateLimitedRoutes,
  requestLanguage,
  unknownLanguageMessage,
} from "./api-shared";

/**
 * `POST /api/enquiries`: checks the enquiry with the form's own rules, then stores it and its
 * pending notification together before answering 201; the outbox worker mails it afterwards.
 */
export async function enquiryRoutes(app: FastifyInstance, options: RateLimitedRoutes) {
  app.post(API_ROUTES.enquiries, { config: { rateLimit: options.rateLimit } }, async (request, reply) => {
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
      ({ id } = await app.store.enquiries.add(check.enquiry, {
        acknowledge: options.acknowledgeVisitors ?? false,
        language,
      }));
    } catch (error) {
      logStoreFailure(request, error, "enquiry not stored");
      return sendUnavailable(reply, enquiryMessages.notStored);
    }
    app.outbox.wake();
    return reply.sendResult({ status: 201, message: enquiryMessages.stored, json: { id } });
  });
}
