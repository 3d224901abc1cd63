import { defineConfig } from "vitest/config";

// The suites that run against a finished build (`npm run build` first): a production install,
// the deployment's own files.
export default defineConfig({
  test: {
    include: ["tests/deploy/**/*.test.ts"],
    environment: "node",
    setupFiles: ["./tests/setup/company-facts.ts", "./tests/setup/fail-on-console-error.ts"],
    testTimeout: 120_000,
    hookTimeout: 600_000,
    pool: "forks",
  },
});
