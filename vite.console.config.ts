import { resolve } from "node:path";
import { defineConfig } from "vite";

// The console is its own single-page app, built beside the public site (build/console next to
// build/client) so that nothing of it reaches the public pages' HTML or scripts.
const buildDirectory = resolve(process.env.BUILD_DIR ?? "build");

export default defineConfig({
  root: resolve("console"),
  base: "/admin/",
  publicDir: false,
  // No React plugin is installed: the transformer's automatic JSX runtime is enough (no fast refresh).
  oxc: { jsx: { runtime: "automatic", importSource: "react" } },
  server: { proxy: { "/api": `http://127.0.0.1:${process.env.API_PORT ?? 3000}` } },
  build: {
    outDir: resolve(buildDirectory, "console"),
    emptyOutDir: true,
    assetsInlineLimit: 0,
    rollupOptions: {
      // lucide-react marks its modules "use client", which means nothing in a single-page app.
      onwarn(warning, warn) {
        if (warning.code !== "MODULE_LEVEL_DIRECTIVE") warn(warning);
      },
    },
  },
});
