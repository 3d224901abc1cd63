import type { RateLimitPluginOptions } from "@fastify/rate-limit";
import type { FastifyBaseLogger } from "fastify";
import { Redis } from "ioredis";
import { messageOf } from "./error-message";

/** The longest a request waits for Redis before it is let through uncounted. */
const REDIS_COMMAND_TIMEOUT_MS = 500;
const REDIS_KEY_PREFIX = "collarise-rate-limit-";

export interface RateLimitStore {
  /** What `@fastify/rate-limit` is registered with: Redis's counters, or each process's memory. */
  options: Pick<RateLimitPluginOptions, "redis" | "skipOnError" | "nameSpace">;
  close(): Promise<void>;
}

/**
 * The per-address limits' counters: in Redis when REDIS_URL is set, so every instance counts
 * together (one atomic INCR with its expiry per request), else in this process's memory.
 * While Redis does not answer, requests are let through uncounted rather than refused, and that
 * is logged once as an error when it starts and once when it ends
 * (docs/decisions/017-limits-shared-by-instances.md).
 */
export function rateLimitStore(redisUrl: string | undefined, log: FastifyBaseLogger): RateLimitStore {
  if (!redisUrl) return { options: {}, close: async () => {} };
  const redis = new Redis(redisUrl, {
    // Fail at once while disconnected, and soon when Redis hangs: a request never waits on it.
    enableOfflineQueue: false,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    connectTimeout: 2_000,
    maxRetriesPerRequest: 1,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  let down = false;
  redis.on("error", (error: unknown) => {
    if (down) return;
    down = true;
    log.error(
      { error: messageOf(error) },
      "Redis (REDIS_URL) is not answering: per-address limits are not counted until it is back",
    );
  });
  redis.on("ready", () => {
    if (!down) return;
    down = false;
    log.info({ redis: "ready" }, "Redis (REDIS_URL) answers again: per-address limits are counted");
  });
  return {
    options: { redis, skipOnError: true, nameSpace: REDIS_KEY_PREFIX },
    async close() {
      redis.disconnect();
    },
  };
}
