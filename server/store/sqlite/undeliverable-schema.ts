/**
 * Mail refused for good, one migration step of the SQLite store: a notification whose recipient's
 * mail server refused it (an SMTP 5xx) ends as `undeliverable` beside `sent`; it is never claimed
 * again and never counts as waiting. Its `due_at` is when it was refused, so the digest finds the
 * day's refusals through the (status, due_at) index. The table is rebuilt (SQLite cannot change a
 * CHECK), with foreign keys off.
 */
export function undeliverableSchema(enquiryTable: string, quote: (name: string) => string): string {
  const table = quote(enquiryTable);
  return `
    CREATE TABLE notifications_next (
      id TEXT PRIMARY KEY,
      enquiry_id TEXT REFERENCES ${table} (id) ON DELETE CASCADE,
      subscriber_id TEXT REFERENCES subscribers (id) ON DELETE CASCADE,
      staff_id TEXT REFERENCES staff (id) ON DELETE CASCADE,
      message_id TEXT REFERENCES enquiry_messages (id) ON DELETE CASCADE,
      kind TEXT NOT NULL CHECK (kind IN ('company', 'acknowledgement', 'newsletter-confirmation',
        'newsletter-welcome', 'member-alert', 'digest', 'staff-link', 'handed-on', 'reply', 'push')),
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
      CHECK (CASE kind
        WHEN 'member-alert' THEN enquiry_id IS NOT NULL AND staff_id IS NOT NULL AND subscriber_id IS NULL
        WHEN 'push' THEN enquiry_id IS NOT NULL AND staff_id IS NOT NULL AND subscriber_id IS NULL AND payload IS NOT NULL
        WHEN 'digest' THEN staff_id IS NOT NULL AND enquiry_id IS NULL AND subscriber_id IS NULL AND payload IS NOT NULL
        WHEN 'staff-link' THEN staff_id IS NOT NULL AND enquiry_id IS NULL AND subscriber_id IS NULL AND payload IS NOT NULL
        WHEN 'handed-on' THEN staff_id IS NOT NULL AND enquiry_id IS NULL AND subscriber_id IS NULL AND payload IS NOT NULL
        WHEN 'company' THEN enquiry_id IS NOT NULL AND subscriber_id IS NULL AND staff_id IS NULL
        WHEN 'acknowledgement' THEN enquiry_id IS NOT NULL AND subscriber_id IS NULL AND staff_id IS NULL
        WHEN 'reply' THEN enquiry_id IS NOT NULL AND message_id IS NOT NULL AND subscriber_id IS NULL AND staff_id IS NULL
        ELSE subscriber_id IS NOT NULL AND enquiry_id IS NULL AND staff_id IS NULL END),
      CHECK ((message_id IS NULL) = (kind <> 'reply'))
    ) STRICT;
    INSERT INTO notifications_next (id, enquiry_id, subscriber_id, staff_id, message_id, kind, status, attempts,
        next_attempt_at, claimed_by, claim_expires_at, last_error, sent_at, last_attempt_at, due_at, queued_at, payload)
      SELECT id, enquiry_id, subscriber_id, staff_id, message_id, kind, status, attempts,
        next_attempt_at, claimed_by, claim_expires_at, last_error, sent_at, last_attempt_at, due_at, queued_at, payload
      FROM notifications ORDER BY rowid;
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
