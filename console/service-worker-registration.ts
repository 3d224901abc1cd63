/**
 * Registers the console's service worker (console/service-worker.ts) for the scope `/admin`, so
 * that the console can be installed and can show notifications. Nothing happens where the browser
 * has no service workers, or in development (Vite serves no worker there).
 */
import { CONSOLE_APP } from "../domain/console-app";

let registering: Promise<ServiceWorkerRegistration | null> | null = null;

export function consoleWorker(): Promise<ServiceWorkerRegistration | null> {
  if (!("serviceWorker" in navigator) || import.meta.env.DEV) return Promise.resolve(null);
  registering ??= navigator.serviceWorker
    .register(CONSOLE_APP.serviceWorker, { scope: CONSOLE_APP.scope })
    .catch(() => null);
  return registering;
}
