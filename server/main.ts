import closeWithGrace from "close-with-grace";
import { ConfigError, loadConfig } from "./config";
import { sharedDataOf } from "./private-data";
import { keepNewFilesPrivate } from "./store/sqlite/private-files";

/** How long requests under way and the outbox's sends may take to finish once a stop is asked for. */
const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  // Every file the server writes (the database, its -wal and -shm, backups) is its owner's alone.
  keepNewFilesPrivate();
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
  // Data another account of the machine may read or change is refused, not quietly fixed: the
  // operator learns it was exposed. Exit code 2: a restart would meet the same files.
  const shared = sharedDataOf(config);
  if (shared.length > 0) {
    process.stderr.write(`${shared.join("\n")}\n`);
    process.exit(2);
  }

  // Loaded after the configuration is checked, so a bad value is reported at once.
  const { buildApp } = await import("./app");
  let app;
  try {
    app = await buildApp({ config, logger: { level: config.LOG_LEVEL }, intakeThread: true });
  } catch (error) {
    // The configuration disagrees with the build (the retention periods its privacy policy states).
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }

  // SIGTERM, SIGINT, an uncaught error or an unhandled rejection: close the server, its store and
  // its worker, within the grace period; past it, or on a second signal, exit at once. On a
  // signal, /readyz says "not ready" at once and, with SHUTDOWN_DRAIN_SECONDS, the server goes on
  // answering that long, so a load balancer stops sending it visitors before it closes.
  const drainMs = config.SHUTDOWN_DRAIN_SECONDS * 1_000;
  closeWithGrace(
    { delay: SHUTDOWN_GRACE_MS + drainMs, logger: { error: (message: string) => app.log.error(message) } },
    async ({ signal, err }) => {
      app.ops.readiness.beginShutdown();
      if (err) app.log.error({ err }, "closing after an error");
      else {
        app.log.info({ signal, drainSeconds: config.SHUTDOWN_DRAIN_SECONDS }, "shutting down");
        if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
      }
      await app.close();
    },
  );

  await app.listen({ port: config.PORT, host: config.HOST });

  // In production, what still stands between the site and its launch (npm run check-launch) is
  // logged once at start: a reminder, never a reason not to start.
  if (config.NODE_ENV === "production") {
    const { logLaunchCheck } = await import("./launch/log-launch-check");
    await logLaunchCheck(config, app.log, () => app.companyFacts.facts());
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
