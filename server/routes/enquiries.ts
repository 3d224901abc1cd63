import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { checkEnquiry, enquiryMessages } from "../../domain/enquiry";
import { logStoreFailure, sendUnavailable } from "./api-errors";
import { HONEYPOT_FIELD, honeypotFilled, type RateLimitedRoutes } from "./api-shared";
import { acceptFormPosts, backHrefFor, isFormPost, sendFormResult } from "./form-posts";

/**
 * `POST /api/enquiries`: checks the enquiry with the form's own rules, then stores it and its
 * pending notification together before answering 201; the outbox worker mails it afterwards.
 */
export async function enquiryRoutes(app: FastifyInstance, options: RateLimitedRoutes) {
  // JSON, or the form's own fields when it is posted without JavaScript; text/plain is refused with 415.
  app.removeContentTypeParser("text/plain");
  acceptFormPosts(app);

  app.post("/api/enquiries", { config: { rateLimit: options.rateLimit } }, async (request, reply) => {
    const form = isFormPost(request);
    const answerForm = (status: number, message: string) =>
      sendFormResult(reply, { status, ok: status === 201, message, backHref: backHrefFor(request) });

    if (honeypotFilled(request.body)) {
      request.log.info({ field: HONEYPOT_FIELD }, "enquiry with a filled honeypot answered and dropped");
      return form ? answerForm(201, enquiryMessages.stored) : reply.code(201).send({ id: randomUUID() });
    }

    const check = checkEnquiry(request.body);
    if (!check.ok) {
      return form
        ? answerForm(400, check.error)
        : reply.code(400).send({ error: check.error, field: check.field });
    }

    let id: string;
    try {
      ({ id } = await app.store.addEnquiry(check.enquiry, {
        acknowledge: options.acknowledgeVisitors ?? false,
      }));
    } catch (error) {
      logStoreFailure(request, error, "enquiry not stored");
      return form
        ? answerForm(503, enquiryMessages.notStored)
        : sendUnavailable(reply, enquiryMessages.notStored);
    }
    app.outbox.wake();
    return form ? answerForm(201, enquiryMessages.stored) : reply.code(201).send({ id });
  });
}
