import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { ENQUIRY_COLLECTION } from "../domain/contract";
import { runLeased, type ScheduleTimers } from "./scheduled-task";
import { SqliteStore } from "./store";
import { manualTimers } from "../tests/support/manual-timers";

const MINUTE = 60_000;

let dir: string;
let store: SqliteStore;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "scheduled-task-"));
  store = await SqliteStore.open({ path: join(dir, "site.db"), enquiryCollection: ENQUIRY_COLLECTION });
});
afterEach(async () => {
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

it("holds a job's lease while the work runs, renewing it every third of its length, and releases it after", async () => {
  let clock = new Date("2026-03-01T10:00:00.000Z");
  const { timers, intervals } = manualTimers();
  const lost: unknown[] = [];
  let finish!: () => void;
  const run = runLeased(
    {
      leases: store.leases,
      job: "sweep",
      holder: "a",
      leaseMs: 3 * MINUTE,
      now: () => clock,
      onLost: (error) => lost.push(error ?? "taken"),
      timers,
    },
    () => new Promise<string>((resolve) => (finish = () => resolve("done"))),
  );
  await new Promise((resolve) => setImmediate(resolve));
  expect([...intervals.values()].map((interval) => interval.ms)).toEqual([MINUTE]);

  // Renewed at two minutes: at four, past the first end, it is still held.
  clock = new Date(clock.getTime() + 2 * MINUTE);
  [...intervals.values()][0]!.callback();
  await new Promise((resolve) => setImmediate(resolve));
  clock = new Date(clock.getTime() + 2 * MINUTE);
  expect(await store.leases.take("sweep", "b", clock, 3 * MINUTE)).toBe(false);
  expect(lost).toEqual([]);

  finish();
  expect(await run).toEqual({ ran: true, result: "done" });
  expect(intervals.size).toBe(0);
  expect(await store.leases.take("sweep", "b", clock, 3 * MINUTE)).toBe(true);
});

it("does not run the work while another holds the lease, and hears when its own was taken over", async () => {
  const clock = new Date("2026-03-01T10:00:00.000Z");
  const lease = (holder: string, onLost: (error?: unknown) => void, timers?: ScheduleTimers) => ({
    leases: store.leases,
    job: "sweep",
    holder,
    leaseMs: 3 * MINUTE,
    now: () => clock,
    onLost,
    timers,
  });
  expect(await store.leases.take("sweep", "b", clock, 3 * MINUTE)).toBe(true);
  let ran = false;
  expect(
    await runLeased(
      lease("a", () => undefined),
      async () => (ran = true),
    ),
  ).toEqual({ ran: false });
  expect(ran).toBe(false);

  await store.leases.release("sweep", "b", clock);
  const { timers, intervals } = manualTimers();
  const lost: unknown[] = [];
  let finish!: () => void;
  const run = runLeased(
    lease("a", (error) => lost.push(error ?? "taken"), timers),
    () => new Promise<void>((resolve) => (finish = resolve)),
  );
  await new Promise((resolve) => setImmediate(resolve));
  // Its lease ran out (the work took too long) and another instance took the job.
  expect(await store.leases.take("sweep", "b", new Date(clock.getTime() + 3 * MINUTE), 3 * MINUTE)).toBe(
    true,
  );
  [...intervals.values()][0]!.callback();
  await new Promise((resolve) => setImmediate(resolve));
  expect(lost).toEqual(["taken"]);
  finish();
  await run;
});
