/**
 * Work in bulk (domain/bulk.ts): one bulk assignment of 100 enquiries through the real server in a
 * process of its own on 127.0.0.1, signed in as an owner, as the inbox sends it (the enquiries
 * chosen from a page of the inbox, with their versions and owners). Each run takes a page of
 * enquiries it has not touched and gives them to one of the members in turn; p50 and p95 over the
 * runs. Then, for comparison, the same 100 marked Contacted in bulk.
 *
 * - SQLite: the team's data set of bench/inbox.ts (100,000 enquiries over a year, five members).
 * - Firestore emulator (in a process of its own): enough enquiries for every run, stored as the
 *   site stores them. What one assignment costs there does not grow with the collection: each
 *   enquiry is read by its id.
 *
 *   npm run bench:bulk                   10 runs per store and measure
 *   BENCH_QUICK=1 npm run bench:bulk     3 runs, for development
 *   BENCH_STORES=sqlite                  one store (sqlite or firestore)
 */
import { mkdtemp, rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { BULK_API_ROUTES, type BulkResult } from "../domain/bulk";
import { ADMIN_API_PREFIX, SESSION_COOKIE, type InboxItem } from "../domain/console";
import { ENQUIRY_COLLECTION } from "../domain/contract";
import type { TeamItemFields } from "../domain/team";
import { hashPassword } from "../server/admin/passwords";
import { FirestoreStore, SqliteStore } from "../server/store";
import type { Store } from "../server/store/store";
import { anEnquiry } from "../tests/support/enquiry-builder";
import { startFirestoreEmulatorProcess } from "../tests/support/firestore-emulator";
import { startServer, type ListeningServer } from "../tests/support/server-process";
import { writeSiteFixture } from "../tests/support/test-app";
import { seedTeam, STORED_ENQUIRIES } from "./inbox";
import { formatCount, formatMs, formatTable, isMain, percentile, quick, type Row } from "./support/report";

/** The issue's targets for a bulk assignment of 100 enquiries. */
export const bulkTargets = { sqliteMs: 1_000, firestoreMs: 5_000 } as const;
const BATCH = 100;
const RUNS = quick ? 3 : 10;
const MEMBERS = 5;
const PASSWORD = "bench owner password";

/** The owner and four members, as the team's data set has them. */
async function addTeam(store: Store) {
  const passwordHash = await hashPassword(PASSWORD);
  const members = [];
  for (let n = 0; n < MEMBERS; n++) {
    members.push(
      await store.staff.add({
        email: `member${n}@bench.example`,
        role: n === 0 ? "owner" : "member",
        passwordHash,
      }),
    );
  }
  return members.map((member) => member.id);
}

interface Figures {
  assign: number[];
  status: number[];
  failed: number;
}

/** RUNS bulk assignments of a fresh page of 100 each, then RUNS bulk status changes of the same pages. */
async function measureBulk(server: ListeningServer, memberIds: readonly string[]): Promise<Figures> {
  const origin = server.baseUrl;
  const signIn = await fetch(`${origin}${ADMIN_API_PREFIX}/session`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ email: "member0@bench.example", password: PASSWORD }),
  });
  const cookie = new RegExp(`${SESSION_COOKIE}=[^;]+`).exec(signIn.headers.get("set-cookie") ?? "")?.[0];
  if (!cookie) throw new Error(`Sign-in failed: ${signIn.status}`);
  const api = async <T>(path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${origin}${ADMIN_API_PREFIX}${path}`, {
      method: body ? "POST" : "GET",
      headers: { cookie, ...(body ? { origin, "content-type": "application/json" } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    if (!response.ok) throw new Error(`HTTP ${response.status} for ${path}: ${await response.text()}`);
    return (await response.json()) as T;
  };

  // One page of the inbox per run (and one to warm up), newest first, as staff would choose them.
  const pages: (InboxItem & TeamItemFields)[][] = [];
  let cursor: string | null = null;
  for (let page = 0; page <= RUNS; page++) {
    const answer: { items: (InboxItem & TeamItemFields)[]; nextCursor: string | null } = await api(
      `/enquiries?limit=${BATCH}${cursor ? `&cursor=${cursor}` : ""}`,
    );
    if (answer.items.length < BATCH) throw new Error(`Only ${answer.items.length} enquiries on page ${page}`);
    pages.push(answer.items);
    cursor = answer.nextCursor;
  }
  const figures: Figures = { assign: [], status: [], failed: 0 };
  const timed = async (body: unknown) => {
    const started = performance.now();
    const result = await api<BulkResult>(BULK_API_ROUTES.bulk, body);
    const elapsed = performance.now() - started;
    figures.failed += result.failed.length;
    return elapsed;
  };
  for (const [index, page] of pages.entries()) {
    const items = page.map((item) => ({ id: item.id, version: item.version, ownerId: item.ownerId }));
    // Never to the owner herself: a member handed 100 gets their one mail, as in use.
    const ownerId = memberIds[1 + (index % (memberIds.length - 1))] ?? null;
    const elapsed = await timed({ items, action: { kind: "assign", ownerId } });
    if (index > 0) figures.assign.push(elapsed);
  }
  for (const [index, page] of pages.entries()) {
    const items = page.map((item) => ({ id: item.id, version: item.version }));
    const elapsed = await timed({
      items,
      action: { kind: "status", to: "Contacted", note: "Sent the price list" },
    });
    if (index > 0) figures.status.push(elapsed);
  }
  return figures;
}

function rows(store: string, figures: Figures, targetMs: number, load: string): Row[] {
  const group = `Bulk, ${store}`;
  const line = (times: number[]) => {
    const sorted = [...times].sort((a, b) => a - b);
    return { p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95) };
  };
  const assign = line(figures.assign);
  const status = line(figures.status);
  return [
    {
      group,
      measure: `assign 100 enquiries: p50 / p95 over ${figures.assign.length} runs`,
      value: `${formatMs(assign.p50)} / ${formatMs(assign.p95)} (load ${load})`,
      target: `≤ ${formatMs(targetMs)}`,
      pass: assign.p95 <= targetMs && figures.failed === 0,
    },
    {
      group,
      measure: `status of 100 (Contacted, a note): p50 / p95 over ${figures.status.length} runs`,
      value: `${formatMs(status.p50)} / ${formatMs(status.p95)}${figures.failed ? `; ${figures.failed} refused` : ""}`,
      target: "",
    },
  ];
}

const loadNow = () => (loadavg()[0] ?? 0).toFixed(1);

async function sqliteRun(): Promise<Row[]> {
  const dir = await mkdtemp(join(tmpdir(), "bench-bulk-"));
  try {
    const path = join(dir, "site.db");
    const store = await SqliteStore.open({ path, enquiryCollection: ENQUIRY_COLLECTION });
    const memberIds = await addTeam(store);
    await store.close();
    const seeding = performance.now();
    seedTeam(path, memberIds, Date.now());
    console.error(
      `seeded the team's ${formatCount(STORED_ENQUIRIES)} enquiries in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
    );
    const server = await startServer(
      { DATABASE_URL: `sqlite:${path}`, SITE_DIR: await writeSiteFixture(dir), LOG_LEVEL: "warn" },
      { inheritOutput: true },
    );
    try {
      const load = loadNow();
      return rows(
        `SQLite, ${formatCount(STORED_ENQUIRIES)} enquiries`,
        await measureBulk(server, memberIds),
        bulkTargets.sqliteMs,
        load,
      );
    } finally {
      await server.stop();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function firestoreRun(): Promise<Row[]> {
  const emulator = await startFirestoreEmulatorProcess();
  const previousHost = process.env.FIRESTORE_EMULATOR_HOST;
  process.env.FIRESTORE_EMULATOR_HOST = emulator.host;
  // Google's client libraries otherwise look for a cloud metadata server off this machine.
  process.env.METADATA_SERVER_DETECTION = "none";
  const dir = await mkdtemp(join(tmpdir(), "bench-bulk-"));
  try {
    const projectId = "demo-bench-bulk";
    const store = await FirestoreStore.open({ projectId, enquiryCollection: ENQUIRY_COLLECTION });
    const count = (RUNS + 1) * BATCH;
    let memberIds: string[];
    try {
      memberIds = await addTeam(store);
      const seeding = performance.now();
      // Stored as the site stores them, eight at a time.
      for (let start = 0; start < count; start += 8) {
        await Promise.all(
          Array.from({ length: Math.min(8, count - start) }, () => store.enquiries.add(anEnquiry())),
        );
      }
      console.error(
        `stored ${formatCount(count)} enquiries on the emulator in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
      );
    } finally {
      await store.close();
    }
    const server = await startServer(
      {
        DATABASE_URL: `firestore://${projectId}`,
        SITE_DIR: await writeSiteFixture(dir),
        FIRESTORE_EMULATOR_HOST: emulator.host,
        METADATA_SERVER_DETECTION: "none",
        SINGLE_INSTANCE: "true",
        LOG_LEVEL: "warn",
      },
      { inheritOutput: true },
    );
    try {
      const load = loadNow();
      return rows(
        `Firestore emulator, ${formatCount(count)} enquiries`,
        await measureBulk(server, memberIds),
        bulkTargets.firestoreMs,
        load,
      );
    } finally {
      await server.stop();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
    await emulator.stop();
    if (previousHost === undefined) delete process.env.FIRESTORE_EMULATOR_HOST;
    else process.env.FIRESTORE_EMULATOR_HOST = previousHost;
  }
}

export async function runBulkBenchmark(): Promise<Row[]> {
  const stores = (process.env.BENCH_STORES ?? "sqlite,firestore").split(",");
  const out: Row[] = [];
  if (stores.includes("sqlite")) out.push(...(await sqliteRun()));
  if (stores.includes("firestore")) out.push(...(await firestoreRun()));
  return out;
}

if (isMain(import.meta.url)) {
  const result = await runBulkBenchmark();
  console.log(formatTable(result));
  process.exitCode = result.every((row) => row.pass !== false) ? 0 : 1;
}
