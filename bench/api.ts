/**
 * Enquiry throughput: autocannon against the real server in a process of its own on 127.0.0.1,
 * first GET /livez (the server's ceiling on this machine: answered from memory, through every hook
 * a request goes through, with no store call, so it cannot slow down with a backlog), then POST
 * /api/enquiries with a distinct valid body each time; then every answered enquiry is looked for
 * in the store.
 * Runs on the SQLite store (temp folder), then on the Firestore emulator in another process.
 *
 *   npx tsx bench/api.ts                  20 s per load at 50 connections
 *   BENCH_QUICK=1 npx tsx bench/api.ts    3 s per load, for development
 *   BENCH_STORES=sqlite npx tsx bench/api.ts   one store only (sqlite or firestore)
 *   BENCH_CONNECTIONS=1 npx tsx bench/api.ts   one request at a time: the latency of each alone
 *   BENCH_SCRAPE=/tmp/scrape npx tsx bench/api.ts   also keeps the loaded instance's /metrics
 */
import autocannon, { type Result } from "autocannon";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createStore } from "../server/store";
import { benchServerOptions, buildSite } from "./support/build";
import { distinctEnquiries, enquiryRequest } from "./support/enquiries";
import { formatCount, formatMB, formatTable, isMain, quick, type Row } from "./support/report";
import { startFirestoreEmulatorProcess } from "../tests/support/firestore-emulator";
import { type ListeningServer, startServer } from "../tests/support/server-process";

export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
export const DURATION_S = quick ? 3 : 20;
/** The server's memory is read once it has taken this many enquiries. */
export const MEMORY_AFTER_ENQUIRIES = 10_000;
const WARM_UP_REQUESTS = quick ? 500 : 2_000;
export const RATE_LIMIT = "1000000";

export const apiTargets = {
  /** Enquiries per second, as a share of /livez answers per second. */
  throughputShare: 0.5,
  p99Ms: 50,
} as const;

export interface LoadFigures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  durationS: number;
}

export interface StoreRun {
  store: "SQLite" | "Firestore emulator";
  /** GET /livez: the ceiling. */
  ceiling: LoadFigures;
  enquiries: LoadFigures;
  /** Answered 201 over the whole run (warm-up, measured load and top-up). */
  answered: number;
  stored: number;
  /** Answered 201 but not found in the store: must be none. */
  lost: number;
  rssBytes: number;
  enquiriesBeforeRss: number;
}

/**
 * `elapsedS`: from the load's start to its last answer. autocannon's own duration of a load of a
 * given amount ends at its next one-second sample after the last answer, so a rate taken from it
 * is up to a second's worth of the load short (up to 8 % of a 12-second load).
 */
function figuresOf(result: Result, elapsedS = result.duration): LoadFigures {
  const requests = result.totalCompletedRequests ?? result.requests.total;
  return {
    requestsPerSecond: requests / elapsedS,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    durationS: elapsedS,
  };
}

/** A distinct, valid enquiry each time. */
const nextEnquiry = distinctEnquiries("Bench Buyer", 9_000_000_000);

/** Posts `amount` distinct enquiries over 50 connections, waiting for every answer; keeps the ids answered 201. */
async function postEnquiries(
  url: string,
  amount: number,
  answered: Set<string>,
): Promise<{ result: Result; elapsedS: number }> {
  const started = performance.now();
  let lastAnswer = started;
  const request = enquiryRequest(nextEnquiry, answered);
  const result = await autocannon({
    url,
    // autocannon refuses more connections than requests (a small top-up).
    connections: Math.min(CONNECTIONS, amount),
    amount,
    timeout: 10,
    requests: [
      {
        ...request,
        onResponse: (status, body, context) => {
          lastAnswer = performance.now();
          request.onResponse?.(status, body, context);
        },
      },
    ],
  });
  return { result, elapsedS: (lastAnswer - started) / 1000 };
}

function loadFigures({ result, elapsedS }: { result: Result; elapsedS: number }): LoadFigures {
  return figuresOf(result, elapsedS);
}

/**
 * The measured load of enquiries: a warm-up, which also gives the rate, then as many enquiries
 * as fill about DURATION_S seconds, waiting for every answer, so that answers and stored records
 * can be counted exactly (a load cut off by a timer leaves requests in flight). The ids answered
 * 201 are added to `answered`.
 */
export async function enquiryLoad(
  baseUrl: string,
  label: string,
  answered: Set<string>,
): Promise<LoadFigures> {
  const warmUp = loadFigures(await postEnquiries(baseUrl, WARM_UP_REQUESTS, answered));
  const amount = Math.max(CONNECTIONS * 20, Math.round(warmUp.requestsPerSecond * DURATION_S));
  console.log(
    `${label}: POST /api/enquiries, ${formatCount(amount)} distinct bodies at ${CONNECTIONS} connections …`,
  );
  return loadFigures(await postEnquiries(baseUrl, amount, answered));
}

async function loadRun(
  server: ListeningServer,
  label: StoreRun["store"],
  databaseUrl: string,
): Promise<StoreRun> {
  console.log(`${label}: GET /livez for ${DURATION_S} s at ${CONNECTIONS} connections …`);
  const ceiling = figuresOf(
    await autocannon({
      url: `${server.baseUrl}/livez`,
      connections: CONNECTIONS,
      duration: DURATION_S,
      timeout: 10,
    }),
  );

  const answered = new Set<string>();
  const enquiries = await enquiryLoad(server.baseUrl, label, answered);

  const target = quick ? answered.size : MEMORY_AFTER_ENQUIRIES;
  if (answered.size < target) await postEnquiries(server.baseUrl, target - answered.size, answered);
  const rssBytes = await server.rssBytes();
  const enquiriesBeforeRss = answered.size;
  // BENCH_SCRAPE=<file>: keep what Prometheus would scrape from the loaded instance.
  if (process.env.BENCH_SCRAPE) {
    const scrape = await (await fetch(`${server.baseUrl}/metrics`)).text();
    await writeFile(`${process.env.BENCH_SCRAPE}.${label === "SQLite" ? "sqlite" : "firestore"}.txt`, scrape);
  }

  // Every answered id is looked for in the store itself.
  const store = await createStore(databaseUrl);
  try {
    const storedIds = new Set((await store.enquiries.list()).map((enquiry) => enquiry.id));
    const lost = [...answered].filter((id) => !storedIds.has(id)).length;
    return {
      store: label,
      ceiling,
      enquiries,
      answered: answered.size,
      stored: storedIds.size,
      lost,
      rssBytes,
      enquiriesBeforeRss,
    };
  } finally {
    await store.close();
  }
}

/** The stores to run on: BENCH_STORES=sqlite or =firestore runs one of them. */
function storesToRun(): { sqlite: boolean; firestore: boolean } {
  const chosen = (process.env.BENCH_STORES ?? "sqlite,firestore").toLowerCase().split(",");
  return { sqlite: chosen.includes("sqlite"), firestore: chosen.includes("firestore") };
}

export async function runApiBench(): Promise<StoreRun[]> {
  const siteDir = buildSite();
  const runs: StoreRun[] = [];
  const stores = storesToRun();
  if (stores.sqlite) runs.push(await sqliteRun(siteDir));
  if (stores.firestore) runs.push(await firestoreRun(siteDir));
  return runs;
}

async function sqliteRun(siteDir: string): Promise<StoreRun> {
  const dataDir = await mkdtemp(join(tmpdir(), "collarise-bench-api-"));
  try {
    const databaseUrl = `sqlite:${join(dataDir, "site.db")}`;
    const server = await startServer(
      {
        SITE_DIR: siteDir,
        DATABASE_URL: databaseUrl,
        RATE_LIMIT_PER_MINUTE: RATE_LIMIT,
        LOG_LEVEL: "warn",
      },
      benchServerOptions,
    );
    try {
      return await loadRun(server, "SQLite", databaseUrl);
    } finally {
      await server.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function firestoreRun(siteDir: string): Promise<StoreRun> {
  const emulator = await startFirestoreEmulatorProcess();
  const previousHost = process.env.FIRESTORE_EMULATOR_HOST;
  process.env.FIRESTORE_EMULATOR_HOST = emulator.host;
  // Google's client libraries otherwise look for a cloud metadata server off this machine.
  process.env.METADATA_SERVER_DETECTION = "none";
  try {
    const databaseUrl = "firestore://demo-bench";
    const server = await startServer(
      {
        SITE_DIR: siteDir,
        DATABASE_URL: databaseUrl,
        FIRESTORE_EMULATOR_HOST: emulator.host,
        METADATA_SERVER_DETECTION: "none",
        SINGLE_INSTANCE: "true",
        RATE_LIMIT_PER_MINUTE: RATE_LIMIT,
        LOG_LEVEL: "warn",
      },
      benchServerOptions,
    );
    try {
      return await loadRun(server, "Firestore emulator", databaseUrl);
    } finally {
      await server.stop();
    }
  } finally {
    await emulator.stop();
    if (previousHost === undefined) delete process.env.FIRESTORE_EMULATOR_HOST;
    else process.env.FIRESTORE_EMULATOR_HOST = previousHost;
  }
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

export function apiRows(runs: readonly StoreRun[]): Row[] {
  return runs.flatMap((run) => {
    const group = `API, ${run.store} (${CONNECTIONS} conn.)`;
    const share = run.enquiries.requestsPerSecond / run.ceiling.requestsPerSecond;
    const problems = run.enquiries.non2xx + run.enquiries.errors + run.enquiries.timeouts;
    return [
      {
        group,
        measure: "GET /livez",
        value: `${formatCount(run.ceiling.requestsPerSecond)} req/s, p50 ${ms(run.ceiling.p50Ms)}, p99 ${ms(run.ceiling.p99Ms)}`,
        target: "(the ceiling)",
        pass: run.ceiling.non2xx + run.ceiling.errors === 0,
      },
      {
        group,
        measure: "POST /api/enquiries",
        value: `${formatCount(run.enquiries.requestsPerSecond)} req/s (${(share * 100).toFixed(0)} % of /livez)`,
        target: `≥ ${apiTargets.throughputShare * 100} % of /livez`,
        pass: share >= apiTargets.throughputShare,
      },
      {
        group,
        measure: "Enquiry latency p50 / p99",
        value: `${ms(run.enquiries.p50Ms)} / ${ms(run.enquiries.p99Ms)}`,
        target: `p99 ≤ ${apiTargets.p99Ms} ms`,
        pass: run.enquiries.p99Ms <= apiTargets.p99Ms,
      },
      {
        group,
        measure: "Non-2xx, errors, timeouts",
        value: `${run.enquiries.non2xx}, ${run.enquiries.errors}, ${run.enquiries.timeouts} of ${formatCount(run.enquiries.requests)}`,
        target: "0",
        pass: problems === 0,
      },
      {
        group,
        measure: "Stored vs answered 201",
        value: `${formatCount(run.stored)} stored / ${formatCount(run.answered)} answered, ${run.lost} lost`,
        target: "equal, 0 lost",
        pass: run.stored === run.answered && run.lost === 0,
      },
      {
        group,
        measure: `Server RSS after ${formatCount(run.enquiriesBeforeRss)} enquiries`,
        value: formatMB(run.rssBytes),
        target: "(reported)",
      },
    ];
  });
}

if (isMain(import.meta.url)) {
  const runs = await runApiBench();
  console.log(`\n${formatTable(apiRows(runs))}`);
}
