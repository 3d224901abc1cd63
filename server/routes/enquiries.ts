import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { checkEnquiry, enquiryMessages } from "../../domain/enquiry";
import { logStoreFailure, sendUnavailable } from "./api-errors";
import { HONEYPOT_FIELD, honeypotFilled, type RateLimitedRoutes } from "./api-shared";

/**
 * `POST /api/enquiries`: checks the enquiry with the form's own rules, then stores it and its
 * pending notification together before answering 201; the outbox worker mails it afterwards.
 */
export async function enquiryRoutes(app: FastifyInstance, options: RateLimitedRoutes) {
  // JSON only: a text/plain body is refused with 415.
  app.removeContentTypeParser("text/plain");

  app.post("/api/enquiries", { config: { rateLimit: options.rateLimit } }, async (request, reply) => {
    if (honeypotFilled(request.body)) {
      request.log.info({ field: HONEYPOT_FIELD }, "enquiry with a filled honeypot answered and dropped");
      return reply.code(201).send({ id: randomUUID() });
    }

    const check = checkEnquiry(request.body);
    if (!check.ok) return reply.code(400).send({ error: check.error, field: check.field });

    let id: string;
    try {
      ({ id } = await app.store.addEnquiry(check.enquiry));
    } catch (error) {
      logStoreFailure(request, error, "enquiry not stored");
      return sendUnavailable(reply, enquiryMessages.notStored);
    }
    app.outbox.wake();
    return reply.code(201).send({ id });
  });
}
