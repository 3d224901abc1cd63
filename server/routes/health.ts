import type { FastifyInstance } from "fastify";
import { API_ROUTES } from "../../domain/contract";
import { logStoreFailure } from "./api-errors";

export const healthMessages = {
  unavailable: "The store is not answering.",
  cannotWrite: "The store cannot write just now.",
  shuttingDown: "The server is shutting down.",
} as const;

/** How old the outbox's figures in the health check's detail may be. */
export const HEALTH_DETAIL_MAX_AGE_MS = 1_000;

/**
 * `GET /api/health`, kept for monitors set up before `/readyz`: 200 while the store answers and
 * can write, 503 while it does not or the server is stopping. Its answer comes from the readiness
 * check's short cache, so a probe costs no store call when another was made within a second. Anyone is told
 * only `ok` or not; an operator (on this machine, or with METRICS_TOKEN) also gets the outbox's
 * backlog, the retention sweeps' last run and the scheduled backups' last success and failure.
 */
export async function healthRoutes(app: FastifyInstance) {
  app.get(API_ROUTES.health, async (request, reply) => {
    reply.header("cache-control", "no-store");
    const state = await app.ops.readiness.check();
    if (state.shuttingDown)
      return reply.code(503).send({ status: "unavailable", error: healthMessages.shuttingDown });
    if (state.store !== "ok") {
      const error = state.store === "cannot write" ? healthMessages.cannotWrite : healthMessages.unavailable;
      return reply.code(503).send({ status: "unavailable", error });
    }
    if (!app.ops.isOperator(request)) return reply.code(200).send({ status: "ok" });

    // The outbox's, sweeps' and backups' state is detail for monitors: a stall or a failure is
    // reported, not a failed health check (a load balancer would take every instance out for it).
    let outbox;
    try {
      outbox = await app.outbox.monitor.health(() => app.ops.outboxBacklog(HEALTH_DETAIL_MAX_AGE_MS));
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
