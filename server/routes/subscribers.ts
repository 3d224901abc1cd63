import type { FastifyInstance } from "fastify";
import { checkSubscriberEmail, subscriberMessages } from "../../domain/subscriber";
import { logStoreFailure, sendUnavailable } from "./api-errors";
import { honeypotFilled, type RateLimitedRoutes } from "./api-shared";
import { acceptFormPosts, backHrefFor, isFormPost, sendFormResult } from "./form-posts";

/** `POST /api/subscribers`: stores a valid newsletter address once. */
export async function subscriberRoutes(app: FastifyInstance, options: RateLimitedRoutes) {
  // JSON, or the box's own field when it is posted without JavaScript; text/plain is refused with 415.
  app.removeContentTypeParser("text/plain");
  acceptFormPosts(app);

  app.post("/api/subscribers", { config: { rateLimit: options.rateLimit } }, async (request, reply) => {
    const form = isFormPost(request);
    const answerForm = (status: number, message: string) =>
      sendFormResult(reply, { status, ok: status < 300, message, backHref: backHrefFor(request) });
    const answer = (status: 200 | 201, message: string) =>
      form ? answerForm(status, message) : reply.code(status).send({ message });

    if (honeypotFilled(request.body)) return answer(201, subscriberMessages.subscribed);
    const body = request.body;
    const check = checkSubscriberEmail(
      typeof body === "object" && body !== null ? (body as { email?: unknown }).email : undefined,
    );
    if (!check.ok) {
      return form
        ? answerForm(400, check.error)
        : reply.code(400).send({ error: check.error, field: "email" });
    }

    let created: boolean;
    try {
      ({ created } = await app.store.addSubscriber(check.email));
    } catch (error) {
      logStoreFailure(request, error, "subscriber not stored");
      return form
        ? answerForm(503, subscriberMessages.failed)
        : sendUnavailable(reply, subscriberMessages.failed);
    }
    return created
      ? answer(201, subscriberMessages.subscribed)
      : answer(200, subscriberMessages.alreadySubscribed);
  });
}
