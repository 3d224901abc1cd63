import type { FastifyInstance } from "fastify";
import { z } from "zod";
import {
  WEBHOOK_API_ROUTES,
  WEBHOOK_BUSY,
  WEBHOOK_DELIVERIES_LISTED,
  WEBHOOK_EVENTS,
  WEBHOOK_URL_MAX_LENGTH,
  webhookMessages,
  type WebhookEndpointView,
} from "../../domain/webhooks";
import { apiMessages } from "../routes/api-errors";
import { newWebhookSecret, type WebhookEndpoint } from "../store/webhooks";
import { checkWebhookUrl } from "../webhooks/address-guard";
import type { WebhookWorker } from "../webhooks/webhook-worker";
import { signedIn } from "./guard";

declare module "fastify" {
  interface FastifyInstance {
    /** Sends the webhook deliveries; woken when one is queued. */
    webhookWorker: WebhookWorker;
  }
}

const events = z.array(z.enum(WEBHOOK_EVENTS)).max(WEBHOOK_EVENTS.length);
const newEndpoint = z.object({ url: z.string().max(WEBHOOK_URL_MAX_LENGTH), events });
const endpointChange = z
  .object({ enabled: z.boolean().optional(), events: events.optional() })
  .strict()
  .refine((change) => change.enabled !== undefined || change.events !== undefined);
const idParams = z.object({ id: z.string().min(1).max(64) });
const deliveryParams = idParams.extend({ deliveryId: z.string().min(1).max(64) });

/** An endpoint as the console lists it: never its secret. */
function view({ secret: _secret, ...endpoint }: WebhookEndpoint): WebhookEndpointView {
  return endpoint;
}

/** Webhook endpoints, their secrets and their deliveries: owners only, every route. */
export async function webhookRoutes(app: FastifyInstance) {
  const { store } = app;
  const { allowPrivate } = app.webhookWorker;
  const owner = { config: { consoleAccess: "owner" as const } };
  const record = (
    actor: string,
    action: "webhook-added" | "webhook-changed" | "webhook-removed" | "webhook-secret-rotated",
    target: string,
  ) => store.activity.record({ actor, action, target });

  app.get(WEBHOOK_API_ROUTES.endpoints, owner, async () => ({
    items: (await store.webhooks.listEndpoints()).map(view),
  }));

  app.post(WEBHOOK_API_ROUTES.endpoints, owner, async (request, reply) => {
    const body = newEndpoint.safeParse(request.body);
    if (!body.success) return reply.code(400).send({ error: apiMessages.badRequest });
    if (body.data.events.length === 0) return reply.code(400).send({ error: webhookMessages.noEvents });
    const checked = await checkWebhookUrl(body.data.url, allowPrivate);
    if (!checked.ok) return reply.code(400).send({ error: checked.error });
    const endpoint = await store.webhooks.addEndpoint({
      url: checked.url,
      events: [...new Set(body.data.events)],
      now: app.clock(),
    });
    await record(signedIn(request).email, "webhook-added", new URL(endpoint.url).host);
    // The secret is answered here, once; nothing lists it again.
    return reply.code(201).send({ endpoint: view(endpoint), secret: endpoint.secret });
  });

  app.put(WEBHOOK_API_ROUTES.endpoint, owner, async (request, reply) => {
    const params = idParams.safeParse(request.params);
    const change = endpointChange.safeParse(request.body);
    if (!params.success) return reply.code(404).send({ error: apiMessages.notFound });
    if (!change.success) return reply.code(400).send({ error: apiMessages.badRequest });
    if (change.data.events?.length === 0) return reply.code(400).send({ error: webhookMessages.noEvents });
    const endpoint = await store.webhooks.getEndpoint(params.data.id);
    if (!endpoint || !(await store.webhooks.updateEndpoint(endpoint.id, change.data))) {
      return reply.code(404).send({ error: apiMessages.notFound });
    }
    await record(signedIn(request).email, "webhook-changed", new URL(endpoint.url).host);
    const updated = await store.webhooks.getEndpoint(endpoint.id);
    return updated ? { endpoint: view(updated) } : reply.code(404).send({ error: apiMessages.notFound });
  });

  app.delete(WEBHOOK_API_ROUTES.endpoint, owner, async (request, reply) => {
    const params = idParams.safeParse(request.params);
    const endpoint = params.success ? await store.webhooks.getEndpoint(params.data.id) : null;
    if (!endpoint || !(await store.webhooks.deleteEndpoint(endpoint.id))) {
      return reply.code(404).send({ error: apiMessages.notFound });
    }
    await record(signedIn(request).email, "webhook-removed", new URL(endpoint.url).host);
    return reply.code(204).send();
  });

  app.post(WEBHOOK_API_ROUTES.secret, owner, async (request, reply) => {
    const params = idParams.safeParse(request.params);
    const endpoint = params.success ? await store.webhooks.getEndpoint(params.data.id) : null;
    const secret = newWebhookSecret();
    if (!endpoint || !(await store.webhooks.updateEndpoint(endpoint.id, { secret }))) {
      return reply.code(404).send({ error: apiMessages.notFound });
    }
    await record(signedIn(request).email, "webhook-secret-rotated", new URL(endpoint.url).host);
    return { secret };
  });

  app.post(WEBHOOK_API_ROUTES.test, owner, async (request, reply) => {
    const params = idParams.safeParse(request.params);
    const endpoint = params.success ? await store.webhooks.getEndpoint(params.data.id) : null;
    if (!endpoint) return reply.code(404).send({ error: apiMessages.notFound });
    if (!endpoint.enabled) return reply.code(409).send({ error: webhookMessages.disabled });
    const id = await store.webhooks.queueTest(endpoint.id, app.clock());
    if (!id) return reply.code(404).send({ error: apiMessages.notFound });
    app.webhookWorker.wake();
    return reply.code(202).send({ id });
  });

  app.get(WEBHOOK_API_ROUTES.deliveries, owner, async (request, reply) => {
    const params = idParams.safeParse(request.params);
    const endpoint = params.success ? await store.webhooks.getEndpoint(params.data.id) : null;
    if (!endpoint) return reply.code(404).send({ error: apiMessages.notFound });
    return { items: await store.webhooks.listDeliveries(endpoint.id, WEBHOOK_DELIVERIES_LISTED) };
  });

  app.post(WEBHOOK_API_ROUTES.sendAgain, owner, async (request, reply) => {
    const params = deliveryParams.safeParse(request.params);
    const endpoint = params.success ? await store.webhooks.getEndpoint(params.data.id) : null;
    if (!params.success || !endpoint) return reply.code(404).send({ error: apiMessages.notFound });
    if (!endpoint.enabled) return reply.code(409).send({ error: webhookMessages.disabled });
    const known = (await store.webhooks.listDeliveries(endpoint.id, WEBHOOK_DELIVERIES_LISTED)).some(
      (delivery) => delivery.id === params.data.deliveryId,
    );
    if (!(await store.webhooks.sendAgain(endpoint.id, params.data.deliveryId, app.clock()))) {
      return known
        ? reply.code(409).send({ error: WEBHOOK_BUSY })
        : reply.code(404).send({ error: apiMessages.notFound });
    }
    app.webhookWorker.wake();
    return reply.code(204).send();
  });
}
