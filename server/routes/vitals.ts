import type { FastifyInstance } from "fastify";
import { z } from "zod";
import {
  API_ROUTES,
  PUBLIC_PAGES,
  VITAL_METRICS,
  VITALS_MAX_METRICS,
  type PagePath,
  type VitalMetric,
} from "../../domain/contract";
import type { VitalSample } from "../store/store";
import { logStoreFailure, sendUnavailable } from "./api-errors";
import type { RateLimitedRoutes } from "./api-shared";
import { boundedJsonParser } from "./json-body";

/** `"a", "b" or "c"`. */
function orList(values: readonly string[]): string {
  const quoted = values.map((value) => JSON.stringify(value));
  return quoted.length > 1 ? `${quoted.slice(0, -1).join(", ")} or ${quoted.at(-1)}` : (quoted[0] ?? "");
}

/** A beacon carries a handful of numbers; anything larger is not one. */
export const VITALS_BODY_LIMIT = 4 * 1024;

/** Above these a value is a broken measurement, not a slow page: CLS is a score, the rest milliseconds. */
export const vitalUpperBounds: Record<VitalMetric, number> = {
  CLS: 100,
  INP: 600_000,
  FCP: 600_000,
  LCP: 600_000,
  TTFB: 600_000,
};

export const vitalsMessages = {
  invalid: `Send {"page": ${orList(PUBLIC_PAGES)}, "metrics": [{"name": ${orList(VITAL_METRICS)}, "value": a number}]} with 1 to ${VITALS_MAX_METRICS} metrics.`,
  notStored: "The measurements could not be stored just now.",
} as const;

const metricSchema = z
  .object({
    name: z.enum(VITAL_METRICS),
    value: z.number().finite().min(0),
  })
  .refine((metric) => metric.value <= vitalUpperBounds[metric.name]);

const vitalsSchema = z.object({
  page: z.enum(PUBLIC_PAGES as [PagePath, ...PagePath[]]),
  metrics: z.array(metricSchema).min(1).max(VITALS_MAX_METRICS),
});

/**
 * `POST /api/vitals`: real visitors' page speed, sent with navigator.sendBeacon, which
 * labels a string body text/plain; both that and application/json are read as JSON.
 */
export async function vitalsRoutes(app: FastifyInstance, options: RateLimitedRoutes) {
  // A beacon is never a form: only JSON, labelled application/json or text/plain.
  app.removeContentTypeParser("application/x-www-form-urlencoded");
  app.addContentTypeParser("text/plain", { parseAs: "string" }, boundedJsonParser(app));

  app.post(
    API_ROUTES.vitals,
    { bodyLimit: VITALS_BODY_LIMIT, config: { rateLimit: options.rateLimit } },
    async (request, reply) => {
      const parsed = vitalsSchema.safeParse(request.body);
      if (!parsed.success) return reply.code(400).send({ error: vitalsMessages.invalid });

      const samples: VitalSample[] = parsed.data.metrics.map((metric) => ({
        page: parsed.data.page,
        metric: metric.name,
        value: metric.value,
      }));
      try {
        await app.store.vitals.add(samples);
      } catch (error) {
        logStoreFailure(request, error, "page-speed samples not stored");
        return sendUnavailable(reply, vitalsMessages.notStored);
      }
      return reply.code(204).send();
    },
  );
}
