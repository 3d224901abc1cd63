import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import { consoleMessages, enquiryReference } from "../../domain/console";
import {
  batchKey,
  DISPATCH_API_ROUTES,
  DISPATCH_STEPS,
  dispatchMessages,
  type DispatchInput,
} from "../../domain/dispatch";
import { apiMessages } from "../routes/api-errors";
import { eventTime } from "../store/event-clock";
import { signedIn } from "./guard";

/** A field as the form or a script sends it: text, or null/absent for "not given". */
const text = z.string().max(200).nullable().optional();
const dispatchBody = z.object({
  version: z.number().int().min(0),
  step: z.enum(DISPATCH_STEPS),
  batches: text,
  bestBefore: text,
  courier: text,
  tracking: text,
  ewayBill: text,
  payment: text,
  codConfirmedBy: text,
  codConfirmedOn: text,
  codChannel: text,
  reason: text,
});
const idParams = z.object({ id: z.string().min(1).max(64) });
const batchParams = z.object({ batch: z.string().min(1).max(40) });

/** At most this many recipients of one batch are listed: far above what the company ships of one. */
export const RECALL_LIST_MAX = 500;

const badRequest = (reply: FastifyReply) => reply.code(400).send({ error: apiMessages.badRequest });

function inputOf(body: z.infer<typeof dispatchBody>): DispatchInput {
  const given = (value: string | null | undefined) => value ?? "";
  switch (body.step) {
    case "packed":
      return { step: "packed", batches: given(body.batches), bestBefore: given(body.bestBefore) };
    case "dispatched":
      return {
        step: "dispatched",
        courier: given(body.courier),
        tracking: given(body.tracking),
        ewayBill: body.ewayBill ?? null,
        payment: given(body.payment),
        codConfirmedBy: body.codConfirmedBy ?? null,
        codConfirmedOn: body.codConfirmedOn ?? null,
        codChannel: body.codChannel ?? null,
      };
    case "delivered":
      return { step: "delivered" };
    case "returned":
      return { step: "returned", reason: given(body.reason) };
  }
}

/**
 * The order's dispatch on an enquiry (domain/dispatch.ts), for any member of staff, as the deal's
 * figures are: each step checked by the one plan with the form's own messages (422 naming the
 * field), recorded with a version check (409 and the step someone recorded since), a history line
 * and an activity entry. Who received a batch lists buyers' contact details: owners only.
 */
export async function dispatchRoutes(app: FastifyInstance) {
  app.post(DISPATCH_API_ROUTES.dispatch, async (request, reply) => {
    const params = idParams.safeParse(request.params);
    const body = dispatchBody.safeParse(request.body);
    if (!params.success || !body.success) return badRequest(reply);
    const account = signedIn(request);
    const { id } = params.data;
    const result = await app.store.work.recordDispatch(id, {
      expectedVersion: body.data.version,
      input: inputOf(body.data),
      staffEmail: account.email,
      at: eventTime(),
      requestId: request.id,
    });
    if (result.outcome === "not-found") return reply.code(404).send({ error: consoleMessages.notFound });
    if (result.outcome === "conflict") {
      return reply.code(409).send({ error: dispatchMessages.conflict, dispatch: result.dispatch });
    }
    if (result.outcome === "refused") {
      return reply.code(422).send({ error: result.error, field: result.field, dispatch: result.dispatch });
    }
    await app.store.activity.record({
      actor: account.email,
      action: "dispatch-recorded",
      target: `${enquiryReference(id)}: ${body.data.step}`,
    });
    const record = await app.store.enquiryWork.get(id);
    return {
      outcome: result.outcome,
      dispatch: result.dispatch,
      status: record?.status,
      version: record?.version,
      history: record?.history ?? [],
    };
  });

  app.get(DISPATCH_API_ROUTES.recall, { config: { consoleAccess: "owner" } }, async (request, reply) => {
    const params = batchParams.safeParse(request.params);
    const batch = params.success ? batchKey(params.data.batch) : null;
    if (!batch) return reply.code(400).send({ error: dispatchMessages.batches, field: "batches" });
    const recipients = await app.store.dispatch.recipientsOf(batch, RECALL_LIST_MAX);
    // Which batch and how many, never who: the list itself is the buyers' personal data.
    await app.store.activity.record({
      actor: signedIn(request).email,
      action: "batch-recall",
      target: `Batch ${batch}: ${recipients.length} recipients`,
    });
    return { batch, recipients };
  });
}
