import type {
  WebhookAttemptView,
  WebhookDeliveryEventType,
  WebhookDeliveryState,
} from "../../domain/webhooks";
import type { PortOf } from "./step-port";
import type { QueuedWebhookDelivery, WebhookEndpoint, WebhookStore } from "./webhooks";

/** A delivery but for its body, as the console's list, recording an attempt or sending it again reads it. */
export interface DeliveryRead {
  id: string;
  endpointId: string;
  eventType: WebhookDeliveryEventType;
  status: WebhookDeliveryState;
  attempts: number;
  attemptLog: WebhookAttemptView[];
  createdAt: string;
  /** When it is tried next (ISO); null when it is not. */
  nextAttemptAt: string | null;
  /** The worker whose claim it is under, and until when (ISO); null when it is not claimed. */
  claimedBy: string | null;
  claimExpiresAt: string | null;
}

/**
 * The steps a delivery's changes ask of a store (server/work/webhook-changes.ts), each answered
 * in the change's one transaction; reads come first.
 */
export type WebhookSteps = {
  readDelivery: { args: { id: string }; result: DeliveryRead | null };
  /** The endpoint; null when there is none. */
  readEndpoint: { args: { id: string }; result: WebhookEndpoint | null };
  /**
   * Writes the deliveries' state and their next attempt (null: none), when they are due again, with
   * their attempts and their log when given, and releases their claims: an attempt's outcome, a
   * delivery sent again (pending, never tried), an endpoint's pending ones failed.
   */
  writeDeliveries: {
    args: Pick<DeliveryRead, "status" | "nextAttemptAt"> &
      Partial<Pick<DeliveryRead, "attempts" | "attemptLog">> & { ids: string[] };
    result: void;
  };
  /** Queues a delivery (a test event). */
  writeDelivery: { args: QueuedWebhookDelivery; result: void };
  /** Writes the endpoint as it is now: enabled or not, its events, its secret. */
  writeEndpoint: { args: WebhookEndpoint; result: void };
  /**
   * The endpoint's pending deliveries, as many as one of the store's transactions may change
   * (all on SQLite; Firestore holds at most 500 writes), and whether more may remain beyond them.
   */
  readPendingDeliveries: { args: { endpointId: string }; result: { ids: string[]; more: boolean } };
};

/**
 * What a store keeps of webhooks beside the changes written above it; an endpoint is made above
 * and stored under an id of the store's.
 */
export type WebhookAdapter = PortOf<WebhookSteps> &
  Omit<
    WebhookStore,
    "addEndpoint" | "queueTest" | "recordAttempt" | "sendAgain" | "updateEndpoint" | "listDeliveries"
  > & {
    addEndpoint(endpoint: Omit<WebhookEndpoint, "id">): Promise<WebhookEndpoint>;
    /** The endpoint's latest deliveries, newest first. */
    listDeliveries(endpointId: string, limit: number): Promise<DeliveryRead[]>;
  };
