import type { FastifyInstance } from "fastify";
import { ADMIN_API_PREFIX } from "../../domain/console";
import { API_PREFIX } from "../../domain/contract";
import { adminApi } from "../admin/api";
import { installApiErrorHandler } from "./api-errors";
import { installTextRule } from "./clean-text";
import type { RateLimitedRoutes } from "./api-shared";
import { enquiryRoutes } from "./enquiries";
import { acceptFormPosts } from "./form-posts";
import { healthRoutes } from "./health";
import { installBoundedJson } from "./json-body";
import { newsletterLinkRoutes } from "./newsletter-links";
import { subscriberRoutes } from "./subscribers";
import { vitalsRoutes } from "./vitals";
import { whatsappWebhookRoutes } from "./whatsapp-webhook";

/**
 * The API, registered under `API_PREFIX`; each route names its path relative to it. Bodies are
 * JSON, or a site form's fields posted without JavaScript; text/plain only where a route asks
 * for it (page-speed beacons). Every answer, refusals included, is JSON, or a page for a form.
 */
export async function apiRoutes(app: FastifyInstance, { rateLimit, acknowledgeVisitors }: RateLimitedRoutes) {
  // Only what each route needs: the prefix this plugin was registered with is not passed on.
  const options = { rateLimit, acknowledgeVisitors };
  app.removeContentTypeParser("text/plain");
  installBoundedJson(app);
  acceptFormPosts(app);
  installApiErrorHandler(app);
  installTextRule(app);
  await app.register(enquiryRoutes, options);
  await app.register(subscriberRoutes, options);
  await app.register(newsletterLinkRoutes);
  await app.register(vitalsRoutes, options);
  await app.register(healthRoutes);
  // Meta's WhatsApp webhook: its body kept as raw bytes for its signature (docs/whatsapp.md).
  await app.register(whatsappWebhookRoutes);
  // The console's API, one guarded plugin, under this one's prefix.
  await app.register(adminApi, { prefix: ADMIN_API_PREFIX.slice(API_PREFIX.length) });
}
