import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { projectRoot } from "./server";

/** Where the benchmarks build the site: BUILD_DIR, or a folder of their own in the temp dir. */
export const benchBuildDir = process.env.BUILD_DIR ?? join(tmpdir(), "collarise-bench-build");

/**
 * Builds the site as `npm run build` does, into the benchmarks' own folder, and returns the
 * folder of client files. BENCH_REUSE_BUILD=1 keeps a build that is already there.
 */
export function buildSite(buildDir = benchBuildDir): string {
  const clientDir = join(buildDir, "client");
  if (process.env.BENCH_REUSE_BUILD === "1" && existsSync(join(clientDir, "index.html"))) {
    console.log(`Using the build in ${buildDir}`);
    return clientDir;
  }
  console.log(`Building the site into ${buildDir} …`);
  const options = {
    cwd: projectRoot,
    env: { ...process.env, BUILD_DIR: buildDir, NODE_ENV: "production" },
    stdio: ["ignore", "ignore", "inherit"] as ["ignore", "ignore", "inherit"],
  };
  execFileSync(join(projectRoot, "node_modules/.bin/react-router"), ["build"], options);
  execFileSync(join(projectRoot, "node_modules/.bin/tsx"), ["scripts/postbuild.ts"], options);
  if (!existsSync(join(clientDir, "index.html")))
    throw new Error(`The build wrote no index.html in ${clientDir}`);
  return clientDir;
}
