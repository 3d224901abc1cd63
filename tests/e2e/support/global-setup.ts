import { mkdir, mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startMailSink } from "../../support/mail-sink";
import { startServer } from "../../support/server-process";

/**
 * Starts what the browser tests talk to: a real SMTP server on loopback that keeps every
 * message it receives as a file, and the site's compiled server, as production runs it, with a
 * fresh SQLite store. Tests find both through the E2E_* variables set here.
 */
export default async function globalSetup() {
  const port = process.env.E2E_PORT ?? "4317";
  const buildDir = process.env.BUILD_DIR ?? "build";
  const workDir = await mkdtemp(join(tmpdir(), "collarise-e2e-"));
  const mailDir = join(workDir, "mail");
  await mkdir(mailDir);
  const sink = await startMailSink({ saveTo: mailDir });

  const databaseUrl = `sqlite:${join(workDir, "site.db")}`;
  const server = await startServer(
    {
      PORT: port,
      LOG_LEVEL: "warn",
      SITE_DIR: process.env.SITE_DIR ?? join(buildDir, "client"),
      DATABASE_URL: databaseUrl,
      SMTP_URL: sink.url,
      NOTIFY_TO: "orders@collarise.example",
      MAIL_FROM: "website@collarise.example",
      RATE_LIMIT_PER_MINUTE: "1000",
      // The visitor's acknowledgement goes out too, so that a journey can read it in its language.
      ACKNOWLEDGE_VISITORS: "true",
    },
    { buildDir, inheritOutput: true },
  );

  process.env.E2E_MAIL_DIR = mailDir;
  process.env.E2E_SMTP_URL = sink.url;
  process.env.E2E_DATABASE_URL = databaseUrl;
  process.env.E2E_WORK_DIR = workDir;

  return async () => {
    await server.stop();
    await sink.close();
  };
}
