import type { FastifyInstance } from "fastify";
import { API_ROUTES } from "../../domain/contract";
import { logStoreFailure } from "./api-errors";

export const healthMessages = {
  unavailable: "The store is not answering.",
} as const;

/**
 * `GET /api/health`: 200 while the store answers, 503 while it does not (for load balancers and
 * monitors), with the outbox's backlog (how many wait, how long the oldest has waited, whether
 * that is past OUTBOX_ALERT_MINUTES), the retention sweeps' last run, and the scheduled backups'
 * last success and failure when they are on.
 */
export async function healthRoutes(app: FastifyInstance) {
  app.get(API_ROUTES.health, async (request, reply) => {
    reply.header("cache-control", "no-store");
    try {
      await app.store.ping();
    } catch (error) {
      logStoreFailure(request, error, "health check");
      return reply.code(503).send({ status: "unavailable", error: healthMessages.unavailable });
    }
    // The outbox's, sweeps' and backups' state is detail for monitors: a stall or a failure is
    // reported, not a failed health check (a load balancer would take every instance out for it).
    let outbox;
    try {
      outbox = await app.outbox.monitor.health();
    } catch (error) {
      logStoreFailure(request, error, "health check");
      return reply.code(503).send({ status: "unavailable", error: healthMessages.unavailable });
    }
    const backup = app.backups?.status;
    const retention = app.retention.status;
    return reply
      .code(200)
      .send(backup ? { status: "ok", outbox, retention, backup } : { status: "ok", outbox, retention });
  });
}
