import type { FastifyInstance, FastifyRequest } from "fastify";
import type { BackupStatus } from "../backup/backup-schedule";
import type { Config } from "../config";
import type { RateLimitStore } from "../rate-limit-store";
import type { RetentionStatus } from "../retention/retention-schedule";
import type { Store } from "../store/store";
import { cachedRead } from "./cached-read";
import { createMetrics, type EndpointBacklog, type Metrics } from "./metrics";
import { isOperator } from "./operator-access";
import { readinessCheck, type ReadinessCheck } from "./readiness";
import { storeWritability } from "./store-writability";
import { diskSpaceOf } from "./data-disk";
import { WEBHOOK_DELIVERIES_LISTED } from "../../domain/webhooks";
import type { MailboxStatus } from "../mail/mailbox-reader";

/** The operators' paths, outside /api: load balancers, process managers and Prometheus ask them by address. */
export const OPS_PATHS = { live: "/livez", ready: "/readyz", metrics: "/metrics" } as const;

export const opsMessages = {
  notReady: "This instance is not ready to take traffic.",
  metricsRefused:
    "Metrics are given to callers on this machine, or with Authorization: Bearer <METRICS_TOKEN>.",
} as const;

export interface Ops {
  readiness: ReadinessCheck;
  metrics: Metrics;
  /** The outbox's backlog, read at most once per `maxAgeMs` whoever asks. */
  outboxBacklog: (maxAgeMs: number) => ReturnType<Store["enquiries"]["outboxBacklog"]>;
  /** Whether the caller may see operators' detail (this machine, or METRICS_TOKEN). */
  isOperator: (request: FastifyRequest) => boolean;
  /**
   * A store call failed somewhere: counted, the next readiness check asks the store again, and
   * an error saying it cannot write marks it so until a probe write succeeds.
   */
  storeFailed(concern: string, kind: "unavailable" | "failed", error: unknown): void;
}

declare module "fastify" {
  interface FastifyInstance {
    ops: Ops;
  }
}

export interface OpsOptions {
  config: Pick<Config, "METRICS_TOKEN" | "OUTBOX_ALERT_MINUTES" | "REDIS_URL">;
  store: Store;
  counters: RateLimitStore;
  outboxTotals: () => { sent: number; failed: number; undeliverable: number } | undefined;
  retention: () => RetentionStatus;
  backups: () => BackupStatus | undefined;
  digestLastRunAt: () => Date | null;
  mailbox: () => MailboxStatus | undefined;
  /** This instance's name in the store's leases: its probe writes go to a lease of its own job. */
  instanceId: string;
  /** The folder of the SQLite database, whose disk's free space is watched; none on Firestore. */
  dataFolder?: string;
  /** Tests probe a store that cannot write at every readiness check. */
  writeProbeEveryMs?: number;
  /** Tests make the backlog's reads fresher than a scrape every few seconds needs. */
  backlogMaxAgeMs?: number;
}

/** Each enabled endpoint's waiting and failed deliveries, among the latest the console lists. */
async function webhookBacklog(store: Store): Promise<Map<string, EndpointBacklog>> {
  const figures = new Map<string, EndpointBacklog>();
  for (const endpoint of await store.webhooks.listEndpoints()) {
    const deliveries = await store.webhooks.listDeliveries(endpoint.id, WEBHOOK_DELIVERIES_LISTED);
    figures.set(endpoint.id, {
      waiting: deliveries.filter((delivery) => delivery.state === "pending").length,
      failed: deliveries.filter((delivery) => delivery.state === "failed").length,
    });
  }
  return figures;
}

/** The lease job the readiness check's probe writes take, for no time: it never keeps a job from running. */
export const WRITE_PROBE_JOB = "store-write-probe";

/**
 * Liveness, readiness and metrics (docs/operations.md): `/livez` answers from memory, `/readyz`
 * says whether to send this instance traffic, `/metrics` gives Prometheus its figures. Registered
 * before the routes, so its request hook times every one of them.
 */
export function installOps(app: FastifyInstance, options: OpsOptions): Ops {
  const { config, store } = options;
  const { dataFolder } = options;
  const diskSpace = dataFolder ? () => diskSpaceOf(dataFolder) : undefined;
  const writability = storeWritability({
    // A lease taken for 0 ms: a real write to a row the store already has, which runs out at once.
    probeWrite: () => store.leases.take(WRITE_PROBE_JOB, options.instanceId, new Date(), 0),
    ...(diskSpace ? { freeBytes: async () => (await diskSpace())?.freeBytes } : {}),
    ...(options.writeProbeEveryMs !== undefined ? { probeEveryMs: options.writeProbeEveryMs } : {}),
  });
  const readiness = readinessCheck({
    store,
    writability,
    counters: () => options.counters.state(),
  });
  const backlog = cachedRead(() => store.enquiries.outboxBacklog());
  const endpoints = cachedRead(() => webhookBacklog(store));
  const metrics = createMetrics({
    readiness,
    counters: () => options.counters.state(),
    redis: Boolean(config.REDIS_URL),
    outboxBacklog: (maxAgeMs) => backlog.get(maxAgeMs),
    alertAfterMinutes: config.OUTBOX_ALERT_MINUTES,
    outboxTotals: options.outboxTotals,
    webhookBacklog: (maxAgeMs) => endpoints.get(maxAgeMs),
    retention: options.retention,
    backups: options.backups,
    digestLastRunAt: options.digestLastRunAt,
    mailbox: options.mailbox,
    ...(diskSpace ? { dataDisk: diskSpace } : {}),
    ...(options.backlogMaxAgeMs !== undefined ? { backlogMaxAgeMs: options.backlogMaxAgeMs } : {}),
  });
  const ops: Ops = {
    readiness,
    metrics,
    outboxBacklog: (maxAgeMs) => backlog.get(maxAgeMs),
    isOperator: (request) => isOperator(request, config.METRICS_TOKEN),
    storeFailed(concern, kind, error) {
      metrics.storeError(concern, kind);
      writability.failed(error);
      readiness.storeFailed();
      backlog.forget();
    },
  };
  app.decorate("ops", ops);

  app.addHook("onResponse", async (request, reply) => metrics.observeRequest(request, reply));
  // Not ready from the moment the server starts to close, whoever closes it.
  app.addHook("preClose", async () => readiness.beginShutdown());

  app.get(OPS_PATHS.live, async (_request, reply) =>
    reply.header("cache-control", "no-store").send({ status: "live" }),
  );
  app.get(OPS_PATHS.ready, async (request, reply) => {
    reply.header("cache-control", "no-store");
    const state = await readiness.check();
    const detail = ops.isOperator(request)
      ? {
          reasons: state.reasons,
          checks: {
            store: state.store,
            writable: state.writable,
            counters: state.counters,
            shuttingDown: state.shuttingDown,
          },
        }
      : {};
    return state.ready
      ? reply.code(200).send({ status: "ready", ...detail })
      : reply.code(503).send({ status: "not ready", error: opsMessages.notReady, ...detail });
  });
  app.get(OPS_PATHS.metrics, async (request, reply) => {
    reply.header("cache-control", "no-store");
    if (!ops.isOperator(request)) return reply.code(403).send({ error: opsMessages.metricsRefused });
    return reply.header("content-type", metrics.contentType).send(await metrics.render());
  });
  return ops;
}
