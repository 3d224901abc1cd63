import type { FastifyInstance } from "fastify";
import { apiMessages } from "../routes/api-errors";
import { bulkRoutes } from "./bulk-routes";
import { companyPreviewRoutes } from "./company-preview-routes";
import { dashboardRoutes } from "./dashboard-routes";
import { dealRoutes } from "./deal-routes";
import { documentRoutes } from "./document-routes";
import { enquiryRoutes } from "./enquiry-routes";
import { installConsoleGuard } from "./guard";
import { peopleRoutes } from "./people-routes";
import { personalDataRoutes } from "./personal-data-routes";
import { signInRoutes } from "./sign-in-routes";
import { staffRoutes } from "./staff-routes";
import { teamRoutes } from "./team-routes";
import { webhookRoutes } from "./webhook-routes";
import { conversationRoutes } from "./conversation-routes";
import { templateRoutes } from "./template-routes";
import { pushRoutes } from "./push-routes";
import { companyRoutes } from "./company-routes";

/**
 * The console's API, registered with `prefix: ADMIN_API_PREFIX`. Its guard is a hook of this
 * plugin, so every route registered inside it is guarded unless it declares itself public.
 */
export async function adminApi(app: FastifyInstance) {
  installConsoleGuard(app);
  // Unknown paths under the prefix are a route of this plugin, so they pass the guard too: without
  // a session a 401, which shows strangers nothing of the API's shape (the site's static files
  // would otherwise answer them).
  app.route({
    method: ["GET", "POST", "PUT", "PATCH", "DELETE"],
    url: "/*",
    handler: (_request, reply) => reply.code(404).send({ error: apiMessages.notFound }),
  });
  await app.register(signInRoutes);
  await app.register(enquiryRoutes);
  await app.register(bulkRoutes);
  await app.register(dashboardRoutes);
  await app.register(peopleRoutes);
  await app.register(staffRoutes);
  await app.register(personalDataRoutes);
  await app.register(teamRoutes);
  await app.register(webhookRoutes);
  await app.register(conversationRoutes);
  await app.register(templateRoutes);
  await app.register(pushRoutes);
  await app.register(dealRoutes);
  await app.register(documentRoutes);
  await app.register(companyRoutes);
  await app.register(companyPreviewRoutes);
}
