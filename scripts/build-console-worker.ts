/**
 * After the console is built: compiles its service worker into one classic script
 * (`<build>/console/sw.js`) and writes its web app manifest (`<build>/console/manifest.webmanifest`).
 * The worker is told the build's hash and the files the console's page loads first, which it
 * keeps when it installs; a new build is a new worker, which drops the old build's files.
 */
import { build } from "esbuild";
import { createHash } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { consoleManifest } from "../console/app-manifest";
import { CONSOLE_APP } from "../domain/console-app";

const consoleDir = resolve(process.env.BUILD_DIR ?? "build", "console");
const page = await readFile(join(consoleDir, "index.html"), "utf8");

// The scripts, module preloads and stylesheets the page itself names: the shell's first load.
const firstLoad = [...page.matchAll(/(?:src|href)="([^"]+)"/g)]
  .map((match) => match[1] ?? "")
  .filter((path) => path.startsWith(CONSOLE_APP.assets));
const precache = [CONSOLE_APP.shell, ...new Set(firstLoad)];
const buildHash = createHash("sha256").update(page).digest("hex").slice(0, 16);

await build({
  entryPoints: ["console/service-worker.ts"],
  outfile: join(consoleDir, "sw.js"),
  bundle: true,
  format: "iife",
  platform: "browser",
  target: "es2022",
  minify: true,
  legalComments: "none",
  logLevel: "warning",
  define: {
    __CONSOLE_BUILD__: JSON.stringify(buildHash),
    __CONSOLE_PRECACHE__: JSON.stringify(precache),
  },
});
await writeFile(join(consoleDir, "manifest.webmanifest"), `${JSON.stringify(consoleManifest, null, 2)}\n`);
console.log(
  `build-console-worker: sw.js (build ${buildHash}, ${precache.length} files kept) and manifest.webmanifest`,
);
