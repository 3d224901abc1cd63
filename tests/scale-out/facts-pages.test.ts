/**
 * A publication of the company's facts reaches the public pages of every instance without a
 * restart: two compiled instances on one database (a SQLite file; the Firestore emulator), the
 * facts published through the store as the console does, and both serve the new `/`, `/hi` and
 * both privacy policies, each with its brotli and gzip twins, within a minute.
 */
import { execFileSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENQUIRY_COLLECTION, PUBLIC_PAGES } from "../../domain/contract";
import { FirestoreStore } from "../../server/store";
import { SqliteStore } from "../../server/store";
import type { Store } from "../../server/store/store";
import { CHANGED_FACTS, CHANGED_PAGE_TEXTS } from "../support/changed-facts";
import { startFirestoreEmulatorProcess, type RunningEmulator } from "../support/firestore-emulator";
import { startRedisServer, type RunningRedis } from "../support/redis-server";
import { projectRoot, startServer, type ListeningServer } from "../support/server-process";

const buildDir = resolve(projectRoot, process.env.BUILD_DIR ?? "build");
/** The longest a publication may take to reach every instance's pages. */
const WITHIN_MS = 60_000;

/** A page as a browser asking for `encoding` gets it: the status, the encoding served and the decoded text. */
function getPage(baseUrl: string, path: string, encoding: "br" | "gzip" | "identity") {
  return new Promise<{ status: number; encoding: string | undefined; text: string }>(
    (resolvePage, reject) => {
      const req = request(`${baseUrl}${path}`, { headers: { "accept-encoding": encoding } }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const body = Buffer.concat(chunks);
          const served = response.headers["content-encoding"];
          const text =
            served === "br" ? brotliDecompressSync(body) : served === "gzip" ? gunzipSync(body) : body;
          resolvePage({ status: response.statusCode ?? 0, encoding: served, text: text.toString("utf8") });
        });
      });
      req.on("error", reject);
      req.end();
    },
  );
}

/** Whether every page of `instance` states the new facts in every encoding. */
async function servesNewFacts(instance: ListeningServer): Promise<boolean> {
  for (const path of PUBLIC_PAGES) {
    for (const encoding of ["br", "gzip", "identity"] as const) {
      const page = await getPage(instance.baseUrl, path, encoding);
      if (!page.text.includes(CHANGED_PAGE_TEXTS.phone)) return false;
    }
  }
  return true;
}

interface Deployment {
  name: string;
  start(): Promise<{ env: Record<string, string>; store: Store }>;
  stop(): Promise<void>;
}

function sqliteDeployment(): Deployment {
  let dir = "";
  return {
    name: "SQLite",
    async start() {
      dir = await mkdtemp(join(tmpdir(), "collarise-facts-pages-"));
      const path = join(dir, "site.db");
      const store = await SqliteStore.open({ path, enquiryCollection: ENQUIRY_COLLECTION });
      return { env: { DATABASE_URL: `sqlite:${path}`, PAGES_DIR: join(dir, "pages") }, store };
    },
    stop: () => rm(dir, { recursive: true, force: true }),
  };
}

function firestoreDeployment(): Deployment {
  let emulator: RunningEmulator | undefined;
  let redis: RunningRedis | undefined;
  let dir = "";
  const previousHost = process.env.FIRESTORE_EMULATOR_HOST;
  return {
    name: "Firestore (emulator)",
    async start() {
      // Instances on Firestore count the per-address limits together, in Redis.
      [emulator, redis] = await Promise.all([startFirestoreEmulatorProcess(), startRedisServer()]);
      process.env.FIRESTORE_EMULATOR_HOST = emulator.host;
      dir = await mkdtemp(join(tmpdir(), "collarise-facts-pages-"));
      const projectId = "demo-facts-pages";
      const store = await FirestoreStore.open({
        projectId,
        enquiryCollection: ENQUIRY_COLLECTION,
        deadlineMs: 10_000,
      });
      return {
        env: {
          DATABASE_URL: `firestore://${projectId}`,
          FIRESTORE_EMULATOR_HOST: emulator.host,
          METADATA_SERVER_DETECTION: "none",
          REDIS_URL: redis.url,
          PAGES_DIR: join(dir, "pages"),
        },
        store,
      };
    },
    async stop() {
      await emulator?.stop();
      await redis?.stop();
      if (previousHost === undefined) delete process.env.FIRESTORE_EMULATOR_HOST;
      else process.env.FIRESTORE_EMULATOR_HOST = previousHost;
      await rm(dir, { recursive: true, force: true });
    },
  };
}

describe.each([sqliteDeployment(), firestoreDeployment()])("two instances on $name", (deployment) => {
  let instances: ListeningServer[] = [];
  let store: Store;

  beforeAll(async () => {
    // The compiled server, as production runs it: built first where there is none (`npm test` builds).
    execFileSync(process.execPath, ["--import", "tsx", "scripts/ensure-build.ts"], {
      cwd: projectRoot,
      stdio: "inherit",
    });
    const started = await deployment.start();
    store = started.store;
    const env = {
      ...started.env,
      SITE_DIR: join(buildDir, "client"),
      // Each instance asks every 2 s, so the test need not wait the 30 s of production.
      COMPANY_FACTS_POLL_SECONDS: "2",
      LOG_LEVEL: "info",
    };
    instances = await Promise.all([
      startServer(env, { buildDir, timeoutMs: 60_000 }),
      startServer(env, { buildDir, timeoutMs: 60_000 }),
    ]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    await store?.close();
    await deployment.stop();
  }, 60_000);

  it("both serve the newly published facts on every page, in brotli, gzip and plain, without a restart", async () => {
    // Never published: the build's pages, with the placeholder company.
    for (const instance of instances) {
      const home = await getPage(instance.baseUrl, "/", "br");
      expect(home).toMatchObject({ status: 200, encoding: "br" });
      expect(home.text).toContain(CHANGED_PAGE_TEXTS.placeholderPhone);
    }

    const published = await store.companyFacts.publish({
      facts: CHANGED_FACTS,
      baseVersion: null,
      by: "owner@example.com",
      now: new Date(),
    });
    expect(published).toMatchObject({ version: 1 });

    const deadline = Date.now() + WITHIN_MS;
    for (const instance of instances) {
      while (!(await servesNewFacts(instance))) {
        if (Date.now() > deadline)
          throw new Error(`${instance.baseUrl} still serves the old facts after ${WITHIN_MS} ms`);
        await new Promise((wait) => setTimeout(wait, 250));
      }
    }

    for (const instance of instances) {
      for (const path of PUBLIC_PAGES) {
        const language = path.startsWith("/hi") ? "hi" : "en";
        const brotli = await getPage(instance.baseUrl, path, "br");
        const gzip = await getPage(instance.baseUrl, path, "gzip");
        const plain = await getPage(instance.baseUrl, path, "identity");
        expect(brotli).toMatchObject({ status: 200, encoding: "br" });
        expect(gzip).toMatchObject({ status: 200, encoding: "gzip" });
        expect(plain.encoding).toBeUndefined();
        // One page, three encodings of it.
        expect(brotli.text).toBe(plain.text);
        expect(gzip.text).toBe(plain.text);
        expect(plain.text).toContain(CHANGED_PAGE_TEXTS.street[language]);
        expect(plain.text).not.toContain(CHANGED_PAGE_TEXTS.placeholderPhone);
      }
      expect(instance.child.exitCode).toBeNull();
    }
  }, 120_000);
});
