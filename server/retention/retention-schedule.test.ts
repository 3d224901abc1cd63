import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ENQUIRY_COLLECTION } from "../../domain/contract";
import type { Enquiry } from "../../domain/enquiry";
import { SqliteStore } from "../store";
import {
  RETENTION_EVERY_HOURS,
  RETENTION_FIRST_RUN_DELAY_MS,
  RETENTION_JOB,
  RETENTION_LEASE_MS,
  type RetentionSweepStep,
  scheduleRetention,
  signInRecordsStep,
  unconfirmedSubscribersStep,
} from "./retention-schedule";
import { recordingLogger } from "../../tests/support/recording-logger";
import { manualTimers } from "../../tests/support/manual-timers";

const DAY = 86_400_000;
const enquiry: Enquiry = {
  Name: "Asha Verma",
  Email: "asha@example.com",
  Mobile: "9876543210",
  Quantity: 2,
  RetailerSelfUse: "Self Use",
};

let dir: string;
let store: SqliteStore;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "retention-schedule-"));
  store = await SqliteStore.open({ path: join(dir, "site.db"), enquiryCollection: ENQUIRY_COLLECTION });
});
afterEach(async () => {
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

describe("the retention schedule", () => {
  it("sweeps soon after it starts and every six hours, erasing what is due by its clock, and logs it once in the activity log", async () => {
    const closedAt = new Date();
    const kept = await store.enquiries.add(enquiry);
    const due = await store.enquiries.add({ ...enquiry, Name: "Ravi Kumar" });
    await store.work.changeStatus(due.id, {
      to: "Fulfilled",
      expectedVersion: 0,
      staffEmail: "staff@example.com",
      at: closedAt,
    });
    await store.vitals.add([{ page: "/", metric: "LCP", value: 1000 }], closedAt);
    let clock = new Date(closedAt.getTime() + 29 * DAY);
    const log = recordingLogger();
    const { timers, timeouts, intervals } = manualTimers();
    const retention = scheduleRetention({
      holder: "this-instance",
      store,
      periods: { closedEnquiryDays: 30, vitalsDays: 60 },
      log,
      now: () => clock,
      timers,
    });
    expect(timeouts.size + intervals.size).toBe(0);
    retention.start();
    expect([...timeouts.values()].map((timer) => timer.ms)).toEqual([RETENTION_FIRST_RUN_DELAY_MS]);
    expect([...intervals.values()].map((timer) => timer.ms)).toEqual([RETENTION_EVERY_HOURS * 3_600_000]);

    // The first sweep, 29 days after the enquiry was closed: nothing is due yet.
    [...timeouts.values()][0]!.callback();
    await retention.runOnce();
    expect(retention.status).toMatchObject({
      lastRunAt: clock.toISOString(),
      lastErased: { enquiries: 0, vitals: 0, taxRecords: 0 },
      lastSuccessAt: clock.toISOString(),
      lastError: null,
    });
    expect((await store.enquiries.list()).map((stored) => stored.id)).toEqual([kept.id, due.id]);
    expect((await store.activity.list({ limit: 10 })).items).toEqual([]);

    // Six hours on, by the clock it was given, the closed enquiry is 31 days old.
    clock = new Date(closedAt.getTime() + 31 * DAY);
    [...intervals.values()][0]!.callback();
    await retention.runOnce();
    expect(retention.status.lastErased).toEqual({ enquiries: 1, vitals: 0, taxRecords: 0 });
    expect((await store.enquiries.list()).map((stored) => stored.id)).toEqual([kept.id]);
    expect((await store.activity.list({ limit: 10 })).items).toEqual([
      expect.objectContaining({
        actor: null,
        action: "retention-erased",
        target: "enquiries 1, vitals 0, taxRecords 0",
        at: clock.toISOString(),
      }),
    ]);
    expect(log.entries.filter((entry) => entry.level === "info").map((entry) => entry.object)).toEqual([
      { erased: { enquiries: 0, vitals: 0, taxRecords: 0 } },
      { erased: { enquiries: 1, vitals: 0, taxRecords: 0 } },
    ]);

    await retention.stop();
    expect(timeouts.size + intervals.size).toBe(0);
  });

  it("runs the extra steps after the store's; a failing step is logged and shown, and the others and the next run go on", async () => {
    await store.vitals.add([{ page: "/", metric: "CLS", value: 0 }], new Date("2026-01-01T00:00:00.000Z"));
    const clock = new Date("2026-06-01T00:00:00.000Z");
    let failing = true;
    const calls: string[] = [];
    const steps: RetentionSweepStep[] = [
      {
        name: "unconfirmed subscribers",
        async run(now) {
          calls.push(`subscribers at ${now.toISOString()}`);
          if (failing) throw new Error("the store is not answering");
          return { subscribers: 2 };
        },
      },
      {
        name: "later",
        async run() {
          calls.push("later");
          return { other: 0 };
        },
      },
    ];
    const log = recordingLogger();
    const retention = scheduleRetention({
      holder: "this-instance",
      store,
      periods: { closedEnquiryDays: 365, vitalsDays: 90 },
      log,
      steps,
      now: () => clock,
      timers: manualTimers().timers,
    });

    await retention.runOnce();
    expect(calls).toEqual([`subscribers at ${clock.toISOString()}`, "later"]);
    expect(retention.status).toMatchObject({
      lastErased: { enquiries: 0, vitals: 1, taxRecords: 0, other: 0 },
      lastSuccessAt: null,
      lastFailureAt: clock.toISOString(),
      lastError: "unconfirmed subscribers: the store is not answering",
    });
    expect(log.entries.find((entry) => entry.level === "error")).toMatchObject({
      object: { step: "unconfirmed subscribers" },
      message: "erasing expired personal data failed",
    });
    expect((await store.activity.list({ limit: 10 })).items.map((entry) => entry.target)).toEqual([
      "enquiries 0, vitals 1, taxRecords 0, other 0",
    ]);

    failing = false;
    await retention.runOnce();
    expect(retention.status).toMatchObject({
      lastErased: { enquiries: 0, vitals: 0, taxRecords: 0, subscribers: 2, other: 0 },
      lastSuccessAt: clock.toISOString(),
    });
    await retention.stop();
  });

  it("erases a newsletter address never confirmed 7 days after it was last asked for, and keeps a confirmed one", async () => {
    const askedAt = new Date("2026-05-01T00:00:00.000Z");
    await store.subscribers.request("unconfirmed@example.com", { now: askedAt, resendAfterMs: 3_600_000 });
    const kept = await store.subscribers.request("kept@example.com", {
      now: askedAt,
      resendAfterMs: 3_600_000,
    });
    await store.subscribers.confirm(kept.subscriberId, kept.confirmNonce!, askedAt);
    let clock = new Date(askedAt.getTime() + 7 * DAY - 1_000);
    const retention = scheduleRetention({
      holder: "this-instance",
      store,
      periods: { closedEnquiryDays: 30, vitalsDays: 60 },
      log: recordingLogger(),
      now: () => clock,
      timers: manualTimers().timers,
      steps: [unconfirmedSubscribersStep(store)],
    });

    await retention.runOnce();
    expect(retention.status.lastErased).toEqual({
      enquiries: 0,
      vitals: 0,
      taxRecords: 0,
      unconfirmedSubscribers: 0,
    });
    clock = new Date(askedAt.getTime() + 7 * DAY + 1_000);
    await retention.runOnce();
    expect(retention.status.lastErased).toEqual({
      enquiries: 0,
      vitals: 0,
      taxRecords: 0,
      unconfirmedSubscribers: 1,
    });
    expect((await store.subscribers.list()).map((subscriber) => subscriber.email)).toEqual([
      "kept@example.com",
    ]);
    // Asked for again, the address starts afresh: a new confirmation mail, a new week.
    expect(
      (await store.subscribers.request("unconfirmed@example.com", { now: clock, resendAfterMs: 3_600_000 }))
        .outcome,
    ).toBe("created");
  });

  it("forgets sessions ended by idleness and attempt counters once their window is over", async () => {
    const start = new Date("2026-05-01T00:00:00.000Z");
    const member = await store.staff.add({ email: "s@example.com", role: "member", passwordHash: "h" });
    await store.sessions.create({ tokenHash: "t", staffId: member.id, now: start });
    await store.attemptCounters.add("address:192.0.2.1", new Date(start.getTime() + DAY));
    const step = signInRecordsStep(store);
    expect(await step.run(new Date(start.getTime() + 11 * 3_600_000))).toEqual({
      idleSessions: 0,
      attemptCounters: 0,
    });
    expect(await step.run(new Date(start.getTime() + DAY + 1_000))).toEqual({
      idleSessions: 1,
      attemptCounters: 1,
    });
  });

  it("does not start a second sweep while one is under way", async () => {
    let release!: () => void;
    let runs = 0;
    const retention = scheduleRetention({
      holder: "this-instance",
      store,
      periods: { closedEnquiryDays: 365, vitalsDays: 90 },
      log: recordingLogger(),
      steps: [
        {
          name: "slow",
          run: () => {
            runs += 1;
            return new Promise((resolve) => (release = () => resolve({ slow: 0 })));
          },
        },
      ],
      timers: manualTimers().timers,
    });
    const first = retention.runOnce();
    const second = retention.runOnce();
    await new Promise((resolve) => setImmediate(resolve));
    expect(runs).toBe(1);
    release();
    await Promise.all([first, second]);
    expect(runs).toBe(1);
    await retention.stop();
  });

  it("leaves a sweep to another instance holding its lease, says so, and sweeps once the lease is free", async () => {
    const closedAt = new Date();
    const due = await store.enquiries.add(enquiry);
    await store.work.changeStatus(due.id, {
      to: "Fulfilled",
      expectedVersion: 0,
      staffEmail: "staff@example.com",
      at: closedAt,
    });
    const clock = new Date(closedAt.getTime() + 31 * DAY);
    const log = recordingLogger();
    const retention = scheduleRetention({
      holder: "this-instance",
      store,
      periods: { closedEnquiryDays: 30, vitalsDays: 60 },
      log,
      now: () => clock,
      timers: manualTimers().timers,
    });
    expect(await store.leases.take(RETENTION_JOB, "other-instance", clock, RETENTION_LEASE_MS)).toBe(true);

    await retention.runOnce();
    expect(retention.status).toMatchObject({ lastRunAt: null, lastSkippedAt: clock.toISOString() });
    expect(await store.enquiries.list()).toHaveLength(1);
    expect(log.entries.map((entry) => entry.message)).toEqual([
      "another instance is sweeping; this one leaves it the sweep",
    ]);

    await store.leases.release(RETENTION_JOB, "other-instance", clock);
    await retention.runOnce();
    expect(retention.status.lastErased).toEqual({ enquiries: 1, vitals: 0, taxRecords: 0 });
    expect(await store.enquiries.list()).toEqual([]);
    // Released at the end: the other instance may take the next sweep at once.
    expect(await store.leases.take(RETENTION_JOB, "other-instance", clock, RETENTION_LEASE_MS)).toBe(true);
    await retention.stop();
  });
});
