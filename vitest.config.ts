import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { retentionPeriodsFrom } from "./domain/retention.ts";

/**
 * The files that must have the machine to themselves: the scale-out suite puts a busy loop on every
 * core on purpose, and the others hold the server to a time it must answer within (a turn of the
 * event loop, a shutdown). Beside another file they would measure the other file.
 */
const alone = [
  "tests/scale-out/two-instances.test.ts",
  "server/documents/render-thread.test.ts",
  "server/ops/shutdown.test.ts",
];

// Vitest has its own config: the React Router plugin cannot run under Vitest.
export default defineConfig({
  // As in vite.config.ts: the pages' retention periods come from the environment.
  define: { __RETENTION_PERIODS__: JSON.stringify(retentionPeriodsFrom(process.env)) },
  test: {
    environment: "node",
    setupFiles: ["./tests/setup/company-facts.ts", "./tests/setup/fail-on-console-error.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: [
            "{app,console,domain,server,scripts}/**/*.test.{ts,tsx}",
            "tests/reliability/**/*.test.ts",
            "tests/scale-out/**/*.test.ts",
          ],
          exclude: alone,
          // Vitest's own default is one worker fewer than the cores: a single one on CI's two. These
          // files mostly wait on the servers, databases and mail servers they start, so two at a
          // time share two cores well (docs/development.md).
          maxWorkers: Math.max(2, availableParallelism() - 1),
        },
      },
      {
        extends: true,
        test: {
          name: "alone",
          include: alone,
          // After the others, one file at a time.
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
