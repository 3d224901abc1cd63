/**
 * The enquiry write path of two builds side by side: the working tree and a given commit (the
 * release of 26 November, a975cac, unless another is named), each served in turn on a fresh
 * SQLite file and loaded with bench/api.ts's POST /api/enquiries (50 connections), alternating
 * A B, then B A, and so on, so that a shared machine's load falls on both alike. After each
 * round the server is stopped and every answered id is looked for in its database.
 *
 * The commit is checked out in a temporary git worktree under the temp folder, its dependencies
 * installed with `npm ci` on this same Node (or node_modules hard-linked when its lock file is
 * the working tree's), and built with its own build script; the worktree is removed at the end.
 *
 *   ./run run bench:compare                     a975cac, 2 rounds of 20 s per build
 *   ./run run bench:compare -- <commit>         another commit
 *   BENCH_COMPARE_ROUNDS=3                      rounds per build
 *   BENCH_QUICK=1                               3 s loads, for development
 *   BENCH_COMPARE_KEEP=1                        keeps the commit's worktree and build, which a
 *                                               later run uses again
 *   BENCH_REUSE_BUILD=1                         keeps the working tree's build in build/bench
 *   BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof"   profiles every server
 */
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import Database from "better-sqlite3";
import { ENQUIRY_COLLECTION } from "../domain/contract";
import { quoteIdentifier } from "../server/store/sqlite/identifiers";
import { CONNECTIONS, DURATION_S, enquiryLoad, type LoadFigures, RATE_LIMIT } from "./api";
import { benchServerOptions, buildSite } from "./support/build";
import { checkOutCommit, cpuTimeUs, git, runHere } from "./support/commits";
import { formatCount, median } from "./support/report";
import { projectRoot, startServer } from "../tests/support/server-process";

const ROUNDS = Number(process.env.BENCH_COMPARE_ROUNDS ?? 2);
const commit = process.argv[2] ?? "a975cac";
const keep = process.env.BENCH_COMPARE_KEEP === "1";

interface Build {
  label: string;
  /** The build folder: `<build>/client` and `<build>/server/main.js`. */
  buildDir: string;
}

interface Round {
  build: string;
  round: number;
  figures: LoadFigures;
  answered: number;
  lost: number;
  /** The server's CPU time (user and system) per answered enquiry, warm-up included, in µs. */
  cpuUsPerEnquiry: number;
}

/**
 * The commit's worktree, dependencies and build. Its build folder lies inside its worktree, as
 * the compiled server finds its packages in the node_modules beside it.
 */
function buildCommit(sha: string, worktree: string): Build {
  const buildDir = join(worktree, "build");
  const label = `${sha.slice(0, 7)} (${git("log", "-1", "--format=%cs", sha)})`;
  // A commit's build never changes: one kept from an earlier run (BENCH_COMPARE_KEEP=1) is used again.
  if (existsSync(join(buildDir, "server/main.js"))) {
    console.log(`Using the build of ${label} in ${buildDir}`);
    return { label, buildDir };
  }
  console.log(`Checking out ${label} in ${worktree} …`);
  checkOutCommit(sha, worktree, console.log);
  console.log(`Building ${label} into ${buildDir} …`);
  runHere(worktree, "npm", ["run", "build"], { BUILD_DIR: buildDir, NODE_ENV: "production" });
  if (!existsSync(join(buildDir, "server/main.js"))) throw new Error(`The build of ${label} wrote no server`);
  return { label, buildDir };
}

/** One round: a fresh database, the server started, the load, the server stopped, the store checked. */
async function measure(build: Build, round: number): Promise<Round> {
  const dataDir = await mkdtemp(join(tmpdir(), "collarise-bench-compare-"));
  try {
    const databaseFile = join(dataDir, "site.db");
    const server = await startServer(
      {
        SITE_DIR: join(build.buildDir, "client"),
        DATABASE_URL: `sqlite:${databaseFile}`,
        RATE_LIMIT_PER_MINUTE: RATE_LIMIT,
        LOG_LEVEL: "warn",
      },
      { ...benchServerOptions, buildDir: build.buildDir },
    );
    const answered = new Set<string>();
    let figures: LoadFigures;
    let cpuUs: number;
    try {
      const cpuBefore = cpuTimeUs(server.pid);
      figures = await enquiryLoad(server.baseUrl, `${build.label} round ${round}`, answered);
      cpuUs = cpuTimeUs(server.pid) - cpuBefore;
    } finally {
      await server.stop();
    }
    // Read with SQLite itself, not this tree's store, which would migrate the other build's file.
    const database = new Database(databaseFile, { readonly: true });
    const stored = new Set(
      (
        database
          .prepare(`SELECT id FROM ${quoteIdentifier(ENQUIRY_COLLECTION)}`)
          .pluck()
          .all() as string[]
      ).map(String),
    );
    database.close();
    const lost = [...answered].filter((id) => !stored.has(id)).length;
    const cpuUsPerEnquiry = cpuUs / Math.max(1, answered.size);
    return { build: build.label, round, figures, answered: answered.size, lost, cpuUsPerEnquiry };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

const sha = git("rev-parse", "--verify", `${commit}^{commit}`);
const worktree = join(tmpdir(), `collarise-compare-${sha.slice(0, 12)}`);
const ms = (value: number) => `${value.toFixed(1)} ms`;
const us = (value: number) => `${Math.round(value)} µs`;
try {
  const base = buildCommit(sha, worktree);
  const changed = git("status", "--porcelain", "--untracked-files=no") === "" ? "" : " + changes";
  const current: Build = {
    label: `working tree (${git("rev-parse", "--short", "HEAD")}${changed})`,
    buildDir: "",
  };
  // The working tree's build also lies inside it, beside its node_modules.
  current.buildDir = dirname(buildSite(process.env.BUILD_DIR ?? join(projectRoot, "build", "bench")));
  const builds = [base, current];

  const rounds: Round[] = [];
  console.log(
    `\nLoad: ${DURATION_S} s per round at ${CONNECTIONS} connections, ${ROUNDS} rounds per build, SQLite; load average at the start ${loadavg()
      .map((value) => value.toFixed(2))
      .join(", ")}`,
  );
  for (let round = 1; round <= ROUNDS; round += 1) {
    const order = round % 2 === 1 ? builds : [...builds].reverse();
    for (const build of order) {
      const result = await measure(build, round);
      rounds.push(result);
      console.log(
        `  ${result.build} round ${round}: ${formatCount(result.figures.requestsPerSecond)} enquiries/s, p50 ${ms(result.figures.p50Ms)}, p99 ${ms(result.figures.p99Ms)}, server CPU ${us(result.cpuUsPerEnquiry)} per enquiry, ${result.lost} lost`,
      );
    }
  }

  const header = [
    "Build",
    "Round",
    "Enquiries/s",
    "p50",
    "p99",
    "CPU/enquiry",
    "Non-2xx",
    "Answered",
    "Lost",
  ];
  const lines = rounds.map((round) => [
    round.build,
    String(round.round),
    formatCount(round.figures.requestsPerSecond),
    ms(round.figures.p50Ms),
    ms(round.figures.p99Ms),
    us(round.cpuUsPerEnquiry),
    String(round.figures.non2xx + round.figures.errors + round.figures.timeouts),
    formatCount(round.answered),
    String(round.lost),
  ]);
  const of = (build: Build) => rounds.filter((round) => round.build === build.label);
  for (const build of builds) {
    const mine = of(build);
    lines.push([
      build.label,
      "median",
      formatCount(median(mine.map((round) => round.figures.requestsPerSecond))),
      ms(median(mine.map((round) => round.figures.p50Ms))),
      ms(median(mine.map((round) => round.figures.p99Ms))),
      us(median(mine.map((round) => round.cpuUsPerEnquiry))),
      String(mine.reduce((sum, round) => sum + round.figures.non2xx + round.figures.errors, 0)),
      formatCount(mine.reduce((sum, round) => sum + round.answered, 0)),
      String(mine.reduce((sum, round) => sum + round.lost, 0)),
    ]);
  }
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => line[column]!.length)),
  );
  const row = (values: string[]) =>
    `| ${values.map((value, column) => value.padEnd(widths[column]!)).join(" | ")} |`;
  console.log(`\n${row(header)}\n|${widths.map((width) => "-".repeat(width + 2)).join("|")}|`);
  for (const line of lines) console.log(row(line));
  const rate = (build: Build) => median(of(build).map((round) => round.figures.requestsPerSecond));
  const p99 = (build: Build) => median(of(build).map((round) => round.figures.p99Ms));
  const cpu = (build: Build) => median(of(build).map((round) => round.cpuUsPerEnquiry));
  console.log(
    `\nRatio (medians), ${current.label} / ${base.label}: ${(rate(current) / rate(base)).toFixed(2)} × enquiries/s, p99 ${(p99(current) / p99(base)).toFixed(2)} ×, server CPU per enquiry ${(cpu(current) / cpu(base)).toFixed(2)} ×`,
  );
  console.log(
    `Load average (1, 5, 15 min) at the end: ${loadavg()
      .map((value) => value.toFixed(2))
      .join(", ")}`,
  );
} finally {
  if (keep) console.log(`Kept ${worktree}`);
  else if (existsSync(worktree)) {
    git("worktree", "remove", "--force", worktree);
    git("worktree", "prune");
  }
}
