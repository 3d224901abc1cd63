import { API_PREFIX, PUBLIC_PAGES } from "../../domain/contract";
import { apiMessages } from "./api-errors";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";
import { existsSync } from "node:fs";
import { resolve } from "node:path";

const ONE_YEAR_S = 31_536_000;
const ONE_HOUR_S = 3_600;

/** The prerendered pages and the file each is served from: `/` → index.html, `/a` → a/index.html. */
const pages: Record<string, string> = Object.fromEntries(
  PUBLIC_PAGES.map((path) => [path, `${path.slice(1)}${path === "/" ? "" : "/"}index.html`]),
);

const NOT_FOUND_PAGE = "__spa-fallback.html";

export interface SiteOptions {
  siteDir: string;
}

function cacheHeaderFor(file: string): string {
  const path = file.replace(/\.(br|gz)$/, "");
  // Vite names files under /assets by their content hash: they never change.
  if (path.startsWith("/assets/") || path.includes("/assets/"))
    return `public, max-age=${ONE_YEAR_S}, immutable`;
  if (path.endsWith(".html")) return "no-cache";
  return `public, max-age=${ONE_HOUR_S}`;
}

function sendPage(reply: FastifyReply, file: string, status = 200) {
  return reply.code(status).header("cache-control", "no-cache").sendFile(file);
}

/**
 * Serves the built site: the two prerendered pages, hashed assets with year-long caching,
 * precompressed brotli and gzip files, and the error page with status 404 for any other path.
 */
export async function siteRoutes(app: FastifyInstance, options: SiteOptions) {
  const root = resolve(options.siteDir);
  if (!existsSync(resolve(root, "index.html"))) {
    throw new Error(`The built site is missing in ${root}: run "npm run build" first.`);
  }

  await app.register(fastifyStatic, {
    root,
    preCompressed: true,
    wildcard: true,
    index: false,
    redirect: false,
    cacheControl: false,
    // The pages are served by their own routes below; their files are not addressable.
    allowedPath: (_pathName, _root, request) => !/\.html(?:[?#]|$)/.test(request.url),
    setHeaders: (reply, path) => {
      reply.header("cache-control", cacheHeaderFor(path));
    },
  });

  for (const [url, file] of Object.entries(pages)) {
    app.get(url, (_request, reply) => sendPage(reply, file));
    if (url !== "/") app.get(`${url}/`, (_request, reply) => reply.redirect(url, 301));
  }

  app.setNotFoundHandler((request, reply) => {
    const isPageRequest =
      (request.method === "GET" || request.method === "HEAD") && !request.url.startsWith(`${API_PREFIX}/`);
    if (isPageRequest) return sendPage(reply, NOT_FOUND_PAGE, 404);
    return reply.code(404).send({ error: apiMessages.notFound });
  });
}
