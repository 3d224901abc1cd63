/**
 * The console's service worker, served at /admin/sw.js for the scope /admin (built by
 * scripts/build-console-worker.ts into one classic script). It makes the console installable and
 * opens its shell without a network; it shows the notifications the server pushes (an enquiry
 * handed to the member, a follow-up due) and opens the enquiry when one is tapped. It keeps no
 * answer of the API: no enquiry is stored on the device (console/service-worker-policy.ts).
 */
import { CONSOLE_APP } from "../domain/console-app";
import { cacheName, isConsoleCache, noticeFromPush, requestPolicy } from "./service-worker-policy";

// The parts of the service worker's global scope this file uses (the project's TypeScript
// program is a page's, with the DOM's types; a worker's own types would clash with them).
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Response | Promise<Response>): void;
}
interface PushEvent extends ExtendableEvent {
  readonly data: { json(): unknown } | null;
}
interface NotificationEvent extends ExtendableEvent {
  readonly notification: Notification;
}
interface WindowClient {
  readonly url: string;
  focus(): Promise<WindowClient>;
  navigate(url: string): Promise<WindowClient | null>;
}
interface WorkerScope {
  readonly location: Location;
  readonly registration: ServiceWorkerRegistration;
  readonly clients: {
    claim(): Promise<void>;
    matchAll(options: { type: "window"; includeUncontrolled: boolean }): Promise<WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: "install" | "activate", listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: "fetch", listener: (event: FetchEvent) => void): void;
  addEventListener(type: "push", listener: (event: PushEvent) => void): void;
  addEventListener(type: "notificationclick", listener: (event: NotificationEvent) => void): void;
}

declare const self: WorkerScope;
/** Set by the build: a hash of the console's page, so each build keeps its own files. */
declare const __CONSOLE_BUILD__: string;
/** Set by the build: the console's page and the files it loads first. */
declare const __CONSOLE_PRECACHE__: string[];

const CACHE = cacheName(__CONSOLE_BUILD__);

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(__CONSOLE_PRECACHE__))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names.filter((name) => isConsoleCache(name) && name !== CACHE).map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

/** A console page: the network's answer, kept as the shell; the kept shell when the network fails. */
async function shell(request: Request): Promise<Response> {
  try {
    const response = await fetch(request);
    if (response.ok && response.type === "basic") {
      const cache = await caches.open(CACHE);
      await cache.put(CONSOLE_APP.shell, response.clone());
    }
    return response;
  } catch (error) {
    const kept = await caches.match(CONSOLE_APP.shell);
    if (kept) return kept;
    throw error;
  }
}

/** A hashed file: the kept copy, or the network's, kept for next time. */
async function asset(request: Request): Promise<Response> {
  const kept = await caches.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok && response.type === "basic") {
    const cache = await caches.open(CACHE);
    await cache.put(request, response.clone());
  }
  return response;
}

self.addEventListener("fetch", (event) => {
  const policy = requestPolicy(event.request, self.location.origin);
  if (policy === "shell") event.respondWith(shell(event.request));
  else if (policy === "asset") event.respondWith(asset(event.request));
  // Anything else, the API included, goes to the network as if there were no worker.
});

self.addEventListener("push", (event) => {
  let data: unknown = null;
  try {
    data = event.data?.json() ?? null;
  } catch {
    // Not JSON: the fallback notice says something waits in the console.
  }
  const notice = noticeFromPush(data);
  event.waitUntil(
    self.registration.showNotification(notice.title, {
      body: notice.body,
      tag: notice.tag,
      data: { url: notice.url },
      icon: "/icon-192.png",
      badge: "/icon-192.png",
      lang: "en-IN",
    }),
  );
});

/** Opens `path` in a console window already open (brought forward), or in a new one. */
async function openConsole(path: string): Promise<void> {
  const url = new URL(path, self.location.origin).href;
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const consoleWindow = windows.find((client) => {
    const { pathname } = new URL(client.url);
    return pathname === CONSOLE_APP.scope || pathname.startsWith(`${CONSOLE_APP.scope}/`);
  });
  if (consoleWindow) {
    const opened = await consoleWindow.navigate(url).catch(() => null);
    if (opened) {
      await opened.focus().catch(() => undefined);
      return;
    }
  }
  await self.clients.openWindow(url);
}

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const data = event.notification.data as { url?: unknown } | null;
  const path = noticeFromPush({ title: "-", body: "-", url: data?.url }).url;
  event.waitUntil(openConsole(path));
});
