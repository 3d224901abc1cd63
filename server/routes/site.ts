import { API_PREFIX, PUBLIC_PAGES } from "../../domain/contract";
import { apiMessages } from "./api-errors";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import type { ServedPages } from "../site/facts-pages";
import { pageFile, SPA_FALLBACK_FILE } from "../site/page-renderer";

const ONE_YEAR_S = 31_536_000;
const ONE_HOUR_S = 3_600;

/** The prerendered pages and the file each is served from: `/` → index.html, `/a` → a/index.html. */
const pages: Record<string, string> = Object.fromEntries(PUBLIC_PAGES.map((path) => [path, pageFile(path)]));

const NOT_FOUND_PAGE = SPA_FALLBACK_FILE;

export interface SiteOptions {
  siteDir: string;
  /** Where the pages are read from now: the set rendered from the published facts, or the build's. */
  pages?: ServedPages;
  /** A page's own Content-Security-Policy, by its file; a file without one keeps the server's. */
  policyOf?: (file: string) => string | undefined;
}

function cacheHeaderFor(file: string): string {
  const path = file.replace(/\.(br|gz)$/, "");
  // Vite names files under /assets by their content hash: they never change.
  if (path.startsWith("/assets/") || path.includes("/assets/"))
    return `public, max-age=${ONE_YEAR_S}, immutable`;
  if (path.endsWith(".html")) return "no-cache";
  return `public, max-age=${ONE_HOUR_S}`;
}

function sendPage(reply: FastifyReply, root: string, file: string, status = 200, policy?: string) {
  if (policy !== undefined) reply.header("content-security-policy", policy);
  // A page is asked again on every visit (no-cache) and revalidated by its ETag, which crawlers
  // prefer too; its Last-Modified would be 47 bytes more of every page's headers. A page is sent
  // whole, never in byte ranges, so it does not offer them (Accept-Ranges).
  return reply
    .code(status)
    .header("cache-control", "no-cache")
    .sendFile(file, root, { lastModified: false, acceptRanges: false });
}

/**
 * Serves the built site: the prerendered pages (or those rendered again from the published facts), hashed assets with year-long caching,
 * precompressed brotli and gzip files, and the error page with status 404 for any other path.
 */
export async function siteRoutes(app: FastifyInstance, options: SiteOptions) {
  const root = resolve(options.siteDir);
  // Read once per request: a page and its .br/.gz come from one set, swapped whole (facts-pages.ts).
  const pagesRoot = () => options.pages?.root() ?? root;
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
    const policy = options.policyOf?.(file);
    app.get(url, (_request, reply) => sendPage(reply, pagesRoot(), file, 200, policy));
    if (url !== "/") app.get(`${url}/`, (_request, reply) => reply.redirect(url, 301));
  }

  app.setNotFoundHandler((request, reply) => {
    const isPageRequest =
      (request.method === "GET" || request.method === "HEAD") && !request.url.startsWith(`${API_PREFIX}/`);
    if (isPageRequest)
      return sendPage(reply, pagesRoot(), NOT_FOUND_PAGE, 404, options.policyOf?.(NOT_FOUND_PAGE));
    return reply.code(404).send({ error: apiMessages.notFound });
  });
}
