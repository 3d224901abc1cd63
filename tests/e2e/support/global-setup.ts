import { type ChildProcess, spawn } from "node:child_process";
import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SMTPServer } from "smtp-server";

/**
 * Starts what the browser tests talk to: a real SMTP server on loopback that keeps every
 * message it receives as a file, and the site's own server with a fresh SQLite store.
 * Tests find both through the E2E_* variables set here.
 */
export default async function globalSetup() {
  const port = Number(process.env.E2E_PORT ?? 4317);
  const workDir = await mkdtemp(join(tmpdir(), "collarise-e2e-"));
  const mailDir = join(workDir, "mail");
  await mkdir(mailDir);

  let received = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received += 1;
        writeFile(join(mailDir, `${Date.now()}-${received}.eml`), Buffer.concat(chunks)).then(
          () => callback(),
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const smtpPort = (smtp.server.address() as { port: number }).port;

  const databasePath = join(workDir, "site.db");
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
    SITE_DIR: process.env.SITE_DIR ?? `${process.env.BUILD_DIR ?? "build"}/client`,
    DATABASE_URL: `sqlite:${databasePath}`,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    NOTIFY_TO: "orders@collarise.example",
    MAIL_FROM: "website@collarise.example",
    RATE_LIMIT_PER_MINUTE: "1000",
  };
  const server: ChildProcess = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    env,
    stdio: ["ignore", "inherit", "inherit"],
  });

  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`The site's server exited with code ${server.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`The site's server did not answer on ${baseUrl} within 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  process.env.E2E_MAIL_DIR = mailDir;
  process.env.E2E_DATABASE_URL = env.DATABASE_URL;
  process.env.E2E_WORK_DIR = workDir;

  return async () => {
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  };
}
