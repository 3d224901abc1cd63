import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { retailersEnquiry } from "../../tests/support/enquiry-bodies";
import { killServer, startServer, type ListeningServer } from "../../tests/support/server-process";
import { writeSiteFixture } from "../../tests/support/test-app";
import { OPS_PATHS } from "./index";

let dir: string | undefined;
let server: ListeningServer | undefined;
afterEach(async () => {
  await killServer(server);
  server = undefined;
  if (dir) await rm(dir, { recursive: true, force: true });
});

it("on SIGTERM says not ready at once, goes on serving for SHUTDOWN_DRAIN_SECONDS, then exits cleanly", async () => {
  dir = await mkdtemp(join(tmpdir(), "collarise-drain-"));
  const siteDir = await writeSiteFixture(dir);
  server = await startServer({
    SITE_DIR: siteDir,
    DATABASE_URL: `sqlite:${join(dir, "site.db")}`,
    SHUTDOWN_DRAIN_SECONDS: "3",
  });
  const url = (path: string) => `${server!.baseUrl}${path}`;
  expect((await fetch(url(OPS_PATHS.ready))).status).toBe(200);

  server.child.kill("SIGTERM");
  const stoppingAt = Date.now();
  // The signal is handled within moments; from then on /readyz says 503.
  let ready = await fetch(url(OPS_PATHS.ready));
  while (ready.status === 200 && Date.now() - stoppingAt < 2_000) ready = await fetch(url(OPS_PATHS.ready));
  expect(ready.status).toBe(503);
  expect(await ready.json()).toMatchObject({ status: "not ready", reasons: ["shutting down"] });
  // Still live and still taking enquiries while the load balancer notices.
  expect((await fetch(url(OPS_PATHS.live))).status).toBe(200);
  const enquiry = await fetch(url("/api/enquiries"), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(retailersEnquiry),
  });
  expect(enquiry.status).toBe(201);
  expect(Date.now() - stoppingAt).toBeLessThan(3_000);

  expect(await server.exited).toStrictEqual({ code: 0, signal: null });
  expect(Date.now() - stoppingAt).toBeGreaterThanOrEqual(3_000);
}, 30_000);
