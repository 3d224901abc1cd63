import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterEach, expect, it } from "vitest";
import { unusedPort } from "../../tests/support/mail-sink";
import { projectRoot, startServer, type ListeningServer } from "../../tests/support/server-process";
import { writeSiteFixture } from "../../tests/support/test-app";

const run = promisify(execFile);
/** The units' ExecStartPost, from source. */
const waitReady = (port: string, seconds: string) =>
  run(process.execPath, ["--import", "tsx", "server/cli/wait-ready.ts", seconds], {
    cwd: projectRoot,
    env: { PATH: process.env.PATH ?? "", HOST: "127.0.0.1", PORT: port },
  }).then(
    () => 0,
    (error: { code?: number }) => error.code ?? -1,
  );

let dir: string | undefined;
let server: ListeningServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
  if (dir) await rm(dir, { recursive: true, force: true });
});

it("the units' start check passes once the instance is ready, and fails when nothing listens", async () => {
  dir = await mkdtemp(join(tmpdir(), "collarise-wait-ready-"));
  server = await startServer({
    SITE_DIR: await writeSiteFixture(dir),
    DATABASE_URL: `sqlite:${join(dir, "site.db")}`,
  });
  expect(await waitReady(new URL(server.baseUrl).port, "5")).toBe(0);
  expect(await waitReady(String(await unusedPort()), "1")).toBe(1);
}, 30_000);
