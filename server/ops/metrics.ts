import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "@prometheus-io/client";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { BackupStatus } from "../backup/backup-schedule";
import type { MailboxStatus } from "../mail/mailbox-reader";
import { SET_ASIDE_REASONS, type SetAsideReason } from "../mail/mail-parsing";
import type { CountersState } from "../rate-limit-store";
import type { RetentionStatus } from "../retention/retention-schedule";
import type { OutboxBacklog } from "../store/store";
import type { StoreErrorKind } from "./instrument-store";
import type { ReadinessCheck } from "./readiness";
import type { DiskSpace } from "./data-disk";

/** How old the outbox's backlog may be when scraped: one store read per this, however often scraped. */
export const BACKLOG_MAX_AGE_MS = 10_000;
/** How old the webhook endpoints' figures may be when scraped (a read per endpoint). */
export const WEBHOOK_BACKLOG_MAX_AGE_MS = 30_000;

/** Each endpoint's deliveries, among its latest (as the console lists them). */
export interface EndpointBacklog {
  waiting: number;
  failed: number;
}

/** Where the figures that are not counted as work happens are read from, at scrape time. */
export interface MetricSources {
  readiness: ReadinessCheck;
  counters: () => CountersState;
  /** Whether REDIS_URL is set (the counters' gauge is shown only then). */
  redis: boolean;
  outboxBacklog: (maxAgeMs: number) => Promise<OutboxBacklog>;
  alertAfterMinutes: number;
  outboxTotals: () => { sent: number; failed: number; undeliverable: number } | undefined;
  webhookBacklog: (maxAgeMs: number) => Promise<Map<string, EndpointBacklog>>;
  retention: () => RetentionStatus;
  backups: () => BackupStatus | undefined;
  digestLastRunAt: () => Date | null;
  /** The mailbox reader's figures, with IMAP_URL only. */
  mailbox: () => MailboxStatus | undefined;
  /** The space of the SQLite database's disk, read at each scrape; none on Firestore. */
  dataDisk?: () => Promise<DiskSpace | undefined>;
  /** Tests make the backlog's reads fresher. */
  backlogMaxAgeMs?: number;
  now?: () => Date;
}

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** The process's own figures (event loop delay, memory, CPU) are one set, however many apps a process builds. */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

const seconds = (date: Date) => date.getTime() / 1000;
const secondsOf = (iso: string | null | undefined, otherwise: Date) =>
  iso ? Date.parse(iso) / 1000 : seconds(otherwise);

/**
 * The instance's figures in Prometheus's text format (docs/operations.md lists them). Counted as
 * work happens where it can be (requests, enquiries, refusals, store errors, webhook attempts);
 * the outbox's backlog and the webhook endpoints' are read from the store at most once per
 * BACKLOG_MAX_AGE_MS / WEBHOOK_BACKLOG_MAX_AGE_MS. Labels are route patterns, outcomes and
 * endpoint ids: never a URL, an address or anything a visitor typed.
 */
export function createMetrics(sources: MetricSources) {
  const registry = new Registry();
  const registers = [registry];
  // Started now, so that the event loop's delay is measured from the start, not from the first scrape.
  const processFigures = processMetrics();
  const now = sources.now ?? (() => new Date());
  const startedAt = now();
  const backlogAge = sources.backlogMaxAgeMs ?? BACKLOG_MAX_AGE_MS;
  const webhookAge = sources.backlogMaxAgeMs ?? WEBHOOK_BACKLOG_MAX_AGE_MS;

  const requests = new Histogram({
    name: "collarise_http_request_duration_seconds",
    help: "Requests answered, by method, route pattern and status, and how long each took.",
    labelNames: ["method", "route", "status"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const refusals = new Counter({
    name: "collarise_rate_limit_refusals_total",
    help: "Requests refused for coming too often from one address (429), by route pattern.",
    labelNames: ["route"] as const,
    registers,
  });
  const enquiries = new Counter({
    name: "collarise_enquiries_stored_total",
    help: "Enquiries stored, by where they were filed (inbox or spam).",
    labelNames: ["filed"] as const,
    registers,
  });
  const storeErrors = new Counter({
    name: "collarise_store_errors_total",
    help: "Store calls that failed, by concern and kind (unavailable: not reached; failed: an error).",
    labelNames: ["concern", "kind"] as const,
    registers,
  });
  const webhookAttempts = new Counter({
    name: "collarise_webhook_attempts_total",
    help: "Webhook delivery attempts made by this instance, by endpoint id and outcome.",
    labelNames: ["endpoint", "outcome"] as const,
    registers,
  });
  const webhookFailingSince = new Gauge({
    name: "collarise_webhook_failing_since_timestamp_seconds",
    help: "When this instance's attempts to an endpoint started failing (0 once one is delivered).",
    labelNames: ["endpoint"] as const,
    registers,
  });
  const webhookLastDelivered = new Gauge({
    name: "collarise_webhook_last_delivered_timestamp_seconds",
    help: "When this instance last delivered to an endpoint.",
    labelNames: ["endpoint"] as const,
    registers,
  });
  /** The endpoints whose last attempt from this instance failed. */
  const failingSince = new Set<string>();
  /** A counter following a running total its source keeps: each scrape adds what it grew by since. */
  const followTotal = (name: string, help: string, total: () => number | undefined) => {
    let counted = 0;
    new Counter({
      name,
      help,
      registers,
      collect() {
        const now = total();
        if (now === undefined) return;
        this.inc(now - counted);
        counted = now;
      },
    });
  };
  for (const outcome of ["inbox", "spam"]) enquiries.inc({ filed: outcome }, 0);

  new Gauge({
    name: "collarise_ready",
    help: "1 while this instance should take traffic (as /readyz says), 0 otherwise.",
    registers,
    async collect() {
      this.set((await sources.readiness.check()).ready ? 1 : 0);
    },
  });
  new Gauge({
    name: "collarise_store_writable",
    help: "0 from a store write refused for want of space, a read-only file or an I/O error until a probe write succeeds; 1 otherwise.",
    registers,
    async collect() {
      this.set((await sources.readiness.check()).writable ? 1 : 0);
    },
  });
  const { dataDisk } = sources;
  if (dataDisk) {
    // A statfs each, cheap; a folder that cannot be read leaves the last figures.
    let space: DiskSpace | undefined;
    const readSpace = async () => (space = (await dataDisk()) ?? space);
    new Gauge({
      name: "collarise_data_disk_free_bytes",
      help: "Bytes the service may still write on the disk holding the SQLite database.",
      registers,
      async collect() {
        const read = await readSpace();
        if (read) this.set(read.freeBytes);
      },
    });
    new Gauge({
      name: "collarise_data_disk_size_bytes",
      help: "The size of the disk holding the SQLite database.",
      registers,
      async collect() {
        const read = await readSpace();
        if (read) this.set(read.sizeBytes);
      },
    });
  }
  if (sources.redis) {
    new Gauge({
      name: "collarise_rate_limit_redis_connected",
      help: "1 while Redis counts the per-address limits; 0 while requests go uncounted.",
      registers,
      collect() {
        this.set(sources.counters() === "connected" ? 1 : 0);
      },
    });
  }

  let backlog: OutboxBacklog | undefined;
  const readBacklog = async () => {
    try {
      backlog = await sources.outboxBacklog(backlogAge);
    } catch {
      // The store error is counted; the last figures stay until it answers.
    }
    return backlog;
  };
  new Gauge({
    name: "collarise_outbox_waiting",
    help: "Notifications waiting in the outbox to be sent (all instances').",
    registers,
    async collect() {
      const read = await readBacklog();
      if (read) this.set(read.waiting);
    },
  });
  new Gauge({
    name: "collarise_outbox_oldest_waiting_seconds",
    help: "How long the notification waiting longest to be sent has waited (0 when none waits; mail refused for good does not wait).",
    registers,
    async collect() {
      const read = await readBacklog();
      if (!read) return;
      const since = read.oldestQueuedAt ? Date.parse(read.oldestQueuedAt) : null;
      this.set(since === null ? 0 : Math.max(0, (now().getTime() - since) / 1000));
    },
  });
  new Gauge({
    name: "collarise_outbox_alert_after_seconds",
    help: "OUTBOX_ALERT_MINUTES in seconds: the oldest notification's wait that raises the alert.",
    registers,
    collect() {
      this.set(sources.alertAfterMinutes * 60);
    },
  });
  followTotal(
    "collarise_outbox_sent_total",
    "Notifications this instance sent.",
    () => sources.outboxTotals()?.sent,
  );
  followTotal(
    "collarise_outbox_failed_attempts_total",
    "Attempts to send a notification that failed (it is retried).",
    () => sources.outboxTotals()?.failed,
  );
  // Refused for good (SMTP 5xx): not waiting, so never in the stall alert's figures; counted to be seen.
  followTotal(
    "collarise_outbox_undeliverable_total",
    "Notifications this instance found refused for good by the recipient's mail server (not retried).",
    () => sources.outboxTotals()?.undeliverable,
  );

  let endpoints = new Map<string, EndpointBacklog>();
  const readEndpoints = async () => {
    try {
      endpoints = await sources.webhookBacklog(webhookAge);
    } catch {
      // Counted as a store error; the last figures stay.
    }
    return endpoints;
  };
  new Gauge({
    name: "collarise_webhook_deliveries_waiting",
    help: "Webhook deliveries waiting to be sent, by endpoint id (among its latest 50).",
    labelNames: ["endpoint"] as const,
    registers,
    async collect() {
      this.reset();
      for (const [endpoint, figures] of await readEndpoints()) this.set({ endpoint }, figures.waiting);
    },
  });
  new Gauge({
    name: "collarise_webhook_deliveries_failed",
    help: "Webhook deliveries out of attempts, by endpoint id (among its latest 50).",
    labelNames: ["endpoint"] as const,
    registers,
    async collect() {
      this.reset();
      for (const [endpoint, figures] of await readEndpoints()) this.set({ endpoint }, figures.failed);
    },
  });

  new Gauge({
    name: "collarise_retention_last_success_timestamp_seconds",
    help: "When this instance last swept expired personal data without error (its start until then).",
    registers,
    collect() {
      this.set(secondsOf(sources.retention().lastSuccessAt, startedAt));
    },
  });
  new Gauge({
    name: "collarise_retention_interval_seconds",
    help: "How often the retention sweep runs.",
    registers,
    collect() {
      this.set(sources.retention().everyHours * 3600);
    },
  });
  new Gauge({
    name: "collarise_digest_last_run_timestamp_seconds",
    help: "When this instance last saw the day's 09:00 IST digests queued (its start until then).",
    registers,
    collect() {
      const at = sources.digestLastRunAt();
      this.set(seconds(at ?? startedAt));
    },
  });
  if (sources.mailbox()) {
    new Gauge({
      name: "collarise_mailbox_last_read_timestamp_seconds",
      help: "When this instance last read the company's mailbox through (its start until then; one instance reads at a time).",
      registers,
      collect() {
        this.set(seconds(sources.mailbox()?.lastReadAt ?? startedAt));
      },
    });
    new Gauge({
      name: "collarise_mailbox_read_interval_seconds",
      help: "IMAP_POLL_SECONDS: how often each instance tries to read the mailbox.",
      registers,
      collect() {
        this.set((sources.mailbox()?.everyMs ?? 0) / 1000);
      },
    });
    followTotal(
      "collarise_mailbox_answers_stored_total",
      "Buyers' answers this instance read from the mailbox and stored on their enquiries.",
      () => sources.mailbox()?.answersStored,
    );
    // Each reason's running total, followed as followTotal does, with the reason as its label.
    const setAsideCounted = new Map<SetAsideReason, number>();
    const setAside = new Counter({
      name: "collarise_mailbox_answers_set_aside_total",
      help: "Buyers' answers this instance set aside in the mailbox, not stored: unreadable, slow or too-large to parse, or beyond the enquiry's daily-cap.",
      labelNames: ["reason"] as const,
      registers,
      collect() {
        const totals = sources.mailbox()?.setAside;
        if (!totals) return;
        for (const reason of SET_ASIDE_REASONS) {
          this.inc({ reason }, totals[reason] - (setAsideCounted.get(reason) ?? 0));
          setAsideCounted.set(reason, totals[reason]);
        }
      },
    });
    for (const reason of SET_ASIDE_REASONS) setAside.inc({ reason }, 0);
  }
  if (sources.backups()) {
    new Gauge({
      name: "collarise_backup_last_success_timestamp_seconds",
      help: "When this instance last backed the SQLite database up (its start until then).",
      registers,
      collect() {
        this.set(secondsOf(sources.backups()?.lastSuccessAt, startedAt));
      },
    });
    new Gauge({
      name: "collarise_backup_interval_seconds",
      help: "BACKUP_INTERVAL_HOURS in seconds.",
      registers,
      collect() {
        this.set((sources.backups()?.everyHours ?? 0) * 3600);
      },
    });
  }

  return {
    contentType: registry.contentType,
    /** The text a scrape gets: this app's figures, then the process's. */
    async render(): Promise<string> {
      const [own, processText] = await Promise.all([registry.metrics(), processFigures.metrics()]);
      return `${own}\n${processText}`;
    },
    /** An answered request, by its route's pattern (never its URL). */
    observeRequest(request: FastifyRequest, reply: FastifyReply) {
      const route = request.routeOptions?.url ?? "unmatched";
      const method = METHODS.has(request.method) ? request.method : "other";
      const status = String(reply.statusCode);
      requests.observe({ method, route, status }, reply.elapsedTime / 1000);
      if (reply.statusCode === 429) refusals.inc({ route });
    },
    enquiryStored(filed: "inbox" | "spam") {
      enquiries.inc({ filed });
    },
    storeError(concern: string, kind: StoreErrorKind) {
      storeErrors.inc({ concern, kind });
    },
    webhookAttempt(endpoint: string, delivered: boolean, at: Date) {
      webhookAttempts.inc({ endpoint, outcome: delivered ? "delivered" : "failed" });
      if (delivered) {
        failingSince.delete(endpoint);
        webhookLastDelivered.set({ endpoint }, seconds(at));
        webhookFailingSince.set({ endpoint }, 0);
        return;
      }
      if (failingSince.has(endpoint)) return;
      failingSince.add(endpoint);
      webhookFailingSince.set({ endpoint }, seconds(at));
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
