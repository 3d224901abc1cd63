/**
 * The outbox and the timed jobs as several workers share them, one migration step of the SQLite
 * store (docs/decisions/016).
 * - `due_at` is when a notification may be taken: its next attempt, or the end of its running
 *   lease. "Pending and due" is then all a claim asks for, from the (status, due_at) index, and
 *   nothing sent or leased sits at the head of what it reads. A row written without it is due at once.
 * - `queued_at` is when a notification last went into the outbox (made, or resent by staff): the
 *   health check and the stall alert read the oldest waiting one from its index.
 * - `leases` holds one row per timed job (a retention sweep, a backup): who runs it, until when.
 */
export function sharedWorkSchema(enquiryTable: string, quote: (name: string) => string): string {
  const table = quote(enquiryTable);
  return `
    ALTER TABLE notifications ADD COLUMN due_at TEXT NOT NULL DEFAULT '';
    UPDATE notifications SET due_at = CASE
      WHEN claim_expires_at > next_attempt_at THEN claim_expires_at ELSE next_attempt_at END;
    DROP INDEX notifications_due;
    CREATE INDEX notifications_due ON notifications (status, due_at);
    ALTER TABLE notifications ADD COLUMN queued_at TEXT;
    UPDATE notifications SET queued_at = coalesce(
      (SELECT received_at FROM ${table} e WHERE e.id = notifications.enquiry_id),
      (SELECT requested_at FROM subscribers s WHERE s.id = notifications.subscriber_id),
      next_attempt_at);
    CREATE INDEX notifications_queued ON notifications (status, queued_at);

    CREATE TABLE leases (
      job TEXT PRIMARY KEY,
      holder TEXT NOT NULL,
      lease_until TEXT NOT NULL
    ) STRICT;
  `;
}
