import { randomBytes, randomUUID } from "node:crypto";
import type { EnquiryStatus } from "../../domain/console";
import type {
  WebhookDeliveryEventType,
  WebhookDeliveryView,
  WebhookEndpointView,
  WebhookEventType,
} from "../../domain/webhooks";
import { WEBHOOK_TEST_EVENT } from "../../domain/webhooks";
import type { StoredEnquiry } from "./store";

/** An endpoint with its signing secret (`whsec_…`), which only the worker and its creation read. */
export interface WebhookEndpoint extends WebhookEndpointView {
  secret: string;
}

/** A delivery claimed by a worker: what to send, where, signed with which secret. */
export interface ClaimedWebhookDelivery {
  id: string;
  endpointId: string;
  url: string;
  secret: string;
  eventType: WebhookDeliveryEventType;
  /** The body, the same bytes on every attempt. */
  payload: string;
  /** Attempts made before this one. */
  attempts: number;
  /** The enquiry it is about (none for a test event), and the request that queued it, for log lines. */
  enquiryId?: string;
  requestId?: string;
}

/** What one attempt got back, as the delivery's list shows it. */
export interface WebhookAttemptRecord {
  at: Date;
  statusCode: number | null;
  error: string | null;
  response: string;
  durationMs: number;
}

/**
 * An event about one enquiry, queued for every enabled endpoint that chose its type, inside the
 * transaction of the change that causes it (the enquiry stored, its status changed).
 */
export interface EnquiryWebhookEvent {
  type: WebhookEventType;
  enquiry: StoredEnquiry;
  at: Date;
  /** A status change's from and to. */
  change?: { from: EnquiryStatus; to: EnquiryStatus };
  /** The request that caused it (X-Request-Id), kept with each delivery for log lines. */
  requestId?: string;
}

/**
 * Webhook endpoints and the outbox of their deliveries. Deliveries of an enquiry's events are
 * written by the enquiry stores in the transaction of the change (server/store/<adapter>/webhooks.ts);
 * this store manages endpoints, test events, claims and their outcomes.
 */
export interface WebhookStore {
  addEndpoint(endpoint: { url: string; events: WebhookEventType[]; now: Date }): Promise<WebhookEndpoint>;
  /** Oldest first, with their secrets. */
  listEndpoints(): Promise<WebhookEndpoint[]>;
  getEndpoint(id: string): Promise<WebhookEndpoint | null>;
  /**
   * Changes what is given; disabling fails the endpoint's pending deliveries (Send again requeues
   * them once it is enabled). False when there is no such endpoint.
   */
  updateEndpoint(
    id: string,
    change: { enabled?: boolean; events?: WebhookEventType[]; secret?: string },
  ): Promise<boolean>;
  /** Removes the endpoint and every delivery of it; false when there is none. */
  deleteEndpoint(id: string): Promise<boolean>;
  /** Queues a test event for the endpoint, due now; null when there is no such endpoint. */
  queueTest(endpointId: string, now: Date): Promise<string | null>;
  /** The endpoint's latest deliveries, newest first, each with its attempts. */
  listDeliveries(endpointId: string, limit: number): Promise<WebhookDeliveryView[]>;
  /**
   * Claims up to `limit` deliveries that are due and not leased, for `leaseMs`: of several
   * workers (instances) at once, each delivery goes to one. Nothing delivered, failed or leased
   * is ever at the head of what the claim reads.
   */
  claimDue(options: {
    worker: string;
    now: Date;
    limit: number;
    leaseMs: number;
  }): Promise<ClaimedWebhookDelivery[]>;
  /**
   * Records an attempt by `worker`, which must still hold the claim: delivered, or the next
   * attempt's time (null: out of attempts, failed).
   */
  recordAttempt(
    id: string,
    worker: string,
    attempt: WebhookAttemptRecord,
    outcome: { delivered: true } | { delivered: false; nextAttemptAt: Date | null },
  ): Promise<void>;
  /** Makes the delivery due now, with the same webhook-id; false when it is not the endpoint's. */
  sendAgain(endpointId: string, deliveryId: string, now: Date): Promise<boolean>;
}

/** The most attempts a delivery's list keeps (the latest). */
export const WEBHOOK_ATTEMPTS_KEPT = 20;

/** A new endpoint's secret, as the Standard Webhooks specification writes it: `whsec_` and 32 random bytes in base64. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

/** A delivery's id, sent as `webhook-id`: the same on every attempt, so receivers can drop repeats. */
function newDeliveryId(): string {
  return `msg_${randomUUID().replaceAll("-", "")}`;
}

/**
 * A delivery as it is queued, pending and never tried, due at `at` (ISO): an enquiry's event, or a
 * test event (enquiryId null).
 */
export type QueuedWebhookDelivery = Pick<
  ClaimedWebhookDelivery,
  "id" | "endpointId" | "eventType" | "payload" | "requestId"
> & { enquiryId: string | null; at: string };

/** A test event for the endpoint, due at `at`, under a new id. */
export function testDelivery(endpointId: string, now: Date): QueuedWebhookDelivery {
  const at = now.toISOString();
  const data = { endpointId, message: "A test event from the Collarise console." };
  const payload = JSON.stringify({ type: WEBHOOK_TEST_EVENT, timestamp: at, data });
  return { id: newDeliveryId(), endpointId, enquiryId: null, eventType: WEBHOOK_TEST_EVENT, payload, at };
}

/**
 * The deliveries an enquiry's event makes, which the store queues with the change that causes it:
 * one to each enabled endpoint of `endpoints` that chose its type, under a new id, with the event's
 * body, `{ type, timestamp, data }` as Standard Webhooks suggests (the enquiry's id and time beside
 * its five fields).
 */
export function enquiryEventDeliveries(
  endpoints: readonly WebhookEndpointView[],
  event: EnquiryWebhookEvent,
): QueuedWebhookDelivery[] {
  const targets = endpoints.filter((endpoint) => endpoint.enabled && endpoint.events.includes(event.type));
  if (targets.length === 0) return [];
  const { id, receivedAt, language, enquiry } = event.enquiry;
  const at = event.at.toISOString();
  const payload = JSON.stringify({
    type: event.type,
    timestamp: at,
    data: {
      enquiry: { id, receivedAt, language, ...enquiry },
      ...(event.change ? { status: { from: event.change.from, to: event.change.to } } : {}),
    },
  });
  return targets.map((endpoint) => ({
    id: newDeliveryId(),
    endpointId: endpoint.id,
    enquiryId: id,
    eventType: event.type,
    payload,
    at,
    requestId: event.requestId,
  }));
}
