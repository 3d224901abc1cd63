/**
 * The form's intake on Firestore, one enquiry at a time: how many calls each enquiry makes to
 * the Firestore emulator, how many of them it waits on one after another, and how long it takes.
 * The app is built in process (`buildApp`, as the server builds it) on a fresh project of one
 * emulator, and each enquiry is posted through `app.inject` (each with an Idempotency-Key of its
 * own, as the page sends it), after warm-up enquiries not counted.
 *
 * Every gRPC call is counted where it starts, as an HTTP/2 request on the client's session:
 *  - calls per enquiry, in all and by method (BatchGetDocuments, RunQuery, Commit…);
 *  - waits one after another: the calls started while no other was in flight;
 *  - the longest chain: the most calls of one enquiry each started after the one before ended
 *    (calls that overlap in time make one wait, but never one link of a chain).
 * Calls that another part of the server makes meanwhile (the outbox woken by the enquiry) are
 * counted with it, in both builds alike.
 *
 * The working tree is measured, and each commit named beside it, in alternating rounds (A B, then
 * B A…) so that the machine's load falls on both alike. A commit is checked out in a temporary
 * git worktree with this tree's node_modules hard-linked (its package-lock.json must be this
 * tree's; else its dependencies are installed with `npm ci`), and run from its own sources; the
 * worktree is removed at the end unless BENCH_INTAKE_KEEP=1.
 *
 *   npx tsx bench/firestore-intake.ts                   the working tree
 *   npx tsx bench/firestore-intake.ts 757b9dd           and a commit, side by side
 *   BENCH_INTAKE_ENQUIRIES=n                            enquiries counted per round (100)
 *   BENCH_INTAKE_ROUNDS=n                               rounds per build (2)
 *   BENCH_INTAKE_KEYS=0                                 enquiries without an Idempotency-Key
 *   BENCH_INTAKE_TRACE=1                                each round's last enquiry's calls, as they
 *                                                       started and ended
 */
import { spawn } from "node:child_process";
import http2 from "node:http2";
import { mkdtemp, rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
// Types only: each round loads these from the tree it measures (another commit's, maybe).
import type * as AppModule from "../server/app";
import type * as ConfigModule from "../server/config";
import type * as ContractModule from "../domain/contract";
import type * as TestAppModule from "../tests/support/test-app";
import type * as EnquiriesModule from "./support/enquiries";
import { checkOutCommit, cpuTimeUs, git } from "./support/commits";
import { median, percentile } from "./support/report";

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const ENQUIRIES = Number(process.env.BENCH_INTAKE_ENQUIRIES ?? 100);
const WARM_UP = 30;
const ROUNDS = Number(process.env.BENCH_INTAKE_ROUNDS ?? 2);
const KEYS = process.env.BENCH_INTAKE_KEYS !== "0";
const TRACE = process.env.BENCH_INTAKE_TRACE === "1";
/** How the process that measures a round starts the line of its figures (the app may log beside it). */
const RESULT = "intake-figures ";
/** The emulator's process, whose CPU time a round reads. */
const EMULATOR_PID = Number(process.env.BENCH_INTAKE_EMULATOR_PID || 0);
/** Set in the process that measures one tree: the tree's root. */
const TREE = process.env.BENCH_INTAKE_TREE;

/** What one round measured, as the measuring process reports it. */
interface RoundFigures {
  enquiries: number;
  callsPerEnquiry: number;
  callsByMethod: Record<string, number>;
  waitsPerEnquiry: number;
  chainPerEnquiry: number;
  p50Ms: number;
  p95Ms: number;
  /** This process's CPU time (user and system) per enquiry counted, in µs. */
  appCpuUs: number;
  /** The emulator's CPU time per enquiry counted, in µs. */
  emulatorCpuUs: number;
  loadBefore: number;
  loadAfter: number;
}

/** The gRPC calls of one enquiry as they start and end. */
class CallCounter {
  counting = false;
  private inFlight = 0;
  private calls: { method: string; start: number; end: number; depth: number }[] = [];
  private waits = 0;
  readonly totals = { calls: 0, waits: 0, chain: 0, byMethod: new Map<string, number>() };
  /** The last enquiry's calls, in the order they started: when each started and ended. */
  lastEnquiry: string[] = [];

  /** Hooks every HTTP/2 session made from now on (the gRPC client's). */
  install(): void {
    const connect = http2.connect.bind(http2);
    const started = (method: string, stream: http2.ClientHttp2Stream) => this.started(method, stream);
    (http2 as { connect: unknown }).connect = (...args: Parameters<typeof http2.connect>) => {
      const session = connect(...args);
      const request = session.request.bind(session);
      session.request = (
        headers?: http2.OutgoingHttpHeaders,
        options?: http2.ClientSessionRequestOptions,
      ) => {
        const stream = request(headers, options);
        started(
          String(headers?.[":path"] ?? "?")
            .split("/")
            .pop() ?? "?",
          stream,
        );
        return stream;
      };
      return session;
    };
  }

  private started(method: string, stream: http2.ClientHttp2Stream): void {
    const counted = this.counting;
    if (counted && this.inFlight === 0) this.waits += 1;
    this.inFlight += 1;
    const start = performance.now();
    // The longest chain of calls each started after the one before it ended, this one last.
    const depth =
      1 + Math.max(0, ...this.calls.filter((call) => call.end <= start).map((call) => call.depth));
    const call = { method, start, end: Number.POSITIVE_INFINITY, depth };
    if (counted) this.calls.push(call);
    // Its answer is whole at its trailers (gRPC's status): the client answers its caller then,
    // and may start the next call before the stream's "close".
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      this.inFlight -= 1;
      call.end = performance.now();
    };
    for (const event of ["trailers", "end", "close"] as const) stream.once(event, end);
  }

  /** Ends one enquiry's count. */
  enquiryDone(): void {
    this.totals.calls += this.calls.length;
    this.totals.waits += this.waits;
    this.totals.chain += Math.max(0, ...this.calls.map((call) => call.depth));
    for (const { method } of this.calls) {
      this.totals.byMethod.set(method, (this.totals.byMethod.get(method) ?? 0) + 1);
    }
    const first = this.calls[0]?.start ?? 0;
    this.lastEnquiry = this.calls.map(
      (call) =>
        `${call.method} ${(call.start - first).toFixed(1)}–${(call.end - first).toFixed(1)} ms (link ${call.depth})`,
    );
    this.calls = [];
    this.waits = 0;
  }
}

/** One round in this process: the tree's app on a fresh project, its enquiries posted and counted. */
async function measureTree(root: string): Promise<RoundFigures> {
  const counter = new CallCounter();
  // Before the tree's Firestore client is loaded, so that its sessions are hooked.
  counter.install();
  const from = <T>(path: string) => import(join(root, path)) as Promise<T>;
  const { buildApp } = await from<typeof AppModule>("server/app.ts");
  const { loadConfig, retentionPeriodsOf } = await from<typeof ConfigModule>("server/config.ts");
  const { API_PATHS } = await from<typeof ContractModule>("domain/contract.ts");
  const { writeSiteFixture } = await from<typeof TestAppModule>("tests/support/test-app.ts");
  const { distinctEnquiries } = await from<typeof EnquiriesModule>("bench/support/enquiries.ts");
  const dir = await mkdtemp(join(tmpdir(), "collarise-bench-intake-"));
  try {
    const config = loadConfig({
      SITE_DIR: join(dir, "site"),
      DATABASE_URL: `firestore://demo-intake-${process.pid}-${Date.now()}`,
      RATE_LIMIT_PER_MINUTE: "1000000",
      LOG_LEVEL: "warn",
      SINGLE_INSTANCE: "true",
    });
    await writeSiteFixture(dir, retentionPeriodsOf(config));
    const app = await buildApp({ config });
    try {
      await app.ready();
      const next = distinctEnquiries("Intake Bench", 8_300_000_000);
      const post = async () => {
        const answer = await app.inject({
          method: "POST",
          url: API_PATHS.enquiries,
          headers: {
            "content-type": "application/json",
            ...(KEYS ? { "idempotency-key": crypto.randomUUID() } : {}),
          },
          payload: JSON.stringify(next()),
        });
        if (answer.statusCode !== 201) throw new Error(`An enquiry was refused: ${answer.statusCode}`);
      };
      for (let i = 0; i < WARM_UP; i++) await post();
      const loadBefore = loadavg()[0] ?? 0;
      const appCpuBefore = process.cpuUsage();
      const emulatorCpuBefore = cpuTimeUs(EMULATOR_PID);
      const times: number[] = [];
      for (let i = 0; i < ENQUIRIES; i++) {
        counter.counting = true;
        const start = performance.now();
        await post();
        times.push(performance.now() - start);
        counter.counting = false;
        counter.enquiryDone();
      }
      const appCpu = process.cpuUsage(appCpuBefore);
      const emulatorCpuUs = cpuTimeUs(EMULATOR_PID) - emulatorCpuBefore;
      times.sort((a, b) => a - b);
      const { totals } = counter;
      if (TRACE) console.error(`The last enquiry's calls:\n  ${counter.lastEnquiry.join("\n  ")}`);
      return {
        enquiries: ENQUIRIES,
        callsPerEnquiry: totals.calls / ENQUIRIES,
        callsByMethod: Object.fromEntries([...totals.byMethod].map(([method, n]) => [method, n / ENQUIRIES])),
        waitsPerEnquiry: totals.waits / ENQUIRIES,
        chainPerEnquiry: totals.chain / ENQUIRIES,
        p50Ms: percentile(times, 0.5),
        p95Ms: percentile(times, 0.95),
        appCpuUs: (appCpu.user + appCpu.system) / ENQUIRIES,
        emulatorCpuUs: emulatorCpuUs / ENQUIRIES,
        loadBefore,
        loadAfter: loadavg()[0] ?? 0,
      };
    } finally {
      await app.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Runs one round of a tree in a process of its own (each loads its own sources), on the emulator at `host`. */
function roundInProcess(
  root: string,
  emulator: { host: string; pid: number | undefined },
): Promise<RoundFigures> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ["--import", "tsx", fileURLToPath(import.meta.url)], {
      cwd: root,
      env: {
        ...process.env,
        BENCH_INTAKE_TREE: root,
        FIRESTORE_EMULATOR_HOST: emulator.host,
        BENCH_INTAKE_EMULATOR_PID: String(emulator.pid ?? ""),
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("error", fail);
    child.once("exit", (code) => {
      const line = output.split("\n").find((each) => each.startsWith(RESULT));
      if (code !== 0 || !line) fail(new Error(`The round in ${root} ended with ${code}`));
      else done(JSON.parse(line.slice(RESULT.length)) as RoundFigures);
    });
  });
}

async function main(): Promise<void> {
  const commits = process.argv.slice(2);
  const keep = process.env.BENCH_INTAKE_KEEP === "1";
  const builds: { label: string; root: string; worktree?: string }[] = [
    { label: `working tree (${git("rev-parse", "--short", "HEAD")})`, root: projectRoot },
  ];
  for (const commit of commits) {
    const sha = git("rev-parse", "--short", commit);
    const worktree = join(tmpdir(), `collarise-bench-intake-${sha}`);
    console.log(`Checking out ${sha} in ${worktree} …`);
    checkOutCommit(sha, worktree);
    builds.push({ label: sha, root: worktree, worktree });
  }
  const { startFirestoreEmulatorProcess } = await import("../tests/support/firestore-emulator");
  const emulator = await startFirestoreEmulatorProcess();
  const rounds = new Map<string, RoundFigures[]>(builds.map((build) => [build.label, []]));
  try {
    for (let round = 1; round <= ROUNDS; round++) {
      // A B, then B A: neither build always goes first.
      const order = round % 2 ? builds : [...builds].reverse();
      for (const build of order) {
        const figures = await roundInProcess(build.root, emulator);
        rounds.get(build.label)!.push(figures);
        console.log(
          `${build.label} round ${round}: ${figures.callsPerEnquiry.toFixed(2)} calls, ` +
            `${figures.waitsPerEnquiry.toFixed(2)} waits, chain ${figures.chainPerEnquiry.toFixed(2)}, ` +
            `p50 ${figures.p50Ms.toFixed(1)} ms, p95 ${figures.p95Ms.toFixed(1)} ms, ` +
            `CPU ${figures.appCpuUs.toFixed(0)} + ${figures.emulatorCpuUs.toFixed(0)} µs, ` +
            `load ${figures.loadBefore.toFixed(1)}–${figures.loadAfter.toFixed(1)}`,
        );
      }
    }
  } finally {
    await emulator.stop();
    for (const build of builds) {
      if (build.worktree && !keep) {
        git("worktree", "remove", "--force", build.worktree);
      }
    }
  }
  console.log(
    `\n${ENQUIRIES} enquiries per round, one at a time, ${KEYS ? "each with its own Idempotency-Key" : "without an Idempotency-Key"}, after ${WARM_UP} not counted; medians of ${ROUNDS} rounds.\n`,
  );
  console.log(
    "| Build | gRPC calls per enquiry | Waits one after another | Longest chain | p50 | p95 | CPU per enquiry, app + emulator | Load average |",
  );
  console.log("| --- | --- | --- | --- | --- | --- | --- | --- |");
  for (const build of builds) {
    const all = rounds.get(build.label)!;
    const methods = [...new Set(all.flatMap((each) => Object.keys(each.callsByMethod)))].sort();
    const byMethod = methods
      .map((method) => `${method} ${median(all.map((each) => each.callsByMethod[method] ?? 0)).toFixed(1)}`)
      .join(", ");
    const loads = all.flatMap((each) => [each.loadBefore, each.loadAfter]);
    console.log(
      `| ${build.label} | ${median(all.map((each) => each.callsPerEnquiry)).toFixed(2)} (${byMethod}) | ` +
        `${median(all.map((each) => each.waitsPerEnquiry)).toFixed(2)} | ` +
        `${median(all.map((each) => each.chainPerEnquiry)).toFixed(2)} | ` +
        `${median(all.map((each) => each.p50Ms)).toFixed(1)} ms | ` +
        `${median(all.map((each) => each.p95Ms)).toFixed(1)} ms | ` +
        `${median(all.map((each) => each.appCpuUs)).toFixed(0)} + ${median(all.map((each) => each.emulatorCpuUs)).toFixed(0)} µs | ` +
        `${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)} |`,
    );
  }
}

if (TREE) {
  measureTree(TREE).then(
    (figures) => {
      console.log(`${RESULT}${JSON.stringify(figures)}`);
      process.exit(0);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
} else {
  await main();
}
