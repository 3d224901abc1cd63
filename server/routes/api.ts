import type { FastifyInstance } from "fastify";
import { ADMIN_API_PREFIX } from "../../domain/console";
import { adminApi } from "../admin/api";
import { installApiErrorHandler } from "./api-errors";
import type { RateLimitedRoutes } from "./api-shared";
import { enquiryRoutes } from "./enquiries";
import { healthRoutes } from "./health";
import { subscriberRoutes } from "./subscribers";
import { vitalsRoutes } from "./vitals";

/** The JSON API under /api/: every answer, refusals included, is JSON. */
export async function apiRoutes(app: FastifyInstance, options: RateLimitedRoutes) {
  installApiErrorHandler(app);
  await app.register(enquiryRoutes, options);
  await app.register(subscriberRoutes, options);
  await app.register(vitalsRoutes, options);
  await app.register(healthRoutes);
  await app.register(adminApi, { prefix: ADMIN_API_PREFIX });
}
