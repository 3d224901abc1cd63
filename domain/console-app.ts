/**
 * The console as an installable web app: where its service worker and manifest are served, and
 * the scope they cover (every console page, `/admin` itself included). What the server, the
 * console's pages, the build and the service worker agree on; apart from domain/console.ts, so
 * that the service worker carries nothing else. No I/O.
 */
/** Where the console's pages live. Never prerendered, never in the sitemap; robots.txt disallows it. */
export const CONSOLE_BASE_PATH = "/admin";

export const CONSOLE_APP = {
  /** The service worker's scope: `/admin` and every path under it; nothing of the public site. */
  scope: CONSOLE_BASE_PATH,
  serviceWorker: `${CONSOLE_BASE_PATH}/sw.js`,
  manifest: `${CONSOLE_BASE_PATH}/manifest.webmanifest`,
  /** The page the service worker keeps for opening without a network: the console's one HTML page. */
  shell: `${CONSOLE_BASE_PATH}/`,
  /** The console's hashed scripts and stylesheets. */
  assets: `${CONSOLE_BASE_PATH}/assets/`,
} as const;
