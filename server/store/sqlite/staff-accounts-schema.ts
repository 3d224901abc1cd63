/**
 * Staff managed from the console, one migration step of the SQLite store:
 * - the role "staff" is now called "member" (an owner runs the console, a member works the
 *   enquiries); stored accounts are renamed, and the table takes only the two names;
 * - an account invited by e-mail has no password until its link is used (an empty hash, which
 *   no password matches); an owner may put off the second-factor prompt;
 * - invitation and reset links, by id: each works once, until it runs out, and goes with its
 *   account; the link itself is signed with the site's key and never stored;
 * - the outbox learns the mail that carries such a link (its link's id in `payload`).
 * The staff and notifications tables are rebuilt (SQLite cannot change a CHECK), which the
 * migration runs with foreign keys off, so sessions, owners and mails stay with their accounts.
 */
export function staffAccountsSchema(enquiryTable: string, quote: (name: string) => string): string {
  const table = quote(enquiryTable);
  return `
    CREATE TABLE staff_next (
      id TEXT PRIMARY KEY,
      email TEXT NOT NULL UNIQUE CHECK (email = lower(email)),
      role TEXT NOT NULL CHECK (role IN ('owner', 'member')),
      password_hash TEXT NOT NULL,
      totp_secret TEXT,
      pending_totp_secret TEXT,
      recovery_code_hashes TEXT NOT NULL DEFAULT '[]',
      totp_last_step INTEGER,
      created_at TEXT NOT NULL,
      alerts TEXT NOT NULL DEFAULT 'mine' CHECK (alerts IN ('all', 'mine', 'Retailer', 'Self Use', 'none')),
      totp_prompt_deferred INTEGER NOT NULL DEFAULT 0 CHECK (totp_prompt_deferred IN (0, 1))
    ) STRICT;
    INSERT INTO staff_next (id, email, role, password_hash, totp_secret, pending_totp_secret,
        recovery_code_hashes, totp_last_step, created_at, alerts)
      SELECT id, email, CASE role WHEN 'owner' THEN 'owner' ELSE 'member' END, password_hash, totp_secret,
        pending_totp_secret, recovery_code_hashes, totp_last_step, created_at, alerts
      FROM staff ORDER BY rowid;
    DROP TABLE staff;
    ALTER TABLE staff_next RENAME TO staff;

    CREATE TABLE staff_links (
      id TEXT PRIMARY KEY,
      staff_id TEXT NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
      purpose TEXT NOT NULL CHECK (purpose IN ('invitation', 'reset')),
      created_at TEXT NOT NULL,
      expires_at TEXT NOT NULL,
      used_at TEXT
    ) STRICT;
    CREATE INDEX staff_links_staff ON staff_links (staff_id);

    CREATE TABLE notifications_next (
      id TEXT PRIMARY KEY,
      enquiry_id TEXT REFERENCES ${table} (id) ON DELETE CASCADE,
      subscriber_id TEXT REFERENCES subscribers (id) ON DELETE CASCADE,
      staff_id TEXT REFERENCES staff (id) ON DELETE CASCADE,
      kind TEXT NOT NULL CHECK (kind IN ('company', 'acknowledgement', 'newsletter-confirmation',
        'newsletter-welcome', 'member-alert', 'digest', 'staff-link')),
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
