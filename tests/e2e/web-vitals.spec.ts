import type { Page, Request } from "@playwright/test";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { VITALS_ENDPOINT, VITALS_READY_MARK, type VitalsReport } from "../../app/lib/report-web-vitals";
import { expect, test } from "./support/fixtures";
import { serverOfItsOwn } from "./support/own-server";

const ALL_METRICS = ["CLS", "FCP", "INP", "LCP", "TTFB"];

const isVitalsBeacon = (request: Request) =>
  request.method() === "POST" && new URL(request.url()).pathname === VITALS_ENDPOINT;

/** Waits until the page, idle after loading, has fetched the measuring library and started it. */
async function waitForMeasuring(page: Page) {
  await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, VITALS_READY_MARK);
}

/** A click on the page's left margin: an interaction (for INP) that opens nothing. */
async function interact(page: Page) {
  const viewport = page.viewportSize() ?? { width: 1280, height: 720 };
  await page.mouse.click(2, Math.round(viewport.height / 2));
  await page.waitForFunction(() => performance.getEntriesByType("first-input").length > 0);
}

/** What a switch to another tab does to the page: it turns hidden. */
async function hideTab(page: Page) {
  await page.evaluate(() => {
    Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
    document.dispatchEvent(new Event("visibilitychange", { bubbles: true }));
  });
}

const run = promisify(execFile);

interface VitalSummaryRow {
  page: string;
  metric: string;
  count: number;
  p75: number;
}

/** The operators' export of the stored measurements (`npm run export -- vitals`), as JSON. */
async function exportedVitals(databaseUrl: string): Promise<VitalSummaryRow[]> {
  const { stdout } = await run("npm", ["run", "--silent", "export", "--", "vitals", "--format", "json"], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
  });
  return JSON.parse(stdout) as VitalSummaryRow[];
}

function countsFor(rows: VitalSummaryRow[], page: string): Record<string, number> {
  return Object.fromEntries(
    ALL_METRICS.map((metric) => [
      metric,
      rows.find((row) => row.page === page && row.metric === metric)?.count ?? 0,
    ]),
  );
}

function reportOf(request: Request): VitalsReport {
  return JSON.parse(request.postData() ?? "null") as VitalsReport;
}

test("the home page sends its five measurements in one beacon when the tab is hidden", async ({ page }) => {
  const beacons: Request[] = [];
  page.on("request", (request) => {
    if (isVitalsBeacon(request)) beacons.push(request);
  });
  await page.goto("/");
  await waitForMeasuring(page);
  await interact(page);
  expect(beacons, "nothing is sent while the page is in view").toEqual([]);

  const beacon = page.waitForRequest(isVitalsBeacon);
  await hideTab(page);
  const request = await beacon;

  expect(request.headers()["content-type"]).toMatch(/^text\/plain/);
  const report = reportOf(request);
  expect(report.page).toBe("/");
  expect(report.metrics.map((metric) => metric.name).sort()).toEqual(ALL_METRICS);
  for (const metric of report.metrics) {
    expect(Number.isFinite(metric.value), `${metric.name} is a number`).toBe(true);
    expect(metric.value, metric.name).toBeGreaterThanOrEqual(0);
  }
  const response = await request.response();
  expect(response?.status(), "the server accepts the measurements").toBe(204);
  expect(beacons).toHaveLength(1);
});

test("the privacy policy reports its own address", async ({ page }) => {
  await page.goto("/privacy-policy");
  await waitForMeasuring(page);
  await interact(page);

  const beacon = page.waitForRequest(isVitalsBeacon);
  await hideTab(page);
  const request = await beacon;

  const report = reportOf(request);
  expect(report.page).toBe("/privacy-policy");
  expect(report.metrics.map((metric) => metric.name).sort()).toEqual(ALL_METRICS);
  expect((await request.response())?.status()).toBe(204);
});

test.describe("stored measurements", () => {
  // A store of its own: no other test's page views can be counted as this one's.
  const server = serverOfItsOwn("vitals");

  test("a page the visitor leaves has its measurements stored, and the export shows them", async ({
    page,
  }) => {
    expect(await exportedVitals(server.databaseUrl)).toEqual([]);
    await page.goto(`${server.baseUrl}/privacy-policy`);
    await waitForMeasuring(page);
    await interact(page);

    // A full navigation unloads the page: it fires pagehide, turns hidden, and the beacons go out.
    await page.goto(`${server.baseUrl}/`);

    await expect
      .poll(
        async () => {
          const counts = countsFor(await exportedVitals(server.databaseUrl), "/privacy-policy");
          return ALL_METRICS.filter((metric) => (counts[metric] ?? 0) > 0);
        },
        { timeout: 20_000 },
      )
      .toEqual(ALL_METRICS);
    const { stdout: table } = await run("npm", ["run", "--silent", "export", "--", "vitals"], {
      env: { ...process.env, DATABASE_URL: server.databaseUrl },
    });
    expect(table).toContain("/privacy-policy");
  });
});
