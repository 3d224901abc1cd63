import type { FastifyInstance } from "fastify";
import { API_ROUTES } from "../../domain/contract";
import { checkSubscriberEmail, subscriberMessages } from "../../domain/subscriber";
import { logStoreFailure, sendUnavailable } from "./api-errors";
import { honeypotFilled, type RateLimitedRoutes } from "./api-shared";

/** `POST /api/subscribers`: stores a valid newsletter address once. */
export async function subscriberRoutes(app: FastifyInstance, options: RateLimitedRoutes) {
  app.post(API_ROUTES.subscribers, { config: { rateLimit: options.rateLimit } }, async (request, reply) => {
    const answer = (status: 200 | 201, message: string) =>
      reply.sendResult({ status, message, json: { message } });

    if (honeypotFilled(request.body)) return answer(201, subscriberMessages.subscribed);
    const body = request.body;
    const check = checkSubscriberEmail(
      typeof body === "object" && body !== null ? (body as { email?: unknown }).email : undefined,
    );
    if (!check.ok) {
      return reply.sendResult({
        status: 400,
        message: check.error,
        json: { error: check.error, field: "email" },
      });
    }

    let created: boolean;
    try {
      ({ created } = await app.store.subscribers.add(check.email));
    } catch (error) {
      logStoreFailure(request, error, "subscriber not stored");
      return sendUnavailable(reply, subscriberMessages.failed);
    }
    return created
      ? answer(201, subscriberMessages.subscribed)
      : answer(200, subscriberMessages.alreadySubscribed);
  });
}
