import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { ADMIN_API_ROUTES } from "../../domain/console";
import { EMAIL_MAX_LENGTH } from "../../domain/enquiry";
import { checkPersonQuery } from "../../domain/personal-data";
import { apiMessages } from "../routes/api-errors";
import { signedIn } from "./guard";

/** Room for spaces around a value, which the check trims; anything longer is not an address or a number. */
const person = z.object({
  email: z
    .string()
    .max(EMAIL_MAX_LENGTH * 2)
    .optional(),
  mobile: z.string().max(40).optional(),
});

/**
 * A person's requests under India's DPDP Act, for owners: what is held about them (by e-mail
 * or mobile), and its erasure. Both are recorded in the activity log without the address or number.
 */
export async function personalDataRoutes(app: FastifyInstance) {
  const { store } = app;

  app.get(ADMIN_API_ROUTES.personalData, { config: { consoleAccess: "owner" } }, async (request, reply) => {
    const query = person.safeParse(request.query);
    if (!query.success) return reply.code(400).send({ error: apiMessages.badRequest });
    const checked = checkPersonQuery(query.data);
    if (!checked.ok) return reply.code(400).send({ error: checked.error });
    const report = await store.personalData.find(checked.query);
    await store.activity.record({
      actor: signedIn(request).email,
      action: "personal-data-shown",
      target: null,
    });
    return report;
  });

  app.post(
    ADMIN_API_ROUTES.personalDataErasure,
    { config: { consoleAccess: "owner" } },
    async (request, reply) => {
      const body = person.safeParse(request.body);
      if (!body.success) return reply.code(400).send({ error: apiMessages.badRequest });
      const checked = checkPersonQuery(body.data);
      if (!checked.ok) return reply.code(400).send({ error: checked.error });
      return store.personalData.erase(checked.query, { actor: signedIn(request).email });
    },
  );
}
