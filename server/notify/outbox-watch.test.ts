import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Enquiry } from "../../domain/enquiry";
import type { Store } from "../store/store";
import { firestoreSandbox, sqliteSandbox } from "../../tests/support/store-sandboxes";
import { recordingLogger } from "../../tests/support/recording-logger";
import { manualTimers } from "../../tests/support/manual-timers";
import {
  OUTBOX_WATCH_EVERY_MS,
  OUTBOX_WATCH_FIRST_AFTER_MS,
  outboxMonitor,
  watchOutbox,
} from "./outbox-watch";

const MINUTE = 60_000;
const enquiry: Enquiry = {
  Name: "Asha Verma",
  Email: "asha@example.com",
  Mobile: "9876543210",
  Quantity: 24,
  RetailerSelfUse: "Retailer",
};

/** Claims every waiting notification and marks it sent, as the worker does once mail goes out. */
async function sendEverything(store: Store, now: Date) {
  const claimed = await store.enquiries.claimDueNotifications({
    worker: "w",
    now,
    limit: 100,
    leaseMs: MINUTE,
  });
  for (const notification of claimed) await store.enquiries.markNotificationSent(notification.id, "w");
}

describe.each([sqliteSandbox("outbox-watch"), firestoreSandbox("outbox-watch")])("on $name", (sandbox) => {
  let store: Store;
  beforeAll(() => sandbox.setUp());
  afterAll(() => sandbox.tearDown());
  afterEach(() => store?.close());

  it("the health figures say how many wait and how long the oldest has, and when that is past the alert", async () => {
    ({ store } = await sandbox.openStore());
    let clock = Date.now();
    const monitor = outboxMonitor({ store, alertAfterMinutes: 30, now: () => new Date(clock) });
    expect(await monitor.health()).toEqual({
      waiting: 0,
      oldestWaitingSeconds: null,
      alertAfterMinutes: 30,
      stalled: false,
    });

    const first = await store.enquiries.add(enquiry);
    await store.enquiries.add(enquiry, { acknowledge: true });
    clock = new Date(first.receivedAt).getTime() + 30 * MINUTE;
    expect(await monitor.health()).toEqual({
      waiting: 3,
      oldestWaitingSeconds: 30 * 60,
      alertAfterMinutes: 30,
      stalled: false,
    });
    expect(await monitor.stall()).toBeNull();

    clock += 1_000;
    expect(await monitor.health()).toMatchObject({
      waiting: 3,
      oldestWaitingSeconds: 30 * 60 + 1,
      stalled: true,
    });
    expect(await monitor.stall()).toEqual({ waiting: 3, oldestWaitingSince: first.receivedAt });

    await sendEverything(store, new Date(clock));
    expect(await monitor.health()).toMatchObject({ waiting: 0, oldestWaitingSeconds: null, stalled: false });
  });

  it("a stall is logged as an error at each look, every few minutes, until mail goes out, which is said once", async () => {
    ({ store } = await sandbox.openStore());
    const stored = await store.enquiries.add(enquiry);
    let clock = new Date(stored.receivedAt).getTime();
    const log = recordingLogger();
    const { timers, timeouts, intervals } = manualTimers();
    const watch = watchOutbox({
      monitor: outboxMonitor({ store, alertAfterMinutes: 30, now: () => new Date(clock) }),
      log,
      timers,
    });
    watch.start();
    expect([...timeouts.values()].map((timer) => timer.ms)).toEqual([OUTBOX_WATCH_FIRST_AFTER_MS]);
    expect([...intervals.values()].map((timer) => timer.ms)).toEqual([OUTBOX_WATCH_EVERY_MS]);
    const look = async (at: number) => {
      clock = at;
      await watch.runOnce();
    };
    const errors = () => log.entries.filter((entry) => entry.level === "error");

    await look(clock + 10 * MINUTE);
    expect(log.entries).toEqual([]);

    await look(clock + 25 * MINUTE);
    await look(clock + 5 * MINUTE);
    expect(errors()).toHaveLength(2);
    expect(errors()[0]).toEqual({
      level: "error",
      object: {
        waiting: 1,
        oldestWaitingSince: stored.receivedAt,
        oldestWaitingSeconds: 35 * 60,
        alertAfterMinutes: 30,
      },
      message:
        "mail is not going out: a notification has waited in the outbox longer than OUTBOX_ALERT_MINUTES",
    });
    // Nothing personal in the log: no name, address or number of the visitor.
    expect(JSON.stringify(log.entries)).not.toMatch(/Asha|asha@|9876543210/);

    await sendEverything(store, new Date(clock));
    await look(clock + 5 * MINUTE);
    await look(clock + 5 * MINUTE);
    expect(errors()).toHaveLength(2);
    expect(log.entries.filter((entry) => entry.level === "info")).toEqual([
      { level: "info", object: { waiting: 0 }, message: "mail goes out again: nothing waits past the alert" },
    ]);
    await watch.stop();
  });
});
