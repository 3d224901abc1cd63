/**
 * The e-mail conversation with a buyer, one migration step of the SQLite store:
 * - `enquiry_messages`: each enquiry's replies (out) and the buyer's answers (in), erased with the
 *   enquiry; an enquiry holds one message per Message-ID, so an answer read twice (by two
 *   instances, or after a restart) is stored once; Message-IDs are looked up to thread an answer;
 * - the enquiries' table gets two expression indexes on its id's ends, where an enquiry's
 *   reference comes from (enquiryReference: the last 8 hex of a UUID v7, the first 8 of a v4),
 *   so an answer found by the reference in its subject costs an index look-up;
 * - `mailbox_positions`: where the mailbox reader stopped in each mailbox (UIDVALIDITY, last UID);
 * - the outbox learns replies: a `reply` notification goes with its enquiry and its message. The
 *   notifications table is rebuilt for its CHECK (SQLite cannot alter one), with foreign keys off
 *   while the migration runs, so every mail keeps its enquiry, address or member.
 */
export function conversationSchema(enquiryTable: string, quote: (name: string) => string): string {
  const table = quote(enquiryTable);
  return `
    CREATE TABLE enquiry_messages (
      id TEXT PRIMARY KEY,
      enquiry_id TEXT NOT NULL REFERENCES ${table} (id) ON DELETE CASCADE,
      direction TEXT NOT NULL CHECK (direction IN ('out', 'in')),
      message_id TEXT NOT NULL,
      in_reply_to TEXT,
      refs TEXT NOT NULL DEFAULT '[]',
      at TEXT NOT NULL,
      staff_email TEXT,
      from_address TEXT,
      subject TEXT NOT NULL,
      body TEXT NOT NULL,
      attachments INTEGER NOT NULL DEFAULT 0,
      truncated INTEGER NOT NULL DEFAULT 0 CHECK (truncated IN (0, 1)),
      quote_trimmed INTEGER NOT NULL DEFAULT 0 CHECK (quote_trimmed IN (0, 1)),
      unread INTEGER NOT NULL DEFAULT 0 CHECK (unread IN (0, 1)),
      UNIQUE (enquiry_id, message_id),
      CHECK (CASE direction WHEN 'out' THEN staff_email IS NOT NULL ELSE from_address IS NOT NULL END)
    ) STRICT;
    CREATE INDEX enquiry_messages_message_id ON enquiry_messages (message_id);
    CREATE INDEX enquiry_messages_enquiry ON enquiry_messages (enquiry_id, at);

    CREATE INDEX ${quote(`${enquiryTable}_reference_v7`)} ON ${table} (substr(id, -8));
    CREATE INDEX ${quote(`${enquiryTable}_reference_v4`)} ON ${table} (substr(id, 1, 8));

    CREATE TABLE mailbox_positions (
      mailbox TEXT PRIMARY KEY,
      uid_validity TEXT NOT NULL,
      last_uid INTEGER NOT NULL,
      updated_at TEXT NOT NULL
    ) STRICT;

    CREATE TABLE notifications_next (
      id TEXT PRIMARY KEY,
      enquiry_id TEXT REFERENCES ${table} (id) ON DELETE CASCADE,
      subscriber_id TEXT REFERENCES subscribers (id) ON DELETE CASCADE,
      staff_id TEXT REFERENCES staff (id) ON DELETE CASCADE,
      message_id TEXT REFERENCES enquiry_messages (id) ON DELETE CASCADE,
      kind TEXT NOT NULL CHECK (kind IN ('company', 'acknowledgement', 'newsletter-confirmation',
        'newsletter-welcome', 'member-alert', 'digest', 'staff-link', 'handed-on', 'reply')),
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
        WHEN 'reply' THEN enquiry_id IS NOT NULL AND message_id IS NOT NULL AND subscriber_id IS NULL AND staff_id IS NULL
        ELSE subscriber_id IS NOT NULL AND enquiry_id IS NULL AND staff_id IS NULL END),
      CHECK ((message_id IS NULL) = (kind <> 'reply'))
    ) STRICT;
    INSERT INTO notifications_next (id, enquiry_id, subscriber_id, staff_id, kind, status, attempts, next_attempt_at,
        claimed_by, claim_expires_at, last_error, sent_at, last_attempt_at, due_at, queued_at, payload)
      SELECT id, enquiry_id, subscriber_id, staff_id, kind, status, attempts, next_attempt_at,
        claimed_by, claim_expires_at, last_error, sent_at, last_attempt_at, due_at, queued_at, payload
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
