import { Webhook } from "standardwebhooks";
import type { ClaimedWebhookDelivery, WebhookStore } from "../store/webhooks";
import { newWorkerId, retryDelayMs, type RetryPolicy, type WorkerLogger } from "../notify/outbox-worker";
import { messageOf } from "../error-message";
import type { HostResolver } from "./address-guard";
import { postWebhook } from "./post-webhook";

/** How deliveries are tried (docs/webhooks.md says the same to receivers). */
export const WEBHOOK_DELIVERY_POLICY = {
  /** One attempt may take this long before it counts as failed. */
  timeoutMs: 10_000,
  /** After this many failed attempts a delivery is marked failed; Send again starts over. */
  maxAttempts: 10,
  /** The outbox's backoff (doubling, equal jitter), on a webhook's scale: 30 s up to an hour. */
  retry: { baseMs: 30_000, maxMs: 60 * 60_000 } satisfies RetryPolicy,
  /** How much of a receiver's answer is read. */
  maxResponseBytes: 1_024,
  /** Deliveries sent at once by one instance. */
  concurrency: 4,
} as const;

export interface WebhookWorkerOptions {
  store: { webhooks: WebhookStore };
  log: WorkerLogger;
  /** WEBHOOKS_ALLOW_PRIVATE: tests send to receivers on 127.0.0.1. */
  allowPrivate: boolean;
  workerId?: string;
  pollIntervalMs?: number;
  timeoutMs?: number;
  /** How long a claimed delivery stays with this worker; longer than an attempt may take. */
  leaseMs?: number;
  maxAttempts?: number;
  retry?: RetryPolicy;
  concurrency?: number;
  random?: () => number;
  now?: () => Date;
  resolve?: HostResolver;
  /** Hears of each attempt's outcome, by endpoint (the metrics count them). */
  onAttempt?: (endpointId: string, delivered: boolean, at: Date) => void;
}

export interface WebhookCycleReport {
  claimed: number;
  delivered: number;
  failed: number;
  storeError?: string;
}

/**
 * Sends the webhook deliveries waiting in the store, each signed as Standard Webhooks asks, with
 * the same `webhook-id` on every attempt. Each is claimed with a lease first, so instances sharing
 * one store send it once at a time; failures are retried with the outbox's backoff up to a cap.
 */
export class WebhookWorker {
  readonly workerId: string;
  /** WEBHOOKS_ALLOW_PRIVATE, which endpoints are checked against as they are added. */
  readonly allowPrivate: boolean;
  private readonly options: WebhookWorkerOptions;
  private readonly timeoutMs: number;
  private readonly leaseMs: number;
  private readonly maxAttempts: number;
  private readonly retry: RetryPolicy;
  private readonly concurrency: number;
  private readonly now: () => Date;
  private running = false;
  private loopDone: Promise<void> = Promise.resolve();
  private wakeRequested = false;
  private endWait: (() => void) | undefined;
  private readonly stopping = new AbortController();

  constructor(options: WebhookWorkerOptions) {
    this.options = options;
    this.workerId = options.workerId ?? newWorkerId();
    this.allowPrivate = options.allowPrivate;
    this.timeoutMs = options.timeoutMs ?? WEBHOOK_DELIVERY_POLICY.timeoutMs;
    this.leaseMs = options.leaseMs ?? 3 * this.timeoutMs;
    this.maxAttempts = options.maxAttempts ?? WEBHOOK_DELIVERY_POLICY.maxAttempts;
    this.retry = options.retry ?? WEBHOOK_DELIVERY_POLICY.retry;
    this.concurrency = options.concurrency ?? WEBHOOK_DELIVERY_POLICY.concurrency;
    this.now = options.now ?? (() => new Date());
    if (this.leaseMs <= this.timeoutMs) throw new Error("The webhook lease must be longer than an attempt");
  }

  start(): void {
    if (this.running || this.stopping.signal.aborted) return;
    this.running = true;
    this.loopDone = this.loop();
  }

  /** Reads the outbox now instead of at the next poll (an event was just queued). */
  wake(): void {
    this.wakeRequested = true;
    this.endWait?.();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.stopping.abort(new Error("The server is shutting down"));
    this.endWait?.();
    await this.loopDone;
  }

  private async loop(): Promise<void> {
    while (this.running) {
      this.wakeRequested = false;
      const report = await this.runOnce();
      if (!this.running) break;
      if ((report.claimed >= this.concurrency && !report.storeError) || this.wakeRequested) {
        await new Promise((resolve) => setImmediate(resolve));
        continue;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(end, this.options.pollIntervalMs ?? 1_000);
        function end() {
          clearTimeout(timer);
          resolve();
        }
        this.endWait = end;
      });
      this.endWait = undefined;
    }
  }

  /** One pass: claim what is due (up to the concurrency) and send it. */
  async runOnce(): Promise<WebhookCycleReport> {
    let claimed: ClaimedWebhookDelivery[];
    try {
      claimed = await this.options.store.webhooks.claimDue({
        worker: this.workerId,
        now: this.now(),
        limit: this.concurrency,
        leaseMs: this.leaseMs,
      });
    } catch (error) {
      return { claimed: 0, delivered: 0, failed: 0, storeError: messageOf(error) };
    }
    const outcomes = await Promise.all(claimed.map((delivery) => this.deliver(delivery)));
    const storeError = outcomes.find((outcome) => typeof outcome === "object");
    return {
      claimed: claimed.length,
      delivered: outcomes.filter((outcome) => outcome === "delivered").length,
      failed: outcomes.filter((outcome) => outcome === "failed").length,
      ...(storeError ? { storeError: storeError.storeError } : {}),
    };
  }

  private async deliver(
    delivery: ClaimedWebhookDelivery,
  ): Promise<"delivered" | "failed" | { storeError: string }> {
    const at = this.now();
    const timestamp = new Date(Math.floor(at.getTime() / 1000) * 1000);
    let signature: string;
    try {
      signature = new Webhook(delivery.secret).sign(delivery.id, timestamp, delivery.payload);
    } catch {
      signature = "";
    }
    const answer = signature
      ? await postWebhook({
          url: delivery.url,
          headers: {
            "content-type": "application/json",
            "user-agent": "Collarise-Webhooks/1",
            "webhook-id": delivery.id,
            "webhook-timestamp": String(timestamp.getTime() / 1000),
            "webhook-signature": signature,
          },
          body: delivery.payload,
          timeoutMs: this.timeoutMs,
          allowPrivate: this.options.allowPrivate,
          maxResponseBytes: WEBHOOK_DELIVERY_POLICY.maxResponseBytes,
          signal: this.stopping.signal,
          ...(this.options.resolve ? { resolve: this.options.resolve } : {}),
        })
      : { statusCode: null, error: "The endpoint's secret cannot sign", body: "", durationMs: 0 };
    const delivered = answer.statusCode !== null && answer.statusCode >= 200 && answer.statusCode < 300;
    const failures = delivery.attempts + 1;
    const nextAttemptAt =
      delivered || failures >= this.maxAttempts
        ? null
        : new Date(
            this.now().getTime() +
              (this.stopping.signal.aborted ? 0 : retryDelayMs(failures, this.retry, this.options.random)),
          );
    // The endpoint's id and the outcome only: never the secret, the URL's query or the payload.
    const logged = {
      webhookId: delivery.id,
      endpointId: delivery.endpointId,
      eventType: delivery.eventType,
      ...(delivery.enquiryId ? { enquiryId: delivery.enquiryId } : {}),
      ...(delivery.requestId ? { reqId: delivery.requestId } : {}),
      attempt: failures,
      statusCode: answer.statusCode,
    };
    this.options.onAttempt?.(delivery.endpointId, delivered, at);
    if (delivered) this.options.log.info(logged, "webhook delivered");
    else
      this.options.log.warn(
        { ...logged, err: answer.error, retryAt: nextAttemptAt?.toISOString() ?? null },
        nextAttemptAt
          ? "webhook not delivered; it will be retried"
          : "webhook not delivered; out of attempts",
      );
    try {
      await this.options.store.webhooks.recordAttempt(
        delivery.id,
        this.workerId,
        {
          at,
          statusCode: answer.statusCode,
          error: answer.error ?? (delivered ? null : `HTTP ${answer.statusCode}`),
          response: answer.body,
          durationMs: answer.durationMs,
        },
        delivered ? { delivered: true } : { delivered: false, nextAttemptAt },
      );
    } catch (error) {
      // The lease runs out and the delivery is claimed again (at least once).
      return { storeError: messageOf(error) };
    }
    return delivered ? "delivered" : "failed";
  }
}
