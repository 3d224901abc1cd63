import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import { consoleMessages, enquiryReference } from "../../domain/console";
import {
  checkReply,
  CONVERSATION_API_ROUTES,
  CONVERSATION_PAGE_SIZE,
  conversationMessages,
  REPLY_MAX_LENGTH,
  REPLY_SUBJECT_MAX_LENGTH,
  type Conversation,
} from "../../domain/conversation";
import { opensAnswers, withReference } from "../lifecycle/conversation";
import type { scheduleMailboxReading } from "../mail/mailbox-reader";
import { replySubject } from "../notify/mail-content";
import { apiMessages } from "../routes/api-errors";
import { eventTime } from "../store/event-clock";
import { signedIn } from "./guard";
import { WHATSAPP_TEXT_MAX_LENGTH, whatsappSendMessages } from "../../domain/whatsapp";
import { NoAddressError, WhatsAppSendError } from "../store/conversations";
import { conversationMessage } from "./presenters";
import type { WhatsAppPayload } from "../store/store";
import { mergeContextOf, templateToSend } from "../whatsapp/enquiry-whatsapp";

declare module "fastify" {
  interface FastifyInstance {
    /** The e-mail conversation's settings: the company's address, and the mailbox reader (IMAP_URL). */
    conversation: {
      mailFrom: string;
      messageIdDomain: string;
      mailbox: ReturnType<typeof scheduleMailboxReading> | undefined;
    };
  }
}

const idParams = z.object({ id: z.string().min(1).max(64) });
/** A page's `older` cursor: a message's id. */
const pageQuery = z.object({ before: z.string().min(1).max(100).optional() });
/** A subject and a text, nothing else: whom a reply goes to is not the client's to say. */
const replyBody = z
  .object({
    subject: z.string().max(REPLY_SUBJECT_MAX_LENGTH * 2),
    text: z.string().max(REPLY_MAX_LENGTH * 2),
  })
  .strict();

/**
 * A WhatsApp message: the click's key, and its text or the approved template chosen (merged for
 * the enquiry by the server). Whom it goes to is not the client's to say.
 */
const whatsappBody = z.union([
  z
    .object({
      clickKey: z.string().uuid(),
      text: z.string().max(WHATSAPP_TEXT_MAX_LENGTH * 2),
    })
    .strict(),
  z
    .object({
      clickKey: z.string().uuid(),
      templateId: z.string().min(1).max(64),
    })
    .strict(),
]);

const badRequest = (reply: FastifyReply, error: string = apiMessages.badRequest) =>
  reply.code(400).send({ error });

/** The enquiry's conversation: its replies and the buyer's answers, a new reply, and reading them. */
export async function conversationRoutes(app: FastifyInstance) {
  const settings = app.conversation;

  /**
   * The conversation as the page shows it, its newest page or the one before `before`; null when
   * there is no such enquiry. A reply's defaults come from the newest page, whichever is asked.
   */
  async function conversationOf(id: string, before?: string): Promise<Conversation | null> {
    const [record, page, newest] = await Promise.all([
      app.store.enquiryWork.get(id),
      app.store.conversations.list(id, { limit: CONVERSATION_PAGE_SIZE, ...(before ? { before } : {}) }),
      before ? app.store.conversations.list(id, { limit: 1 }) : undefined,
    ]);
    if (!record || !page) return null;
    // A buyer's words are shown neutralised (presenters.ts), and the reply's subject taken from them so.
    const messages = page.messages.map(conversationMessage);
    const newestMessage = (newest ?? page).messages.at(-1);
    const last = newestMessage ? conversationMessage(newestMessage) : undefined;
    const acknowledged = record.notifications.some((notification) => notification.kind === "acknowledgement");
    return {
      ...page,
      messages,
      reply: {
        subject: replySubject({
          enquiryId: id,
          language: record.language,
          lastSubject: last?.subject ?? null,
          acknowledged,
        }),
        threaded: acknowledged || last !== undefined,
        from: settings.mailFrom,
        to: record.enquiry.Email,
        language: record.language,
      },
      answersRead: settings.mailbox !== undefined,
    };
  }

  app.get(CONVERSATION_API_ROUTES.conversation, async (request, reply) => {
    const params = idParams.safeParse(request.params);
    const query = pageQuery.safeParse(request.query);
    if (!query.success) return badRequest(reply);
    const conversation = params.success ? await conversationOf(params.data.id, query.data.before) : null;
    if (!conversation) return reply.code(404).send({ error: consoleMessages.notFound });
    return conversation;
  });

  app.post(
    CONVERSATION_API_ROUTES.replies,
    { config: { textRule: { lines: ["text"] } } },
    async (request, reply) => {
      const params = idParams.safeParse(request.params);
      if (!params.success) return badRequest(reply);
      const body = replyBody.safeParse(request.body);
      if (!body.success) {
        const unknown = body.error.issues.some((issue) => issue.code === "unrecognized_keys");
        return badRequest(reply, unknown ? conversationMessages.replyFields : apiMessages.badRequest);
      }
      const checked = checkReply(body.data);
      if (!checked.ok) return reply.code(400).send({ error: checked.error, field: checked.field });
      const account = signedIn(request);
      const reference = enquiryReference(params.data.id);
      let queued;
      try {
        queued = await app.store.work.reply(params.data.id, {
          // The reference stays in the subject, so an answer is found by it even without its thread.
          subject: withReference(checked.subject, reference),
          text: checked.text,
          staffEmail: account.email,
          requestId: request.id,
          at: eventTime(),
          messageIdDomain: settings.messageIdDomain,
        });
      } catch (error) {
        if (error instanceof NoAddressError) return reply.code(409).send({ error: error.message });
        throw error;
      }
      if (!queued) return reply.code(404).send({ error: consoleMessages.notFound });
      app.outbox.wake();
      await app.store.activity.record({ actor: account.email, action: "reply-sent", target: reference });
      return conversationOf(params.data.id);
    },
  );

  app.post(
    CONVERSATION_API_ROUTES.whatsapp,
    { config: { textRule: { lines: ["text"] } } },
    async (request, reply) => {
      const params = idParams.safeParse(request.params);
      if (!params.success) return badRequest(reply);
      if (!app.whatsapp) return reply.code(409).send({ error: whatsappSendMessages.notConfigured });
      const body = whatsappBody.safeParse(request.body);
      if (!body.success) return badRequest(reply);
      const account = signedIn(request);
      let message: { text: string; payload: WhatsAppPayload };
      if ("text" in body.data) {
        const text = body.data.text.replace(/\r\n/g, "\n").trim();
        if (!text) return reply.code(400).send({ error: conversationMessages.replyEmpty, field: "text" });
        if (text.length > WHATSAPP_TEXT_MAX_LENGTH)
          return reply.code(400).send({ error: whatsappSendMessages.tooLong, field: "text" });
        message = { text, payload: { type: "text", text } };
      } else {
        // Merged from the enquiry's fields as they are at the click, and kept so with the message.
        const [stored, templates, facts] = await Promise.all([
          app.store.enquiryWork.get(params.data.id),
          app.store.templates.list(),
          app.companyFacts.facts(),
        ]);
        if (!stored) return reply.code(404).send({ error: consoleMessages.notFound });
        const chosen = templateToSend(
          templates,
          body.data.templateId,
          mergeContextOf(stored, facts, account),
        );
        if (!chosen.ok) return reply.code(409).send({ error: chosen.error });
        message = { text: chosen.text, payload: { type: "template", template: chosen.template } };
      }
      try {
        const queued = await app.store.work.reply(params.data.id, {
          subject: "",
          text: message.text,
          staffEmail: account.email,
          requestId: request.id,
          at: eventTime(),
          messageIdDomain: settings.messageIdDomain,
          whatsapp: { payload: message.payload, clickKey: body.data.clickKey },
        });
        if (!queued) return reply.code(404).send({ error: consoleMessages.notFound });
      } catch (error) {
        if (!(error instanceof WhatsAppSendError)) throw error;
        // The same click again: queued once already, the conversation shows it.
        if (error.reason === "refused") return reply.code(409).send({ error: error.message });
        return conversationOf(params.data.id);
      }
      app.outbox.wake();
      await app.store.activity.record({
        actor: account.email,
        action: "reply-sent",
        target: enquiryReference(params.data.id),
      });
      return conversationOf(params.data.id);
    },
  );

  app.post(CONVERSATION_API_ROUTES.read, async (request, reply) => {
    const params = idParams.safeParse(request.params);
    if (!params.success) return badRequest(reply);
    const account = signedIn(request);
    const fields = (await app.store.team.fieldsOf([params.data.id])).get(params.data.id);
    // Unread for its owner: another member opening it leaves it so.
    if (opensAnswers(fields?.ownerId ?? null, account.id))
      await app.store.conversations.markRead(params.data.id);
    const conversation = await conversationOf(params.data.id);
    if (!conversation) return reply.code(404).send({ error: consoleMessages.notFound });
    return conversation;
  });
}
