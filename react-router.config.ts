import type { Config } from "@react-router/dev/config";

// Both pages are prerendered so that their whole text is in the HTML before any
// script runs; the Fastify server serves the result (docs/decisions/001-prerendered-site.md).
export default {
  // BUILD_DIR lets checks that run side by side build into folders of their own.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  ssr: false,
  prerender: ["/", "/privacy-policy"],
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
  },
} satisfies Config;
