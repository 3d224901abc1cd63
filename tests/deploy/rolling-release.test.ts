/**
 * A release put into service with deploy/release.sh while visitors keep coming: two compiled
 * instances on one Firestore (the emulator) and one Redis, behind Caddy running deploy/Caddyfile
 * with its shipped health settings, each instance draining for the SHUTDOWN_DRAIN_SECONDS of
 * deploy/collarise.env.example. The instances run from a `current` symlink to a release folder,
 * as the units do; the script switches it to a second release and restarts them one at a time
 * (through a restart command of the test's own, in place of `systemctl restart`), while a
 * bounded load asks for pages, their scripts and stylesheets, and sends enquiries through Caddy.
 *
 * The two releases differ as real ones do: each page carries an inline script and a hashed
 * script of its own release, so a page served with another release's CSP, or a page whose
 * scripts the instance answering the next request does not have, counts as a failure.
 */
import { execFile, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import {
  cp,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  readlink,
  rm,
  stat,
  symlink,
  writeFile,
} from "node:fs/promises";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENQUIRY_COLLECTION, IDEMPOTENCY_KEY_HEADER, PUBLIC_PAGES } from "../../domain/contract";
import type { Enquiry } from "../../domain/enquiry";
import { cspHash } from "../../server/security-headers";
import { executableInlineScripts } from "../../server/site/page-steps";
import { FirestoreStore } from "../../server/store";
import { startCaddy, type RunningCaddy } from "../support/caddy";
import { startFirestoreEmulatorProcess, type RunningEmulator } from "../support/firestore-emulator";
import { unusedPort } from "../support/mail-sink";
import { startRedisServer, type RunningRedis } from "../support/redis-server";
import { killServer, projectRoot, startServer, type ListeningServer } from "../support/server-process";

const run = promisify(execFile);
const buildDir = resolve(projectRoot, process.env.BUILD_DIR ?? "build");
const releaseScript = join(projectRoot, "deploy/release.sh");
const PROJECT_ID = "demo-rolling-release";

/** The load's bounds: it stops when the release is done, and never goes past these. */
const MAX_REQUESTS = 3_000;
const LOAD_DEADLINE_MS = 180_000;
const LOAD_WORKERS = 2;
/** A worker's pause between two visits: a steady load, not a flood, on a shared machine. */
const VISIT_PAUSE_MS = 100;

const ASSET_PATH = /\/assets\/[A-Za-z0-9._-]+\.(?:js|css|woff2)/g;

/** The value the shipped env file sets, which the units read. */
async function shippedSetting(name: string): Promise<string> {
  const text = await readFile(join(projectRoot, "deploy/collarise.env.example"), "utf8");
  const value = new RegExp(`^${name}=(.*)$`, "m").exec(text)?.[1];
  if (value === undefined) throw new Error(`deploy/collarise.env.example sets no ${name}`);
  return value.trim();
}

/** Every file under `dir`, relative to it. */
async function filesUnder(dir: string): Promise<string[]> {
  return (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1));
}

/**
 * A release folder as docs/deployment.md has it (its build, its package.json, its dependencies),
 * whose pages carry an inline script and a hashed script naming the release.
 */
async function makeRelease(root: string, name: string): Promise<string> {
  const folder = join(root, "releases", name);
  await mkdir(folder, { recursive: true });
  await cp(buildDir, join(folder, "build"), { recursive: true });
  await cp(join(projectRoot, "package.json"), join(folder, "package.json"));
  // The dependencies an `npm ci --omit=dev` would install (production-install.test.ts checks that).
  await symlink(join(projectRoot, "node_modules"), join(folder, "node_modules"));
  const site = join(folder, "build/client");
  await writeFile(
    join(site, "assets", markerAsset(name).slice("/assets/".length)),
    `window.releaseAsset="${name}";\n`,
  );
  for (const file of await filesUnder(site)) {
    if (!file.endsWith(".html")) continue;
    const path = join(site, file);
    const html = await readFile(path, "utf8");
    const marked = html.replace(
      "</head>",
      `<script>window.release="${name}"</script><script type="module" src="${markerAsset(name)}"></script></head>`,
    );
    await writeFile(path, marked);
    // The precompressed copies would be served first, unmarked.
    await rm(`${path}.br`, { force: true });
    await rm(`${path}.gz`, { force: true });
  }
  return folder;
}

const markerAsset = (release: string) => `/assets/release-${release}-a1b2c3d4.js`;

function enquiryFrom(name: string): Enquiry {
  return {
    Name: name,
    Email: "buyer@example.in",
    Mobile: "9876543210",
    Quantity: 3,
    RetailerSelfUse: "Retailer",
  };
}

// --- The deployment -----------------------------------------------------------------------------

let root: string;
let current: string;
let releaseOne: string;
let releaseTwo: string;
let emulator: RunningEmulator;
let redis: RunningRedis;
let caddy: RunningCaddy;
let control: Server;
let controlPort: number;
let store: FirestoreStore;
const instances = new Map<string, ListeningServer>();
/** How each stopped instance ended: 0 after a drain and a clean close. */
const stopExits: { port: string; code: number | null; signal: string | null }[] = [];
let instanceEnv: Record<string, string>;

/** Starts an instance the way its unit does: in the folder `current` points to, now. */
async function startInstance(port: string): Promise<ListeningServer> {
  const instance = await startServer(
    { ...instanceEnv, PORT: port },
    { buildDir: "build", cwd: current, timeoutMs: 60_000 },
  );
  instances.set(port, instance);
  return instance;
}

/** `systemctl restart` for the test's instances: stop (SIGTERM, the drain, the close), then start. */
async function restartInstance(port: string): Promise<void> {
  const instance = instances.get(port);
  if (!instance) throw new Error(`No instance on port ${port}`);
  await instance.stop();
  const { code, signal } = await instance.exited;
  stopExits.push({ port, code, signal });
  await startInstance(port);
}

beforeAll(async () => {
  await stat(join(buildDir, "server/main.js")).catch(() => {
    throw new Error(`No build in ${buildDir}: run npm run build first (npm test does).`);
  });
  root = await mkdtemp(join(tmpdir(), "collarise-release-"));
  [releaseOne, releaseTwo] = await Promise.all([makeRelease(root, "one"), makeRelease(root, "two")]);
  current = join(root, "current");
  await symlink(releaseOne, current);

  [emulator, redis] = await Promise.all([startFirestoreEmulatorProcess(), startRedisServer()]);
  process.env.FIRESTORE_EMULATOR_HOST = emulator.host;
  process.env.METADATA_SERVER_DETECTION = "none";
  store = await FirestoreStore.open({
    projectId: PROJECT_ID,
    enquiryCollection: ENQUIRY_COLLECTION,
    deadlineMs: 10_000,
  });

  const proxyPort = await unusedPort();
  instanceEnv = {
    PUBLIC_URL: `http://127.0.0.1:${proxyPort}`,
    DATABASE_URL: `firestore://${PROJECT_ID}`,
    FIRESTORE_EMULATOR_HOST: emulator.host,
    METADATA_SERVER_DETECTION: "none",
    REDIS_URL: redis.url,
    TRUST_PROXY: "1",
    // Every visit comes from one address here: the per-address limit is not what is tested.
    RATE_LIMIT_PER_MINUTE: "100000",
    SHUTDOWN_DRAIN_SECONDS: await shippedSetting("SHUTDOWN_DRAIN_SECONDS"),
    LOG_LEVEL: "warn",
  };
  const ports = [String(await unusedPort()), String(await unusedPort())];
  await Promise.all(ports.map(startInstance));
  caddy = await startCaddy(
    ports.map((port) => `127.0.0.1:${port}`),
    { port: proxyPort, admin: true },
  );

  // The restart command the script runs: `curl -X POST .../restart/<port>` answers once restarted.
  control = createServer((request, response) => {
    const port = /^\/restart\/(\d+)$/.exec(request.url ?? "")?.[1];
    if (request.method !== "POST" || !port) return response.writeHead(404).end();
    restartInstance(port).then(
      () => response.writeHead(200).end("restarted\n"),
      (error: unknown) => response.writeHead(500).end(`${String(error)}\n`),
    );
  });
  controlPort = await unusedPort();
  await new Promise<void>((listening) => control.listen(controlPort, "127.0.0.1", listening));
}, 240_000);

afterAll(async () => {
  await new Promise((closed) => (control ? control.close(closed) : closed(undefined)));
  await caddy?.stop();
  await Promise.all([...instances.values()].map((instance) => instance.stop()));
  await Promise.all([...instances.values()].map((instance) => killServer(instance)));
  await store?.close();
  await redis?.stop();
  await emulator?.stop();
  if (root) await rm(root, { recursive: true, force: true });
}, 60_000);

// --- The load -----------------------------------------------------------------------------------

interface Failure {
  what: string;
  answer: string;
  atMs: number;
}

interface Load {
  requests: number;
  pages: number;
  assets: number;
  enquiries: number;
  failures: Failure[];
  /** The enquiries acknowledged (201), by the id answered. */
  acknowledged: string[];
  /** When each answered request ended, in ms since the load began. */
  answeredAt: number[];
}

/** Visits through Caddy until `done()` says stop, or a bound is reached. */
async function runLoad(done: () => boolean, startedAt: number): Promise<Load> {
  const load: Load = {
    requests: 0,
    pages: 0,
    assets: 0,
    enquiries: 0,
    failures: [],
    acknowledged: [],
    answeredAt: [],
  };
  const deadline = Date.now() + LOAD_DEADLINE_MS;
  const now = () => Date.now() - startedAt;
  const fail = (what: string, answer: string) => load.failures.push({ what, answer, atMs: now() });

  /** One request through Caddy; its answer when it has the status expected, or undefined. */
  async function ask(what: string, path: string, expected: number, init?: RequestInit) {
    load.requests += 1;
    try {
      const response = await fetch(`${caddy.baseUrl}${path}`, {
        ...init,
        signal: AbortSignal.timeout(15_000),
      });
      const body = await response.text();
      if (response.status !== expected) {
        fail(`${what} ${path}`, `${response.status} ${body.slice(0, 120)}`);
        return undefined;
      }
      load.answeredAt.push(now());
      return { response, body };
    } catch (error) {
      fail(`${what} ${path}`, String(error));
      return undefined;
    }
  }

  async function visitor(worker: number) {
    for (let visit = 0; !done() && load.requests < MAX_REQUESTS && Date.now() < deadline; visit++) {
      const path = PUBLIC_PAGES[(visit + worker) % PUBLIC_PAGES.length]!;
      load.pages += 1;
      const page = await ask("page", path, 200);
      if (page) {
        // The inline scripts it runs must be the ones its own CSP allows (the instance's release).
        const csp = page.response.headers.get("content-security-policy") ?? "";
        for (const text of executableInlineScripts(page.body)) {
          if (text && !csp.includes(cspHash(text)))
            fail(`page ${path}`, `inline script not allowed by its CSP: ${text.slice(0, 60)}`);
        }
        // Its release's own script, and two more of its assets in turn: wherever Caddy sends them.
        const assets = [...new Set(page.body.match(ASSET_PATH) ?? [])];
        const marker = assets.find((asset) => asset.startsWith("/assets/release-"));
        if (!marker) fail(`page ${path}`, "no release script in the page");
        const others = assets.filter((asset) => asset !== marker);
        for (const asset of [marker, others[visit % others.length], others[(visit + 1) % others.length]]) {
          if (!asset) continue;
          load.assets += 1;
          await ask("asset", asset, 200);
        }
      }
      if (visit % 2 === 0) {
        load.enquiries += 1;
        const answer = await ask("enquiry", "/api/enquiries", 201, {
          method: "POST",
          headers: { "content-type": "application/json", [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
          body: JSON.stringify(enquiryFrom(`Release Buyer ${worker}-${visit}`)),
        });
        if (answer) load.acknowledged.push(String((JSON.parse(answer.body) as { id: unknown }).id));
      }
      await new Promise((resolve) => setTimeout(resolve, VISIT_PAUSE_MS));
    }
  }

  await Promise.all(Array.from({ length: LOAD_WORKERS }, (_, worker) => visitor(worker)));
  return load;
}

// --- The tests ----------------------------------------------------------------------------------

describe("deploy/release.sh", () => {
  it("explains itself with --help", async () => {
    const { stdout } = await run("bash", [releaseScript, "--help"]);
    expect(stdout).toContain("Usage: release.sh [options] RELEASE_DIR");
    expect(stdout).toContain("--restart-command");
  });

  it("refuses a release folder without its build, and leaves the symlink where it was", async () => {
    const unbuilt = join(root, "releases", "unbuilt");
    await mkdir(unbuilt, { recursive: true });
    const refused = await run("bash", [
      releaseScript,
      "--current",
      current,
      "--restart-command",
      "false",
      unbuilt,
    ]).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(refused?.code).toBe(1);
    expect(refused?.stderr).toContain("has no build/server/main.js");
    expect(await readlink(current)).toBe(releaseOne);
  });

  it("puts a new release into service on two instances under load with no failed request", async () => {
    const ports = [...instances.keys()];
    const startedAt = Date.now();
    const script = spawn(
      "bash",
      [
        releaseScript,
        "--current",
        current,
        "--instances",
        ports.join(" "),
        "--restart-command",
        `curl -fsS -X POST http://127.0.0.1:${controlPort}/restart/{port}`,
        "--caddy-admin",
        caddy.adminUrl!,
        releaseTwo,
      ],
      // The script asks Caddy's admin API with node: the one running this test.
      { env: { ...process.env, PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ""}` } },
    );
    let output = "";
    /** When the script said each line, in ms since the load began. */
    const said: { atMs: number; line: string }[] = [];
    for (const stream of [script.stdout, script.stderr]) {
      stream.setEncoding("utf8").on("data", (chunk: string) => {
        output += chunk;
        for (const line of chunk.split("\n").filter(Boolean))
          said.push({ atMs: Date.now() - startedAt, line });
      });
    }
    let finished = false;
    const exited = new Promise<number | null>((resolve) =>
      script.once("exit", (code) => {
        finished = true;
        resolve(code);
      }),
    );

    const load = await runLoad(() => finished, startedAt);
    const exitCode = await exited;
    const finishedAtMs = Date.now() - startedAt;

    const summary = `${load.requests} requests (${load.pages} pages, ${load.assets} assets, ${load.enquiries} enquiries) over ${(finishedAtMs / 1000).toFixed(1)} s, ${load.failures.length} failed`;
    console.info(`Rolling release: ${summary}\n${output}`);

    expect(exitCode, output).toBe(0);
    expect(load.failures, summary).toEqual([]);
    // The load lasted the whole release and reached the site during each instance's restart.
    expect(load.requests).toBeLessThan(MAX_REQUESTS);
    for (const port of ports) {
      const from = said.find((entry) => entry.line === `Restarting the instance on port ${port}`)?.atMs;
      const to = said.find((entry) => entry.line.startsWith(`The instance on port ${port} runs`))?.atMs;
      expect(from, output).toBeDefined();
      expect(to, output).toBeDefined();
      expect(load.answeredAt.filter((at) => at > from! && at < to!).length).toBeGreaterThan(10);
    }

    // Each instance was drained and closed cleanly, and now runs the new release.
    expect(stopExits).toEqual(ports.map((port) => ({ port, code: 0, signal: null })));
    expect(await readlink(current)).toBe(releaseTwo);
    for (const instance of instances.values()) {
      expect(await readlink(`/proc/${instance.pid}/cwd`)).toBe(releaseTwo);
    }
    const home = await (await fetch(`${caddy.baseUrl}/`)).text();
    expect(home).toContain('window.release="two"');
    // A page of the old release, still open in a browser, finds its script.
    expect((await fetch(`${caddy.baseUrl}${markerAsset("one")}`)).status).toBe(200);

    // Every acknowledged enquiry is stored, once, and nothing unacknowledged was stored.
    expect(load.acknowledged.length).toBe(load.enquiries);
    const stored = (await store.enquiries.list()).filter((entry) =>
      entry.enquiry.Name?.startsWith("Release Buyer"),
    );
    expect(stored.map((entry) => entry.id).sort()).toEqual([...load.acknowledged].sort());
  }, 300_000);
});
