/**
 * The console's inbox on SQLite with 100,000 stored enquiries: sequential requests to
 * `/api/admin/...` against the real server in a process of its own on 127.0.0.1, signed in as an
 * owner; p50 and p95 latency of the first page, filtered pages, searches, the CSV export and the
 * dashboard's figures (the enquiries spread over the year to now, with their history and a year
 * of page-speed measurements).
 *
 *   npx tsx bench/inbox.ts                  200 requests per measure (20 for the full export)
 *   BENCH_QUICK=1 npx tsx bench/inbox.ts    20 per measure, for development
 */
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { ADMIN_API_PREFIX, ENQUIRY_STATUSES, SESSION_COOKIE } from "../domain/console";
import { hashPassword } from "../server/admin/passwords";
import { writeSiteFixture } from "../tests/support/test-app";
import { ENQUIRY_COLLECTION, VITAL_METRICS } from "../domain/contract";
import { SqliteStore } from "../server/store/sqlite";
import { formatCount, formatTable, isMain, quick, type Row } from "./support/report";
import { startServer } from "../tests/support/server-process";

export const STORED_ENQUIRIES = 100_000;
const REQUESTS = quick ? 20 : 200;
const FULL_EXPORT_REQUESTS = quick ? 3 : 20;
const PASSWORD = "bench owner password";
const SURNAMES = ["Sharma", "Verma", "Gupta", "Singh", "Kumar", "Mehta", "Iyer", "Reddy"];

/** The inbox's own targets: a page or a search as quick at 100,000 enquiries as at 100. */
export const inboxTargets = { pageP95Ms: 50, searchP95Ms: 100, dashboardP95Ms: 100 } as const;
const YEAR_MS = 365 * 86_400_000;
const MEMBERS = ["asha", "bilal", "chitra", "dev"].map((name) => `${name}@bench.example`);
const VITAL_SAMPLES = 100_000;

/** Writes the enquiries straight into the file, as years of use would leave it (status on one in five). */
export function seed(path: string) {
  const db = new Database(path);
  const table = `"${ENQUIRY_COLLECTION}"`;
  const insertEnquiry = db.prepare(
    `INSERT INTO ${table} (id, Name, Email, Mobile, Quantity, RetailerSelfUse, received_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertNotification = db.prepare(
    `INSERT INTO notifications (id, enquiry_id, kind, status, attempts, next_attempt_at, sent_at)
     VALUES (?, ?, 'company', 'sent', 1, ?, ?)`,
  );
  const insertWork = db.prepare(
    `INSERT INTO enquiry_work (enquiry_id, status, version, closed_at, received_at) VALUES (?, ?, 1, NULL, ?)`,
  );
  const insertHistory = db.prepare(
    `INSERT INTO enquiry_history (id, enquiry_id, at, staff_email, kind, from_status, to_status, text)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertVital = db.prepare(`INSERT INTO vitals (page, metric, value, received_at) VALUES (?, ?, ?, ?)`);
  // The year to now, evenly: about 274 enquiries a day.
  const start = Date.now() - YEAR_MS;
  const spacing = YEAR_MS / STORED_ENQUIRIES;
  db.transaction(() => {
    for (let n = 0; n < STORED_ENQUIRIES; n++) {
      const id = randomUUID();
      const received = start + n * spacing;
      const receivedAt = new Date(received).toISOString();
      const surname = SURNAMES[n % SURNAMES.length] as string;
      insertEnquiry.run(
        id,
        `Buyer${n} ${surname}`,
        `buyer${n}@example.in`,
        String(9_000_000_000 + n),
        (n % 50) + 1,
        n % 3 === 0 ? "Retailer" : "Self Use",
        receivedAt,
      );
      insertNotification.run(randomUUID(), id, receivedAt, receivedAt);
      if (n % 5 === 0) {
        const status = ENQUIRY_STATUSES[1 + ((n / 5) % 5)] as string;
        insertWork.run(id, status, receivedAt);
        // First touched between 0 and 36 hours after arriving, by one of four members; a note on every other.
        const touched = new Date(received + (n % 37) * 3_600_000).toISOString();
        const member = MEMBERS[n % MEMBERS.length] as string;
        insertHistory.run(randomUUID(), id, touched, member, "status", "New", status, null);
        if (n % 10 === 0) {
          const later = new Date(received + (n % 37) * 3_600_000 + 600_000).toISOString();
          insertHistory.run(randomUUID(), id, later, member, "note", null, null, "Called");
        }
      }
    }
    for (let n = 0; n < VITAL_SAMPLES; n++) {
      const page = (["/", "/privacy-policy", "/hi", "/hi/privacy-policy"] as const)[n % 4];
      const metric = VITAL_METRICS[n % VITAL_METRICS.length] as string;
      const at = new Date(start + n * (YEAR_MS / VITAL_SAMPLES)).toISOString();
      insertVital.run(page, metric, metric === "CLS" ? (n % 30) / 100 : 200 + ((n * 7_919) % 4_000), at);
    }
  })();
  db.close();
}

function percentile(sorted: readonly number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? Number.NaN;
}

async function measure(count: number, request: (index: number) => Promise<Response>) {
  const times: number[] = [];
  let rows = 0;
  for (let index = 0; index < count; index++) {
    const started = performance.now();
    const response = await request(index);
    const body = await response.text();
    times.push(performance.now() - started);
    if (!response.ok) throw new Error(`HTTP ${response.status}: ${body.slice(0, 200)}`);
    rows = body.startsWith("{")
      ? ((JSON.parse(body) as { items?: unknown[] }).items?.length ?? 1)
      : body.split("\r\n").length - 2;
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95), rows };
}

export async function runInboxBenchmark(): Promise<Row[]> {
  const dir = await mkdtemp(join(tmpdir(), "bench-inbox-"));
  try {
    const path = join(dir, "site.db");
    const store = await SqliteStore.open({ path, enquiryCollection: ENQUIRY_COLLECTION });
    await store.staff.add({
      email: "owner@bench.example",
      role: "owner",
      passwordHash: await hashPassword(PASSWORD),
    });
    await store.close();
    const seeding = performance.now();
    seed(path);
    console.error(
      `seeded ${formatCount(STORED_ENQUIRIES)} enquiries in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
    );

    const server = await startServer(
      { DATABASE_URL: `sqlite:${path}`, SITE_DIR: await writeSiteFixture(dir), LOG_LEVEL: "warn" },
      { inheritOutput: true },
    );
    try {
      const origin = server.baseUrl;
      const signIn = await fetch(`${origin}${ADMIN_API_PREFIX}/session`, {
        method: "POST",
        headers: { "content-type": "application/json", origin },
        body: JSON.stringify({ email: "owner@bench.example", password: PASSWORD }),
      });
      const cookie = new RegExp(`${SESSION_COOKIE}=[^;]+`).exec(signIn.headers.get("set-cookie") ?? "")?.[0];
      if (!cookie) throw new Error(`Sign-in failed: ${signIn.status}`);
      const get = (path: string) => fetch(`${origin}${ADMIN_API_PREFIX}${path}`, { headers: { cookie } });

      const measures: { name: string; target?: number; count: number; path: (index: number) => string }[] = [
        {
          name: "first page (50)",
          target: inboxTargets.pageP95Ms,
          count: REQUESTS,
          path: () => "/enquiries",
        },
        {
          name: "page 100 (keyset cursor)",
          target: inboxTargets.pageP95Ms,
          count: REQUESTS,
          path: () => `/enquiries?cursor=${cursorAtPage100}`,
        },
        {
          name: "status Contacted",
          target: inboxTargets.pageP95Ms,
          count: REQUESTS,
          path: () => "/enquiries?status=Contacted",
        },
        {
          name: "status New, Retailer",
          target: inboxTargets.pageP95Ms,
          count: REQUESTS,
          path: () => "/enquiries?status=New&buyer=Retailer",
        },
        {
          name: "search: one mobile number",
          target: inboxTargets.searchP95Ms,
          count: REQUESTS,
          path: (index) => `/enquiries?q=${9_000_000_000 + ((index * 7_919) % STORED_ENQUIRIES)}`,
        },
        {
          name: "search: a name (1 in 8 match)",
          target: inboxTargets.searchP95Ms,
          count: REQUESTS,
          path: (index) => `/enquiries?q=${SURNAMES[index % SURNAMES.length]}`,
        },
        { name: "search: two letters", count: REQUESTS, path: () => "/enquiries?q=Iy" },
        {
          name: "updates since the newest",
          target: inboxTargets.pageP95Ms,
          count: REQUESTS,
          path: () => `/enquiries/updates?since=${newest}`,
        },
        // Before the exports, whose 100,000-row answers leave the server's heap to be collected.
        {
          name: "dashboard, 30 days",
          target: inboxTargets.dashboardP95Ms,
          count: REQUESTS,
          path: () => "/dashboard?days=30",
        },
        {
          name: "dashboard, 90 days",
          target: inboxTargets.dashboardP95Ms,
          count: REQUESTS,
          path: () => "/dashboard?days=90",
        },
        {
          name: "CSV: a name's enquiries (12,500)",
          count: FULL_EXPORT_REQUESTS,
          path: () => "/enquiries.csv?q=Sharma",
        },
        { name: "CSV: every enquiry (100,000)", count: FULL_EXPORT_REQUESTS, path: () => "/enquiries.csv" },
      ];
      const first = (await (await get("/enquiries")).json()) as { newestCursor: string; nextCursor: string };
      const newest = first.newestCursor;
      let cursorAtPage100 = first.nextCursor;
      for (let page = 2; page < 100; page++) {
        cursorAtPage100 = (
          (await (await get(`/enquiries?cursor=${cursorAtPage100}`)).json()) as { nextCursor: string }
        ).nextCursor;
      }

      const rows: Row[] = [];
      for (const { name, target, count, path } of measures) {
        const figures = await measure(count, (index) => get(path(index)));
        rows.push({
          group: "Inbox, SQLite, 100,000 enquiries",
          measure: `${name}: p50 / p95 over ${count}`,
          value: `${figures.p50.toFixed(1)} / ${figures.p95.toFixed(1)} ms (${formatCount(figures.rows)} rows)`,
          target: target === undefined ? "" : `p95 ≤ ${target} ms`,
          ...(target === undefined ? {} : { pass: figures.p95 <= target }),
        });
      }
      return rows;
    } finally {
      await server.stop();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) {
  const rows = await runInboxBenchmark();
  console.log(formatTable(rows));
  process.exitCode = rows.every((row) => row.pass !== false) ? 0 : 1;
}
