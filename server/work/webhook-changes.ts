import { WEBHOOK_RESPONSE_KEPT, type WebhookDeliveryView } from "../../domain/webhooks";
import { stepsOf, type ChangeOf } from "../store/step-port";
import { onceMore } from "./once-more";
import type { DeliveryRead, WebhookAdapter, WebhookSteps } from "../store/webhook-port";
import {
  newWebhookSecret,
  testDelivery,
  WEBHOOK_ATTEMPTS_KEPT,
  type WebhookAttemptRecord,
  type WebhookStore,
} from "../store/webhooks";

const step = stepsOf<WebhookSteps>();

/**
 * A webhook delivery's changes, written once above the stores: an endpoint added (enabled, with a
 * new secret), a test event queued (none for an endpoint removed), an attempt recorded (by the
 * worker holding the claim, unless it arrived), a delivery sent again, and an endpoint changed
 * (disabling it fails what it had pending). Each reads, decides and writes in one transaction of
 * the store's, or in a few when one cannot hold them all.
 */
export function webhookStore(adapter: WebhookAdapter): WebhookStore {
  return {
    addEndpoint: ({ url, events, now }) =>
      adapter.addEndpoint({
        url,
        events: [...events],
        secret: newWebhookSecret(),
        enabled: true,
        createdAt: now.toISOString(),
      }),
    listEndpoints: () => adapter.listEndpoints(),
    getEndpoint: (id) => adapter.getEndpoint(id),
    updateEndpoint: (id, change) => updateEndpoint(adapter, id, change),
    deleteEndpoint: (id) => adapter.deleteEndpoint(id),
    queueTest: (endpointId, now) => adapter.run(() => queueTest(endpointId, now)),
    listDeliveries: async (endpointId, limit) =>
      (await adapter.listDeliveries(endpointId, limit)).map(deliveryView),
    claimDue: (options) => adapter.claimDue(options),
    recordAttempt: (id, worker, attempt, outcome) =>
      onceMore(adapter, () => recordAttempt(id, worker, attempt, outcome)),
    sendAgain: (endpointId, deliveryId, now) =>
      onceMore(adapter, () => sendAgain(endpointId, deliveryId, now)),
  };
}

type EndpointChange = Parameters<WebhookStore["updateEndpoint"]>[1];

async function updateEndpoint(adapter: WebhookAdapter, id: string, change: EndpointChange): Promise<boolean> {
  let failing = await onceMore(adapter, () => changeEndpoint(id, change));
  if (failing === null) return false;
  // The rest of its pending deliveries, a batch per transaction: disabled, it is queued nothing new.
  while (failing) failing = await onceMore(adapter, () => failPending(id));
  return true;
}

/**
 * Changes the endpoint, and disabling it fails its pending deliveries (Send again queues them again
 * once it is enabled): the first batch of them in the same transaction. Answers whether more may
 * be pending, or null when there is no such endpoint.
 */
function* changeEndpoint(id: string, change: EndpointChange): ChangeOf<WebhookSteps, boolean | null> {
  const endpoint = yield* step("readEndpoint", { id });
  if (!endpoint) return null;
  const { enabled = endpoint.enabled, events = endpoint.events, secret = endpoint.secret } = change;
  yield* step("writeEndpoint", { ...endpoint, enabled, events: [...events], secret });
  return change.enabled === false ? yield* failPending(id) : false;
}

/** Fails a batch of the endpoint's pending deliveries; answers whether more may be pending. */
function* failPending(endpointId: string): ChangeOf<WebhookSteps, boolean> {
  const pending = yield* step("readPendingDeliveries", { endpointId });
  if (pending.ids.length > 0) {
    yield* step("writeDeliveries", { ids: pending.ids, status: "failed", nextAttemptAt: null });
  }
  return pending.more;
}

function* queueTest(endpointId: string, now: Date): ChangeOf<WebhookSteps, string | null> {
  if (!(yield* step("readEndpoint", { id: endpointId }))) return null;
  const delivery = testDelivery(endpointId, now);
  yield* step("writeDelivery", delivery);
  return delivery.id;
}

/** A delivery as the console lists it: when it is tried next only while it is pending. */
function deliveryView(delivery: DeliveryRead): WebhookDeliveryView {
  return {
    id: delivery.id,
    eventType: delivery.eventType,
    createdAt: delivery.createdAt,
    state: delivery.status,
    nextAttemptAt: delivery.status === "pending" ? delivery.nextAttemptAt : null,
    attempts: delivery.attemptLog,
  };
}

function* recordAttempt(
  id: string,
  worker: string,
  attempt: WebhookAttemptRecord,
  outcome: { delivered: true } | { delivered: false; nextAttemptAt: Date | null },
): ChangeOf<WebhookSteps, void> {
  const delivery = yield* step("readDelivery", { id });
  // A failure is recorded only by the worker holding the claim (after its lease ran out, another
  // may hold it); a delivery that arrived is recorded all the same: it must not go again. One
  // removed meanwhile (its endpoint or its enquiry erased) has nothing left to record.
  if (!delivery || delivery.status !== "pending") return;
  if (!outcome.delivered && delivery.claimedBy !== worker) return;
  const next = !outcome.delivered && outcome.nextAttemptAt ? outcome.nextAttemptAt.toISOString() : null;
  const entry = {
    at: attempt.at.toISOString(),
    statusCode: attempt.statusCode,
    error: attempt.error,
    response: attempt.response.slice(0, WEBHOOK_RESPONSE_KEPT),
    durationMs: attempt.durationMs,
  };
  yield* step("writeDeliveries", {
    ids: [id],
    status: outcome.delivered ? "delivered" : next ? "pending" : "failed",
    attempts: delivery.attempts + 1,
    attemptLog: [...delivery.attemptLog, entry].slice(-WEBHOOK_ATTEMPTS_KEPT),
    nextAttemptAt: next,
  });
}

function* sendAgain(endpointId: string, deliveryId: string, now: Date): ChangeOf<WebhookSteps, boolean> {
  const delivery = yield* step("readDelivery", { id: deliveryId });
  const endpoint = yield* step("readEndpoint", { id: endpointId });
  if (!delivery || delivery.endpointId !== endpointId || !endpoint?.enabled) return false;
  const at = now.toISOString();
  // Not while a worker's claim on it runs: that attempt's outcome is still to come.
  if (delivery.claimedBy && delivery.claimExpiresAt && delivery.claimExpiresAt > at) return false;
  yield* step("writeDeliveries", { ids: [deliveryId], status: "pending", attempts: 0, nextAttemptAt: at });
  return true;
}
