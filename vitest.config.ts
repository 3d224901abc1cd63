import { defineConfig } from "vitest/config";
import { retentionPeriodsFrom } from "./domain/retention.ts";

// Vitest has its own config: the React Router plugin cannot run under Vitest.
export default defineConfig({
  // As in vite.config.ts: the pages' retention periods come from the environment.
  define: { __RETENTION_PERIODS__: JSON.stringify(retentionPeriodsFrom(process.env)) },
  test: {
    include: [
      "{app,console,domain,server,scripts}/**/*.test.{ts,tsx}",
      "tests/reliability/**/*.test.ts",
      "tests/scale-out/**/*.test.ts",
    ],
    environment: "node",
    setupFiles: ["./tests/setup/company-facts.ts", "./tests/setup/fail-on-console-error.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
