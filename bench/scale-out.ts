/**
 * Several instances on the Firestore emulator: the cost of one shared rate-limit count in Redis,
 * the enquiry throughput through two compiled instances at once, and the time to mail 3,000
 * enquiries with one and with two instances.
 *
 *   npx tsx bench/scale-out.ts                 the full run
 *   BENCH_QUICK=1 npx tsx bench/scale-out.ts   shorter loads, 600 mails
 */
import autocannon from "autocannon";
import { Redis } from "ioredis";
import { readFile } from "node:fs/promises";
import { ENQUIRY_COLLECTION } from "../domain/contract";
import { FirestoreStore } from "../server/store";
import { startCaddy } from "../tests/support/caddy";
import { startFirestoreEmulatorProcess, type RunningEmulator } from "../tests/support/firestore-emulator";
import { startMailSink } from "../tests/support/mail-sink";
import { type ListeningServer, startServer } from "../tests/support/server-process";
import { benchServerOptions, buildSite } from "./support/build";
import { distinctEnquiries, enquiryRequest } from "./support/enquiries";
import { formatCount, formatMs, quick } from "./support/report";
import { startRedisServer } from "../tests/support/redis-server";
import { formatTable, isMain, median, type Row } from "./support/report";

const DURATION_S = quick ? 3 : 15;
const CONNECTIONS = 50;
/** The figure: 3,000 enquiries waiting, mailed by one instance, then by two. */
const MAIL_BACKLOG = quick ? 600 : 3_000;
/** No mail for this long while some still wait: the outbox has stopped. */
const MAIL_STALL_MS = 20_000;
const MAIL_LIMIT_MS = 10 * 60_000;

/** The script @fastify/rate-limit runs per request when REDIS_URL is set: INCR, with PEXPIRE on the first. */
const COUNT_SCRIPT = `
  local current = redis.call('INCR', KEYS[1])
  if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
  return current`;

export interface CounterFigures {
  rounds: number;
  p50Us: number;
  p99Us: number;
}

/** One count after another (what one request waits for), on a redis-server on loopback. */
export async function measureSharedCount(rounds = 20_000): Promise<CounterFigures> {
  const server = await startRedisServer();
  const redis = new Redis(server.url);
  try {
    redis.defineCommand("countRequest", { numberOfKeys: 1, lua: COUNT_SCRIPT });
    const count = (key: string) =>
      (redis as unknown as { countRequest(key: string, ms: number): Promise<number> }).countRequest(
        key,
        60_000,
      );
    for (let i = 0; i < 1_000; i++) await count(`warm-${i % 50}`);
    const micros: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const started = process.hrtime.bigint();
      await count(`bench-${i % 500}`);
      micros.push(Number(process.hrtime.bigint() - started) / 1_000);
    }
    micros.sort((a, b) => a - b);
    return { rounds, p50Us: median(micros), p99Us: micros[Math.floor(micros.length * 0.99)] ?? Number.NaN };
  } finally {
    redis.disconnect();
    await server.stop();
  }
}

export function counterRows(figures: CounterFigures): Row[] {
  return [
    {
      group: "Shared limits (Redis)",
      measure: "One INCR+PEXPIRE round trip on loopback, p50 / p99",
      value: `${(figures.p50Us / 1000).toFixed(3)} ms / ${(figures.p99Us / 1000).toFixed(3)} ms (${figures.rounds} in a row)`,
      target: "(reported)",
    },
  ];
}

/** CPU seconds a process has used so far (user and system), from /proc. */
async function cpuSeconds(pid: number | undefined): Promise<number> {
  if (pid === undefined) return Number.NaN;
  const fields = (await readFile(`/proc/${pid}/stat`, "utf8")).split(") ")[1]?.split(" ") ?? [];
  // utime and stime are fields 14 and 15 of the line, 12 and 13 after the command's name.
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function cpuOf(pids: readonly (number | undefined)[]): Promise<number> {
  const each = await Promise.all(pids.map((pid) => cpuSeconds(pid).catch(() => 0)));
  return each.reduce((sum, seconds) => sum + seconds, 0);
}

/**
 * Runs `work` and says how busy the emulator's process and the instances' were meanwhile (1 is
 * one core, all the time): which of them is the ceiling. `instances` is read after `work`, so
 * instances it starts count from their start.
 */
async function watchCpu<T>(
  emulator: RunningEmulator,
  instances: () => ListeningServer[],
  work: () => Promise<T>,
) {
  const emulatorBefore = await cpuSeconds(emulator.pid);
  const instancesBefore = await cpuOf(instances().map((server) => server.pid));
  const started = performance.now();
  const result = await work();
  const seconds = (performance.now() - started) / 1_000;
  return {
    result,
    emulatorCores: ((await cpuSeconds(emulator.pid)) - emulatorBefore) / seconds,
    instanceCores: ((await cpuOf(instances().map((server) => server.pid))) - instancesBefore) / seconds,
  };
}

function instanceEnv(emulator: RunningEmulator, projectId: string, redisUrl: string, siteDir: string) {
  return {
    SITE_DIR: siteDir,
    DATABASE_URL: `firestore://${projectId}`,
    FIRESTORE_EMULATOR_HOST: emulator.host,
    METADATA_SERVER_DETECTION: "none",
    REDIS_URL: redisUrl,
    TRUST_PROXY: "1",
    RATE_LIMIT_PER_MINUTE: "1000000",
    LOG_LEVEL: "warn",
  };
}

async function startInstances(count: number, env: Record<string, string>): Promise<ListeningServer[]> {
  return Promise.all(
    Array.from({ length: count }, () => startServer(env, { ...benchServerOptions, timeoutMs: 60_000 })),
  );
}

export interface ThroughputRun {
  instances: number;
  requestsPerSecond: number;
  p99Ms: number;
  answered: number;
  lost: number;
  emulatorCores: number;
  instanceCores: number;
}

export interface MailingRun {
  instances: number;
  backlog: number;
  mailed: number;
  duplicates: number;
  /** Undefined when the outbox stopped or ran out of time before every mail went out. */
  drainMs?: number;
  emulatorCores: number;
  instanceCores: number;
}

/** Enquiries posted through Caddy to `instances` instances for DURATION_S; every answered id looked for. */
async function throughput(
  emulator: RunningEmulator,
  instances: number,
  redisUrl: string,
  siteDir: string,
): Promise<ThroughputRun> {
  const projectId = `demo-bench-throughput-${instances}`;
  const servers = await startInstances(instances, instanceEnv(emulator, projectId, redisUrl, siteDir));
  const caddy = await startCaddy(servers.map((server) => new URL(server.baseUrl).host));
  const nextEnquiry = distinctEnquiries(`Scale Buyer ${instances}`, 7_000_000_000 + instances * 100_000_000);
  const answered = new Set<string>();
  try {
    console.log(`${instances} instance(s) behind Caddy: POST /api/enquiries for ${DURATION_S} s …`);
    const { result, emulatorCores, instanceCores } = await watchCpu(
      emulator,
      () => servers,
      () =>
        autocannon({
          url: caddy.baseUrl,
          connections: CONNECTIONS,
          duration: DURATION_S,
          timeout: 10,
          requests: [enquiryRequest(nextEnquiry, answered)],
        }),
    );
    const store = await FirestoreStore.open({
      projectId,
      enquiryCollection: ENQUIRY_COLLECTION,
      deadlineMs: 60_000,
    });
    try {
      const stored = new Set((await store.enquiries.list()).map((enquiry) => enquiry.id));
      return {
        instances,
        requestsPerSecond: (result.totalCompletedRequests ?? result.requests.total) / result.duration,
        p99Ms: result.latency.p99,
        answered: answered.size,
        lost: [...answered].filter((id) => !stored.has(id)).length,
        emulatorCores,
        instanceCores,
      };
    } finally {
      await store.close();
    }
  } finally {
    await caddy.stop();
    await Promise.all(servers.map((server) => server.stop()));
  }
}

/** MAIL_BACKLOG enquiries waiting in the outbox, then `instances` instances started at once to mail them. */
async function mailing(
  emulator: RunningEmulator,
  instances: number,
  redisUrl: string,
  siteDir: string,
): Promise<MailingRun> {
  const projectId = `demo-bench-mailing-${instances}`;
  const store = await FirestoreStore.open({
    projectId,
    enquiryCollection: ENQUIRY_COLLECTION,
    deadlineMs: 60_000,
  });
  const nextEnquiry = distinctEnquiries(
    `Backlog Buyer ${instances}`,
    8_000_000_000 + instances * 100_000_000,
  );
  try {
    console.log(`Storing ${formatCount(MAIL_BACKLOG)} enquiries for ${instances} instance(s) to mail …`);
    for (let done = 0; done < MAIL_BACKLOG; done += 50) {
      await Promise.all(
        Array.from({ length: Math.min(50, MAIL_BACKLOG - done) }, () => store.enquiries.add(nextEnquiry())),
      );
    }
  } finally {
    await store.close();
  }
  const sink = await startMailSink();
  const env = {
    ...instanceEnv(emulator, projectId, redisUrl, siteDir),
    SMTP_URL: sink.url,
    NOTIFY_TO: "orders@collarise.example",
  };
  let servers: ListeningServer[] = [];
  try {
    const {
      result: drainMs,
      emulatorCores,
      instanceCores,
    } = await watchCpu(
      emulator,
      () => servers,
      async () => {
        servers = await startInstances(instances, env);
        const started = performance.now();
        let lastCount = 0;
        let lastChange = started;
        for (;;) {
          const count = new Set(sink.mails.map((mail) => mail.enquiryId)).size;
          if (count >= MAIL_BACKLOG) return performance.now() - started;
          if (count !== lastCount) [lastCount, lastChange] = [count, performance.now()];
          if (performance.now() - lastChange > MAIL_STALL_MS || performance.now() - started > MAIL_LIMIT_MS)
            return undefined;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      },
    );
    await sink.idle().catch(() => undefined);
    const ids = sink.mails.map((mail) => mail.enquiryId);
    const distinct = new Set(ids).size;
    return {
      instances,
      backlog: MAIL_BACKLOG,
      mailed: distinct,
      duplicates: ids.length - distinct,
      ...(drainMs === undefined ? {} : { drainMs }),
      emulatorCores,
      instanceCores,
    };
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await sink.close();
  }
}

export interface ScaleOutBench {
  counter: CounterFigures;
  throughput: ThroughputRun[];
  mailing: MailingRun[];
}

export async function runScaleOutBench(): Promise<ScaleOutBench> {
  const siteDir = buildSite();
  const counter = await measureSharedCount();
  const emulator = await startFirestoreEmulatorProcess();
  const redis = await startRedisServer();
  const previousHost = process.env.FIRESTORE_EMULATOR_HOST;
  process.env.FIRESTORE_EMULATOR_HOST = emulator.host;
  process.env.METADATA_SERVER_DETECTION = "none";
  try {
    const throughputRuns = [];
    for (const instances of [1, 2])
      throughputRuns.push(await throughput(emulator, instances, redis.url, siteDir));
    const mailingRuns = [];
    for (const instances of [1, 2]) mailingRuns.push(await mailing(emulator, instances, redis.url, siteDir));
    return { counter, throughput: throughputRuns, mailing: mailingRuns };
  } finally {
    await redis.stop();
    await emulator.stop();
    if (previousHost === undefined) delete process.env.FIRESTORE_EMULATOR_HOST;
    else process.env.FIRESTORE_EMULATOR_HOST = previousHost;
  }
}

const cores = (run: { emulatorCores: number; instanceCores: number }) =>
  `CPU: emulator ${run.emulatorCores.toFixed(2)} cores, instances ${run.instanceCores.toFixed(2)}`;

export function scaleOutRows(bench: ScaleOutBench): Row[] {
  return [
    ...counterRows(bench.counter),
    ...bench.throughput.map((run) => ({
      group: "Scale-out (Firestore emulator, Caddy, Redis)",
      measure: `Enquiries/s through Caddy, ${run.instances} instance${run.instances > 1 ? "s" : ""}`,
      value: `${formatCount(run.requestsPerSecond)}/s, p99 ${run.p99Ms} ms, ${formatCount(run.answered)} answered 201, ${run.lost} lost (${cores(run)})`,
      target: "0 lost",
      pass: run.lost === 0,
    })),
    ...bench.mailing.map((run) => ({
      group: "Scale-out (Firestore emulator, Caddy, Redis)",
      measure: `Time to mail ${formatCount(run.backlog)} waiting enquiries, ${run.instances} instance${run.instances > 1 ? "s" : ""}`,
      value:
        run.drainMs === undefined
          ? `stopped: ${formatCount(run.mailed)} of ${formatCount(run.backlog)} mailed, none for ${MAIL_STALL_MS / 1000} s (${cores(run)})`
          : `${formatMs(run.drainMs)}, ${run.duplicates} mailed twice (${cores(run)})`,
      target: "all, each once",
      pass: run.drainMs !== undefined && run.duplicates === 0,
    })),
  ];
}

if (isMain(import.meta.url)) {
  console.log(formatTable(scaleOutRows(await runScaleOutBench())));
}
