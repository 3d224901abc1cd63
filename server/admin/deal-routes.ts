import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import { consoleMessages, enquiryReference } from "../../domain/console";
import { checkDeal, DEAL_API_ROUTES, dealMessages } from "../../domain/deal";
import { apiMessages } from "../routes/api-errors";
import { eventTime } from "../store/event-clock";
import { signedIn } from "./guard";

/** A field as the form or a script sends it: text, a number, or null/absent for "not recorded". */
const figure = z.union([z.string().max(200), z.number(), z.null()]).optional();
const dealBody = z.object({
  version: z.number().int().min(0),
  quantity: figure,
  value: figure,
  city: figure,
  pinCode: figure,
  gstin: figure,
});
const idParams = z.object({ id: z.string().min(1).max(64) });

const badRequest = (reply: FastifyReply) => reply.code(400).send({ error: apiMessages.badRequest });

/**
 * The deal's figures on an enquiry (domain/deal.ts), for any member of staff, as other changes to
 * an enquiry are: checked above the store with the form's own messages, recorded with a version
 * check (a save based on figures someone changed since is refused with 409 and their figures), and
 * a history line.
 */
export async function dealRoutes(app: FastifyInstance) {
  app.put(DEAL_API_ROUTES.deal, async (request, reply) => {
    const params = idParams.safeParse(request.params);
    const body = dealBody.safeParse(request.body);
    if (!params.success || !body.success) return badRequest(reply);
    const checked = checkDeal(body.data);
    if (!checked.ok) return reply.code(400).send({ error: checked.error, field: checked.field });
    const account = signedIn(request);
    const { id } = params.data;
    const result = await app.store.work.recordDeal(id, {
      expectedVersion: body.data.version,
      figures: checked.figures,
      staffEmail: account.email,
      at: eventTime(),
    });
    if (result.outcome === "not-found") return reply.code(404).send({ error: consoleMessages.notFound });
    if (result.outcome === "conflict") {
      return reply.code(409).send({ error: dealMessages.conflict, deal: result.deal });
    }
    if (result.outcome === "changed") {
      await app.store.activity.record({
        actor: account.email,
        action: "deal-recorded",
        target: enquiryReference(id),
      });
    }
    const record = await app.store.enquiryWork.get(id);
    return { outcome: result.outcome, deal: result.deal, history: record?.history ?? [] };
  });
}
