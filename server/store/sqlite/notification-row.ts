import type Database from "better-sqlite3";
import { checkNotification, type NotificationLinks } from "../notification-kinds";
import type { NotificationKind } from "../store";
import { prepared } from "./connection";
import { newRowId } from "./row-id";

/** A new notification as `notifications` takes it: pending, never tried, due at `at`. */
export interface NewNotificationRow extends NotificationLinks {
  kind: NotificationKind;
  /** When it is due: its first attempt, and when it went into the outbox. */
  at: string;
  /** A new row id when absent; one given is taken once only (see `insertNotification`). */
  id?: string;
  /** The request that queued it (X-Request-Id), for the outbox's log lines. */
  requestId?: string | null;
}

const COLUMNS = `id, enquiry_id, staff_id, subscriber_id, message_id, kind, status, attempts, next_attempt_at,
  due_at, queued_at, payload, request_id`;
const VALUES = `@id, @enquiryId, @staffId, @subscriberId, @messageId, @kind, 'pending', 0, @at, @at, @at,
  @payload, @requestId`;
const INSERT = `INSERT INTO notifications (${COLUMNS}) VALUES (${VALUES})`;
const INSERT_ONCE = `${INSERT} ON CONFLICT (id) DO NOTHING`;

/**
 * Queues one notification in the caller's transaction: the one place a row of `notifications` is
 * made, its kind and what the kind needs checked here (notification-kinds.ts). A row with an id of
 * its own (a digest's, a reminder's) is made once only: a second with that id changes nothing.
 * Answers how many rows were made.
 */
export function insertNotification(db: Database.Database, row: NewNotificationRow): number {
  checkNotification(row.kind, row);
  return prepared(db, row.id === undefined ? INSERT : INSERT_ONCE).run({
    id: row.id ?? newRowId(),
    kind: row.kind,
    at: row.at,
    enquiryId: row.enquiryId ?? null,
    staffId: row.staffId ?? null,
    subscriberId: row.subscriberId ?? null,
    messageId: row.messageId ?? null,
    payload: row.payload ?? null,
    requestId: row.requestId ?? null,
  }).changes;
}
