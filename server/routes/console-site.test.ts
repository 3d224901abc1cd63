import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { consoleSiteMessages } from "./console-site";
import { writeSiteFixture } from "../../tests/support/test-app";
import { CONSOLE_APP } from "../../domain/console-app";
import { consoleManifest } from "../../console/app-manifest";

const CONSOLE_HTML = `<!doctype html><html lang="en"><head><title>Console</title><script type="module" src="/admin/assets/main-abc123.js"></script></head><body><div id="root"></div></body></html>`;

let dir: string | undefined;
let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
  close = undefined;
});

async function start({ withConsole }: { withConsole: boolean }) {
  dir = await mkdtemp(join(tmpdir(), "console-site-"));
  const siteDir = await writeSiteFixture(dir);
  if (withConsole) {
    await mkdir(join(dir, "console", "assets"), { recursive: true });
    await writeFile(join(dir, "console", "index.html"), CONSOLE_HTML);
    await writeFile(join(dir, "console", "assets", "main-abc123.js"), "console.log('console');\n");
    await writeFile(join(dir, "console", "sw.js"), "self.addEventListener('push', () => {});\n");
    await writeFile(join(dir, "console", "manifest.webmanifest"), JSON.stringify(consoleManifest));
  }
  const app = await buildApp({
    config: loadConfig({
      SITE_DIR: siteDir,
      DATABASE_URL: `sqlite:${join(dir, "site.db")}`,
      LOG_LEVEL: "silent",
    }),
  });
  await app.ready();
  close = () => app.close();
  return app;
}

describe("the console's pages", () => {
  test("/admin and every path under it get the console's page, never cached nor indexed", async () => {
    const app = await start({ withConsole: true });
    for (const url of ["/admin", "/admin/sign-in", "/admin/enquiries/1234", "/admin/staff"]) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-type"]).toMatch(/^text\/html/);
      expect(response.headers["cache-control"]).toBe("no-store");
      expect(response.headers["x-robots-tag"]).toBe("noindex");
      expect(response.body).toBe(CONSOLE_HTML);
    }
  });

  test("its hashed assets are cached for a year, and the public pages hold nothing of it", async () => {
    const app = await start({ withConsole: true });
    const asset = await app.inject({ url: "/admin/assets/main-abc123.js" });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect((await app.inject({ url: "/admin/assets/missing.js" })).statusCode).toBe(404);
    const home = await app.inject({ url: "/" });
    expect(home.body).not.toContain("/admin");
    expect(home.body).toBe(await readFile(join(dir as string, "site", "index.html"), "utf8"));
  });

  test("its service worker covers /admin and keeps its own CSP; its manifest is the console's; both revalidated", async () => {
    const app = await start({ withConsole: true });
    const worker = await app.inject({ url: CONSOLE_APP.serviceWorker });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers["content-type"]).toMatch(/^(text|application)\/javascript/);
    expect(worker.headers["service-worker-allowed"]).toBe("/admin");
    expect(worker.headers["cache-control"]).toBe("no-cache");
    // A worker's own CSP governs it: it may reach this server only.
    expect(worker.headers["content-security-policy"]).toContain("connect-src 'self'");
    const manifest = await app.inject({ url: CONSOLE_APP.manifest });
    expect(manifest.headers["content-type"]).toMatch(/^application\/manifest\+json/);
    expect(manifest.json()).toMatchObject({ scope: "/admin", start_url: "/admin", display: "standalone" });
    // Other scripts still go without the document headers.
    const asset = await app.inject({ url: "/admin/assets/main-abc123.js" });
    expect(asset.headers["content-security-policy"]).toBeUndefined();
  });

  test("an unbuilt console says how to build it", async () => {
    const app = await start({ withConsole: false });
    const response = await app.inject({ url: "/admin" });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ error: consoleSiteMessages.notBuilt });
    expect(response.headers["cache-control"]).toBe("no-store");
  });
});
