import { defineConfig } from "@playwright/test";
// Every worker loads this file: the tests read the pages' words with the facts the build rendered
// them with (app/lib/company-facts.ts).
import "./scripts/facts-for-build";

/** Debian's Chromium, with the flags this closed network needs. */
export const chromiumArgs = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

const port = Number(process.env.E2E_PORT ?? 4317);

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [["list"]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  globalSetup: "./tests/e2e/support/global-setup.ts",
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: "chromium",
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
      args: chromiumArgs,
    },
    trace: "off",
    screenshot: "only-on-failure",
  },
});
