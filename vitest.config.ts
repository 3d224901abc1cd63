import { defineConfig } from "vitest/config";

// Vitest has its own config: the React Router plugin cannot run under Vitest.
export default defineConfig({
  test: {
    include: ["{app,domain,server,scripts}/**/*.test.{ts,tsx}", "tests/reliability/**/*.test.ts"],
    environment: "node",
    setupFiles: ["./tests/setup/fail-on-console-error.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
