import fastifyCompress from "@fastify/compress";
import fastifyHelmet from "@fastify/helmet";
import Fastify, { type FastifyServerOptions } from "fastify";
import type { Config } from "./config";
import { healthRoutes } from "./routes/health";
import { siteRoutes } from "./routes/site";
import { contentSecurityPolicyDirectives, inlineScriptHashes, permissionsPolicy } from "./security-headers";

export interface BuildAppOptions {
  config: Config;
  logger?: FastifyServerOptions["logger"];
}

/** Builds the server from its plugins; `main.ts` listens, tests call `inject()`. */
export async function buildApp({ config, logger = false }: BuildAppOptions) {
  const app = Fastify({
    logger,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 16 * 1024,
    // Answer slow or stuck clients instead of holding a socket forever.
    connectionTimeout: 30_000,
    requestTimeout: 30_000,
    return503OnClosing: true,
  });

  const scriptHashes = await inlineScriptHashes(config.SITE_DIR);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicyDirectives(scriptHashes) },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook("onSend", async (_request, reply) => {
    reply.header("permissions-policy", permissionsPolicy);
  });
  // Compresses API answers; the site's files are served precompressed by the static plugin.
  await app.register(fastifyCompress, { encodings: ["br", "gzip"], threshold: 1024 });

  await app.register(healthRoutes);
  await app.register(siteRoutes, { siteDir: config.SITE_DIR });

  return app;
}
