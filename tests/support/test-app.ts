import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { afterEach } from "vitest";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildApp, type BuildAppOptions } from "../../server/app";
import { DEFAULT_RETENTION_PERIODS, type RetentionPeriods } from "../../domain/retention";
import { loadConfig, retentionPeriodsOf } from "../../server/config";
import { RETENTION_BUILD_FILE } from "../../server/retention/built-periods";
import { pendingNotifications } from "./store-probe";

export interface TestApp {
  app: Awaited<ReturnType<typeof buildApp>>;
  dir: string;
  databaseUrl: string;
  close(): Promise<void>;
}

/**
 * A tiny built site: the three pages the static routes serve, and the retention periods its
 * privacy policy states (the defaults unless given). API tests need no full build.
 * The one inline script checks that the CSP hashes are still computed from it.
 */
export async function writeSiteFixture(
  dir: string,
  retention: RetentionPeriods = DEFAULT_RETENTION_PERIODS,
): Promise<string> {
  const site = join(dir, "site");
  await mkdir(join(site, "privacy-policy"), { recursive: true });
  const page = (title: string) =>
    `<!doctype html><html lang="en"><head><title>${title}</title></head><body><h1>${title}</h1><script>window.__fixture=1</script></body></html>`;
  await writeFile(join(site, "index.html"), page("Home"));
  await writeFile(join(site, "privacy-policy", "index.html"), page("Privacy Policy"));
  await writeFile(join(site, "__spa-fallback.html"), page("Unexpected Application Error!"));
  await writeFile(join(site, RETENTION_BUILD_FILE), JSON.stringify(retention));
  return site;
}

/**
 * The server as `main.ts` builds it, on a fresh SQLite database in a temp folder, for
 * `app.inject()`. `env` adds or overrides environment variables (parsed by the real config); the
 * site's privacy policy states the retention periods they set.
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  options: Omit<BuildAppOptions, "config"> = {},
): Promise<TestApp> {
  const dir = await mkdtemp(join(tmpdir(), "collarise-api-"));
  const databaseUrl = `sqlite:${join(dir, "site.db")}`;
  // Apps in one test process count per-address limits in memory unless a test gives REDIS_URL
  // (tests/reliability/shared-limits.test.ts and the scale-out suite count them across instances).
  const singleInstance = env.REDIS_URL ? {} : { SINGLE_INSTANCE: "true" };
  const config = loadConfig({
    SITE_DIR: join(dir, "site"),
    DATABASE_URL: databaseUrl,
    ...singleInstance,
    ...env,
  });
  await writeSiteFixture(dir, retentionPeriodsOf(config));
  const app = await buildApp({ config, ...options });
  await app.ready();
  return {
    app,
    dir,
    databaseUrl,
    async close() {
      await app.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Waits until the outbox is empty, looking after each of the worker's cycles; returns how
 * many cycles that took. Rejects after `timeoutMs`.
 */
export async function waitForEmptyOutbox(
  { app, databaseUrl }: Pick<TestApp, "app" | "databaseUrl">,
  timeoutMs = 20_000,
): Promise<number> {
  const worker = app.outbox.worker;
  if (!worker) throw new Error("No outbox worker runs: no notifier is configured");
  const deadline = Date.now() + timeoutMs;
  let cycles = 0;
  while (pendingNotifications(databaseUrl) > 0) {
    if (Date.now() > deadline) throw new Error(`The outbox was not empty within ${timeoutMs} ms`);
    await worker.nextCycle();
    cycles += 1;
  }
  return cycles;
}

/**
 * For a test file whose tests each build their own app: `start(env)` builds it, and it is closed
 * after each test.
 */
export function testAppPerTest() {
  let current: TestApp | undefined;
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
  return async function start(env: Record<string, string> = {}): Promise<TestApp> {
    current = await buildTestApp(env);
    return current;
  };
}
