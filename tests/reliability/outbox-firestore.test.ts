import { afterAll, afterEach, beforeAll, expect, test } from "vitest";
import type { Enquiry } from "../../domain/enquiry";
import { NewsletterLinks } from "../../server/newsletter/links";
import type { Notifier } from "../../server/notify/notifier";
import { OutboxWorker } from "../../server/notify/outbox-worker";
import { createSmtpNotifier } from "../../server/notify/smtp-notifier";
import type { Store } from "../../server/store/store";
import { type MailSink, startMailSink } from "../support/mail-sink";
import { recordingLogger } from "../support/recording-logger";
import { firestoreSandbox } from "../support/store-sandboxes";

/**
 * The outbox on the Firestore emulator as instances use it for hours: claims, leases that run
 * out, sent notifications piling up at the head of the queue by due time, two workers at once.
 */
const sandbox = firestoreSandbox("outbox");
let sink: MailSink;
const cleanUp: (() => Promise<void>)[] = [];

beforeAll(async () => {
  await sandbox.setUp();
  sink = await startMailSink();
});
afterEach(async () => {
  for (const step of cleanUp.splice(0).reverse()) await step();
  sink.mails.splice(0);
});
afterAll(async () => {
  await sink.close();
  await sandbox.tearDown();
});

const enquiry = (n: number): Enquiry => ({
  Name: `Outbox Visitor ${n}`,
  Email: `visitor${n}@example.com`,
  Mobile: String(9_000_000_000 + n),
  Quantity: n,
  RetailerSelfUse: n % 2 === 0 ? "Retailer" : "Self Use",
});

/** A second connection to the same project: what another server instance would open. */
async function openStores(count: number): Promise<Store[]> {
  const { store, projectId } = await sandbox.openStore();
  const stores = [store];
  for (let i = 1; i < count; i++) stores.push(await sandbox.reopenStore(projectId));
  for (const opened of stores) cleanUp.push(() => opened.close());
  return stores;
}

function smtpNotifier(store: Store): Notifier {
  const notifier = createSmtpNotifier({
    url: sink.url,
    to: "orders@collarise.example",
    from: "website@collarise.example",
    timeoutMs: 5_000,
    links: new NewsletterLinks(store.keys, "http://127.0.0.1"),
  });
  cleanUp.push(() => notifier.close());
  return notifier;
}

/** How many mails arrived for each enquiry id. */
function mailsPerEnquiry(): Map<string, number> {
  const counts = new Map<string, number>();
  for (const mail of sink.mails) counts.set(mail.enquiryId!, (counts.get(mail.enquiryId!) ?? 0) + 1);
  return counts;
}

const SEND_TIMEOUT_MS = 2_000;
/** Short, so the run goes well past it. */
const LEASE_MS = 3_000;

test(
  "enquiries that come after a long quiet are still mailed: sent ones never stall the queue",
  { timeout: 120_000 },
  async () => {
    const [store] = await openStores(1);
    let clock = Date.now();
    const worker = new OutboxWorker({
      store: store!,
      notifier: smtpNotifier(store!),
      log: recordingLogger(),
      sendTimeoutMs: SEND_TIMEOUT_MS,
      leaseMs: LEASE_MS,
      // A send too slow on a loaded machine is retried at the next cycle.
      retry: { baseMs: 1, maxMs: 1 },
      now: () => new Date(clock),
    });
    /** Runs the worker's cycles, its clock never behind the wall's, until `count` mails are sent. */
    const mailUntil = async (count: number) => {
      const deadline = Date.now() + 60_000;
      while (worker.totals.sent < count) {
        if (Date.now() > deadline) throw new Error(`only ${worker.totals.sent} of ${count} sent in a minute`);
        clock = Math.max(Date.now(), clock + 1);
        await worker.runOnce();
      }
      await sink.waitForMails(count);
    };

    const first = [];
    for (let n = 0; n < 9; n++) first.push(await store!.enquiries.add(enquiry(n)));
    await mailUntil(9);
    // The sent notifications keep the due time their leases gave them. Once the wall clock is past
    // the last of those, every enquiry that comes later is due after all of them.
    const leasesEnd = clock + LEASE_MS;
    await new Promise((resolve) => setTimeout(resolve, leasesEnd - Date.now() + 1));

    // More than a minute, then an hour, passes with no enquiry: the sent notifications are now the
    // earliest due in the collection, more of them than a claim asks for.
    for (const quiet of [90_000, 60 * 60_000]) {
      clock += quiet;
      expect((await worker.runOnce()).claimed).toBe(0);
    }
    const next = [];
    for (let n = 9; n < 15; n++) next.push(await store!.enquiries.add(enquiry(n)));
    await mailUntil(15);

    expect([...mailsPerEnquiry().entries()].sort()).toEqual(
      [...first, ...next].map((stored) => [stored.id, 1] as const).sort(),
    );
    expect(await store!.enquiries.outboxBacklog()).toEqual({ waiting: 0, oldestQueuedAt: null });
  },
);

test(
  "two workers on one database mail every enquiry exactly once, and share the work",
  { timeout: 120_000 },
  async () => {
    const ENQUIRIES = 40;
    const stores = await openStores(2);
    const stored = [];
    for (let n = 0; n < ENQUIRIES; n++) stored.push(await stores[0]!.enquiries.add(enquiry(n)));

    const workers = stores.map(
      (store) =>
        new OutboxWorker({
          store,
          notifier: smtpNotifier(store),
          log: recordingLogger(),
          sendTimeoutMs: SEND_TIMEOUT_MS,
          leaseMs: LEASE_MS,
          pollIntervalMs: 50,
        }),
    );
    for (const worker of workers) {
      cleanUp.push(() => worker.stop());
      worker.start();
    }
    await sink.waitForMails(ENQUIRIES, 60_000);
    // Every notification recorded as sent: none can be claimed, so none can go out again.
    while ((await stores[1]!.enquiries.outboxBacklog()).waiting > 0) await workers[1]!.nextCycle();
    for (const worker of workers) await worker.stop();

    expect([...mailsPerEnquiry().entries()].sort()).toEqual(stored.map((s) => [s.id, 1] as const).sort());
    const sent = workers.map((worker) => worker.totals.sent);
    expect(sent[0]! + sent[1]!).toBe(ENQUIRIES);
    expect(Math.min(...sent)).toBeGreaterThan(0);
  },
);

test(
  "a buyer's address refused with 550 ends undeliverable after one attempt; one refused with 450 is retried and delivered; no log line names either",
  { timeout: 120_000 },
  async () => {
    const [store] = await openStores(1);
    const refused = "mistyped.buyer@exmaple.com";
    const deferred = "busy.buyer@example.com";
    sink.refuseRecipient(refused, 550);
    sink.refuseRecipient(deferred, 450);
    cleanUp.push(async () => {
      sink.refuseRecipient(refused, null);
      sink.refuseRecipient(deferred, null);
      sink.refusals.splice(0);
    });
    const log = recordingLogger();
    const worker = new OutboxWorker({
      store: store!,
      notifier: smtpNotifier(store!),
      log,
      sendTimeoutMs: SEND_TIMEOUT_MS,
      leaseMs: LEASE_MS,
      retry: { baseMs: 1, maxMs: 1 },
    });
    const first = await store!.enquiries.add({ ...enquiry(1), Email: refused }, { acknowledge: true });
    const second = await store!.enquiries.add({ ...enquiry(2), Email: deferred }, { acknowledge: true });
    /** Runs the worker's cycles until `done` holds (bounded). */
    const cycleUntil = async (done: () => boolean | Promise<boolean>) => {
      const deadline = Date.now() + 60_000;
      while (!(await done())) {
        if (Date.now() > deadline) throw new Error("the outbox did not get there in a minute");
        await worker.runOnce();
      }
    };

    await cycleUntil(() => sink.refusals.filter((refusal) => refusal.address === deferred).length >= 2);
    sink.refuseRecipient(deferred, null);
    await cycleUntil(async () => (await store!.enquiries.outboxBacklog()).waiting === 0);
    // More cycles find nothing more to try.
    for (let cycle = 0; cycle < 3; cycle++) expect((await worker.runOnce()).claimed).toBe(0);

    expect(sink.refusals.filter((refusal) => refusal.address === refused)).toEqual([
      { address: refused, code: 550 },
    ]);
    expect(sink.mails.filter((mail) => mail.envelopeTo.includes(deferred))).toHaveLength(1);
    expect(worker.totals.undeliverable).toBe(1);
    const acknowledgementOf = async (id: string) =>
      (await store!.enquiryWork.get(id))?.notifications.find((n) => n.kind === "acknowledgement");
    expect(await acknowledgementOf(first.id)).toMatchObject({ state: "undeliverable", attempts: 1 });
    expect((await acknowledgementOf(first.id))?.lastError).not.toContain(refused);
    expect(await acknowledgementOf(second.id)).toMatchObject({ state: "sent" });
    expect(JSON.stringify(log.entries)).not.toMatch(/mistyped\.buyer|busy\.buyer/);
  },
);
