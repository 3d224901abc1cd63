/**
 * Compiles the server and its operator commands to JavaScript in `<build>/server`, so that
 * production runs `node` on what was compiled (docs/decisions/011-a-compiled-server.md).
 * One bundle per entry point; packages stay in node_modules. `npm run typecheck` checks the
 * types (tsconfig.server.json): this step only emits.
 */
import { build } from "esbuild";
import { rm } from "node:fs/promises";
import { resolve } from "node:path";

const outdir = resolve(process.env.BUILD_DIR ?? "build", "server");
export const SERVER_ENTRY_POINTS = [
  "server/main.ts",
  "server/cli/export.ts",
  "server/cli/staff.ts",
  "server/cli/backup.ts",
  "server/cli/restore.ts",
  "server/cli/personal-data.ts",
  "server/cli/wait-ready.ts",
];

await rm(outdir, { recursive: true, force: true });
await build({
  entryPoints: SERVER_ENTRY_POINTS,
  outdir,
  outbase: "server",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node24",
  packages: "external",
  splitting: true,
  sourcemap: true,
  logLevel: "warning",
});
console.log(`build-server: ${SERVER_ENTRY_POINTS.join(", ")} compiled into ${outdir}`);
