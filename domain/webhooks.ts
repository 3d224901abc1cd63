/**
 * Signed webhooks: what the console and the server agree on (docs/webhooks.md,
 * docs/decisions/025). Deliveries follow the Standard Webhooks specification.
 */

/** The events an endpoint can choose, as the payload's `type` names them. */
export const WEBHOOK_EVENTS = ["enquiry.received", "enquiry.status_changed", "enquiry.not_spam"] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];
/** The event "Send test event" delivers; no endpoint chooses it. */
export const WEBHOOK_TEST_EVENT = "webhook.test";
export type WebhookDeliveryEventType = WebhookEventType | typeof WEBHOOK_TEST_EVENT;

/** pending: waiting for its next attempt; delivered: a 2xx answer; failed: out of attempts (Send again requeues). */
export type WebhookDeliveryState = "pending" | "delivered" | "failed";

export const WEBHOOK_URL_MAX_LENGTH = 2_000;
/** How many deliveries the console lists per endpoint, newest first. */
export const WEBHOOK_DELIVERIES_LISTED = 50;

/** The console's webhook routes, relative to ADMIN_API_PREFIX (owners only). */
export const WEBHOOK_API_ROUTES = {
  /** GET the endpoints; POST { url, events } adds one and answers its secret, once. */
  endpoints: "/webhooks",
  /** PUT { enabled?, events? } changes what is given; DELETE removes it with its deliveries. */
  endpoint: "/webhooks/:id",
  /** POST: a new secret, answered once; the old one stops signing at once. */
  secret: "/webhooks/:id/secret",
  /** POST: queue a test event now. */
  test: "/webhooks/:id/test",
  /** GET the endpoint's latest deliveries with each attempt's answer. */
  deliveries: "/webhooks/:id/deliveries",
  /** POST: send this delivery again now (same webhook-id). */
  sendAgain: "/webhooks/:id/deliveries/:deliveryId/send-again",
} as const;

export interface WebhookEndpointView {
  id: string;
  url: string;
  events: WebhookEventType[];
  enabled: boolean;
  createdAt: string;
}

/** One attempt's answer: the receiver's status code, or why there was none. */
export interface WebhookAttemptView {
  at: string;
  statusCode: number | null;
  error: string | null;
  /** The start of the receiver's answer, cut at WEBHOOK_RESPONSE_KEPT characters. */
  response: string;
  durationMs: number;
}

/** How much of a receiver's answer is kept with each attempt. */
export const WEBHOOK_RESPONSE_KEPT = 300;

export interface WebhookDeliveryView {
  /** The delivery's `webhook-id`, the same on every attempt. */
  id: string;
  eventType: WebhookDeliveryEventType;
  createdAt: string;
  state: WebhookDeliveryState;
  nextAttemptAt: string | null;
  attempts: WebhookAttemptView[];
}

export const webhookMessages = {
  badUrl: "Enter the endpoint's full https:// address.",
  privateAddress:
    "That address is on a private, loopback or link-local network; webhooks go only to public addresses.",
  unresolved: "That address's host could not be found.",
  noEvents: "Choose at least one event.",
  disabled: "Enable the endpoint before sending to it.",
} as const;

/** Said when a delivery is being sent just now and cannot be sent again yet. */
export const WEBHOOK_BUSY = "That delivery is being sent just now; try again in a minute.";
