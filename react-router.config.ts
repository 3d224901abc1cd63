import type { Config } from "@react-router/dev/config";
import { lstatSync, mkdirSync, readlinkSync, rmSync, symlinkSync } from "node:fs";
import { isAbsolute, join, relative, resolve } from "node:path";
import { PUBLIC_PAGES } from "./domain/contract";
// Prerendering renders the pages with the build's facts: the defaults, or COMPANY_FACTS_FILE.
import "./scripts/facts-for-build";

// BUILD_DIR lets checks that run side by side build into folders of their own.
const buildDirectory = resolve(process.env.BUILD_DIR ?? "build");

// Prerendering imports the server build, which must resolve this project's packages: a
// build folder outside the project gets a link to its node_modules.
const outside = relative(process.cwd(), buildDirectory);
if (outside.startsWith("..") || isAbsolute(outside)) {
  mkdirSync(buildDirectory, { recursive: true });
  const link = join(buildDirectory, "node_modules");
  const target = resolve("node_modules");
  // A link left by another checkout (since moved or removed) is pointed at this one's.
  const existing = lstatSync(link, { throwIfNoEntry: false });
  if (existing?.isSymbolicLink() && readlinkSync(link) !== target) rmSync(link);
  if (!lstatSync(link, { throwIfNoEntry: false })) symlinkSync(target, link, "dir");
}

// Both pages are prerendered so that their whole text is in the HTML before any script runs;
// the Fastify server serves the result (docs/decisions/001-prerendered-site.md).
export default {
  buildDirectory,
  ssr: false,
  prerender: [...PUBLIC_PAGES],
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
  },
} satisfies Config;
