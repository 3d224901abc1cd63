import { newRowId } from "./row-id";
import type Database from "better-sqlite3";
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
import { driveStepsSync, type AnswersOf, type ChangeOf } from "../step-port";
import type { DeliveryRead, WebhookAdapter, WebhookSteps } from "../webhook-port";
import { prepared, type SqliteRun, type SqliteRunWhenFree } from "./connection";
import { anyDue, leaseDueRows } from "./lease-due";
import { columnsOf, insertStatement, updateStatement } from "./row-codec";

/** The row of `webhook_endpoints` an endpoint is stored as: the one place its columns are named. */
function rowOf(endpoint: WebhookEndpoint) {
  return {
    id: endpoint.id,
    url: endpoint.url,
    events: JSON.stringify(endpoint.events),
    secret: endpoint.secret,
    enabled: endpoint.enabled ? 1 : 0,
    created_at: endpoint.createdAt,
  };
}

type EndpointRow = ReturnType<typeof rowOf>;

function endpointOf(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    events: JSON.parse(row.events) as WebhookEventType[],
    secret: row.secret,
    enabled: row.enabled === 1,
    createdAt: row.created_at,
  };
}

function endpointById(db: Database.Database, id: string): WebhookEndpoint | null {
  const row = prepared<[string], EndpointRow>(db, `SELECT * FROM webhook_endpoints WHERE id = ?`).get(id);
  return row ? endpointOf(row) : null;
}

/** Queues a delivery, pending and never tried, in the caller's transaction. */
function insertDelivery(db: Database.Database, { requestId, ...delivery }: QueuedWebhookDelivery): void {
  prepared(
    db,
    `INSERT INTO webhook_deliveries
       (id, endpoint_id, enquiry_id, event_type, payload, status, attempts, due_at, next_attempt_at, created_at, request_id)
     VALUES (@id, @endpointId, @enquiryId, @eventType, @payload, 'pending', 0, @at, @at, @at, @requestId)`,
  ).run({ ...delivery, requestId: requestId ?? null });
}

/** The endpoints that are on, as the caller's transaction reads them. */
export function enabledEndpoints(db: Database.Database): WebhookEndpoint[] {
  return prepared<[], EndpointRow>(db, `SELECT * FROM webhook_endpoints WHERE enabled = 1`)
    .all()
    .map(endpointOf);
}

/**
 * Queues an enquiry's event for every enabled endpoint that chose it, inside the caller's write
 * transaction (the enquiry's insert, its status change), so the event and the change are committed
 * together or not at all. This is the one hook the enquiry stores call.
 */
export function queueEnquiryWebhooks(
  db: Database.Database,
  event: EnquiryWebhookEvent,
  endpoints: readonly WebhookEndpoint[] = enabledEndpoints(db),
): void {
  for (const delivery of enquiryEventDeliveries(endpoints, event)) insertDelivery(db, delivery);
}

/** A row of `webhook_deliveries` but for its body, as the console's list and the delivery's changes read it. */
interface DeliveryRow {
  id: string;
  endpoint_id: string;
  event_type: WebhookDeliveryEventType;
  status: WebhookDeliveryState;
  attempts: number;
  attempt_log: string;
  created_at: string;
  next_attempt_at: string | null;
  claimed_by: string | null;
  claim_expires_at: string | null;
}

const DELIVERY_COLUMNS = `id, endpoint_id, event_type, status, attempts, attempt_log, created_at, next_attempt_at,
  claimed_by, claim_expires_at`;

function deliveryOf(row: DeliveryRow): DeliveryRead {
  return {
    id: row.id,
    endpointId: row.endpoint_id,
    eventType: row.event_type,
    status: row.status,
    attempts: row.attempts,
    attemptLog: JSON.parse(row.attempt_log) as WebhookAttemptView[],
    createdAt: row.created_at,
    nextAttemptAt: row.next_attempt_at,
    claimedBy: row.claimed_by,
    claimExpiresAt: row.claim_expires_at,
  };
}

/** Endpoints and the outbox of their deliveries on SQLite (webhook-schema.ts). */
export class SqliteWebhookStore implements WebhookAdapter {
  constructor(
    private readonly sqlite: SqliteRun,
    private readonly whenFree: SqliteRunWhenFree,
  ) {}

  async addEndpoint(endpoint: Omit<WebhookEndpoint, "id">): Promise<WebhookEndpoint> {
    const stored: WebhookEndpoint = { id: newRowId(), ...endpoint };
    const row = rowOf(stored);
    this.sqlite((db) => db.prepare(insertStatement("webhook_endpoints", columnsOf(row))).run(row));
    return stored;
  }

  async listEndpoints(): Promise<WebhookEndpoint[]> {
    return this.sqlite((db) =>
      db
        .prepare<[], EndpointRow>(`SELECT * FROM webhook_endpoints ORDER BY created_at, rowid`)
        .all()
        .map(endpointOf),
    );
  }

  async getEndpoint(id: string): Promise<WebhookEndpoint | null> {
    return this.sqlite((db) => endpointById(db, id));
  }

  async deleteEndpoint(id: string): Promise<boolean> {
    // The deliveries go with it (ON DELETE CASCADE).
    return this.sqlite(
      (db) => db.prepare(`DELETE FROM webhook_endpoints WHERE id = ?`).run(id).changes === 1,
    );
  }

  async listDeliveries(endpointId: string, limit: number): Promise<DeliveryRead[]> {
    return this.sqlite((db) =>
      db
        .prepare<[string, number], DeliveryRow>(
          `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries
           WHERE endpoint_id = ? ORDER BY created_at DESC, rowid DESC LIMIT ?`,
        )
        .all(endpointId, limit)
        .map(deliveryOf),
    );
  }

  async claimDue(options: {
    worker: string;
    now: Date;
    limit: number;
    leaseMs: number;
  }): Promise<ClaimedWebhookDelivery[]> {
    if (!this.sqlite((db) => anyDue(db, "webhook_deliveries", options.now))) return [];
    return this.whenFree((db) =>
      db
        .transaction(() => {
          const claimed = leaseDueRows(db, "webhook_deliveries", options);
          if (claimed.length === 0) return [];
          return db
            .prepare<
              [string],
              Omit<ClaimedWebhookDelivery, "enquiryId" | "requestId"> & {
                enquiryId: string | null;
                requestId: string | null;
              }
            >(
              `SELECT d.id, d.endpoint_id AS endpointId, e.url, e.secret, d.event_type AS eventType,
                 d.payload, d.attempts, d.enquiry_id AS enquiryId, d.request_id AS requestId
               FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
               WHERE d.id IN (SELECT value FROM json_each(?))
               ORDER BY d.rowid`,
            )
            .all(JSON.stringify(claimed))
            .map(({ enquiryId, requestId, ...delivery }) => ({
              ...delivery,
              ...(enquiryId ? { enquiryId } : {}),
              ...(requestId ? { requestId } : {}),
            }));
        })
        .immediate(),
    );
  }

  async run<R>(change: () => ChangeOf<WebhookSteps, R>): Promise<R> {
    return this.sqlite((db) => db.transaction(() => driveStepsSync(change(), this.answers(db))).immediate());
  }

  private answers(db: Database.Database): AnswersOf<WebhookSteps> {
    return {
      readDelivery: ({ id }) => {
        const row = prepared<[string], DeliveryRow>(
          db,
          `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries WHERE id = ?`,
        ).get(id);
        return row ? deliveryOf(row) : null;
      },
      readEndpoint: ({ id }) => endpointById(db, id),
      writeDeliveries: ({ ids, status, attempts, attemptLog, nextAttemptAt }) => {
        prepared(
          db,
          `UPDATE webhook_deliveries SET status = @status, attempts = coalesce(@attempts, attempts),
             attempt_log = coalesce(@log, attempt_log), next_attempt_at = @next, due_at = coalesce(@next, due_at),
             claimed_by = NULL, claim_expires_at = NULL
           WHERE id IN (SELECT value FROM json_each(@ids))`,
        ).run({
          ids: JSON.stringify(ids),
          status,
          attempts: attempts ?? null,
          log: attemptLog ? JSON.stringify(attemptLog) : null,
          next: nextAttemptAt,
        });
      },
      writeDelivery: (delivery) => insertDelivery(db, delivery),
      writeEndpoint: (endpoint) => {
        const row = rowOf(endpoint);
        prepared(db, updateStatement("webhook_endpoints", "id", columnsOf(row))).run(row);
      },
      // One transaction holds them all.
      readPendingDeliveries: ({ endpointId }) => ({
        ids: prepared<[string], { id: string }>(
          db,
          `SELECT id FROM webhook_deliveries WHERE endpoint_id = ? AND status = 'pending'`,
        )
          .all(endpointId)
          .map((row) => row.id),
        more: false,
      }),
    };
  }
}
