/**
 * The console's inbox on SQLite with 100,000 stored enquiries: sequential requests to
 * `/api/admin/...` against the real server in a process of its own on 127.0.0.1, signed in as an
 * owner; p50 and p95 latency of the first page, filtered pages, searches, the CSV export and the
 * dashboard's figures (the enquiries spread over the year to now, with their history and a year
 * of page-speed measurements).
 *
 *   npx tsx bench/inbox.ts                  200 requests per measure (20 for the full export)
 *   BENCH_QUICK=1 npx tsx bench/inbox.ts    20 per measure, for development
 *   BENCH_MEASURE=buyer npx tsx bench/inbox.ts   only the inbox's measures whose name holds "buyer"
 *
 * A second data set, the team's (docs/decisions/022): 100,000 enquiries over a year with owners,
 * follow-ups, sources and history; Mine, Overdue and Due today through the API, every view with
 * every other filter and both orders (measureCombinations), and one member's digest.
 */
import { digestReads, planDigest } from "../server/lifecycle/digest";
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { ADMIN_API_PREFIX, ADMIN_API_ROUTES, ENQUIRY_STATUSES, SESSION_COOKIE } from "../domain/console";
import { INBOX_SORTS, inboxQueryParams, OWNER_NOBODY, type InboxQuery } from "../domain/inbox";
import { hashPassword } from "../server/admin/passwords";
import { writeSiteFixture } from "../tests/support/test-app";
import { ENQUIRY_COLLECTION, VITAL_METRICS } from "../domain/contract";
import { SqliteStore } from "../server/store";
import { formatCount, formatTable, isMain, quick, type Row } from "./support/report";
import { startServer } from "../tests/support/server-process";
import { INBOX_VIEWS, TEAM_API_ROUTES } from "../domain/team";
import { istDate, istDayBounds } from "../domain/working-hours";
import { digestMail } from "../server/notify/team-mail";
import { BUYER_KEY_NAME, buyerKeysOf } from "../server/store/buyer-keys";

export const STORED_ENQUIRIES = 100_000;
const REQUESTS = quick ? 20 : 200;
/**
 * Requests per combination of filters (there are over a hundred): enough that one combination's
 * p95 is not its second slowest request, which a timer of the server's own firing during it sets.
 */
const COMBINATION_REQUESTS = quick ? 10 : 100;
const FULL_EXPORT_REQUESTS = quick ? 3 : 20;
const PASSWORD = "bench owner password";
const SURNAMES = ["Sharma", "Verma", "Gupta", "Singh", "Kumar", "Mehta", "Iyer", "Reddy"];

/** The inbox's own targets: a page or a search as quick at 100,000 enquiries as at 100. */
export const inboxTargets = {
  pageP95Ms: 50,
  /** The enquiry's page with its buyer's history (issue 29): a buyer with 50 earlier enquiries. */
  buyerPageP95Ms: 50,
  searchP95Ms: 100,
  teamViewP95Ms: 50,
  digestMs: 200,
  dashboardP95Ms: 100,
} as const;
const TEAM_MEMBERS = 5;
const DAY_MS = 86_400_000;
const YEAR_MS = 365 * DAY_MS;
const MEMBERS = ["asha", "bilal", "chitra", "dev"].map((name) => `${name}@bench.example`);
const VITAL_SAMPLES = 100_000;
/** Every this many enquiries, one is the returning buyer's: 51 of them, the last with 50 earlier. */
const RETURNING_EVERY = 1_960;
const RETURNING_MOBILE = "9123456789";

/**
 * Writes the enquiries straight into the file, as years of use would leave it (status on one in
 * five), with each one's buyer keys (made with the store's own key, `secret`): one buyer, by her
 * mobile, sent 51 of them over the year, most with a deal recorded. Answers her latest enquiry's id.
 */
export function seed(path: string, secret: Buffer): string {
  const db = new Database(path);
  const table = `"${ENQUIRY_COLLECTION}"`;
  const insertEnquiry = db.prepare(
    `INSERT INTO ${table} (id, Name, Email, Mobile, Quantity, RetailerSelfUse, received_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertNotification = db.prepare(
    `INSERT INTO notifications (id, enquiry_id, kind, status, attempts, next_attempt_at, sent_at)
     VALUES (?, ?, 'company', 'sent', 1, ?, ?)`,
  );
  // Every enquiry has its work row, as the store gives each one it stores: New and untouched until worked.
  const insertWork = db.prepare(
    `INSERT INTO enquiry_work (enquiry_id, status, version, closed_at, received_at, buyer)
     VALUES (?, ?, ?, NULL, ?, ?)`,
  );
  const insertHistory = db.prepare(
    `INSERT INTO enquiry_history (id, enquiry_id, at, staff_email, kind, from_status, to_status, text, worked)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1)`,
  );
  const insertVital = db.prepare(`INSERT INTO vitals (page, metric, value, received_at) VALUES (?, ?, ?, ?)`);
  const insertBuyerKey = db.prepare(
    `INSERT INTO enquiry_buyers (buyer_key, received_at, enquiry_id) VALUES (?, ?, ?)`,
  );
  const insertDeal = db.prepare(
    `INSERT INTO enquiry_deals (enquiry_id, version, quantity, value_rupees, city, pin_code, gstin, updated_at)
     VALUES (?, 1, ?, ?, 'Jaipur', '302001', NULL, ?)`,
  );
  let returningLatest = "";
  // The year to now, evenly: about 274 enquiries a day.
  const start = Date.now() - YEAR_MS;
  const spacing = YEAR_MS / STORED_ENQUIRIES;
  db.transaction(() => {
    for (let n = 0; n < STORED_ENQUIRIES; n++) {
      const id = randomUUID();
      const received = start + n * spacing;
      const receivedAt = new Date(received).toISOString();
      const surname = SURNAMES[n % SURNAMES.length] as string;
      const returning = n % RETURNING_EVERY === 0;
      const enquiry = {
        Email: `buyer${n}@example.in`,
        Mobile: returning ? RETURNING_MOBILE : String(9_000_000_000 + n),
      };
      const buyer = n % 3 === 0 ? "Retailer" : "Self Use";
      insertEnquiry.run(
        id,
        `Buyer${n} ${surname}`,
        enquiry.Email,
        enquiry.Mobile,
        (n % 50) + 1,
        buyer,
        receivedAt,
      );
      insertNotification.run(randomUUID(), id, receivedAt, receivedAt);
      const keys = buyerKeysOf(enquiry, secret);
      insertBuyerKey.run(keys.mobile, receivedAt, id);
      insertBuyerKey.run(keys.mailbox, receivedAt, id);
      if (returning) {
        returningLatest = id;
        if (n % (RETURNING_EVERY * 5) !== 0)
          insertDeal.run(id, (n % 50) + 1, ((n % 50) + 1) * 800, receivedAt);
      }
      if (n % 5 !== 0) insertWork.run(id, "New", 0, receivedAt, buyer);
      else {
        const status = ENQUIRY_STATUSES[1 + ((n / 5) % 5)] as string;
        insertWork.run(id, status, 1, receivedAt, buyer);
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
  return returningLatest;
}

/**
 * The team's data set: 100,000 enquiries spread over the year up to `now`, nine in ten with one
 * of five owners; the open ones (New, Contacted, Confirmed) carry a follow-up within a month
 * either side of now, or, untouched, their first-contact target; one to three history entries each.
 */
export function seedTeam(path: string, memberIds: readonly string[], now: number) {
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
    `INSERT INTO enquiry_work (enquiry_id, status, version, closed_at, received_at, owner_id, follow_up_at, next_step,
       touched_at, due_at, first_contact_due_at, buyer, source_label)
     VALUES (@id, @status, @version, @closedAt, @receivedAt, @ownerId, @followUpAt, @nextStep, @touchedAt, @dueAt,
       @firstContactDueAt, @buyer, @source)`,
  );
  const insertMeta = db.prepare(
    `INSERT INTO enquiry_meta (enquiry_id, utm_source, referrer_host, source_label) VALUES (?, ?, ?, ?)`,
  );
  const insertHistory = db.prepare(
    `INSERT INTO enquiry_history (id, enquiry_id, at, staff_email, kind, text, worked)
     VALUES (?, ?, ?, 'member@bench.example', ?, ?, 1)`,
  );
  const yearAgo = now - 365 * DAY_MS;
  const statuses = ["New", "Contacted", "Confirmed", "Fulfilled", "Declined"] as const;
  db.transaction(() => {
    for (let n = 0; n < STORED_ENQUIRIES; n++) {
      const id = randomUUID();
      const received = yearAgo + Math.floor((n / STORED_ENQUIRIES) * 365 * DAY_MS);
      const receivedAt = new Date(received).toISOString();
      const buyer = n % 3 === 0 ? "Retailer" : "Self Use";
      insertEnquiry.run(
        id,
        `Buyer${n} ${SURNAMES[n % SURNAMES.length]}`,
        `buyer${n}@example.in`,
        String(9_000_000_000 + n),
        (n % 50) + 1,
        buyer,
        receivedAt,
      );
      insertNotification.run(randomUUID(), id, receivedAt, receivedAt);
      const source = teamSourceOf(n);
      if (source) insertMeta.run(id, source.utmSource ?? null, source.referrerHost ?? null, source.label);
      // Most old enquiries are closed; the last month's are mostly open.
      const recent = received > now - 30 * DAY_MS;
      const status = statuses[recent ? n % 3 : 3 + (n % 2)] ?? "New";
      const closed = status === "Fulfilled" || status === "Declined";
      const touched = status !== "New" || n % 4 !== 0;
      const followUp =
        !closed && touched
          ? new Date(now + ((n % 61) - 30) * DAY_MS + (n % 24) * 3_600_000).toISOString()
          : null;
      const firstContact = new Date(received + 4 * 3_600_000).toISOString();
      insertWork.run({
        id,
        status,
        version: status === "New" ? 0 : 1,
        closedAt: closed ? receivedAt : null,
        receivedAt,
        ownerId: n % 10 === 0 ? null : (memberIds[n % memberIds.length] ?? null),
        followUpAt: followUp,
        nextStep: followUp ? "Call back about the price" : null,
        touchedAt: touched ? receivedAt : null,
        dueAt: closed ? null : (followUp ?? (touched ? null : firstContact)),
        firstContactDueAt: closed || touched ? null : firstContact,
        buyer,
        source: source?.label ?? null,
      });
      for (let entry = 0; entry < 1 + (n % 3); entry++) {
        insertHistory.run(
          randomUUID(),
          id,
          new Date(received + (entry + 1) * 3_600_000).toISOString(),
          "note",
          "Called",
        );
      }
    }
  })();
  db.close();
}

/**
 * Where the team's enquiries came from: Instagram one in four, the Google search one in four, a
 * small newsletter campaign one in 500 (a rare source), the rest not known.
 */
function teamSourceOf(n: number): { utmSource?: string; referrerHost?: string; label: string } | null {
  if (n % 500 === 7) return { utmSource: RARE_SOURCE, label: RARE_SOURCE };
  if (n % 4 === 0) return { utmSource: "instagram", label: "instagram" };
  if (n % 4 === 1) return { referrerHost: "www.google.com", label: "www.google.com" };
  return null;
}
const RARE_SOURCE = "newsletter";

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
    const secret = await store.keys.key(BUYER_KEY_NAME);
    await store.close();
    const seeding = performance.now();
    const returningBuyer = seed(path, secret);
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
          name: "enquiry page: a buyer with 50 earlier enquiries",
          target: inboxTargets.buyerPageP95Ms,
          count: REQUESTS,
          path: () => `/enquiries/${returningBuyer}`,
        },
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

      // BENCH_MEASURE: only the measures whose name holds this text (and not the team's data set).
      const only = process.env.BENCH_MEASURE;
      const rows: Row[] = [];
      for (const { name, target, count, path } of measures.filter(
        (each) => !only || each.name.includes(only),
      )) {
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

/**
 * The inbox's filters combined (domain/inbox.ts), as a member sets them, on the team's data set:
 * each view (All, Mine, Unassigned, Due today, Overdue) in each order, alone and with a status
 * (New, Contacted, Declined), an owner (another member, nobody), a buyer type, a source (common or
 * rare), a search (a surname one in eight has, one mobile number, two letters), and the
 * combinations that narrow most and read most. Each is asked once unmeasured, then
 * COMBINATION_REQUESTS times; the rows give every request's p50 / p95 together, the slowest
 * combinations, and how many miss the target.
 */
async function measureCombinations(
  get: (route: string) => Promise<Response>,
  otherId: string,
): Promise<Row[]> {
  const group = "Inbox filters combined, SQLite, team's 100,000";
  const parts: InboxQuery[] = [
    {},
    { status: "New" },
    { status: "Contacted" },
    { status: "Declined" },
    { owner: otherId },
    { owner: OWNER_NOBODY },
    { buyer: "Retailer" },
    { source: "instagram" },
    { source: RARE_SOURCE },
    { q: "Sharma" },
    { q: "9000012345" },
    { q: "Iy" },
  ];
  const combinations: InboxQuery[] = [];
  for (const view of [undefined, ...INBOX_VIEWS]) {
    for (const sort of INBOX_SORTS) {
      for (const part of parts) combinations.push({ ...(view ? { view } : {}), ...part, sort });
    }
  }
  // Every part at once, and the ones where matches are sparse or the walk is long.
  combinations.push(
    {
      view: "unassigned",
      status: "Contacted",
      buyer: "Retailer",
      source: RARE_SOURCE,
      q: "Sharma",
      sort: "due",
    },
    { owner: otherId, status: "Declined", buyer: "Self Use", source: "instagram", q: "Iy", sort: "due" },
    { view: "mine", status: "Fulfilled", buyer: "Retailer", q: "Sharma", sort: "received" },
    { view: "overdue", owner: OWNER_NOBODY, q: "Iy", sort: "received" },
    { view: "due-today", status: "New", buyer: "Retailer", source: "www.google.com", sort: "due" },
    { status: "Declined", source: RARE_SOURCE, q: "Verma", sort: "due" },
    { buyer: "Self Use", source: "www.google.com", q: "Gupta", sort: "received" },
    { view: "mine", status: "Confirmed", source: RARE_SOURCE, sort: "due" },
  );
  const all: number[] = [];
  const each: { query: string; p50: number; p95: number; rows: number }[] = [];
  for (const query of combinations) {
    const path = `${ADMIN_API_ROUTES.enquiries}?${inboxQueryParams(query).toString()}`;
    // One request first, unmeasured: its statements prepared, and the first search's index caught up.
    await (await get(path)).text();
    const times: number[] = [];
    let rows = 0;
    for (let index = 0; index < COMBINATION_REQUESTS; index++) {
      const started = performance.now();
      const response = await get(path);
      const body = await response.text();
      times.push(performance.now() - started);
      if (!response.ok) throw new Error(`${path}: HTTP ${response.status} ${body.slice(0, 200)}`);
      rows = (JSON.parse(body) as { items: unknown[] }).items.length;
    }
    all.push(...times);
    times.sort((a, b) => a - b);
    each.push({
      query: inboxQueryParams(query).toString() || "(All)",
      p50: percentile(times, 0.5),
      p95: percentile(times, 0.95),
      rows,
    });
  }
  all.sort((a, b) => a - b);
  const target = inboxTargets.teamViewP95Ms;
  const over = each.filter((figure) => figure.p95 > target);
  const slowest = [...each].sort((a, b) => b.p95 - a.p95).slice(0, 5);
  return [
    {
      group,
      measure: `${formatCount(each.length)} combinations × ${COMBINATION_REQUESTS}: p50 / p95 of every request`,
      value: `${percentile(all, 0.5).toFixed(1)} / ${percentile(all, 0.95).toFixed(1)} ms`,
      target: `p95 ≤ ${target} ms`,
      pass: percentile(all, 0.95) <= target,
    },
    {
      group,
      measure: "combinations whose own p95 misses the target",
      value: `${over.length} of ${each.length}`,
      target: "none",
      pass: over.length === 0,
    },
    ...slowest.map((figure) => ({
      group,
      measure: `slowest: ${figure.query} (p50 / p95)`,
      value: `${figure.p50.toFixed(1)} / ${figure.p95.toFixed(1)} ms (${figure.rows} rows)`,
      target: `p95 ≤ ${target} ms`,
      pass: figure.p95 <= target,
    })),
  ];
}

/** Mine, Overdue and Due today through the API, and one member's digest, on the team's data set. */
export async function runTeamBenchmark(): Promise<Row[]> {
  const dir = await mkdtemp(join(tmpdir(), "bench-team-"));
  try {
    const path = join(dir, "site.db");
    const store = await SqliteStore.open({ path, enquiryCollection: ENQUIRY_COLLECTION });
    const passwordHash = await hashPassword(PASSWORD);
    const members = [];
    for (let n = 0; n < TEAM_MEMBERS; n++) {
      members.push(
        await store.staff.add({
          email: `member${n}@bench.example`,
          role: n === 0 ? "owner" : "member",
          passwordHash,
        }),
      );
    }
    await store.close();
    const now = Date.now();
    const seeding = performance.now();
    seedTeam(
      path,
      members.map((member) => member.id),
      now,
    );
    console.error(
      `seeded the team's ${formatCount(STORED_ENQUIRIES)} enquiries in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
    );
    const server = await startServer(
      { DATABASE_URL: `sqlite:${path}`, SITE_DIR: await writeSiteFixture(dir), LOG_LEVEL: "warn" },
      { inheritOutput: true },
    );
    const rows: Row[] = [];
    const group = "Team views, SQLite, 100,000 enquiries with owners";
    try {
      const origin = server.baseUrl;
      const signIn = await fetch(`${origin}${ADMIN_API_PREFIX}/session`, {
        method: "POST",
        headers: { "content-type": "application/json", origin },
        body: JSON.stringify({ email: "member0@bench.example", password: PASSWORD }),
      });
      const cookie = new RegExp(`${SESSION_COOKIE}=[^;]+`).exec(signIn.headers.get("set-cookie") ?? "")?.[0];
      if (!cookie) throw new Error(`Sign-in failed: ${signIn.status}`);
      const get = (route: string) => fetch(`${origin}${ADMIN_API_PREFIX}${route}`, { headers: { cookie } });
      const views = [
        { name: "Mine (50)", path: `${ADMIN_API_ROUTES.enquiries}?view=mine` },
        { name: "Overdue (50)", path: `${ADMIN_API_ROUTES.enquiries}?view=overdue` },
        { name: "Due today (50)", path: `${ADMIN_API_ROUTES.enquiries}?view=due-today` },
        { name: "the four views' counts", path: TEAM_API_ROUTES.counts },
      ];
      for (const { name, path: route } of views) {
        const figures = await measure(REQUESTS, () => get(route));
        rows.push({
          group,
          measure: `${name}: p50 / p95 over ${REQUESTS}`,
          value: `${figures.p50.toFixed(1)} / ${figures.p95.toFixed(1)} ms`,
          target: `p95 ≤ ${inboxTargets.teamViewP95Ms} ms`,
          pass: figures.p95 <= inboxTargets.teamViewP95Ms,
        });
      }
      rows.push(...(await measureCombinations(get, members[1]!.id)));
    } finally {
      await server.stop();
    }
    // The digest as the 09:00 job makes it for one member: its three sections and its mail.
    const reader = await SqliteStore.open({ path, enquiryCollection: ENQUIRY_COLLECTION });
    try {
      const at = new Date(now);
      const times: number[] = [];
      let listed = 0;
      for (let index = 0; index < REQUESTS; index++) {
        const started = performance.now();
        const staffId = members[index % TEAM_MEMBERS]!.id;
        const dayEnd = istDayBounds(at).end;
        const parts = await reader.team.digestParts(digestReads({ staffId, now: at, dayEnd }));
        const content = planDigest(parts, { now: at, day: istDate(at), staffId, dayEnd });
        digestMail(content, "https://collarise.example");
        times.push(performance.now() - started);
        listed =
          content.overdue.count +
          content.dueToday.count +
          content.unownedOverdue.count +
          content.unownedDueToday.count;
      }
      times.sort((a, b) => a - b);
      rows.push({
        group,
        measure: `one member's digest: p50 / p95 over ${REQUESTS}`,
        value: `${percentile(times, 0.5).toFixed(1)} / ${percentile(times, 0.95).toFixed(1)} ms (${formatCount(listed)} enquiries counted)`,
        target: `≤ ${inboxTargets.digestMs} ms`,
        pass: percentile(times, 0.95) <= inboxTargets.digestMs,
      });
    } finally {
      await reader.close();
    }
    return rows;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) {
  const rows = process.env.BENCH_TEAM_ONLY
    ? await runTeamBenchmark()
    : process.env.BENCH_MEASURE
      ? await runInboxBenchmark()
      : [...(await runInboxBenchmark()), ...(await runTeamBenchmark())];
  console.log(formatTable(rows));
  process.exitCode = rows.every((row) => row.pass !== false) ? 0 : 1;
}
