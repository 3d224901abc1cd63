import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it, onTestFinished } from "vitest";
import { createStore, StoreUnavailableError, type Store } from "..";

const kiran = {
  Name: "Kiran Deshpande",
  Email: "kiran.deshpande@gmail.com",
  Mobile: "9822012345",
  Quantity: 6,
  RetailerSelfUse: "Self Use" as const,
};

async function storeWithOneMail(busyTimeoutMs?: number): Promise<{ store: Store; path: string }> {
  const dir = await mkdtemp(join(tmpdir(), "collarise-claim-"));
  const path = join(dir, "site.db");
  const store = await createStore(`sqlite:${path}`, busyTimeoutMs ? { busyTimeoutMs } : {});
  onTestFinished(() => store.close());
  await store.enquiries.add(kiran);
  return { store, path };
}

/** Another connection to the file holding the write lock, as the intake's thread or another instance does while it commits. */
function holdWriteLock(path: string): () => void {
  const other = new Database(path);
  other.exec("BEGIN IMMEDIATE");
  return () => {
    if (!other.open) return;
    other.exec("COMMIT");
    other.close();
  };
}

const claim = (store: Store) =>
  store.enquiries.claimDueNotifications({
    worker: "w",
    now: new Date(Date.now() + 1000),
    limit: 10,
    leaseMs: 60_000,
  });

describe("the outbox's claim while another connection writes (SQLite)", () => {
  it("waits for the write lock without holding the event loop, then claims what is due", async () => {
    const { store, path } = await storeWithOneMail();
    const release = holdWriteLock(path);
    let ticks = 0;
    const ticker = setInterval(() => (ticks += 1), 5);
    onTestFinished(() => clearInterval(ticker));

    const claimed = claim(store);
    // The lock is held for 200 ms: the loop goes on turning meanwhile (SQLite's own wait would
    // have slept on this thread, and no timer would have run).
    await new Promise((resolve) => setTimeout(resolve, 200));
    const ticksWhileHeld = ticks;
    release();

    expect((await claimed).map((notification) => notification.kind)).toEqual(["company"]);
    expect(ticksWhileHeld).toBeGreaterThan(0);
  });

  it("fails as a store that cannot be written once the lock is held past the busy timeout, and claims nothing", async () => {
    const { store, path } = await storeWithOneMail(300);
    const release = holdWriteLock(path);
    onTestFinished(release);

    await expect(claim(store)).rejects.toBeInstanceOf(StoreUnavailableError);
    release();
    expect((await claim(store)).map((notification) => notification.kind)).toEqual(["company"]);
  });

  it("takes no lock when nothing is due", async () => {
    const { store, path } = await storeWithOneMail();
    const early = await store.enquiries.claimDueNotifications({
      worker: "w",
      now: new Date(Date.now() - 60_000),
      limit: 10,
      leaseMs: 60_000,
    });
    expect(early).toEqual([]);
    // Held by another connection all along: a claim with nothing due answers at once all the same.
    const release = holdWriteLock(path);
    onTestFinished(release);
    // Past the busy timeout (2 s), a claim that asked for the lock would have failed.
    await expect(
      store.enquiries.claimDueNotifications({ worker: "w", now: new Date(0), limit: 10, leaseMs: 60_000 }),
    ).resolves.toEqual([]);
  });
});

describe("the webhooks' claim while another connection writes (SQLite)", () => {
  it("waits for the write lock without holding the event loop, then claims the delivery that is due", async () => {
    const dir = await mkdtemp(join(tmpdir(), "collarise-claim-"));
    const path = join(dir, "site.db");
    const store = await createStore(`sqlite:${path}`);
    onTestFinished(() => store.close());
    await store.webhooks.addEndpoint({
      url: "https://hooks.example.com/in",
      events: ["enquiry.received"],
      now: new Date(),
    });
    await store.enquiries.add(kiran);
    const release = holdWriteLock(path);
    onTestFinished(release);
    let ticks = 0;
    const ticker = setInterval(() => (ticks += 1), 5);
    onTestFinished(() => clearInterval(ticker));

    const claimed = store.webhooks.claimDue({
      worker: "w",
      now: new Date(Date.now() + 60_000),
      limit: 10,
      leaseMs: 60_000,
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const ticksWhileHeld = ticks;
    release();

    expect((await claimed).map((delivery) => delivery.eventType)).toEqual(["enquiry.received"]);
    expect(ticksWhileHeld).toBeGreaterThan(0);
  });
});
