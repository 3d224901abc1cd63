import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { ADMIN_API_ROUTES, INBOX_PAGE_SIZE, SEARCH_MAX_LENGTH } from "../../domain/console";
import { apiMessages } from "../routes/api-errors";
import { decodePageCursor } from "../store/page-cursor";
import { signedIn } from "./guard";
import { SESSION_IDLE_MS } from "./session-cookie";
import { staffMember } from "../store/staff";

const cursor = z
  .string()
  .max(300)
  .refine((value) => decodePageCursor(value) !== null);
const subscribersQuery = z.object({
  q: z.string().max(SEARCH_MAX_LENGTH).optional(),
  cursor: cursor.optional(),
});
const activityQuery = z.object({ cursor: cursor.optional() });
const idParams = z.object({ id: z.string().min(1).max(64) });

/** Subscribers (any staff), and what only owners see: the activity log and the staff's sessions. */
export async function peopleRoutes(app: FastifyInstance) {
  const { store } = app;

  app.get(ADMIN_API_ROUTES.subscribers, async (request, reply) => {
    const query = subscribersQuery.safeParse(request.query);
    if (!query.success) return reply.code(400).send({ error: apiMessages.badRequest });
    return store.subscriberDirectory.list({
      q: query.data.q?.trim() ?? "",
      cursor: query.data.cursor ?? null,
      limit: INBOX_PAGE_SIZE,
    });
  });

  app.delete(ADMIN_API_ROUTES.subscriber, async (request, reply) => {
    const params = idParams.safeParse(request.params);
    if (!params.success || !(await store.subscriberDirectory.remove(params.data.id))) {
      return reply.code(404).send({ error: apiMessages.notFound });
    }
    // The subscriber's id, never the address.
    await store.activity.record({
      actor: signedIn(request).email,
      action: "subscriber-removed",
      target: params.data.id,
    });
    return reply.code(204).send();
  });

  app.get(ADMIN_API_ROUTES.activity, { config: { consoleAccess: "owner" } }, async (request, reply) => {
    const query = activityQuery.safeParse(request.query);
    if (!query.success) return reply.code(400).send({ error: apiMessages.badRequest });
    return store.activity.list({ cursor: query.data.cursor ?? null, limit: INBOX_PAGE_SIZE });
  });

  app.get(ADMIN_API_ROUTES.staff, { config: { consoleAccess: "owner" } }, async () => {
    const now = new Date();
    const members = await store.staff.list();
    return {
      items: await Promise.all(
        members.map(async (member) => ({
          ...member,
          activeSessions: await store.sessions.countActive(member.id, now, SESSION_IDLE_MS),
        })),
      ),
    };
  });

  app.delete(
    ADMIN_API_ROUTES.staffSessions,
    { config: { consoleAccess: "owner" } },
    async (request, reply) => {
      const params = idParams.safeParse(request.params);
      const account = params.success ? await store.staff.findById(params.data.id) : null;
      if (!account) return reply.code(404).send({ error: apiMessages.notFound });
      await store.sessions.deleteForStaff(account.id);
      await store.activity.record({
        actor: signedIn(request).email,
        action: "sessions-ended",
        target: staffMember(account).email,
      });
      return reply.code(204).send();
    },
  );
}
