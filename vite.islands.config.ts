import { writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { defineConfig, type Plugin } from "vite";
import { retentionPeriodsFrom } from "./domain/retention.ts";
import { ISLANDS_ENTRY_FILE } from "./domain/islands.ts";
import { sonnerStylesheet } from "./scripts/vite-sonner-stylesheet.ts";

// The scripts of the public pages: the page's own small script and its islands, built apart from
// React Router's build into the same client folder (docs/decisions/045-public-pages-as-islands.md).
// React Router's build still renders the pages' HTML and their stylesheets; its browser scripts are
// not used by the pages.
const buildDirectory = resolve(process.env.BUILD_DIR ?? "build");
const clientDirectory = join(buildDirectory, "client");

/**
 * The pages carry every stylesheet of their parts inline (scripts/inline-styles.ts): the islands'
 * scripts must not load them a second time, which would also change their order in the cascade.
 * Only the toasts' stylesheets, which no page carries, travel with their chunk.
 */
const OWN_STYLESHEETS = /[\\/]components[\\/]toasts\.tsx$/;

function stylesheetsStayInThePage(): Plugin {
  const EMPTY = "\0island-stylesheet-in-page";
  return {
    name: "stylesheets-stay-in-the-page",
    enforce: "pre",
    resolveId(source, importer) {
      if (!source.endsWith(".css") || (importer && OWN_STYLESHEETS.test(importer))) return undefined;
      return EMPTY;
    },
    load(id) {
      return id === EMPTY ? "export {};" : undefined;
    },
  };
}

/** Writes the page script's address where the pages' finishing step reads it (server/site/page-steps.ts). */
function recordEntry(): Plugin {
  return {
    name: "record-islands-entry",
    writeBundle(_options, bundle) {
      const entry = Object.values(bundle).find((file) => file.type === "chunk" && file.isEntry);
      if (!entry) this.error("The islands' build has no entry");
      writeFileSync(
        join(clientDirectory, ISLANDS_ENTRY_FILE),
        `${JSON.stringify({ page: `/${entry.fileName}` })}\n`,
      );
    },
  };
}

export default defineConfig({
  publicDir: false,
  plugins: [sonnerStylesheet(), stylesheetsStayInThePage(), recordEntry()],
  oxc: { jsx: { runtime: "automatic", importSource: "react" } },
  define: { __RETENTION_PERIODS__: JSON.stringify(retentionPeriodsFrom(process.env)) },
  // The proof of work's solver runs in a module worker (app/lib/proof-of-work.ts), a script of its
  // own beside the islands', allowed by the pages' CSP as a same-origin worker (server/security-headers.ts).
  worker: {
    format: "es",
    rolldownOptions: {
      output: {
        entryFileNames: "assets/islands/[name]-[hash].js",
        chunkFileNames: "assets/islands/[name]-[hash].js",
      },
    },
  },
  build: {
    outDir: clientDirectory,
    // React Router's build is in the same folder.
    emptyOutDir: false,
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    rolldownOptions: {
      input: { page: resolve("app/islands/page.ts") },
      output: {
        entryFileNames: "assets/islands/[name]-[hash].js",
        chunkFileNames: "assets/islands/[name]-[hash].js",
        assetFileNames: "assets/[name]-[hash][extname]",
      },
      // lucide-react marks its modules "use client", which means nothing here.
      onwarn(warning, warn) {
        if (warning.code !== "MODULE_LEVEL_DIRECTIVE") warn(warning);
      },
    },
  },
});
