/**
 * The newsletter's consent, one migration step of the SQLite store: an address is `pending` until
 * its confirmation link is opened; each has the nonces its signed links are made from. Addresses
 * stored before this step were taken without a confirmation and become `confirmed` as they were,
 * each with a new unsubscribe nonce (docs/decisions/014). The outbox learns to hold newsletter
 * mails: a notification belongs to an enquiry or to an address, and goes with it when it is erased.
 */
export function newsletterSchema(enquiryTable: string, quote: (name: string) => string): string {
  const table = quote(enquiryTable);
  return `
    ALTER TABLE subscribers ADD COLUMN status TEXT NOT NULL DEFAULT 'confirmed'
      CHECK (status IN ('pending', 'confirmed'));
    ALTER TABLE subscribers ADD COLUMN confirm_nonce TEXT;
    ALTER TABLE subscribers ADD COLUMN unsubscribe_nonce TEXT;
    ALTER TABLE subscribers ADD COLUMN requested_at TEXT;
    ALTER TABLE subscribers ADD COLUMN confirmed_at TEXT;
    UPDATE subscribers
      SET unsubscribe_nonce = lower(hex(randomblob(16))), requested_at = subscribed_at, confirmed_at = subscribed_at;
    CREATE INDEX subscribers_unconfirmed ON subscribers (status, requested_at);

    CREATE TABLE notifications_next (
      id TEXT PRIMARY KEY,
      enquiry_id TEXT REFERENCES ${table} (id) ON DELETE CASCADE,
      subscriber_id TEXT REFERENCES subscribers (id) ON DELETE CASCADE,
      kind TEXT NOT NULL
        CHECK (kind IN ('company', 'acknowledgement', 'newsletter-confirmation', 'newsletter-welcome')),
      status TEXT NOT NULL CHECK (status IN ('pending', 'sent')),
      attempts INTEGER NOT NULL DEFAULT 0,
      next_attempt_at TEXT NOT NULL,
      claimed_by TEXT,
      claim_expires_at TEXT,
      last_error TEXT,
      sent_at TEXT,
      last_attempt_at TEXT,
      CHECK ((enquiry_id IS NULL) <> (subscriber_id IS NULL)),
      CHECK ((enquiry_id IS NULL) = (kind LIKE 'newsletter-%'))
    ) STRICT;
    INSERT INTO notifications_next (id, enquiry_id, kind, status, attempts, next_attempt_at, claimed_by,
        claim_expires_at, last_error, sent_at, last_attempt_at)
      SELECT id, enquiry_id, kind, status, attempts, next_attempt_at, claimed_by,
        claim_expires_at, last_error, sent_at, last_attempt_at
      FROM notifications ORDER BY rowid;
    DROP TABLE notifications;
    ALTER TABLE notifications_next RENAME TO notifications;
    CREATE INDEX notifications_due ON notifications (status, next_attempt_at);
    CREATE INDEX notifications_enquiry ON notifications (enquiry_id);
    CREATE INDEX notifications_subscriber ON notifications (subscriber_id);

    CREATE TABLE site_keys (
      name TEXT PRIMARY KEY,
      value BLOB NOT NULL CHECK (length(value) = 32)
    ) STRICT;
  `;
}
