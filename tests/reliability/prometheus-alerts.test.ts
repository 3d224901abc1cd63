/**
 * Debian's Prometheus scraping a running instance and evaluating the project's own alert rules
 * (deploy/prometheus/alerts.yml), with their `for:` at 0 s and the outbox's threshold at 2 s
 * instead of OUTBOX_ALERT_MINUTES, so that a stall is seen within seconds: the mail server stops
 * answering, an enquiry's mail waits, the alert fires; mail goes out again, the alert ends.
 */
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, it } from "vitest";
import { retailersEnquiry } from "../support/enquiry-bodies";
import { startMailSink, type MailSink } from "../support/mail-sink";
import { eventually, fastAlertRules, startPrometheus, type RunningPrometheus } from "../support/prometheus";
import { startTcpGate, type TcpGate } from "../support/tcp-gate";
import { projectRoot } from "../support/server-process";
import { buildTestApp, type TestApp } from "../support/test-app";

const run = promisify(execFile);

const TOKEN = "prometheus-scrape-token-0123456789";
const STALLED = 'ALERTS{alertname="CollariseOutboxStalled",alertstate="firing"}';

let sink: MailSink;
let gate: TcpGate;
let t: TestApp;
let prometheus: RunningPrometheus;

beforeAll(async () => {
  sink = await startMailSink();
  gate = await startTcpGate(sink.port);
  t = await buildTestApp(
    {
      SMTP_URL: `smtp://127.0.0.1:${gate.port}`,
      NOTIFY_TO: "orders@collarise.example",
      NOTIFY_TIMEOUT_SECONDS: "1",
      METRICS_TOKEN: TOKEN,
    },
    {
      outbox: { pollIntervalMs: 100, retry: { baseMs: 200, maxMs: 500 } },
      metrics: { backlogMaxAgeMs: 0 },
    },
  );
  await t.app.listen({ host: "127.0.0.1", port: 0 });
  const address = t.app.server.address();
  if (!address || typeof address === "string") throw new Error("The server has no port");
  prometheus = await startPrometheus({
    targets: [`127.0.0.1:${address.port}`],
    rules: await fastAlertRules([["max by (job) (collarise_outbox_alert_after_seconds)", "2"]]),
    metricsToken: TOKEN,
  });
}, 60_000);

afterAll(async () => {
  await prometheus?.stop();
  await t?.close();
  await gate?.stop();
  await sink?.close();
});

const sampleOf = async (expression: string) => {
  const [first] = await prometheus.query(expression);
  return first ? Number(first.value[1]) : undefined;
};

it("fires the outbox alert while the mail server is held down, and ends it once mail goes out", async () => {
  // Scraped, with nothing waiting, and no alert.
  await eventually(async () => (await sampleOf('up{job="collarise"}')) === 1, "the first scrape", 20_000);
  await eventually(async () => (await sampleOf("collarise_ready")) === 1, "the instance ready", 10_000);
  expect(await sampleOf("collarise_outbox_waiting")).toBe(0);
  expect(await prometheus.query(STALLED)).toEqual([]);

  // The mail server stops answering; an enquiry's mail waits in the outbox.
  gate.close();
  const stored = await t.app.inject({
    method: "POST",
    url: "/api/enquiries",
    payload: retailersEnquiry,
    remoteAddress: "203.0.113.9",
  });
  expect(stored.statusCode).toBe(201);
  await eventually(async () => (await prometheus.query(STALLED)).length > 0, "the stall alert", 30_000);
  const [alert] = await prometheus.query(STALLED);
  expect(alert?.metric).toMatchObject({ job: "collarise", severity: "page" });
  expect(await sampleOf("collarise_outbox_waiting")).toBeGreaterThanOrEqual(1);
  expect(await sampleOf("collarise_outbox_oldest_waiting_seconds")).toBeGreaterThan(2);
  expect(sink.mails).toHaveLength(0);

  // Mail goes out again: the outbox empties and the alert ends.
  gate.open();
  await sink.waitForMails(1, 30_000);
  await eventually(async () => (await prometheus.query(STALLED)).length === 0, "the alert to end", 30_000);
  expect(await sampleOf("collarise_outbox_waiting")).toBe(0);
  // The instance's own figures count what went through: one mail sent, attempts that failed first.
  expect(await sampleOf("collarise_outbox_sent_total")).toBe(1);
  expect(await sampleOf("collarise_outbox_failed_attempts_total")).toBeGreaterThanOrEqual(1);
}, 120_000);

it("never raises the outbox alert for an address refused for good (SMTP 550): it does not wait, it is counted apart", async () => {
  await eventually(
    async () => (await prometheus.query(STALLED)).length === 0,
    "no alert to begin with",
    30_000,
  );
  sink.refuseRecipient("orders@collarise.example", 550);
  const stored = await t.app.inject({
    method: "POST",
    url: "/api/enquiries",
    payload: retailersEnquiry,
    remoteAddress: "203.0.113.10",
  });
  expect(stored.statusCode).toBe(201);
  await sink.waitForRefusals(1, 30_000);
  const refusedAt = Date.now();
  await eventually(
    async () => (await sampleOf("collarise_outbox_undeliverable_total")) === 1,
    "the refusal counted",
    30_000,
  );
  // Scraped and evaluated well past the 2 s threshold after the refusal: a mail still waiting
  // would have fired the alert by now.
  await eventually(
    async () =>
      (await sampleOf("max_over_time(timestamp(collarise_outbox_waiting)[1m:])"))! * 1000 > refusedAt + 5_000,
    "scrapes 5 s after the refusal",
    30_000,
  );
  expect(await prometheus.query('max_over_time(ALERTS{alertname="CollariseOutboxStalled"}[4s])')).toEqual([]);
  expect(await sampleOf("collarise_outbox_waiting")).toBe(0);
  expect(await sampleOf("collarise_outbox_oldest_waiting_seconds")).toBe(0);
  expect(sink.refusals).toEqual([{ address: "orders@collarise.example", code: 550 }]);
}, 120_000);

it("pass promtool's check and the rules' own unit tests (deploy/prometheus/alerts.test.yml)", async () => {
  const cwd = join(projectRoot, "deploy/prometheus");
  const checked = await run("promtool", ["check", "rules", "alerts.yml"], { cwd });
  expect(checked.stdout).toMatch(/SUCCESS: \d+ rules found/);
  const tested = await run("promtool", ["test", "rules", "alerts.test.yml"], { cwd });
  expect(tested.stdout).toContain("SUCCESS");
});
