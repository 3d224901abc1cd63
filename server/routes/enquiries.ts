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
import { SOURCE_FIELD } from "../../domain/enquiry-source";
import { checkSource } from "../../domain/enquiry-source-check";
import { PROOF_OF_WORK_FIELD } from "../../domain/spam";
import { whatsappConsentAsked } from "../../domain/whatsapp-consent";
import { ProofOfWorkChecker } from "../spam/proof-of-work";
import { formChecks } from "../spam/form-checks";
import { IdempotencyKeyReusedError } from "../store/idempotency";
import { apiMessages, logStoreFailure, sendUnavailable } from "./api-errors";
import { enquiryStoredDetail, isSiteFormPost } from "./form-posts";
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
 * (docs/decisions/018-a-retry-is-not-a-second-enquiry.md). Every enquiry is scored for spam; one
 * filed as Spam is stored with its reasons and mails nobody, and its sender is answered as any
 * other (docs/decisions/024-spam-scoring-and-sources.md).
 */
export async function enquiryRoutes(app: FastifyInstance, options: RateLimitedRoutes) {
  // The enquiry's own checks refuse control characters in their place among the specification's.
  const config = { rateLimit: options.rateLimit, textRule: "own" as const };
  const proofOfWork = new ProofOfWorkChecker(app.store.keys);

  app.get(
    API_ROUTES.enquiryChallenge,
    { config: { rateLimit: options.rateLimit } },
    async (request, reply) => {
      try {
        return await reply.header("cache-control", "no-store").send(await proofOfWork.challenge(new Date()));
      } catch (error) {
        logStoreFailure(request, error, "no proof-of-work challenge");
        return sendUnavailable(reply, enquiryMessages.notStored);
      }
    },
  );

  app.post(API_ROUTES.enquiries, { config }, async (request, reply) => {
    const idempotencyKey = request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
    if (
      idempotencyKey !== undefined &&
      (typeof idempotencyKey !== "string" || !IDEMPOTENCY_KEY_PATTERN.test(idempotencyKey))
    ) {
      const error = apiMessages.badIdempotencyKey;
      return reply.sendResult({ status: 400, message: error, json: { error } });
    }

    // A filled honeypot is one signal among the score's; only what fails the checks is still
    // answered as stored and dropped, so a robot learns nothing from the answer.
    const honeypot = honeypotFilled(request.body);
    const check = checkEnquiry(request.body);
    if (!check.ok && honeypot) {
      request.log.info({ field: HONEYPOT_FIELD }, "enquiry with a filled honeypot answered and dropped");
      return reply.sendResult({ status: 201, message: enquiryMessages.stored, json: { id: randomUUID() } });
    }
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

    // Where the visitor came from, as the page kept it. A form posted without JavaScript has no
    // page script to keep it, and its Referer is only our own page: it is stored without one.
    const body = request.body as Record<string, unknown>;
    const source = checkSource(isSiteFormPost(request) ? undefined : body[SOURCE_FIELD]);
    if (!source.ok) {
      return reply.sendResult({
        status: 400,
        message: source.error,
        json: { error: source.error, field: SOURCE_FIELD },
      });
    }

    let id: string;
    try {
      const now = new Date();
      // The repeats, the proof of work's uses and the visitor's mailbox are counted in the
      // enquiry's own write, and scored there: one write per enquiry, and a retry with the same
      // Idempotency-Key, answered with the first enquiry, counts nothing (or ten retries would
      // file the first as spam).
      const proof = await proofOfWork.verify(body[PROOF_OF_WORK_FIELD], now);
      const { stored, filed } = await app.store.work.fileEnquiry(check.enquiry, {
        acknowledge: options.acknowledgeVisitors === true,
        checks: formChecks({ enquiry: check.enquiry, honeypot, proofOfWork: proof, now }),
        language,
        // The form's WhatsApp box, ticked: recorded with the words it showed in this language.
        whatsappConsent: whatsappConsentAsked(body),
        ...(Object.keys(source.source).length ? { source: source.source } : {}),
        ...(idempotencyKey ? { idempotencyKey } : {}),
        // Kept with its notifications: the outbox's lines about them name this request.
        requestId: request.id,
      });
      id = stored.id;
      // The one line that ties this request (its reqId) to the enquiry it stored; the verdict is
      // the intake's (server/work/intake-changes.ts), taken once.
      if (filed === "spam")
        request.log.info(
          { enquiryId: id, score: stored.screening?.score, reasons: stored.screening?.reasons },
          "enquiry filed as spam",
        );
      else request.log.info({ enquiryId: id }, "enquiry stored");
      app.ops.metrics.enquiryStored(filed === "spam" ? "spam" : "inbox");
    } catch (error) {
      if (error instanceof IdempotencyKeyReusedError) {
        const message = apiMessages.idempotencyKeyReused;
        return reply.sendResult({ status: 422, message, json: { error: message } });
      }
      logStoreFailure(request, error, "enquiry not stored");
      return sendUnavailable(reply, enquiryMessages.notStored);
    }
    app.outbox.wake();
    return reply.sendResult({
      status: 201,
      message: enquiryMessages.stored,
      detail: enquiryStoredDetail(
        check.enquiry.Quantity,
        language,
        app.companyFacts.latest().shortName[language],
      ),
      json: { id },
    });
  });
}
