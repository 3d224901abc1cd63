import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { PendingNotification, Store } from "../store/store";
import { isNewsletterMail, isStaffMail, type Notifier } from "./notifier";
import { describeSendError, NotificationRefusedError } from "./send-outcome";

/** The parts of a pino/Fastify logger the worker uses. */
export interface WorkerLogger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface RetryPolicy {
  /** The first retry comes after between half of this and all of it. */
  baseMs: number;
  /** No wait is longer than this. */
  maxMs: number;
}

export const defaultRetryPolicy: RetryPolicy = { baseMs: 2_000, maxMs: 5 * 60_000 };

/** How long a mail the notifier cannot send (a newsletter mail through EmailJS) waits before it is looked at again. */
export const UNSUPPORTED_KIND_WAIT_MS = 60 * 60_000;

/**
 * What a log line says a notification is about: its enquiry, or (never the address) its subscriber
 * or member, and the request that queued it (`reqId`, as on that request's own lines).
 */
function subject(notification: PendingNotification) {
  const reqId =
    "requestId" in notification && notification.requestId ? { reqId: notification.requestId } : {};
  if (isStaffMail(notification))
    return {
      notificationId: notification.id,
      kind: notification.kind,
      staffId: notification.staffId,
      ...("enquiryId" in notification ? { enquiryId: notification.enquiryId } : {}),
      ...reqId,
    };
  return isNewsletterMail(notification)
    ? { notificationId: notification.id, kind: notification.kind, subscriberId: notification.subscriberId }
    : {
        notificationId: notification.id,
        kind: notification.kind,
        enquiryId: notification.enquiryId,
        ...reqId,
      };
}

/** The longest the worker pauses between probes of a provider that fails every send. */
const MAX_PROVIDER_PAUSE_MS = 60_000;

/**
 * The wait before the next attempt after `failures` failed attempts: doubling from
 * `baseMs`, capped at `maxMs`, and spread over the upper half of that span ("equal
 * jitter") so that many notifications failing together do not retry together.
 */
export function retryDelayMs(failures: number, policy: RetryPolicy, random: () => number = Math.random) {
  const exponent = Math.min(Math.max(failures, 1) - 1, 30);
  const ceiling = Math.min(policy.maxMs, policy.baseMs * 2 ** exponent);
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/** A unique name for this process among all the server instances sharing a store. */
export function newWorkerId(): string {
  return `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
}

export interface CycleReport {
  claimed: number;
  sent: number;
  failed: number;
  /** Refused for good by the recipient's mail server (present only when some were). */
  undeliverable?: number;
  /** Set when the store could not be reached to claim or mark notifications. */
  storeError?: string;
}

export interface OutboxWorkerOptions {
  store: Store;
  notifier: Notifier;
  log: WorkerLogger;
  workerId?: string;
  /** How often the outbox is read when nothing wakes the worker. */
  pollIntervalMs?: number;
  /** The longest one send may take before it is abandoned and retried. */
  sendTimeoutMs: number;
  /**
   * How long a claimed notification stays with this worker. Longer than a send can take,
   * so no other instance sends it while this one still might.
   */
  leaseMs?: number;
  /** On stop, how long sends under way may run on before they are abandoned and released. */
  stopGraceMs?: number;
  retry?: RetryPolicy;
  random?: () => number;
  /** The clock claims and retries are timed by (a test runs it past leases without waiting). */
  now?: () => Date;
}

interface CycleWaiter {
  after: number;
  resolve: (report: CycleReport) => void;
  reject: (error: Error) => void;
}

/** An error as logged and stored: never with an address in it (server/notify/send-outcome.ts). */
const describe = describeSendError;

/** At most this many delivered-but-unrecorded notifications are remembered for marking later. */
const UNRECORDED_MAX = 1_000;

type Outcome = "sent" | "failed" | "undeliverable" | "set aside" | { storeError: unknown };

/**
 * Sends the notifications waiting in the store's outbox, retrying failures with backoff
 * until each is delivered. It polls, and is woken at once when an enquiry is stored.
 * Each notification is claimed with a lease before it is sent, so instances sharing one
 * store send each one once; a notification is marked sent as soon as the provider accepts it.
 */
export class OutboxWorker {
  readonly workerId: string;
  private readonly store: Store;
  private readonly notifier: Notifier;
  private readonly log: WorkerLogger;
  private readonly pollIntervalMs: number;
  private readonly sendTimeoutMs: number;
  private readonly leaseMs: number;
  private readonly stopGraceMs: number;
  private readonly retry: RetryPolicy;
  private readonly random: () => number;
  private readonly now: () => Date;

  private running = false;
  private loopDone: Promise<void> = Promise.resolve();
  private wakeRequested = false;
  /** Ends the current wait between cycles; `wakeable` says whether a new enquiry may end it. */
  private waiting: { end: () => void; wakeable: boolean } | undefined;
  private readonly stopping = new AbortController();
  private cyclesStarted = 0;
  private waiters: CycleWaiter[] = [];
  private storeWasDown = false;
  /** Cycles in a row in which every send failed (the provider is likely down). */
  private failingCycles = 0;
  private readonly counts = { sent: 0, failed: 0, undeliverable: 0 };
  /**
   * Notifications this worker delivered whose "sent" mark did not reach the store (it was full, or
   * not answering). Marked at the start of each cycle, and never sent again by this worker if it
   * claims one of them once its lease has run out: the store's failure must not mail anyone twice.
   */
  private readonly sentUnrecorded = new Set<string>();

  constructor(options: OutboxWorkerOptions) {
    this.store = options.store;
    this.notifier = options.notifier;
    this.log = options.log;
    this.workerId = options.workerId ?? newWorkerId();
    this.pollIntervalMs = options.pollIntervalMs ?? 1_000;
    this.sendTimeoutMs = options.sendTimeoutMs;
    this.leaseMs = options.leaseMs ?? 2 * options.sendTimeoutMs;
    this.stopGraceMs = options.stopGraceMs ?? 5_000;
    this.retry = options.retry ?? defaultRetryPolicy;
    this.random = options.random ?? Math.random;
    this.now = options.now ?? (() => new Date());
    if (this.leaseMs <= this.sendTimeoutMs) {
      throw new Error("The outbox lease must be longer than the send timeout");
    }
  }

  /** Deliveries, failed attempts and mails refused for good since this worker started. */
  get totals(): { sent: number; failed: number; undeliverable: number } {
    return { ...this.counts };
  }

  start(): void {
    if (this.running || this.stopping.signal.aborted) return;
    this.running = true;
    this.loopDone = this.loop();
  }

  /** Reads the outbox now instead of at the next poll (an enquiry was just stored). */
  wake(): void {
    this.wakeRequested = true;
    if (this.waiting?.wakeable) this.waiting.end();
  }

  /**
   * Resolves with the report of the next cycle that starts after this call, once it has
   * finished: a test can wait for "the worker has looked at the outbox again".
   */
  nextCycle(): Promise<CycleReport> {
    if (!this.running) return Promise.reject(new Error("The outbox worker is not running"));
    return new Promise((resolve, reject) => {
      this.waiters.push({ after: this.cyclesStarted, resolve, reject });
      this.wake();
    });
  }

  /** Stops polling; sends under way finish (or are abandoned after a grace period and released). */
  async stop(): Promise<void> {
    this.running = false;
    this.waiting?.end();
    const grace = setTimeout(
      () => this.stopping.abort(new Error("The server is shutting down")),
      this.stopGraceMs,
    );
    try {
      await this.loopDone;
    } finally {
      clearTimeout(grace);
      this.stopping.abort(new Error("The server is shutting down"));
      for (const waiter of this.waiters.splice(0)) waiter.reject(new Error("The outbox worker stopped"));
    }
  }

  private async loop(): Promise<void> {
    while (this.running) {
      this.wakeRequested = false;
      const cycle = ++this.cyclesStarted;
      let report: CycleReport;
      try {
        report = await this.runOnce();
      } catch (error) {
        // Not expected (runOnce handles store and send failures); the worker must outlive it.
        this.log.error({ err: describe(error) }, "the outbox worker's cycle failed");
        report = { claimed: 0, sent: 0, failed: 0, storeError: describe(error) };
      }
      this.settleWaiters(cycle, report);
      if (!this.running) break;
      if (this.providerFailing(report)) {
        // Every send of this cycle failed: the provider is most likely down. Trying every other
        // due notification (and each new enquiry's) one after another would only fail the same
        // way, fill the log and take the event loop from the API: probe again after a pause
        // that grows while the failures go on. New enquiries do not cut the pause short.
        await this.wait(
          retryDelayMs(
            this.failingCycles,
            { baseMs: this.retry.baseMs, maxMs: Math.min(this.retry.maxMs, MAX_PROVIDER_PAUSE_MS) },
            this.random,
          ),
          { wakeable: false },
        );
        continue;
      }
      const more = report.claimed >= this.notifier.concurrency && report.storeError === undefined;
      if (more || this.wakeRequested) {
        // A store that answers synchronously (SQLite) would otherwise keep this loop in
        // microtasks and starve the rest of the server, requests included.
        await new Promise((resolve) => setImmediate(resolve));
        continue;
      }
      await this.wait(this.pollIntervalMs, { wakeable: true });
    }
  }

  /** Counts the cycles in a row in which every send failed; true while that goes on. */
  private providerFailing(report: CycleReport): boolean {
    const allFailed = report.claimed > 0 && report.failed === report.claimed;
    if (!allFailed) {
      // A refusal is an answer from the mail server too: the provider is up.
      if (report.sent + (report.undeliverable ?? 0) > 0 && this.failingCycles > 0) {
        this.log.info({ notifier: this.notifier.name }, "the notifier delivers again; the outbox resumes");
        this.failingCycles = 0;
      }
      return false;
    }
    this.failingCycles += 1;
    if (this.failingCycles === 1) {
      this.log.warn(
        { notifier: this.notifier.name },
        "every send failed: the outbox pauses between attempts until the notifier delivers again",
      );
    }
    return true;
  }

  private settleWaiters(cycle: number, report: CycleReport) {
    const ready = this.waiters.filter((waiter) => waiter.after < cycle);
    this.waiters = this.waiters.filter((waiter) => waiter.after >= cycle);
    for (const waiter of ready) waiter.resolve(report);
  }

  /** Waits between cycles; `stop` always ends the wait early, `wake` only a wakeable one. */
  private wait(ms: number, { wakeable }: { wakeable: boolean }): Promise<void> {
    return new Promise((resolve) => {
      const end = () => {
        clearTimeout(timer);
        if (this.waiting?.end === end) this.waiting = undefined;
        resolve();
      };
      const timer = setTimeout(end, ms);
      this.waiting = { end, wakeable };
    });
  }

  /** One pass: claim what is due (as many as the notifier sends at once) and send it. */
  async runOnce(): Promise<CycleReport> {
    try {
      await this.recordUnrecordedSends();
    } catch (error) {
      return this.storeDown(error, { claimed: 0, sent: 0, failed: 0 });
    }
    let claimed: PendingNotification[];
    const claimedAt = this.now().getTime();
    try {
      claimed = await this.store.enquiries.claimDueNotifications({
        worker: this.workerId,
        now: new Date(claimedAt),
        limit: this.notifier.concurrency,
        leaseMs: this.leaseMs,
      });
    } catch (error) {
      return this.storeDown(error, { claimed: 0, sent: 0, failed: 0 });
    }
    this.storeBack();

    const leaseEnd = claimedAt + this.leaseMs;
    const outcomes = await Promise.all(claimed.map((notification) => this.deliver(notification, leaseEnd)));
    const count = (wanted: Outcome) => outcomes.filter((outcome) => outcome === wanted).length;
    const undeliverable = count("undeliverable");
    const report: CycleReport = {
      // A mail set aside for another notifier says nothing about this one's provider.
      claimed: claimed.length - count("set aside"),
      sent: count("sent"),
      failed: count("failed"),
      ...(undeliverable > 0 ? { undeliverable } : {}),
    };
    this.counts.sent += report.sent;
    this.counts.failed += report.failed;
    this.counts.undeliverable += undeliverable;
    const storeFailure = outcomes.find((outcome) => typeof outcome === "object");
    return storeFailure ? this.storeDown(storeFailure.storeError, report) : report;
  }

  /** Marks sent what this worker delivered and could not record then; throws while the store cannot. */
  private async recordUnrecordedSends(): Promise<void> {
    for (const id of [...this.sentUnrecorded]) {
      await this.store.enquiries.markNotificationSent(id, this.workerId);
      this.sentUnrecorded.delete(id);
      this.log.info({ notificationId: id, notifier: this.notifier.name }, "notification recorded as sent");
    }
  }

  /**
   * How long one send may take: the send timeout, cut so that it ends, and its mark is written,
   * before the claim's lease does (a claim that took long on a loaded store leaves less). Past the
   * lease another instance may claim the notification, and a send still under way would go twice.
   */
  private sendBudgetMs(leaseEnd: number): number {
    const markMarginMs = (this.leaseMs - this.sendTimeoutMs) / 2;
    return Math.min(this.sendTimeoutMs, leaseEnd - markMarginMs - this.now().getTime());
  }

  private async deliver(notification: PendingNotification, leaseEnd: number): Promise<Outcome> {
    if (!this.notifier.kinds.has(notification.kind)) return this.setAside(notification);
    if (this.sentUnrecorded.has(notification.id)) {
      // Delivered by this worker before; only its mark was lost. Record it instead of sending again.
      try {
        await this.store.enquiries.markNotificationSent(notification.id, this.workerId);
      } catch (error) {
        return { storeError: error };
      }
      this.sentUnrecorded.delete(notification.id);
      return "sent";
    }
    const budgetMs = this.sendBudgetMs(leaseEnd);
    if (budgetMs <= 0) return this.leaseRanShort(notification);
    const timeout = AbortSignal.timeout(budgetMs);
    const signal = AbortSignal.any([this.stopping.signal, timeout]);
    let sendError: unknown;
    try {
      await this.notifier.send(notification, signal);
    } catch (error) {
      sendError = signal.aborted && signal.reason instanceof Error ? signal.reason : error;
    }

    if (sendError === undefined) {
      try {
        await this.store.enquiries.markNotificationSent(notification.id, this.workerId);
      } catch (error) {
        // Delivered but not recorded: marked at the next cycle. Should another instance claim it
        // once the lease has run out, it goes again, with the same Message-ID (message-ids.ts).
        if (this.sentUnrecorded.size < UNRECORDED_MAX) this.sentUnrecorded.add(notification.id);
        return { storeError: error };
      }
      this.log.info({ ...subject(notification), notifier: this.notifier.name }, "notification sent");
      return "sent";
    }

    if (sendError instanceof NotificationRefusedError) return this.refused(notification, sendError);

    const failures = notification.attempts + 1;
    const now = this.now().getTime();
    // A send abandoned at its time limit may have been delivered all the same (the server took
    // the message, its answer was lost): it is not tried again while the lease that covered it
    // runs, so no other instance sends it while this one's attempt could still land.
    const outcomeUnknown = timeout.aborted && !this.stopping.signal.aborted;
    const wait = this.stopping.signal.aborted ? 0 : retryDelayMs(failures, this.retry, this.random);
    const nextAttemptAt = new Date(outcomeUnknown ? Math.max(now + wait, leaseEnd) : now + wait);
    this.log.warn(
      {
        ...subject(notification),
        notifier: this.notifier.name,
        attempt: failures,
        retryInMs: nextAttemptAt.getTime() - now,
        err: describe(sendError),
      },
      "notification not delivered; it will be retried",
    );
    return this.markFailed(notification, describe(sendError), nextAttemptAt, "failed");
  }

  /**
   * Releases the notification, its next attempt at `nextAttemptAt` for `reason`, and answers
   * `outcome`; a store that did not record it answers its error, and the lease runs out and the
   * notification is claimed again.
   */
  private async markFailed(
    notification: PendingNotification,
    reason: string,
    nextAttemptAt: Date,
    outcome: "failed" | "set aside",
  ): Promise<Outcome> {
    try {
      await this.store.enquiries.markNotificationFailed(
        notification.id,
        this.workerId,
        reason,
        nextAttemptAt,
      );
    } catch (error) {
      return { storeError: error };
    }
    return outcome;
  }

  /**
   * Refused for good (an SMTP 5xx at RCPT or DATA): ends undeliverable after this one attempt. It no
   * longer waits, so it never holds the outbox-stall alert; the enquiry's page shows it, and a
   * buyer's own mail refused is in the owner's digest (server/lifecycle/digest.ts).
   */
  private async refused(
    notification: PendingNotification,
    error: NotificationRefusedError,
  ): Promise<Outcome> {
    this.log.warn(
      {
        ...subject(notification),
        notifier: this.notifier.name,
        attempt: notification.attempts + 1,
        responseCode: error.responseCode,
        err: describe(error),
      },
      "notification refused by the recipient's mail server; marked undeliverable, not retried",
    );
    try {
      await this.store.enquiries.markNotificationUndeliverable(
        notification.id,
        this.workerId,
        describe(error),
        this.now(),
      );
    } catch (storeError) {
      // The lease runs out and it is claimed, and refused, again.
      return { storeError };
    }
    return "undeliverable";
  }

  /** Too little of the lease is left to send it safely: released, to be claimed afresh at once. */
  private async leaseRanShort(notification: PendingNotification): Promise<Outcome> {
    this.log.warn(
      { ...subject(notification), notifier: this.notifier.name },
      "the claim's lease ran short before the send; released unsent",
    );
    return this.markFailed(notification, "Released unsent: the claim took too long", this.now(), "set aside");
  }

  /** A kind of mail this notifier cannot send waits, unsent, for a configuration that can. */
  private async setAside(notification: PendingNotification): Promise<Outcome> {
    const reason = `${this.notifier.name} does not send ${notification.kind} mail; configure SMTP_URL`;
    this.log.warn({ ...subject(notification), notifier: this.notifier.name }, reason);
    const due = new Date(this.now().getTime() + UNSUPPORTED_KIND_WAIT_MS);
    return this.markFailed(notification, reason, due, "set aside");
  }

  private storeDown(error: unknown, report: CycleReport): CycleReport {
    if (!this.storeWasDown) {
      this.log.warn({ err: describe(error) }, "the outbox cannot be read: the store is not answering");
      this.storeWasDown = true;
    }
    return { ...report, storeError: describe(error) };
  }

  private storeBack() {
    if (this.storeWasDown) {
      this.log.info({}, "the outbox can be read again");
      this.storeWasDown = false;
    }
  }
}
