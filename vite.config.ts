import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { retentionPeriodsFrom } from "./domain/retention.ts";
import { sonnerStylesheet } from "./scripts/vite-sonner-stylesheet.ts";

export default defineConfig({
  plugins: [sonnerStylesheet(), reactRouter()],
  // The privacy policy states the retention periods the server is started with: the same
  // variables, parsed alike; scripts/postbuild.ts writes them beside the pages for the server to check.
  define: { __RETENTION_PERIODS__: JSON.stringify(retentionPeriodsFrom(process.env)) },
  // In development the pages come from Vite and the API from the server (`npm start`, port 3000).
  server: { proxy: { "/api": `http://127.0.0.1:${process.env.API_PORT ?? 3000}` } },
  build: {
    // Fonts and icons are small; inlining nothing keeps the CSP strict and caching simple.
    assetsInlineLimit: 0,
  },
});
