import {
  ENQUIRY_COLUMNS,
  ENQUIRY_FIELD_COLUMNS,
  type EnquiryRow,
  enquiryRowOf,
  insertEnquiryStatement,
  storedEnquiry,
} from "./enquiry-row";
import { storedLanguage } from "../../../domain/contract";
import type { NotificationKind, OutboxBacklog, PendingNotification, StoredEnquiry } from "../store";
import type { EnquiryAdapter } from "../adapters";
import type { KeyHolder } from "../work-port";
import type Database from "better-sqlite3";
import { prepared, type SqliteConnection } from "./connection";
import { anyDue, leaseDueRows } from "./lease-due";
import { insertEnquiryMeta } from "./enquiry-meta";
import { keptSendError, pendingNotificationOf } from "../claimed-notification";

const insertEnquirySqls = new Map<string, string>();

/** The statement that inserts an enquiry's row, in `table` (quoted): made once per table. */
function insertEnquirySql(table: string): string {
  let sql = insertEnquirySqls.get(table);
  if (!sql) insertEnquirySqls.set(table, (sql = insertEnquiryStatement(table)));
  return sql;
}

/**
 * Writes a new enquiry in the caller's transaction (the work layer's `writeNewEnquiry`, from the
 * form or WhatsApp): its row and what is kept beside it. Its buyer keys are given at the
 * next read.
 */
export function insertNewEnquiry(db: Database.Database, table: string, stored: StoredEnquiry): void {
  prepared(db, insertEnquirySql(table)).run(enquiryRowOf(stored));
  insertEnquiryMeta(db, stored);
}

/** A claimed notification with what its mail is made from: its enquiry's fields, or its address's. */
interface ClaimedRow extends Omit<EnquiryRow, "id"> {
  id: string;
  kind: NotificationKind;
  attempts: number;
  enquiryId: string | null;
  subscriber_id: string | null;
  subscriber_email: string | null;
  confirm_nonce: string | null;
  unsubscribe_nonce: string | null;
  requested_at: string | null;
  subscriber_language: string | null;
  staffId: string | null;
  staffEmail: string | null;
  payload: string | null;
  reply_message_id: string | null;
  reply_in_reply_to: string | null;
  reply_refs: string | null;
  reply_subject: string | null;
  reply_body: string | null;
  messageRowId: string | null;
  queuedAt: string | null;
  requestId: string | null;
}

/** A claimed notification as the outbox worker sends it, from its row and what the row joins. */
function pendingNotification(row: ClaimedRow): PendingNotification {
  return pendingNotificationOf({
    ...row,
    enquiry: () => storedEnquiry({ ...row, id: String(row.enquiryId) }),
    reply: () => ({
      subject: String(row.reply_subject),
      text: String(row.reply_body),
      messageId: String(row.reply_message_id),
      inReplyTo: row.reply_in_reply_to,
      references: JSON.parse(row.reply_refs ?? "[]") as string[],
    }),
    subscriber: () => ({
      subscriberId: String(row.subscriber_id),
      email: String(row.subscriber_email),
      confirmNonce: row.confirm_nonce,
      unsubscribeNonce: String(row.unsubscribe_nonce),
      requestedAt: String(row.requested_at),
      language: storedLanguage(row.subscriber_language),
    }),
  });
}

/** The enquiry first stored with an idempotency key (read by the work layer's `readIntake`). */
export function readIdempotencyKey(db: Database.Database, table: string, key: string): KeyHolder | null {
  const holder = prepared<[string], KeyHolder>(
    db,
    `SELECT k.enquiry_id AS enquiryId, k.fingerprint, e.received_at AS receivedAt
     FROM enquiry_idempotency_keys k JOIN ${table} e ON e.id = k.enquiry_id
     WHERE k.key = ?`,
  ).get(key);
  return holder ?? null;
}

/** Records an idempotency key as its enquiry's (the work layer's `writeIdempotencyKey`). */
export function writeIdempotencyKey(db: Database.Database, key: string, holder: KeyHolder): void {
  prepared(
    db,
    `INSERT INTO enquiry_idempotency_keys (key, enquiry_id, fingerprint, received_at) VALUES (?, ?, ?, ?)`,
  ).run(key, holder.enquiryId, holder.fingerprint, holder.receivedAt);
}

/**
 * Enquiries and the outbox of their notifications on SQLite. An enquiry and its pending
 * notification are committed together by the work layer's intake (the port's group commit,
 * sqlite/work-port.ts); once they are on disk `add` resolves.
 */
export class SqliteEnquiryStore implements EnquiryAdapter {
  constructor(private readonly connection: SqliteConnection) {}

  async eraseIdempotencyKeys(before: Date): Promise<number> {
    return this.connection.run(
      (db) =>
        db.prepare(`DELETE FROM enquiry_idempotency_keys WHERE received_at < ?`).run(before.toISOString())
          .changes,
    );
  }

  async list(): Promise<StoredEnquiry[]> {
    return this.connection.run((db) =>
      db
        .prepare<[], EnquiryRow>(
          `SELECT ${ENQUIRY_COLUMNS} FROM ${this.connection.enquiryTable} e ORDER BY e.received_at, e.rowid`,
        )
        .all()
        .map(storedEnquiry),
    );
  }

  async claimDueNotifications(options: {
    worker: string;
    now: Date;
    limit: number;
    leaseMs: number;
  }): Promise<PendingNotification[]> {
    if (!this.connection.run((db) => anyDue(db, "notifications", options.now))) return [];
    return this.connection.runWhenFree((db) =>
      db
        .transaction(() => {
          const claimed = leaseDueRows(db, "notifications", options);
          if (claimed.length === 0) return [];
          const rows = db
            .prepare<[string], ClaimedRow>(
              `SELECT n.id, n.kind, n.attempts, n.enquiry_id AS enquiryId, n.subscriber_id,
                    ${ENQUIRY_FIELD_COLUMNS}, e.received_at, e.language,
                    s.email AS subscriber_email, s.confirm_nonce, s.unsubscribe_nonce, s.requested_at,
                    s.language AS subscriber_language, n.staff_id AS staffId, st.email AS staffEmail, n.payload,
                    m.message_id AS reply_message_id, m.in_reply_to AS reply_in_reply_to, m.refs AS reply_refs,
                    m.subject AS reply_subject, m.body AS reply_body, n.message_id AS messageRowId,
                    n.queued_at AS queuedAt, n.request_id AS requestId
             FROM notifications n
             LEFT JOIN staff st ON st.id = n.staff_id
             LEFT JOIN enquiry_messages m ON m.id = n.message_id
             LEFT JOIN ${this.connection.enquiryTable} e ON e.id = n.enquiry_id
             LEFT JOIN subscribers s ON s.id = n.subscriber_id
             WHERE n.id IN (SELECT value FROM json_each(?))
             ORDER BY n.rowid`,
            )
            .all(JSON.stringify(claimed));
          return rows.map(pendingNotification);
        })
        .immediate(),
    );
  }

  async outboxBacklog(): Promise<OutboxBacklog> {
    // Both from the (status, queued_at) index: a count and its first entry.
    const row = this.connection.run((db) =>
      db
        .prepare<[], { waiting: number; oldest: string | null }>(
          `SELECT count(*) AS waiting, min(queued_at) AS oldest FROM notifications WHERE status = 'pending'`,
        )
        .get(),
    );
    return { waiting: row?.waiting ?? 0, oldestQueuedAt: row?.oldest ?? null };
  }

  async markNotificationSent(id: string, worker: string): Promise<void> {
    // Recorded as sent even if the lease ran out meanwhile: the mail did go, and must not go again.
    this.connection.run((db) =>
      db
        .prepare(
          `UPDATE notifications
           SET status = 'sent', sent_at = @now, last_attempt_at = @now, attempts = attempts + 1,
               claimed_by = @worker, claim_expires_at = NULL, last_error = NULL
           WHERE id = @id AND status = 'pending'`,
        )
        .run({ now: new Date().toISOString(), worker, id }),
    );
  }

  async markNotificationFailed(
    id: string,
    worker: string,
    error: string,
    nextAttemptAt: Date,
  ): Promise<void> {
    // Only the worker holding the claim may release it; after its lease ran out, another may hold it.
    this.connection.run((db) =>
      db
        .prepare(
          `UPDATE notifications
           SET attempts = attempts + 1, last_error = @error, next_attempt_at = @next, due_at = @next,
               last_attempt_at = @now, claimed_by = NULL, claim_expires_at = NULL
           WHERE id = @id AND status = 'pending' AND claimed_by = @worker`,
        )
        .run({
          error: keptSendError(error),
          next: nextAttemptAt.toISOString(),
          now: new Date().toISOString(),
          id,
          worker,
        }),
    );
  }

  async markNotificationUndeliverable(id: string, worker: string, error: string, at: Date): Promise<void> {
    // due_at keeps when it was refused: the digest reads the day's refusals by it.
    this.connection.run((db) =>
      db
        .prepare(
          `UPDATE notifications
           SET status = 'undeliverable', attempts = attempts + 1, last_error = @error, last_attempt_at = @at,
               due_at = @at, claimed_by = NULL, claim_expires_at = NULL
           WHERE id = @id AND status = 'pending' AND claimed_by = @worker`,
        )
        .run({ error: keptSendError(error), at: at.toISOString(), id, worker }),
    );
  }
}
