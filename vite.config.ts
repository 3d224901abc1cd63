import { reactRouter } from "@react-router/dev/vite";
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { defineConfig, type Plugin } from "vite";
import { retentionPeriodsFrom } from "./domain/retention.ts";
import { sonnerStylesheet } from "./scripts/vite-sonner-stylesheet.ts";

/** React and React Router, which every page runs. */
const FRAMEWORK = /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/;
/**
 * The modules every page loads before it can hydrate, apart from its route's own: kept in one
 * file, so that a visitor's phone fetches and decompresses a few scripts rather than a dozen
 * small ones (each costs its own compression and request). Lazily loaded parts (sections below
 * the fold, the carousel, toasts, the measuring library) are not listed and stay apart.
 */
const SHELL =
  /[\\/]app[\\/](components[\\/](site-header|site-footer|newsletter-form|social-icons|contact-detail|postal-address|not-found)\.tsx|lib[\\/](company-facts|scroll|seo|api-client|use-form-submit|display-font|page-language|report-web-vitals|visit-source)\.tsx?|content[\\/](site|forms|languages)\.ts)$|[\\/]domain[\\/](retention|contract|subscriber|brand|email|company-facts|render-facts)\.ts$/;
/** The English pages' own words around the page (the Hindi pages carry none of them). */
const ENGLISH_SHELL = /[\\/]app[\\/]content[\\/]site\.en\.ts$/;
/** The same for the Hindi pages: their words around the page and the loader of their Devanagari face. */
const HINDI_SHELL =
  /[\\/]app[\\/](content[\\/]site\.hi\.ts|lib[\\/]devanagari-font\.ts)$|[\\/]domain[\\/]subscriber\.hi\.ts$/;
/**
 * The privacy policy's page and the helper that keeps its text in the served HTML, in one script:
 * the policy loads one script, not two. The landing page's questions use the same helper, in the
 * sections it loads as they near the screen, which then fetch this small script too (the policy's
 * stylesheet is its routes', so it does not come along).
 */
const PRIVACY_POLICY_PAGE =
  /[\\/]app[\\/](pages[\\/]privacy-policy-page|components[\\/]prerendered-text)\.tsx$/;

/** Where the server finds React Router's server build to render the pages again (server/site/page-renderer.ts). */
const PAGE_RENDER_DIR = "page-render";

/**
 * Keeps a copy of React Router's server build beside the client's: with `ssr: false` React Router
 * deletes it once the pages are prerendered, and the server renders the same pages from it when
 * the company publishes new facts (docs/decisions/041-pages-rendered-from-the-company-facts.md).
 * Copied before React Router's own step, which prerenders and then deletes the folder.
 */
function keepPageRenderer(): Plugin {
  return {
    name: "keep-page-renderer",
    applyToEnvironment: (environment) => environment.name === "ssr",
    writeBundle: {
      order: "pre",
      sequential: true,
      handler(options, bundle) {
        if (!options.dir) return;
        const target = join(dirname(options.dir), PAGE_RENDER_DIR);
        rmSync(target, { recursive: true, force: true });
        // The files of this bundle only: the folder may still hold an earlier build's server.
        for (const file of Object.keys(bundle)) {
          mkdirSync(dirname(join(target, file)), { recursive: true });
          copyFileSync(join(options.dir, file), join(target, file));
        }
        // ES modules wherever the build folder is (a BUILD_DIR outside the project has no package.json).
        writeFileSync(join(target, "package.json"), '{ "type": "module" }\n');
      },
    },
  };
}

export default defineConfig({
  plugins: [sonnerStylesheet(), keepPageRenderer(), reactRouter()],
  // The privacy policy states the retention periods the server is started with: the same
  // variables, parsed alike; scripts/postbuild.ts writes them beside the pages for the server to check.
  define: { __RETENTION_PERIODS__: JSON.stringify(retentionPeriodsFrom(process.env)) },
  // In development the pages come from Vite and the API from the server (`npm start`, port 3000).
  server: { proxy: { "/api": `http://127.0.0.1:${process.env.API_PORT ?? 3000}` } },
  build: {
    // Fonts and icons are small; inlining nothing keeps the CSP strict and caching simple.
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: "framework", test: FRAMEWORK, priority: 30 },
            // Ahead of the Hindi group, so that what both languages share stays out of it.
            { name: "site", test: SHELL, priority: 20 },
            { name: "site.en", test: ENGLISH_SHELL, priority: 10 },
            { name: "site.hi", test: HINDI_SHELL, priority: 10 },
            { name: "privacy-policy-page", test: PRIVACY_POLICY_PAGE, priority: 10 },
          ],
        },
      },
    },
  },
});
