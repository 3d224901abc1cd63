import type { RateLimitPluginOptions } from "@fastify/rate-limit";
import type { FastifyBaseLogger } from "fastify";
import { Redis } from "ioredis";
import { messageOf } from "./error-message";

/** The longest a request waits for Redis before it is let through uncounted. */
const REDIS_COMMAND_TIMEOUT_MS = 500;
const REDIS_KEY_PREFIX = "collarise-rate-limit-";
/** The longest the server waits at start-up, and each reconnection attempt, for Redis. */
const REDIS_CONNECT_TIMEOUT_MS = 2_000;

export interface RateLimitStore {
  /** What `@fastify/rate-limit` is registered with: Redis's counters, or each process's memory. */
  options: Pick<RateLimitPluginOptions, "redis" | "skipOnError" | "nameSpace">;
  /**
   * Resolves once Redis answers, or once connecting has failed or taken its time: the server
   * starts taking requests with its counters connected, so none is let through uncounted merely
   * because it came before the connection.
   */
  connected(): Promise<void>;
  /**
   * Where the counters stand: in this process's `memory` (no REDIS_URL), or Redis `connected`,
   * `connecting` (never reached yet since start) or `disconnected` (reached once, not now).
   */
  state(): CountersState;
  close(): Promise<void>;
}

export type CountersState = "memory" | "connected" | "connecting" | "disconnected";

/**
 * The per-address limits' counters: in Redis when REDIS_URL is set, so every instance counts
 * together (one atomic INCR with its expiry per request), else in this process's memory.
 * While Redis does not answer, requests are let through uncounted rather than refused, and that
 * is logged once as an error when it starts and once when it ends
 * (docs/decisions/017-limits-shared-by-instances.md).
 */
export function rateLimitStore(redisUrl: string | undefined, log: FastifyBaseLogger): RateLimitStore {
  if (!redisUrl)
    return { options: {}, connected: async () => {}, state: () => "memory", close: async () => {} };
  const redis = new Redis(redisUrl, {
    // Fail at once while disconnected, and soon when Redis hangs: a request never waits on it.
    enableOfflineQueue: false,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
    maxRetriesPerRequest: 1,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  let down = false;
  let everReady = false;
  redis.on("error", (error: unknown) => {
    if (down) return;
    down = true;
    log.error(
      { error: messageOf(error) },
      "Redis (REDIS_URL) is not answering: per-address limits are not counted until it is back",
    );
  });
  redis.on("ready", () => {
    everReady = true;
    if (!down) return;
    down = false;
    log.info({ redis: "ready" }, "Redis (REDIS_URL) answers again: per-address limits are counted");
  });
  return {
    options: { redis, skipOnError: true, nameSpace: REDIS_KEY_PREFIX },
    connected: () =>
      new Promise<void>((resolve) => {
        if (redis.status === "ready") return resolve();
        const done = () => {
          clearTimeout(timer);
          redis.off("ready", done);
          redis.off("error", done);
          resolve();
        };
        const timer = setTimeout(done, REDIS_CONNECT_TIMEOUT_MS);
        redis.once("ready", done);
        redis.once("error", done);
      }),
    state: () => (redis.status === "ready" ? "connected" : everReady ? "disconnected" : "connecting"),
    async close() {
      redis.disconnect();
    },
  };
}
