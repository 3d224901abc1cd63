import type { FastifyInstance } from "fastify";
import { enquiryRoutes } from "./enquiry-routes";
import { installConsoleGuard } from "./guard";
import { peopleRoutes } from "./people-routes";
import { signInRoutes } from "./sign-in-routes";

/**
 * The console's API, registered with `prefix: ADMIN_API_PREFIX`. Its guard is a hook of this
 * plugin, so every route registered inside it is guarded unless it declares itself public.
 */
export async function adminApi(app: FastifyInstance) {
  installConsoleGuard(app);
  await app.register(signInRoutes);
  await app.register(enquiryRoutes);
  await app.register(peopleRoutes);
}
