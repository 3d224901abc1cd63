import { afterAll, beforeAll, expect, test } from "vitest";
import type { Enquiry } from "../../domain/enquiry";
import { firestoreSandbox } from "../support/store-sandboxes";
import { manualTimers } from "../support/manual-timers";
import { buildTestApp, type TestApp } from "../support/test-app";

/**
 * Two server instances on one Firestore database, as a deployment of several runs them: their
 * retention sweeps come at the same moment, and one of them does the work.
 */
const sandbox = firestoreSandbox("sweeps");
const previousDetection = process.env.METADATA_SERVER_DETECTION;
const apps: TestApp[] = [];
const DAY = 86_400_000;

beforeAll(async () => {
  await sandbox.setUp();
  // Google's client libraries otherwise look for a cloud metadata server off this machine.
  process.env.METADATA_SERVER_DETECTION = "none";
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await sandbox.tearDown();
  if (previousDetection === undefined) delete process.env.METADATA_SERVER_DETECTION;
  else process.env.METADATA_SERVER_DETECTION = previousDetection;
});

const enquiry = (n: number): Enquiry => ({
  Name: `Closed Visitor ${n}`,
  Email: `closed${n}@example.com`,
  Mobile: String(9_100_000_000 + n),
  Quantity: n + 1,
  RetailerSelfUse: "Retailer",
});

test("two instances sweeping at once: one erases, and the activity log has one entry with the right counts", async () => {
  const closedAt = new Date();
  // A year and more on, every closed enquiry and every measurement is past its period.
  const sweepAt = new Date(closedAt.getTime() + 400 * DAY);
  for (let i = 0; i < 2; i++) {
    apps.push(
      await buildTestApp(
        { DATABASE_URL: "firestore://demo-sweeps" },
        { retention: { now: () => sweepAt, timers: manualTimers().timers } },
      ),
    );
  }
  const [first, second] = apps.map((app) => app.app);
  const store = first!.store;
  for (let n = 0; n < 5; n++) {
    const stored = await store.enquiries.add(enquiry(n));
    await store.work.changeStatus(stored.id, {
      to: "Fulfilled",
      expectedVersion: 0,
      staffEmail: "staff@example.com",
      at: closedAt,
    });
  }
  const open = await store.enquiries.add(enquiry(9));
  await store.vitals.add(
    [
      { page: "/", metric: "LCP", value: 1200 },
      { page: "/", metric: "CLS", value: 0.01 },
      { page: "/privacy-policy", metric: "LCP", value: 900 },
    ],
    closedAt,
  );

  // No notifier here: every enquiry's mail waits, and either instance's health check says so.
  const outboxOf = async (app: TestApp["app"]) =>
    (await app.inject({ method: "GET", url: "/api/health" })).json<{ outbox: object }>().outbox;
  expect(await outboxOf(second!)).toMatchObject({ waiting: 6, stalled: false });

  await Promise.all([first!.retention.runOnce(), second!.retention.runOnce()]);

  const entries = (await store.activity.list({ limit: 10 })).items.filter(
    (entry) => entry.action === "retention-erased",
  );
  expect(entries).toHaveLength(1);
  expect(entries[0]!.target).toMatch(/^enquiries 5, vitals 3(, [a-zA-Z]+ 0)*$/);
  expect((await store.enquiries.list()).map((stored) => stored.id)).toEqual([open.id]);
  // The erased enquiries' mails went with them.
  expect(await outboxOf(first!)).toMatchObject({ waiting: 1 });
  // Each instance says what it did: one swept, the other left it the sweep (or came after and found nothing).
  const statuses = [first!.retention.status, second!.retention.status];
  const erased = statuses.map(
    (status) => (status.lastErased?.enquiries ?? 0) + (status.lastErased?.vitals ?? 0),
  );
  expect(erased.sort()).toEqual([0, 8]);
  expect(statuses.every((status) => status.lastError === null)).toBe(true);
});
