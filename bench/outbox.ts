/**
 * The outbox under load: enquiries keep being answered quickly while the mail server is slow
 * or down, and every notification goes out once it is back (mails counted by X-Enquiry-Id).
 *
 *   npx tsx bench/outbox.ts                 3,000 enquiries per scenario after 3,000 to warm up
 *   BENCH_QUICK=1 npx tsx bench/outbox.ts   300 enquiries per scenario after 200
 */
import autocannon from "autocannon";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SMTPServer } from "smtp-server";
import { benchServerOptions, buildSite } from "./support/build";
import { distinctEnquiries, enquiryRequest } from "./support/enquiries";
import { formatCount, formatMs, formatTable, isMain, quick, type Row } from "./support/report";
import { unusedPort } from "../tests/support/mail-sink";
import { startServer } from "../tests/support/server-process";

const CONNECTIONS = 50;
const ENQUIRIES = quick ? 300 : 3_000;
const WARM_UP = quick ? 200 : 3_000;
/** How long each DATA command is held in the slow scenario. */
export const SLOW_DATA_MS = 100;
/** How long the mail server stays down after the load has ended, in the outage scenario. */
const OUTAGE_AFTER_LOAD_MS = quick ? 3_000 : 10_000;
const DRAIN_LIMIT_MS = 10 * 60_000;
export const outboxTargets = { p99Ms: 50 } as const;

export interface OutboxScenario {
  name: string;
  /** All enquiries sent, warm-up included. */
  enquiries: number;
  /** Those whose latency is reported. */
  measured: number;
  answered: number;
  p50Ms: number;
  p99Ms: number;
  failedRequests: number;
  mails: number;
  distinctMailed: number;
  /** From the end of the load (slow) or the mail server's return (outage) to the last mail. */
  drainMs: number | undefined;
}

/** A real SMTP server in this process on 127.0.0.1 that keeps the X-Enquiry-Id of every mail. */
class MailCounter {
  readonly ids: string[] = [];
  lastAt = 0;
  private server: SMTPServer | undefined;

  /** How long each DATA command is held before the mail is accepted. */
  dataDelayMs = 0;

  get distinct(): number {
    return new Set(this.ids).size;
  }

  async listen(port: number) {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      // Going down drops the notifier's open connections at once (421), as a crash would.
      closeTimeout: 100,
      onData: (stream, _session, callback) => {
        let raw = "";
        stream.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
        stream.on("end", () => {
          setTimeout(() => {
            const id = /^X-Enquiry-Id:\s*(\S+)/im.exec(raw)?.[1];
            if (id) this.ids.push(id);
            this.lastAt = performance.now();
            callback();
          }, this.dataDelayMs);
        });
      },
    });
    server.on("error", () => {});
    await new Promise<void>((done) => server.listen(port, "127.0.0.1", done));
    this.server = server;
  }

  close() {
    const server = this.server;
    this.server = undefined;
    return server ? new Promise<void>((done) => server.close(() => done())) : Promise.resolve();
  }
}

/** A distinct, valid enquiry each time. */
const nextEnquiry = distinctEnquiries("Outbox Buyer", 8_000_000_000);

async function waitFor(condition: () => boolean, limitMs: number): Promise<boolean> {
  const deadline = performance.now() + limitMs;
  while (!condition()) {
    if (performance.now() > deadline) return false;
    await new Promise((done) => setTimeout(done, 50));
  }
  return true;
}

async function scenario(siteDir: string, name: string, mailServer: "slow" | "down"): Promise<OutboxScenario> {
  const dataDir = await mkdtemp(join(tmpdir(), "collarise-bench-outbox-"));
  const smtpPort = await unusedPort();
  const mail = new MailCounter();
  await mail.listen(smtpPort);
  const server = await startServer(
    {
      SITE_DIR: siteDir,
      DATABASE_URL: `sqlite:${join(dataDir, "site.db")}`,
      RATE_LIMIT_PER_MINUTE: "1000000",
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      NOTIFY_TO: "orders@collarise.example",
      MAIL_FROM: "website@collarise.example",
      // Each refused delivery is logged as a warning: thousands of lines that say one thing.
      LOG_LEVEL: "error",
    },
    benchServerOptions,
  );
  try {
    const answered = new Set<string>();
    const post = (amount: number) =>
      autocannon({
        url: server.baseUrl,
        connections: CONNECTIONS,
        amount,
        timeout: 10,
        requests: [enquiryRequest(nextEnquiry, answered)],
      });
    // A warm-up with the mail server well, so that the figures are of a running server (its
    // code compiled, its mail connections open), not of its first seconds; its enquiries are
    // notified like the others. Then the mail server turns slow, or goes down.
    await post(WARM_UP);
    if (!(await waitFor(() => mail.distinct >= answered.size, DRAIN_LIMIT_MS)))
      throw new Error(`${name}: the warm-up's mails were not all delivered`);
    if (mailServer === "slow") mail.dataDelayMs = SLOW_DATA_MS;
    else await mail.close();
    console.log(`${name}: ${formatCount(ENQUIRIES)} enquiries at ${CONNECTIONS} connections …`);
    const result = await post(ENQUIRIES);

    let drainFrom = performance.now();
    if (mailServer === "down") {
      await new Promise((done) => setTimeout(done, OUTAGE_AFTER_LOAD_MS));
      console.log(
        `${name}: the mail server is back after ${formatMs(OUTAGE_AFTER_LOAD_MS)} more; draining …`,
      );
      await mail.listen(smtpPort);
      drainFrom = performance.now();
    } else {
      console.log(`${name}: load done; draining …`);
    }
    const drained = await waitFor(() => mail.distinct >= answered.size, DRAIN_LIMIT_MS);
    // A resend would show as a second mail with the same id: give one more poll cycle for it.
    await new Promise((done) => setTimeout(done, 1_500));

    return {
      name,
      enquiries: ENQUIRIES + WARM_UP,
      measured: ENQUIRIES,
      answered: answered.size,
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      failedRequests: result.non2xx + result.errors + result.timeouts,
      mails: mail.ids.length,
      distinctMailed: [...answered].filter((id) => mail.ids.includes(id)).length,
      drainMs: drained ? Math.max(0, mail.lastAt - drainFrom) : undefined,
    };
  } finally {
    await server.stop();
    await mail.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

export async function runOutboxBench(): Promise<OutboxScenario[]> {
  const siteDir = buildSite();
  return [
    await scenario(siteDir, `Mail server slowed (${SLOW_DATA_MS} ms per DATA)`, "slow"),
    await scenario(siteDir, "Mail server down during the load", "down"),
  ];
}

export function outboxRows(scenarios: readonly OutboxScenario[]): Row[] {
  return scenarios.flatMap((run) => {
    const group = `Outbox: ${run.name}`;
    return [
      {
        group,
        measure: "Enquiry latency p50 / p99",
        value: `${run.p50Ms.toFixed(1)} ms / ${run.p99Ms.toFixed(1)} ms (${run.failedRequests} failed of ${formatCount(run.measured)})`,
        target: `p99 ≤ ${outboxTargets.p99Ms} ms, 0 failed`,
        pass: run.p99Ms <= outboxTargets.p99Ms && run.failedRequests === 0,
      },
      {
        group,
        measure: "Mails vs enquiries answered 201",
        value: `${formatCount(run.mails)} mails for ${formatCount(run.answered)} of ${formatCount(run.enquiries)} enquiries answered 201 (${formatCount(run.distinctMailed)} distinct)`,
        target: "equal, each once",
        pass:
          run.answered === run.enquiries && run.mails === run.answered && run.distinctMailed === run.answered,
      },
      {
        group,
        measure: "Time to drain the outbox",
        value:
          run.drainMs === undefined ? `not drained in ${formatMs(DRAIN_LIMIT_MS)}` : formatMs(run.drainMs),
        target: "(reported)",
        pass: run.drainMs === undefined ? false : undefined,
      },
    ];
  });
}

if (isMain(import.meta.url)) {
  const scenarios = await runOutboxBench();
  console.log(`\n${formatTable(outboxRows(scenarios))}`);
}
