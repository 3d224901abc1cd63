import { randomUUID } from "node:crypto";
import {
  Timestamp,
  type DocumentReference,
  type Query,
  type QuerySnapshot,
  type Transaction,
  type WriteBatch,
} from "firebase-admin/firestore";
import type {
  WebhookAttemptView,
  WebhookDeliveryEventType,
  WebhookDeliveryState,
  WebhookEventType,
} from "../../../domain/webhooks";
import {
  enquiryEventDeliveries,
  type ClaimedWebhookDelivery,
  type EnquiryWebhookEvent,
  type QueuedWebhookDelivery,
  type WebhookEndpoint,
} from "../webhooks";
import type { AnswersOf, ChangeOf } from "../step-port";
import { runStepsInTransaction, type HoldWrite } from "./step-transaction";
import type { DeliveryRead, WebhookAdapter, WebhookSteps } from "../webhook-port";
import { chunks, deleteInBatches, IN_QUERY_LIMIT, isoOf, type FirestoreContext } from "./connection";
import { claimDueDocuments } from "./claim-window";

const ENDPOINTS = "webhookEndpoints";
const DELIVERIES = "webhookDeliveries";
/** The pending deliveries one transaction fails: with the endpoint's own write, within its 500 writes. */
const PENDING_BATCH = 400;

/** An endpoint's document: the endpoint but for its id, when it was added as a Timestamp. */
type EndpointData = Omit<WebhookEndpoint, "id" | "createdAt"> & { createdAt: Timestamp };

interface DeliveryData {
  endpointId: string;
  /** The enquiry an event is about (erased with it); null for a test event. */
  enquiryId: string | null;
  /** The request that queued it (X-Request-Id), for the worker's log lines; absent on older ones. */
  requestId?: string;
  eventType: WebhookDeliveryEventType;
  payload: string;
  status: WebhookDeliveryState;
  attempts: number;
  /**
   * When a worker may take it: the next attempt, or the end of the running lease. The claim asks
   * for `status == "pending" and dueAt <= now` ordered by `dueAt` (firestore.indexes.json).
   */
  dueAt: Timestamp;
  nextAttemptAt: Timestamp | null;
  createdAt: Timestamp;
  claimedBy: string | null;
  claimExpiresAt: Timestamp | null;
  /** Counts claims; each creates `claims/{generation}`, which two workers cannot both create. */
  claimGeneration: number;
  attemptLog: WebhookAttemptView[];
}

function endpointOf(id: string, data: EndpointData): WebhookEndpoint {
  return {
    id,
    url: data.url,
    events: [...data.events],
    secret: data.secret,
    enabled: data.enabled,
    createdAt: isoOf(data.createdAt),
  };
}

/** A delivery's document as it is queued: pending, never tried, due at its time. */
function newDelivery({ id: _id, at, requestId, ...delivery }: QueuedWebhookDelivery): DeliveryData {
  const now = Timestamp.fromDate(new Date(at));
  return {
    ...(requestId ? { requestId } : {}),
    ...delivery,
    status: "pending",
    attempts: 0,
    dueAt: now,
    nextAttemptAt: now,
    createdAt: now,
    claimedBy: null,
    claimExpiresAt: null,
    claimGeneration: 0,
    attemptLog: [],
  };
}

function deliveryOf(id: string, data: DeliveryData): DeliveryRead {
  return {
    id,
    endpointId: data.endpointId,
    eventType: data.eventType,
    status: data.status,
    attempts: data.attempts,
    attemptLog: data.attemptLog ?? [],
    createdAt: isoOf(data.createdAt),
    nextAttemptAt: data.nextAttemptAt ? isoOf(data.nextAttemptAt) : null,
    claimedBy: data.claimedBy,
    claimExpiresAt: data.claimExpiresAt ? isoOf(data.claimExpiresAt) : null,
  };
}

/** What an enquiry store writes its change with: a batch or a transaction. */
export type DocumentWriter = Pick<WriteBatch, "create"> | Pick<Transaction, "create">;

/**
 * Reads the endpoints that chose `type` and answers the function that queues an event of it in
 * the caller's batch or transaction, so the event and the change are committed together. The one
 * hook the enquiry stores call: read before the write (a batch cannot read), queue inside it.
 */
export async function enquiryWebhookQueue(
  context: FirestoreContext,
  type: WebhookEventType,
): Promise<(writer: DocumentWriter, event: EnquiryWebhookEvent) => void> {
  const snapshot = await context.run(() =>
    context.db.collection(ENDPOINTS).where("events", "array-contains", type).get(),
  );
  const endpoints = snapshot.docs.map((doc) => endpointOf(doc.id, doc.data() as EndpointData));
  return (writer, event) => {
    for (const delivery of enquiryEventDeliveries(endpoints, event)) {
      (writer as WriteBatch).create(
        context.db.collection(DELIVERIES).doc(delivery.id),
        newDelivery(delivery),
      );
    }
  };
}

/** Endpoints in `webhookEndpoints` and their deliveries in `webhookDeliveries` on Firestore. */
export class FirestoreWebhookStore implements WebhookAdapter {
  constructor(private readonly context: FirestoreContext) {}

  private endpoints() {
    return this.context.db.collection(ENDPOINTS);
  }
  private deliveries() {
    return this.context.db.collection(DELIVERIES);
  }

  async addEndpoint(endpoint: Omit<WebhookEndpoint, "id">): Promise<WebhookEndpoint> {
    const id = randomUUID();
    const data: EndpointData = { ...endpoint, createdAt: Timestamp.fromDate(new Date(endpoint.createdAt)) };
    await this.context.run(() => this.endpoints().doc(id).create(data));
    return endpointOf(id, data);
  }

  async listEndpoints(): Promise<WebhookEndpoint[]> {
    const snapshot = await this.context.run(() => this.endpoints().orderBy("createdAt").get());
    return snapshot.docs.map((doc) => endpointOf(doc.id, doc.data() as EndpointData));
  }

  async getEndpoint(id: string): Promise<WebhookEndpoint | null> {
    const snapshot = await this.context.run(() => this.endpoints().doc(id).get());
    return snapshot.exists ? endpointOf(id, snapshot.data() as EndpointData) : null;
  }

  async deleteEndpoint(id: string): Promise<boolean> {
    const ref = this.endpoints().doc(id);
    if (!(await this.context.run(() => ref.get())).exists) return false;
    await this.context.run(() => ref.delete());
    // Its deliveries, a batch at a time, each with the record of every claim its tries made
    // (claims/{generation}); a claim meanwhile finds no endpoint and drops its delivery.
    for (;;) {
      const deliveries = await this.context.run(() =>
        this.deliveries().where("endpointId", "==", id).limit(100).get(),
      );
      if (deliveries.empty) return true;
      const claims = await this.context.run(() =>
        Promise.all(deliveries.docs.map((delivery) => delivery.ref.collection("claims").get())),
      );
      await deleteInBatches(this.context, [
        ...claims.flatMap((each) => each.docs.map((doc) => doc.ref)),
        ...deliveries.docs.map((doc) => doc.ref),
      ]);
    }
  }

  async listDeliveries(endpointId: string, limit: number): Promise<DeliveryRead[]> {
    const snapshot = await this.context.run(() =>
      this.deliveries().where("endpointId", "==", endpointId).orderBy("createdAt", "desc").limit(limit).get(),
    );
    return snapshot.docs.map((doc) => deliveryOf(doc.id, doc.data() as DeliveryData));
  }

  async claimDue(options: {
    worker: string;
    now: Date;
    limit: number;
    leaseMs: number;
  }): Promise<ClaimedWebhookDelivery[]> {
    return this.context.run(() =>
      claimDueDocuments(this.deliveries(), options, (transaction, ref, data: DeliveryData) =>
        this.claim(transaction, ref, data),
      ),
    );
  }

  /** Claims one delivery (claimDueDocuments: in its transaction, still due and not leased), with its endpoint. */
  private async claim(
    transaction: Transaction,
    ref: DocumentReference,
    data: DeliveryData,
  ): Promise<ClaimedWebhookDelivery | undefined> {
    const endpoint = (await transaction.get(this.endpoints().doc(data.endpointId))).data() as
      EndpointData | undefined;
    if (!endpoint) {
      // Its endpoint was removed: the delivery goes with it.
      transaction.delete(ref);
      return undefined;
    }
    return {
      id: ref.id,
      endpointId: data.endpointId,
      url: endpoint.url,
      secret: endpoint.secret,
      eventType: data.eventType,
      payload: data.payload,
      attempts: data.attempts,
      ...(data.enquiryId ? { enquiryId: data.enquiryId } : {}),
      ...(data.requestId ? { requestId: data.requestId } : {}),
    };
  }

  async run<R>(change: () => ChangeOf<WebhookSteps, R>): Promise<R> {
    return runStepsInTransaction(this.context, change, (transaction, hold) =>
      this.answers(transaction, hold),
    );
  }

  private answers(transaction: Transaction, hold: HoldWrite): AnswersOf<WebhookSteps, true> {
    return {
      readDelivery: async ({ id }) => {
        const data = (await transaction.get(this.deliveries().doc(id))).data() as DeliveryData | undefined;
        return data ? deliveryOf(id, data) : null;
      },
      readEndpoint: async ({ id }) => {
        const data = (await transaction.get(this.endpoints().doc(id))).data() as EndpointData | undefined;
        return data ? endpointOf(id, data) : null;
      },
      writeDeliveries: ({ ids, status, attempts, attemptLog, nextAttemptAt }) => {
        const next = nextAttemptAt ? Timestamp.fromDate(new Date(nextAttemptAt)) : null;
        const update = {
          status,
          ...(attempts === undefined ? {} : { attempts }),
          ...(attemptLog ? { attemptLog } : {}),
          nextAttemptAt: next,
          ...(next ? { dueAt: next } : {}),
          claimedBy: null,
          claimExpiresAt: null,
        };
        for (const id of ids) hold(() => transaction.update(this.deliveries().doc(id), update));
      },
      writeDelivery: (delivery) => {
        hold(() => transaction.create(this.deliveries().doc(delivery.id), newDelivery(delivery)));
      },
      writeEndpoint: ({ id, enabled, events, secret }) => {
        hold(() => transaction.update(this.endpoints().doc(id), { enabled, events, secret }));
      },
      readPendingDeliveries: async ({ endpointId }) => {
        const snapshot = await transaction.get(
          this.deliveries()
            .where("endpointId", "==", endpointId)
            .where("status", "==", "pending")
            .limit(PENDING_BATCH),
        );
        return { ids: snapshot.docs.map((doc) => doc.id), more: snapshot.size === PENDING_BATCH };
      },
    };
  }
}

/**
 * The deliveries of these enquiries' events, with their claims: they carry the enquiry, so they
 * are erased with it (a person's request, retention). `get` reads in the caller's transaction or not.
 */
export async function enquiryWebhookDeliveries(
  context: FirestoreContext,
  enquiryIds: readonly string[],
  get: (query: Query) => Promise<QuerySnapshot>,
): Promise<DocumentReference[]> {
  const refs: DocumentReference[] = [];
  for (const part of chunks(enquiryIds, IN_QUERY_LIMIT)) {
    const deliveries = await get(context.db.collection(DELIVERIES).where("enquiryId", "in", part));
    for (const delivery of deliveries.docs) {
      refs.push(...(await get(delivery.ref.collection("claims"))).docs.map((doc) => doc.ref), delivery.ref);
    }
  }
  return refs;
}
