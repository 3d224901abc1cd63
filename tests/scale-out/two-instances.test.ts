/**
 * Two compiled instances on one Firestore (the emulator), started at the same moment, behind
 * Caddy with the project's own deploy/Caddyfile, sharing one Redis for the per-address limits and
 * mailing through a real SMTP conversation. Everything is asked through the proxy, as visitors do.
 *
 * The instances start and run beside a busy loop on every core: a loaded CI machine once saw an
 * enquiry mailed twice here, so the exactly-once checks are made where leases and timeouts run
 * late. The loops begin once the emulator holds the data the instances start on: what only sets
 * up the run need not wait on them.
 *
 * Each test sends from loopback addresses of its own (127.x.y.z: Caddy sees each as a client of
 * its own), so one test's requests never count against another's limit.
 */
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { request } from "node:http";
import { deleteApp, initializeApp, type App } from "firebase-admin/app";
import { getFirestore, type Firestore } from "firebase-admin/firestore";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_API_PREFIX } from "../../domain/console";
import { ENQUIRY_COLLECTION, IDEMPOTENCY_KEY_HEADER } from "../../domain/contract";
import type { Enquiry } from "../../domain/enquiry";
import { FirestoreStore } from "../../server/store";
import { startBusyLoops, type BusyLoops } from "../support/busy-loops";
import { startCaddy, type RunningCaddy } from "../support/caddy";
import { startFirestoreEmulatorProcess, type RunningEmulator } from "../support/firestore-emulator";
import { startMailSink, unusedPort, type MailSink } from "../support/mail-sink";
import { startRedisServer, type RunningRedis } from "../support/redis-server";
import { killServer, projectRoot, startServer, type ListeningServer } from "../support/server-process";
import { startTcpGate, type TcpGate } from "../support/tcp-gate";

const PROJECT_ID = "demo-scale-out";
const LIMIT = 10;
/** Short, so the run goes on past it: what one instance claimed is another's after this. */
const LEASE_SECONDS = 4;
/**
 * The quiet between two batches: four leases, so that every claim made before it has run out and
 * a claim that read the sent or leased notifications first would find nothing else. The outbox's
 * hour of quiet is run on a controlled clock (tests/reliability/outbox-firestore.test.ts).
 */
const QUIET_SECONDS = LEASE_SECONDS * 4;
const SEND_TIMEOUT_SECONDS = 2;
/** The closed enquiries the first retention sweep of both instances finds at once. */
const CLOSED_ENQUIRIES = 30;

let emulator: RunningEmulator;
let redis: RunningRedis;
let sink: MailSink;
let gate: TcpGate;
let caddy: RunningCaddy;
let instances: ListeningServer[] = [];
let firebase: App;
let db: Firestore;
let store: FirestoreStore;
let busy: BusyLoops | undefined;

// --- Clients, each on a loopback address of its own -------------------------------------------

let nextClient = 0;
/** A loopback address no other request of this run has used. */
function newClient(): string {
  nextClient += 1;
  return `127.${20 + Math.floor(nextClient / 250)}.${nextClient % 250}.${1 + (nextClient % 200)}`;
}

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/** A POST of JSON through the proxy, from `from`. */
function post(path: string, payload: unknown, from: string, headers: Record<string, string> = {}) {
  const body = JSON.stringify(payload);
  return new Promise<Answer>((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port: caddy.port,
        path,
        method: "POST",
        localAddress: from,
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          ...headers,
        },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8").on("data", (chunk: string) => (text += chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
          }),
        );
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

function enquiryFrom(name: string): Enquiry {
  return {
    Name: name,
    Email: "buyer@example.in",
    Mobile: "9876543210",
    Quantity: 3,
    RetailerSelfUse: "Retailer",
  };
}

const postEnquiry = (enquiry: Enquiry, from: string, headers: Record<string, string> = {}) =>
  post("/api/enquiries", enquiry, from, headers);

// --- What the test reads behind the servers' backs ----------------------------------------------

/** Waits for `condition`, checking every 100 ms; fails with `what` after `timeoutMs`. */
async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Waited ${timeoutMs} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** How many mails arrived for each enquiry id. */
function mailsPerEnquiry(): Map<string, number> {
  const counts = new Map<string, number>();
  for (const mail of sink.mails) {
    if (mail.enquiryId) counts.set(mail.enquiryId, (counts.get(mail.enquiryId) ?? 0) + 1);
  }
  return counts;
}

async function pendingFor(ids: readonly string[]) {
  const snapshot = await db.collection("notifications").where("status", "==", "pending").get();
  return snapshot.docs.filter((doc) => ids.includes(String(doc.get("enquiryId"))));
}

/** Waits until every enquiry in `ids` was mailed and none waits in the outbox; then counts. */
async function mailedOnce(ids: readonly string[], timeoutMs: number) {
  await until(
    async () => {
      const counts = mailsPerEnquiry();
      return ids.every((id) => (counts.get(id) ?? 0) >= 1) && (await pendingFor(ids)).length === 0;
    },
    `${ids.length} enquiries mailed`,
    timeoutMs,
  );
  await sink.idle();
  const counts = mailsPerEnquiry();
  return ids.map((id) => counts.get(id) ?? 0);
}

/** The instance's worker id, from the line it logs at start. */
function workerIdOf(instance: ListeningServer): string {
  for (const line of instance.output().stdout.split("\n")) {
    if (!line.includes("enquiry notifications on")) continue;
    const workerId = (JSON.parse(line) as { workerId?: string }).workerId;
    if (workerId) return workerId;
  }
  throw new Error("The instance logged no worker id");
}

/** How many enquiries an instance was asked to store, from its request log. */
function enquiryPostsSeenBy(instance: ListeningServer): number {
  return instance
    .output()
    .stdout.split("\n")
    .filter((line) => line.includes('"method":"POST"') && line.includes('"url":"/api/enquiries"')).length;
}

// --- Set-up -------------------------------------------------------------------------------------

beforeAll(async () => {
  // The compiled server, as production runs it: built first where there is none (`npm test` builds).
  execFileSync(process.execPath, ["--import", "tsx", "scripts/ensure-build.ts"], {
    cwd: projectRoot,
    stdio: "inherit",
  });
  [emulator, redis, sink] = await Promise.all([
    startFirestoreEmulatorProcess(),
    startRedisServer(),
    startMailSink(),
  ]);
  gate = await startTcpGate(sink.port);
  process.env.FIRESTORE_EMULATOR_HOST = emulator.host;
  process.env.METADATA_SERVER_DETECTION = "none";
  firebase = initializeApp({ projectId: PROJECT_ID }, `scale-out-${randomUUID()}`);
  db = getFirestore(firebase);
  store = await FirestoreStore.open({
    projectId: PROJECT_ID,
    enquiryCollection: ENQUIRY_COLLECTION,
    deadlineMs: 10_000,
  });

  // Closed a long time ago: the first retention sweep erases them.
  for (let i = 0; i < CLOSED_ENQUIRIES; i++) {
    const { id } = await store.enquiries.add(enquiryFrom(`Closed Long Ago ${i}`));
    await store.work.changeStatus(id, {
      to: "Fulfilled",
      expectedVersion: 0,
      staffEmail: "owner@example.com",
      at: new Date("2020-01-01T00:00:00Z"),
    });
  }

  // Visitors reach the site through Caddy: its address is the site's public one.
  const proxyPort = await unusedPort();
  const env = {
    PUBLIC_URL: `http://127.0.0.1:${proxyPort}`,
    DATABASE_URL: `firestore://${PROJECT_ID}`,
    FIRESTORE_EMULATOR_HOST: emulator.host,
    METADATA_SERVER_DETECTION: "none",
    REDIS_URL: redis.url,
    TRUST_PROXY: "1",
    RATE_LIMIT_PER_MINUTE: String(LIMIT),
    SMTP_URL: `smtp://127.0.0.1:${gate.port}`,
    NOTIFY_TO: "orders@collarise.example",
    NOTIFY_TIMEOUT_SECONDS: String(SEND_TIMEOUT_SECONDS),
    OUTBOX_LEASE_SECONDS: String(LEASE_SECONDS),
    LOG_LEVEL: "info",
  };
  busy = startBusyLoops();
  // At the same moment, on an empty database but for the closed enquiries.
  instances = await Promise.all([
    startServer(env, { buildDir: "build", timeoutMs: 60_000 }),
    startServer(env, { buildDir: "build", timeoutMs: 60_000 }),
  ]);
  caddy = await startCaddy(
    instances.map((instance) => new URL(instance.baseUrl).host),
    { port: proxyPort },
  );
}, 240_000);

afterAll(async () => {
  await busy?.stop();
  await caddy?.stop();
  await Promise.all(instances.map((instance) => instance.stop()));
  await store?.close();
  if (firebase) await deleteApp(firebase);
  await gate?.stop();
  await sink?.close();
  await redis?.stop();
  await emulator?.stop();
}, 60_000);

// --- The tests, in the order a run goes through -------------------------------------------------

describe("two instances on Firestore behind Caddy", () => {
  it("sweep at the same time and record one activity entry with the right counts", async () => {
    // Both sweep first RETENTION_FIRST_RUN_DELAY_MS after they listen: within moments of each other.
    await until(
      async () =>
        (await store.enquiries.list()).every((stored) => !stored.enquiry.Name?.startsWith("Closed")),
      "the closed enquiries erased",
      60_000,
    );
    // Both first sweeps are over once each has logged its counts, or that it found the sweep under
    // the other's lease.
    await until(
      () =>
        instances.every((instance) =>
          /expired personal data erased|another instance is sweeping/.test(instance.output().stdout),
        ),
      "both instances' first sweep",
      30_000,
    );
    const { items } = await store.activity.list({ limit: 50 });
    const sweeps = items.filter((entry) => entry.action === "retention-erased");
    expect(sweeps).toHaveLength(1);
    expect(sweeps[0]?.target).toContain(`enquiries ${CLOSED_ENQUIRIES}`);
  }, 120_000);

  it("spread enquiries over both instances and store and mail each exactly once", async () => {
    const clients = Array.from({ length: 6 }, newClient);
    const before = instances.map(enquiryPostsSeenBy);
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        postEnquiry(enquiryFrom(`Spread Buyer ${i}`), clients[i % clients.length]!),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(60).fill(201));
    const ids = answers.map((answer) => String(answer.body.id));
    // Round robin: each instance took a share.
    instances.forEach((instance, i) => expect(enquiryPostsSeenBy(instance)).toBeGreaterThan(before[i]!));

    expect(await mailedOnce(ids, 60_000)).toEqual(Array(60).fill(1));
    const stored = (await store.enquiries.list()).filter((entry) =>
      entry.enquiry.Name?.startsWith("Spread Buyer"),
    );
    expect(stored.map((entry) => entry.id).sort()).toEqual([...ids].sort());
  }, 90_000);

  it("count one address's enquiries once across both: RATE_LIMIT_PER_MINUTE in all, not twice", async () => {
    const client = newClient();
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT * 2; i++)
      statuses.push((await postEnquiry(enquiryFrom(`Limited Buyer ${i}`), client)).status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(LIMIT);
    expect(statuses.slice(LIMIT)).toEqual(Array(LIMIT).fill(429));
  }, 60_000);

  it("ignore a forged first X-Forwarded-For hop: enquiries and failed sign-ins count on the real client", async () => {
    const client = newClient();
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 3; i++) {
      const forged = { "x-forwarded-for": `10.1.1.${i + 1}` };
      statuses.push((await postEnquiry(enquiryFrom(`Forging Buyer ${i}`), client, forged)).status);
    }
    expect(statuses.filter((status) => status === 201)).toHaveLength(LIMIT);

    const signInClient = newClient();
    const signIns: number[] = [];
    for (let i = 0; i < 6; i++) {
      const answer = await post(
        `${ADMIN_API_PREFIX}/session`,
        { email: `guess${i}@example.com`, password: "not the password at all" },
        signInClient,
        { origin: caddy.baseUrl, "x-forwarded-for": `10.1.1.${i + 1}` },
      );
      signIns.push(answer.status);
    }
    expect(signIns).toEqual([401, 401, 401, 401, 401, 429]);
  }, 60_000);

  it("answer a repeated idempotency key, sent to both at once, with one enquiry mailed once", async () => {
    const client = newClient();
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        postEnquiry(enquiryFrom("Retrying Buyer"), client, { [IDEMPOTENCY_KEY_HEADER]: key }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(201));
    const ids = new Set(answers.map((answer) => String(answer.body.id)));
    expect(ids.size).toBe(1);
    const stored = (await store.enquiries.list()).filter((entry) => entry.enquiry.Name === "Retrying Buyer");
    expect(stored.map((entry) => entry.id)).toEqual([...ids]);
    expect(await mailedOnce([...ids], 30_000)).toEqual([1]);
  }, 60_000);

  it("mail every enquiry in a run that goes on past the lease and past a quiet of several leases", async () => {
    const firstBatch = await Promise.all(
      Array.from({ length: 8 }, (_, i) => postEnquiry(enquiryFrom(`Early Buyer ${i}`), newClient())),
    );
    const firstIds = firstBatch.map((answer) => String(answer.body.id));
    expect(await mailedOnce(firstIds, 30_000)).toEqual(Array(8).fill(1));

    // Quiet: every lease taken so far runs out several times over, nothing is sent.
    await new Promise((resolve) => setTimeout(resolve, QUIET_SECONDS * 1_000));

    const secondBatch = await Promise.all(
      Array.from({ length: 8 }, (_, i) => postEnquiry(enquiryFrom(`Late Buyer ${i}`), newClient())),
    );
    const secondIds = secondBatch.map((answer) => String(answer.body.id));
    expect(secondBatch.map((answer) => answer.status)).toEqual(Array(8).fill(201));
    expect(await mailedOnce(secondIds, 30_000)).toEqual(Array(8).fill(1));
  }, 120_000);

  it("mail what an instance held when it was killed with SIGKILL, once, from the other", async () => {
    const [survivor, doomed] = instances as [ListeningServer, ListeningServer];
    const doomedWorker = workerIdOf(doomed);
    // The mail server stops answering: whatever an instance claims now, it holds.
    gate.close();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => postEnquiry(enquiryFrom(`Interrupted Buyer ${i}`), newClient())),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(201));
    const ids = answers.map((answer) => String(answer.body.id));

    // Killed while it holds some of them (before its send times out and lets them go).
    let held: string[] = [];
    await until(
      async () => {
        held = (await pendingFor(ids))
          .filter((doc) => doc.get("claimedBy") === doomedWorker)
          .map((doc) => String(doc.get("enquiryId")));
        return held.length > 0;
      },
      "the doomed instance to claim some of the enquiries",
      15_000,
    );
    await killServer(doomed);
    gate.open();

    // The survivor takes them once the dead instance's lease runs out.
    expect(await mailedOnce(ids, LEASE_SECONDS * 1_000 + 30_000)).toEqual(Array(8).fill(1));
    expect(held.length).toBeGreaterThan(0);
    // And the proxy sends visitors to the survivor only.
    const after = await postEnquiry(enquiryFrom("After The Kill"), newClient());
    expect(after.status).toBe(201);
    expect(await mailedOnce([String(after.body.id)], 30_000)).toEqual([1]);
    expect(survivor.child.exitCode).toBeNull();
  }, 120_000);
});
