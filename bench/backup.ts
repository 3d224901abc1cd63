/**
 * The backup of a SQLite database of 100,000 enquiries, taken as `npm run backup` takes it (in a
 * process of its own) while the server answers enquiries: how long the backup takes, its size, and
 * the enquiries' latency while it runs against the same load without it.
 *
 *   npm run bench:backup   (BENCH_QUICK=1: 10,000 enquiries)
 */
import { randomUUID } from "node:crypto";
import { execFile } from "node:child_process";
import { mkdtemp, readdir, rm, stat } from "node:fs/promises";
import { promisify } from "node:util";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { API_PATHS, ENQUIRY_COLLECTION } from "../domain/contract";
import { SqliteStore } from "../server/store";
import { projectRoot, startServer } from "../tests/support/server-process";
import { writeSiteFixture } from "../tests/support/test-app";
import { distinctEnquiries } from "./support/enquiries";
import { formatCount, formatMB, formatTable, isMain, percentile, quick, type Row } from "./support/report";

const run = promisify(execFile);

const STORED_ENQUIRIES = quick ? 10_000 : 100_000;
const CLIENTS = 8;
/** How long the load without a backup runs, to compare with the load during one. */
const BASELINE_MS = 5_000;

async function seed(path: string) {
  // The store creates the schema; the rows go in in one transaction, as fast as SQLite can take them.
  await (await SqliteStore.open({ path, enquiryCollection: ENQUIRY_COLLECTION })).close();
  const db = new Database(path);
  const insertEnquiry = db.prepare(
    `INSERT INTO "${ENQUIRY_COLLECTION}" (id, Name, Email, Mobile, Quantity, RetailerSelfUse, received_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertNotification = db.prepare(
    `INSERT INTO notifications (id, enquiry_id, kind, status, attempts, next_attempt_at, sent_at)
     VALUES (?, ?, 'company', 'sent', 1, ?, ?)`,
  );
  const next = distinctEnquiries("Backup Buyer", 7_000_000_000);
  const start = Date.UTC(2024, 0, 1);
  db.transaction(() => {
    for (let n = 0; n < STORED_ENQUIRIES; n++) {
      const id = randomUUID();
      const receivedAt = new Date(start + n * 60_000).toISOString();
      const enquiry = next();
      insertEnquiry.run(
        id,
        enquiry.Name,
        enquiry.Email,
        enquiry.Mobile,
        enquiry.Quantity,
        enquiry.RetailerSelfUse,
        receivedAt,
      );
      insertNotification.run(randomUUID(), id, receivedAt, receivedAt);
    }
  })();
  db.close();
}

/** CLIENTS visitors post enquiries one after another until `done` resolves; their latencies. */
async function loadUntil(baseUrl: string, done: Promise<unknown>): Promise<number[]> {
  const next = distinctEnquiries("Load Buyer", 6_000_000_000);
  const latencies: number[] = [];
  let finished = false;
  void done.finally(() => (finished = true));
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (!finished) {
        const started = performance.now();
        const response = await fetch(`${baseUrl}${API_PATHS.enquiries}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(next()),
        });
        await response.arrayBuffer();
        if (response.status !== 201) throw new Error(`an enquiry was answered ${response.status}`);
        latencies.push(performance.now() - started);
      }
    }),
  );
  return latencies.sort((a, b) => a - b);
}

export async function runBackupBenchmark(): Promise<Row[]> {
  const dir = await mkdtemp(join(tmpdir(), "collarise-bench-backup-"));
  try {
    const path = join(dir, "site.db");
    const seeding = performance.now();
    await seed(path);
    console.error(
      `seeded ${formatCount(STORED_ENQUIRIES)} enquiries in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
    );
    const server = await startServer(
      {
        DATABASE_URL: `sqlite:${path}`,
        SITE_DIR: await writeSiteFixture(dir),
        RATE_LIMIT_PER_MINUTE: "1000000",
        LOG_LEVEL: "warn",
      },
      { inheritOutput: true },
    );
    try {
      const baseline = await loadUntil(
        server.baseUrl,
        new Promise((resolve) => setTimeout(resolve, BASELINE_MS)),
      );
      // As an operator runs it: `npm run backup`'s command in a process of its own.
      const backup = run(process.execPath, ["--import", "tsx", "server/cli/backup.ts"], {
        cwd: projectRoot,
        env: {
          PATH: process.env.PATH ?? "",
          DATABASE_URL: `sqlite:${path}`,
          BACKUP_DIR: join(dir, "backups"),
        },
      });
      const during = await loadUntil(server.baseUrl, backup);
      const { stdout } = await backup;
      const [file] = await readdir(join(dir, "backups"));
      const result = {
        milliseconds: Number(/, (\d+) ms\)/.exec(stdout)?.[1]),
        bytes: (await stat(join(dir, "backups", file!))).size,
      };
      const group = `backup of ${formatCount(STORED_ENQUIRIES)} enquiries (SQLite)`;
      const ms = (value: number) => `${value.toFixed(1)} ms`;
      return [
        {
          group,
          measure: "time to back up and check (npm run backup)",
          value: `${(result.milliseconds / 1000).toFixed(2)} s`,
          target: "",
        },
        { group, measure: "size of the copy", value: formatMB(result.bytes), target: "" },
        {
          group,
          measure: `enquiry p50 / p99 without a backup (${CLIENTS} clients)`,
          value: `${ms(percentile(baseline, 0.5))} / ${ms(percentile(baseline, 0.99))}`,
          target: "",
        },
        {
          group,
          measure: `enquiry p50 / p99 during the backup (${formatCount(during.length)} answered)`,
          value: `${ms(percentile(during, 0.5))} / ${ms(percentile(during, 0.99))}`,
          target: "p99 ≤ 50 ms",
          pass: percentile(during, 0.99) <= 50,
        },
      ];
    } finally {
      await server.stop();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) {
  console.log(formatTable(await runBackupBenchmark()));
}
