import type { FastifyInstance } from "fastify";
import { API_ROUTES, LANGUAGE_FIELD } from "../../domain/contract";
import {
  checkSubscriberEmail,
  NEWSLETTER_RESEND_AFTER_MINUTES,
  subscriberAnswerDetails,
  subscriberMessages,
} from "../../domain/subscriber";
import { reserveMailTo } from "../mailbox-caps";
import { logStoreFailure, sendUnavailable } from "./api-errors";
import {
  honeypotFilled,
  type RateLimitedRoutes,
  requestLanguage,
  unknownLanguageMessage,
} from "./api-shared";

const RESEND_AFTER_MS = NEWSLETTER_RESEND_AFTER_MINUTES * 60_000;

/**
 * `POST /api/subscribers`: asks for a valid newsletter address. A new address is stored
 * unconfirmed and mailed a confirmation link; one asked for again later is mailed again, but not
 * within the hour, and no mailbox more than its cap (server/mailbox-caps.ts). Every valid address
 * gets the same answer, so nobody learns who is on the list.
 */
export async function subscriberRoutes(app: FastifyInstance, options: RateLimitedRoutes) {
  app.post(API_ROUTES.subscribers, { config: { rateLimit: options.rateLimit } }, async (request, reply) => {
    const accepted = () =>
      reply.sendResult({
        status: 202,
        message: subscriberMessages.confirmationSent,
        detail: subscriberAnswerDetails.confirmationDetail,
        json: { message: subscriberMessages.confirmationSent },
      });

    if (honeypotFilled(request.body)) return accepted();
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

    // The page's language: the confirmation and every newsletter mail go out in it.
    const language = requestLanguage(body);
    if (!language) {
      return reply.sendResult({
        status: 400,
        message: unknownLanguageMessage,
        json: { error: unknownLanguageMessage, field: LANGUAGE_FIELD },
      });
    }

    try {
      // A mailbox that has had its share of confirmation requests is asked nothing more for now,
      // and the answer is the same.
      const now = new Date();
      const mail = await reserveMailTo(app.store.attemptCounters, check.email, now);
      if (!mail.allowed) return accepted();
      const { outcome } = await app.store.subscribers.request(check.email, {
        now,
        resendAfterMs: RESEND_AFTER_MS,
        language,
      });
      if (outcome === "created" || outcome === "resent") app.outbox.wake();
      else await mail.takeBack();
    } catch (error) {
      logStoreFailure(request, error, "subscriber not stored");
      return sendUnavailable(reply, subscriberMessages.failed);
    }
    return accepted();
  });
}
