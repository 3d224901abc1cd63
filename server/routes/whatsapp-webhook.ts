import type { FastifyInstance } from "fastify";
import { WHATSAPP_WEBHOOK_MAX_BYTES, WHATSAPP_WEBHOOK_ROUTE } from "../../domain/whatsapp";
import type { WhatsAppSettings } from "../config";
import { fileWhatsAppMessages, recordWhatsAppStatuses } from "../whatsapp/filing";
import { signatureMatches, WHATSAPP_SIGNATURE_HEADER } from "../whatsapp/signature";
import { readWhatsAppWebhook } from "../whatsapp/webhook-payload";
import { logStoreFailure, sendUnavailable } from "./api-errors";
import { JSON_MAX_DEPTH, jsonDepth } from "./json-body";

declare module "fastify" {
  interface FastifyInstance {
    /** The WhatsApp Business Platform's settings; null when WhatsApp is not set up (docs/whatsapp.md). */
    whatsapp: WhatsAppSettings | null;
  }
}

export const whatsappWebhookMessages = {
  notSetUp: "WhatsApp is not set up on this server.",
  verifyRefused: "The verify token does not match.",
  signature: "The X-Hub-Signature-256 header does not match the body.",
  malformed: "The body is not a WhatsApp Business Account webhook.",
  notStored: "The messages could not be stored just now; deliver them again.",
} as const;

/**
 * `GET` and `POST /api/whatsapp/webhook`, Meta's webhook for the WhatsApp Business Platform
 * (docs/whatsapp.md). GET answers Meta's verification with the challenge when the verify token
 * matches. POST takes the body as raw bytes (this route alone), refuses it unless its
 * X-Hub-Signature-256 is the app secret's HMAC of exactly those bytes, then reads it strictly and
 * files each message before answering 200: a delivery that could not be stored is answered 503,
 * and Meta delivers it again. Without the WHATSAPP_ settings both answer 404.
 */
export async function whatsappWebhookRoutes(app: FastifyInstance) {
  // The signature is over the bytes as sent: no parser may see them first.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));
  const config = { textRule: "own" as const };

  app.get(WHATSAPP_WEBHOOK_ROUTE, { config }, async (request, reply) => {
    const settings = app.whatsapp;
    if (!settings) return reply.code(404).send({ error: whatsappWebhookMessages.notSetUp });
    const query = request.query as Record<string, unknown>;
    const challenge = query["hub.challenge"];
    if (
      query["hub.mode"] !== "subscribe" ||
      query["hub.verify_token"] !== settings.verifyToken ||
      typeof challenge !== "string" ||
      !/^[0-9A-Za-z_-]{1,200}$/.test(challenge)
    ) {
      return reply.code(403).send({ error: whatsappWebhookMessages.verifyRefused });
    }
    return reply.type("text/plain; charset=utf-8").send(challenge);
  });

  app.post(
    WHATSAPP_WEBHOOK_ROUTE,
    { bodyLimit: WHATSAPP_WEBHOOK_MAX_BYTES, config },
    async (request, reply) => {
      const settings = app.whatsapp;
      if (!settings) return reply.code(404).send({ error: whatsappWebhookMessages.notSetUp });
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const header = request.headers[WHATSAPP_SIGNATURE_HEADER];
      if (!signatureMatches(raw, typeof header === "string" ? header : undefined, settings.appSecret)) {
        request.log.warn({ bytes: raw.length }, "whatsapp webhook refused: signature does not match");
        return reply.code(401).send({ error: whatsappWebhookMessages.signature });
      }
      const text = raw.toString("utf8");
      let body: unknown;
      try {
        body = jsonDepth(text) > JSON_MAX_DEPTH ? undefined : JSON.parse(text);
      } catch {
        body = undefined;
      }
      const webhook = body === undefined ? null : readWhatsAppWebhook(body, settings.phoneNumberId);
      if (!webhook) return reply.code(400).send({ error: whatsappWebhookMessages.malformed });
      let outcomes;
      let statusesRecorded;
      try {
        outcomes = (await fileWhatsAppMessages(app.store, webhook.messages, app.clock(), request.id)).map(
          ({ outcome, opened }) => ({ outcome, opened }),
        );
        statusesRecorded = await recordWhatsAppStatuses(app.store, webhook.statuses);
      } catch (error) {
        logStoreFailure(request, error, "whatsapp messages not stored");
        return sendUnavailable(reply, whatsappWebhookMessages.notStored);
      }
      if (outcomes.some(({ outcome }) => outcome === "added")) app.outbox.wake();
      // Counts only: the messages and their numbers are personal data.
      request.log.info(
        {
          messages: webhook.messages.length,
          added: outcomes.filter(({ outcome }) => outcome === "added").length,
          duplicates: outcomes.filter(({ outcome }) => outcome === "duplicate").length,
          opened: outcomes.filter(({ opened }) => opened).length,
          statuses: webhook.statuses.length,
          statusesRecorded,
          ignored: webhook.ignored,
        },
        "whatsapp webhook",
      );
      return reply.code(200).send({ received: true });
    },
  );
}
