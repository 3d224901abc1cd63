import type { FastifyInstance } from "fastify";
import { API_PATHS } from "../domain/contract";
import type { Config } from "./config";
import { OPS_PATHS } from "./ops";
import { apiMessages } from "./routes/api-errors";

const MONITORS_PATHS = new Set<string>([API_PATHS.health, ...Object.values(OPS_PATHS)]);

/**
 * The host a production server answers for: PUBLIC_URL's, when PUBLIC_URL is set and
 * NODE_ENV=production; otherwise any (development, tests, a server reached by its address).
 */
export function expectedHost(config: Pick<Config, "PUBLIC_URL" | "NODE_ENV">): string | null {
  if (!config.PUBLIC_URL || config.NODE_ENV !== "production") return null;
  return new URL(config.PUBLIC_URL).host.toLowerCase();
}

/**
 * Refuses with 421 any request whose Host is not the site's own (no page, link or cookie is ever
 * made for a host an attacker chose), but the health check, readiness, liveness and metrics,
 * which monitors reach by address.
 */
export function installHostCheck(app: FastifyInstance, config: Pick<Config, "PUBLIC_URL" | "NODE_ENV">) {
  const host = expectedHost(config);
  if (!host) return;
  app.addHook("onRequest", async (request, reply) => {
    if (request.host.toLowerCase() === host || MONITORS_PATHS.has(request.url.split("?")[0] ?? "")) return;
    return reply.code(421).send({ error: apiMessages.wrongHost });
  });
}
