import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { CONSOLE_BASE_PATH } from "../../domain/console";
import { CONSOLE_APP } from "../../domain/console-app";

const ONE_YEAR_S = 31_536_000;
const CONSOLE_PAGE = "index.html";

export const consoleSiteMessages = {
  notBuilt: 'The console is not built: run "npm run build".',
} as const;

/** The console is built beside the public site: `build/console` next to `build/client`. */
export function consoleDirFor(siteDir: string): string {
  return join(dirname(resolve(siteDir)), "console");
}

export interface ConsoleSiteOptions {
  consoleDir: string;
}

/**
 * Serves the console's single-page app: its page for `/admin` and every path under it (the app
 * routes in the browser), never cached nor indexed, and its hashed assets under `/admin/assets/`
 * with year-long caching. Nothing of it is in the public pages.
 */
export async function consoleSiteRoutes(app: FastifyInstance, options: ConsoleSiteOptions) {
  const root = resolve(options.consoleDir);
  const built = existsSync(join(root, CONSOLE_PAGE));

  if (built) {
    await app.register(fastifyStatic, {
      root: join(root, "assets"),
      prefix: `${CONSOLE_BASE_PATH}/assets/`,
      index: false,
      redirect: false,
      cacheControl: false,
      setHeaders: (reply, path) => {
        // Vite names these files by their content hash: they never change. (The page, sent
        // through the same plugin, keeps its no-store.)
        if (path.startsWith(join(root, "assets"))) {
          reply.header("cache-control", `public, max-age=${ONE_YEAR_S}, immutable`);
        }
      },
    });
  }

  const sendConsolePage = async (_request: unknown, reply: FastifyReply) => {
    reply.header("cache-control", "no-store").header("x-robots-tag", "noindex");
    if (!built) return reply.code(503).send({ error: consoleSiteMessages.notBuilt });
    return reply.type("text/html; charset=utf-8").sendFile(CONSOLE_PAGE, root);
  };
  // The console as an installable app: its service worker (allowed the scope `/admin`, the inbox
  // included, which its folder `/admin/` alone would not cover) and its manifest. Both are
  // revalidated on every load, so a new build reaches each device at its next visit.
  const sendAppFile =
    (file: string, type: string, headers: Record<string, string> = {}) =>
    async (_request: unknown, reply: FastifyReply) => {
      reply.header("cache-control", "no-cache").header("x-robots-tag", "noindex");
      if (!built || !existsSync(join(root, file)))
        return reply.code(404).send({ error: consoleSiteMessages.notBuilt });
      for (const [name, value] of Object.entries(headers)) reply.header(name, value);
      return reply.type(type).sendFile(file, root);
    };
  app.get(
    CONSOLE_APP.serviceWorker,
    sendAppFile("sw.js", "application/javascript; charset=utf-8", {
      "service-worker-allowed": CONSOLE_APP.scope,
    }),
  );
  app.get(
    CONSOLE_APP.manifest,
    sendAppFile("manifest.webmanifest", "application/manifest+json; charset=utf-8"),
  );
  app.get(CONSOLE_BASE_PATH, sendConsolePage);
  app.get(`${CONSOLE_BASE_PATH}/*`, sendConsolePage);
}
