import type { FastifyInstance } from "fastify";
import { API_ROUTES } from "../../domain/contract";
import { logStoreFailure } from "./api-errors";

export const healthMessages = {
  unavailable: "The store is not answering.",
} as const;

/** `GET /api/health`: 200 while the store answers, 503 while it does not (for load balancers and monitors). */
export async function healthRoutes(app: FastifyInstance) {
  app.get(API_ROUTES.health, async (request, reply) => {
    reply.header("cache-control", "no-store");
    try {
      await app.store.ping();
    } catch (error) {
      logStoreFailure(request, error, "health check");
      return reply.code(503).send({ status: "unavailable", error: healthMessages.unavailable });
    }
    return reply.code(200).send({ status: "ok" });
  });
}
