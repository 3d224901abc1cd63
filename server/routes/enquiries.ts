import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { API_ROUTES, HONEYPOT_FIELD } from "../../domain/contract";
import { checkEnquiry, enquiryMessages } from "../../domain/enquiry";
import { reserveMailTo } from "../mailbox-caps";
import { logStoreFailure, sendUnavailable } from "./api-errors";
import { honeypotFilled, type RateLimitedRoutes } from "./api-shared";

/**
 * `POST /api/enquiries`: checks the enquiry with the form's own rules, then stores it and its
 * pending notification together before answering 201; the outbox worker mails it afterwards.
 */
export async function enquiryRoutes(app: FastifyInstance, options: RateLimitedRoutes) {
  // The enquiry's own checks refuse control characters in their place among the specification's.
  const config = { rateLimit: options.rateLimit, textRule: "own" as const };
  app.post(API_ROUTES.enquiries, { config }, async (request, reply) => {
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

    let id: string;
    try {
      // An acknowledgement only while the visitor's mailbox is under its cap; the enquiry is
      // stored, the company mailed and the visitor answered the same either way.
      const acknowledge =
        options.acknowledgeVisitors === true &&
        (await reserveMailTo(app.store.attemptCounters, check.enquiry.Email, new Date())).allowed;
      ({ id } = await app.store.enquiries.add(check.enquiry, { acknowledge }));
    } catch (error) {
      logStoreFailure(request, error, "enquiry not stored");
      return sendUnavailable(reply, enquiryMessages.notStored);
    }
    app.outbox.wake();
    return reply.sendResult({ status: 201, message: enquiryMessages.stored, json: { id } });
  });
}
