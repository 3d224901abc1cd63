/**
 * What the console's service worker does with each request and each push, as pure functions
 * (console/service-worker.ts applies them; console/service-worker-policy.test.ts checks them).
 * It keeps the console's shell only: its one HTML page and its hashed scripts and stylesheets,
 * never an answer of the API, so no enquiry is ever stored on the device.
 */
import { CONSOLE_APP } from "../domain/console-app";
import { API_PREFIX } from "../domain/contract";
import type { PushNotice } from "../domain/push";

/**
 * `shell`: a console page being opened: the network first, the kept page when offline;
 * `asset`: a hashed file of the console: kept once fetched (its name changes with its content);
 * `network`: everything else, the API above all: not touched, never kept.
 */
export type RequestPolicy = "shell" | "asset" | "network";

export function requestPolicy(
  request: { url: string; method: string; mode: string },
  origin: string,
): RequestPolicy {
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== origin) return "network";
  if (url.pathname.startsWith(`${API_PREFIX}/`) || url.pathname === API_PREFIX) return "network";
  if (url.pathname.startsWith(CONSOLE_APP.assets)) return "asset";
  const inConsole = url.pathname === CONSOLE_APP.scope || url.pathname.startsWith(`${CONSOLE_APP.scope}/`);
  if (request.mode === "navigate" && inConsole && url.pathname !== CONSOLE_APP.serviceWorker) return "shell";
  return "network";
}

/** What a push the device could not read shows: something waits in the console. */
export const FALLBACK_NOTICE: PushNotice = {
  title: "Collarise console",
  body: "Something needs you in the console.",
  url: CONSOLE_APP.scope,
  tag: "console",
};

const text = (value: unknown, max: number) =>
  typeof value === "string" && value.trim() !== "" ? value.slice(0, max) : null;

/**
 * The notice a push carries, checked: a title and a line of text, and a console path to open
 * (anything else, another site included, opens the inbox instead).
 */
export function noticeFromPush(data: unknown): PushNotice {
  if (typeof data !== "object" || data === null) return FALLBACK_NOTICE;
  const record = data as Record<string, unknown>;
  const title = text(record.title, 120);
  const body = text(record.body, 240);
  const url = text(record.url, 300);
  const tag = text(record.tag, 100);
  if (!title || !body) return FALLBACK_NOTICE;
  const safeUrl =
    url && url.startsWith(`${CONSOLE_APP.scope}/`) && !url.startsWith("//") && !/[\\\s]/.test(url)
      ? url
      : CONSOLE_APP.scope;
  return { title, body, url: safeUrl, tag: tag ?? FALLBACK_NOTICE.tag };
}

/** The kept files of one build: a new build's worker keeps its own and drops the others'. */
export function cacheName(build: string): string {
  return `console-shell-${build}`;
}

export function isConsoleCache(name: string): boolean {
  return name.startsWith("console-shell-");
}
