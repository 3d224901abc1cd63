/**
 * Compiles the server and its operator commands to JavaScript in `<build>/server`, so that
 * production runs `node` on what was compiled (docs/decisions/011-a-compiled-server.md).
 * One bundle per entry point; packages stay in node_modules. `npm run typecheck` checks the
 * types (tsconfig.server.json): this step only emits.
 */
import { build } from "esbuild";
import { rm, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { LAUNCH_CONTENT_FILE, launchContent } from "./launch-content";

const outdir = resolve(process.env.BUILD_DIR ?? "build", "server");
export const SERVER_ENTRY_POINTS = [
  "server/main.ts",
  // The mail parser's thread (server/mail/mail-parsing.ts finds it beside the server's bundle).
  "server/mail/parse-worker.ts",
  // The form's intake's thread (server/work/intake-thread.ts finds it beside the server's bundle).
  "server/work/intake-thread-worker.ts",
  // The pages' renderer's thread (server/site/page-renderer.ts finds it beside the server's bundle).
  "server/site/page-render-worker.ts",
  // The documents' PDF thread (server/documents/render.ts finds it beside the server's bundle), and
  // render.ts on its own, which the build's tests make a PDF with (tests/deploy/document-pdf.test.ts).
  "server/documents/pdf-worker.ts",
  "server/documents/render.ts",
  "server/cli/export.ts",
  "server/cli/staff.ts",
  "server/cli/backup.ts",
  "server/cli/restore.ts",
  "server/cli/personal-data.ts",
  "server/cli/wait-ready.ts",
  "server/cli/check-launch.ts",
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
// The brand details the launch check reads (the compiled server imports nothing from app/).
await writeFile(join(outdir, LAUNCH_CONTENT_FILE), `${JSON.stringify(launchContent(), null, 2)}\n`);
console.log(`build-server: ${SERVER_ENTRY_POINTS.join(", ")} compiled into ${outdir}`);
