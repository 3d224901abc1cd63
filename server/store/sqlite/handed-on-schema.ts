/**
 * The outbox learns one more mail to a member: the list of enquiries handed to them in one bulk
 * action (`handed-on`, its list in `payload`), sent instead of a mail for each. The notifications
 * table is rebuilt, as SQLite cannot change a CHECK; the migration runs with foreign keys off, so
 * every mail stays with its enquiry, address or member.
 */
export function handedOnSchema(enquiryTable: string, quote: (name: string) => string): string {
  const table = quote(enquiryTable);
  return `
    CREATE TABLE notifications_next (
      id TEXT PRIMARY KEY,
      enquiry_id TEXT REFERENCES ${table} (id) ON DELETE CASCADE,
      subscriber_id TEXT REFERENCES subscribers (id) ON DELETE CASCADE,
      staff_id TEXT REFERENCES staff (id) ON DELETE CASCADE,
      kind TEXT NOT NULL CHECK (kind IN ('company', 'acknowledgement', 'newsletter-confirmation',
        'newsletter-welcome', 'member-alert', 'digest', 'staff-link', 'handed-on')),
      status TEXT NOT NULL CHECK (status IN ('pending', 'sent')),
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
        WHEN 'digest' THEN staff_id IS NOT NULL AND enquiry_id IS NULL AND subscriber_id IS NULL AND payload IS NOT NULL
        WHEN 'staff-link' THEN staff_id IS NOT NULL AND enquiry_id IS NULL AND subscriber_id IS NULL AND payload IS NOT NULL
        WHEN 'handed-on' THEN staff_id IS NOT NULL AND enquiry_id IS NULL AND subscriber_id IS NULL AND payload IS NOT NULL
        WHEN 'company' THEN enquiry_id IS NOT NULL AND subscriber_id IS NULL AND staff_id IS NULL
        WHEN 'acknowledgement' THEN enquiry_id IS NOT NULL AND subscriber_id IS NULL AND staff_id IS NULL
        ELSE subscriber_id IS NOT NULL AND enquiry_id IS NULL AND staff_id IS NULL END)
    ) STRICT;
    INSERT INTO notifications_next SELECT * FROM notifications ORDER BY rowid;
    DROP TABLE notifications;
    ALTER TABLE notifications_next RENAME TO notifications;
    CREATE INDEX notifications_due ON notifications (status, due_at);
    CREATE INDEX notifications_queued ON notifications (status, queued_at);
    CREATE INDEX notifications_enquiry ON notifications (enquiry_id);
    CREATE INDEX notifications_subscriber ON notifications (subscriber_id);
    CREATE INDEX notifications_staff ON notifications (staff_id);
  `;
}
