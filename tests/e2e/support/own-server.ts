import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type ListeningServer, startServer } from "../../support/server-process";
import { test } from "./fixtures";

export interface OwnServer {
  readonly baseUrl: string;
  readonly databaseUrl: string;
}

/**
 * A server and a store of the calling file's own, started before its tests and stopped after.
 * Failed sign-ins are throttled per client address too, and every browser test comes from
 * 127.0.0.1: a file that fails sign-ins on purpose uses this, so no other test is blocked. `env`
 * adds settings, read when the server starts (after the file's earlier `beforeAll` hooks).
 */
export function serverOfItsOwn(name: string, env: () => Record<string, string> = () => ({})): OwnServer {
  let server: ListeningServer | undefined;
  const own = { baseUrl: "", databaseUrl: "" };

  test.beforeAll(async () => {
    test.setTimeout(60_000);
    const buildDir = process.env.BUILD_DIR ?? "build";
    own.databaseUrl = `sqlite:${join(await mkdtemp(join(tmpdir(), `collarise-${name}-`)), "site.db")}`;
    server = await startServer(
      {
        // No mail is configured here, which the server warns of at start.
        LOG_LEVEL: "error",
        SITE_DIR: process.env.SITE_DIR ?? join(buildDir, "client"),
        DATABASE_URL: own.databaseUrl,
        RATE_LIMIT_PER_MINUTE: "1000",
        ...env(),
      },
      { buildDir, inheritOutput: true },
    );
    own.baseUrl = server.baseUrl;
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  return own;
}
