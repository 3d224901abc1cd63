import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
const root = resolve(import.meta.dirname, "../../..");
const bin = (name: string) => join(root, "node_modules", ".bin", name);

/**
 * Builds the site as `npm run build` does (React Router build, the islands' scripts, then the
 * postbuild step's sitemap and precompression) into `buildDir`, with `env` added to the environment.
 * Returns the folder of the client files the server serves.
 */
export async function buildSite(buildDir: string, env: Record<string, string> = {}): Promise<string> {
  const options = {
    cwd: root,
    env: { ...process.env, ...env, BUILD_DIR: buildDir, NODE_ENV: "production" },
    maxBuffer: 16 * 1024 * 1024,
  };
  await run(bin("react-router"), ["build"], options);
  await run(bin("vite"), ["build", "-c", "vite.islands.config.ts"], options);
  await run(bin("tsx"), ["scripts/postbuild.ts"], options);
  const clientDir = join(buildDir, "client");
  if (!existsSync(join(clientDir, "index.html"))) {
    throw new Error(`The build wrote no index.html in ${clientDir}`);
  }
  return clientDir;
}
