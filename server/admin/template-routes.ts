import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import { LANGUAGES } from "../../domain/contract";
import {
  checkTemplate,
  TEMPLATE_PURPOSES,
  TEMPLATE_API_ROUTES,
  TEMPLATE_BODY_MAX_LENGTH,
  TEMPLATE_CHANNELS,
  TEMPLATE_NAME_MAX_LENGTH,
  TEMPLATE_SUBJECT_MAX_LENGTH,
  templateMessages,
  TEMPLATES_MAX,
  type TemplateInput,
  type WhatsAppApproval,
  WHATSAPP_TEMPLATE_PARAMETERS_MAX,
} from "../../domain/templates";
import { apiMessages } from "../routes/api-errors";
import { DEFAULT_TEMPLATES } from "../templates/default-templates";
import { signedIn } from "./guard";

/**
 * A template as sent: the shape only (a text far past its limit is refused as a bad request);
 * checkTemplate then answers what is wrong with it in words, naming an unknown field.
 */
const templateBody = z.object({
  channel: z.enum(TEMPLATE_CHANNELS),
  language: z.enum(LANGUAGES),
  name: z.string().max(TEMPLATE_NAME_MAX_LENGTH * 4),
  subject: z
    .string()
    .max(TEMPLATE_SUBJECT_MAX_LENGTH * 4)
    .nullable()
    .optional(),
  body: z.string().max(TEMPLATE_BODY_MAX_LENGTH * 2),
  /** Its approval in WhatsApp Manager; checkTemplate checks it (whatsappApprovalSchema), naming the part. */
  whatsappTemplate: z
    .object({
      name: z.string().max(2_000),
      language: z.string().max(20),
      parameters: z.array(z.string().max(60)).max(WHATSAPP_TEMPLATE_PARAMETERS_MAX * 4),
    })
    .nullable()
    .optional(),
  /** What it is for (absent: a reply); kept as it was added by a change. */
  purpose: z.enum(TEMPLATE_PURPOSES).optional(),
});
const changeBody = templateBody.extend({ version: z.number().int().min(1) });
const idParams = z.object({ id: z.string().min(1).max(64) });
const versionQuery = z.object({ version: z.coerce.number().int().min(1) });

const owner = { consoleAccess: "owner" as const };
/** A template's message keeps its lines; every other text is one line. */
const textRule = { lines: ["body"] };

const badRequest = (reply: FastifyReply) => reply.code(400).send({ error: apiMessages.badRequest });

/**
 * Reply and WhatsApp templates: any member lists them (the enquiry page offers them, merged with
 * the company's facts in force that come with the list); owners add,
 * change and remove them, each in the activity log. A template is checked as the form checks it
 * (domain/templates.ts): one with an unknown field is refused with 400 naming the field, and
 * nothing changes. A change or removal carries the version the owner saw: if someone changed it
 * since, 409 with theirs.
 */
export async function templateRoutes(app: FastifyInstance) {
  const { store } = app;
  let seeded = false;
  const record = (
    actor: string,
    action: "template-added" | "template-changed" | "template-removed",
    target: string,
  ) => store.activity.record({ actor, action, target });

  /** The checked template, or the 400 already sent. */
  const checked = (input: z.infer<typeof templateBody>, reply: FastifyReply): TemplateInput | null => {
    const result = checkTemplate({
      ...input,
      subject: input.subject ?? null,
      // Its language and parameters are checked as words by checkTemplate, not as types here.
      whatsappTemplate: (input.whatsappTemplate as WhatsAppApproval | null | undefined) ?? null,
    });
    if (result.ok) return result.template;
    void reply.code(400).send({ error: result.message, field: result.part });
    return null;
  };

  app.get(TEMPLATE_API_ROUTES.templates, async () => {
    // The console's first templates, added once in the store's life (the store keeps the marker).
    if (!seeded) {
      await store.templates.seedStarters(DEFAULT_TEMPLATES, app.clock());
      seeded = true;
    }
    // The company's facts in force beside them: the console merges {mrp}, {company}… with these.
    return { items: await store.templates.list(), facts: await app.companyFacts.facts() };
  });

  app.post(TEMPLATE_API_ROUTES.templates, { config: { ...owner, textRule } }, async (request, reply) => {
    const body = templateBody.safeParse(request.body);
    if (!body.success) return badRequest(reply);
    const template = checked(body.data, reply);
    if (!template) return reply;
    const by = signedIn(request).email;
    const added = await store.templates.add(template, { by, at: app.clock(), max: TEMPLATES_MAX });
    if (!added) return reply.code(409).send({ error: templateMessages.tooMany });
    await record(by, "template-added", added.name);
    return reply.code(201).send({ template: added });
  });

  app.put(TEMPLATE_API_ROUTES.template, { config: { ...owner, textRule } }, async (request, reply) => {
    const params = idParams.safeParse(request.params);
    if (!params.success) return reply.code(404).send({ error: templateMessages.notFound });
    const body = changeBody.safeParse(request.body);
    if (!body.success) return badRequest(reply);
    // A template's purpose stays as it was added: it is checked as what it is for.
    const stored = (await store.templates.list()).find((each) => each.id === params.data.id);
    const template = checked({ ...body.data, purpose: stored?.purpose }, reply);
    if (!template) return reply;
    const by = signedIn(request).email;
    const result = await store.templates.update(params.data.id, template, {
      expectedVersion: body.data.version,
      by,
      at: app.clock(),
    });
    if (result.outcome === "not-found") return reply.code(404).send({ error: templateMessages.notFound });
    if (result.outcome === "conflict") {
      return reply.code(409).send({ error: templateMessages.conflict, template: result.current });
    }
    await record(by, "template-changed", result.template.name);
    return { template: result.template };
  });

  app.delete(TEMPLATE_API_ROUTES.template, { config: owner }, async (request, reply) => {
    const params = idParams.safeParse(request.params);
    const query = versionQuery.safeParse(request.query);
    if (!params.success) return reply.code(404).send({ error: templateMessages.notFound });
    if (!query.success) return badRequest(reply);
    const known = (await store.templates.list()).find((template) => template.id === params.data.id);
    const result = await store.templates.remove(params.data.id, query.data.version);
    if (result === "not-found") return reply.code(404).send({ error: templateMessages.notFound });
    if (result === "conflict") {
      const current = (await store.templates.list()).find((template) => template.id === params.data.id);
      return reply
        .code(409)
        .send({ error: templateMessages.conflict, ...(current ? { template: current } : {}) });
    }
    await record(signedIn(request).email, "template-removed", known?.name ?? params.data.id);
    return reply.code(204).send();
  });
}
