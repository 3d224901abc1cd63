import type { FastifyInstance } from "fastify";
import { checkSubscriberEmail, subscriberMessages } from "../../domain/subscriber";
import { logStoreFailure, sendUnavailable } from "./api-errors";
import { honeypotFilled, type RateLimitedRoutes } from "./api-shared";

/** `POST /api/subscribers`: stores a valid newsletter address once. */
export async function subscriberRoutes(app: FastifyInstance, options: RateLimitedRoutes) {
  // JSON only: a text/plain body is refused with 415.
  app.removeContentTypeParser("text/plain");

  app.post("/api/subscribers", { config: { rateLimit: options.rateLimit } }, async (request, reply) => {
    if (honeypotFilled(request.body)) {
      return reply.code(201).send({ message: subscriberMessages.subscribed });
    }
    const body = request.body;
    const check = checkSubscriberEmail(
      typeof body === "object" && body !== null ? (body as { email?: unknown }).email : undefined,
    );
    if (!check.ok) return reply.code(400).send({ error: check.error, field: "email" });

    let created: boolean;
    try {
      ({ created } = await app.store.addSubscriber(check.email));
    } catch (error) {
      logStoreFailure(request, error, "subscriber not stored");
      return sendUnavailable(reply, subscriberMessages.failed);
    }
    return created
      ? reply.code(201).send({ message: subscriberMessages.subscribed })
      : reply.code(200).send({ message: subscriberMessages.alreadySubscribed });
  });
}
