import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PUBLIC_PAGES } from "../../domain/contract";
import {
  projectRoot,
  startServer,
  type ListeningServer,
  type SpawnOptions,
} from "../../tests/support/server-process";

/** Where the benchmarks build the site: BUILD_DIR, or a folder of their own in the temp dir. */
export const benchBuildDir = process.env.BUILD_DIR ?? join(tmpdir(), "collarise-bench-build");

/**
 * Builds the site and the server with `npm run build`, into the benchmarks' own folder, and
 * returns the folder of client files. BENCH_REUSE_BUILD=1 keeps a build that is already there.
 */
export function buildSite(buildDir = benchBuildDir): string {
  const clientDir = join(buildDir, "client");
  const built = existsSync(join(clientDir, "index.html")) && existsSync(join(buildDir, "server/main.js"));
  if (process.env.BENCH_REUSE_BUILD === "1" && built) {
    console.log(`Using the build in ${buildDir}`);
    return clientDir;
  }
  console.log(`Building the site into ${buildDir} …`);
  const options = {
    cwd: projectRoot,
    env: { ...process.env, BUILD_DIR: buildDir, NODE_ENV: "production" },
    stdio: ["ignore", "ignore", "inherit"] as ["ignore", "ignore", "inherit"],
  };
  execFileSync("npm", ["run", "build"], options);
  if (!existsSync(join(clientDir, "index.html")))
    throw new Error(`The build wrote no index.html in ${clientDir}`);
  return clientDir;
}

/**
 * How the benchmarks run the server: compiled, from their build, showing its warnings and
 * errors. BENCH_SERVER_NODE_ARGS, such as "--cpu-prof --cpu-prof-dir=/tmp/prof", profiles it.
 */
export const benchServerOptions: SpawnOptions = {
  buildDir: benchBuildDir,
  inheritOutput: true,
  nodeArgs: (process.env.BENCH_SERVER_NODE_ARGS ?? "").split(/\s+/).filter(Boolean),
};

/**
 * Serves each of several builds, side by side: its own client files and its own compiled server,
 * each on an SQLite file of its own in `dataDir` (bench/web-compare.ts, bench/web-trace.ts).
 */
export function serveBuilds(buildDirs: readonly string[], dataDir: string): Promise<ListeningServer[]> {
  return Promise.all(
    buildDirs.map((buildDir, index) =>
      startServer(
        {
          SITE_DIR: join(buildDir, "client"),
          DATABASE_URL: `sqlite:${join(dataDir, `site-${index}.db`)}`,
          LOG_LEVEL: "error",
        },
        { buildDir },
      ),
    ),
  );
}

/** The public pages a page benchmark measures: every one, or those BENCH_WEB_PAGES names (comma-separated paths). */
export function benchPages(): readonly string[] {
  const chosen = process.env.BENCH_WEB_PAGES?.split(",").map((page) => page.trim());
  return chosen ? PUBLIC_PAGES.filter((page) => chosen.includes(page)) : PUBLIC_PAGES;
}
