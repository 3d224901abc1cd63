/**
 * A notification's kind as plain text, one migration step of the SQLite store: the kinds, and what
 * each needs (its enquiry, member, address or message, its payload), are checked where a
 * notification is made (server/store/notification-kinds.ts), so that a new kind is no longer a
 * rebuild of this table. The status keeps its CHECK. The table is rebuilt once more (SQLite cannot
 * drop a CHECK), with foreign keys off, its rows copied in their order and every index made again.
 */
export function notificationKindSchema(enquiryTable: string, quote: (name: string) => string): string {
  const table = quote(enquiryTable);
  const columns = `id, enquiry_id, subscriber_id, staff_id, message_id, kind, status, attempts, next_attempt_at,
    claimed_by, claim_expires_at, last_error, sent_at, last_attempt_at, due_at, queued_at, payload, request_id`;
  return `
    CREATE TABLE notifications_next (
      id TEXT PRIMARY KEY,
      enquiry_id TEXT REFERENCES ${table} (id) ON DELETE CASCADE,
      subscriber_id TEXT REFERENCES subscribers (id) ON DELETE CASCADE,
      staff_id TEXT REFERENCES staff (id) ON DELETE CASCADE,
      message_id TEXT REFERENCES enquiry_messages (id) ON DELETE CASCADE,
      kind TEXT NOT NULL,
      status TEXT NOT NULL CHECK (status IN ('pending', 'sent', 'undeliverable')),
      attempts INTEGER NOT NULL DEFAULT 0,
      next_attempt_at TEXT NOT NULL,
      claimed_by TEXT,
      claim_expires_at TEXT,
      last_error TEXT,
      sent_at TEXT,
      last_attempt_at TEXT,
      due_at TEXT NOT NULL DEFAULT '',
      queued_at TEXT,
      payload TEXT,
      request_id TEXT
    ) STRICT;
    INSERT INTO notifications_next (${columns}) SELECT ${columns} FROM notifications ORDER BY rowid;
    DROP TABLE notifications;
    ALTER TABLE notifications_next RENAME TO notifications;
    CREATE INDEX notifications_due ON notifications (status, due_at);
    CREATE INDEX notifications_queued ON notifications (status, queued_at);
    CREATE INDEX notifications_enquiry ON notifications (enquiry_id);
    CREATE INDEX notifications_subscriber ON notifications (subscriber_id);
    CREATE INDEX notifications_staff ON notifications (staff_id);
    CREATE INDEX notifications_message ON notifications (message_id) WHERE message_id IS NOT NULL;
  `;
}
