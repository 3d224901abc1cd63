import { namedAfter } from "./identifiers";
/**
 * The sales team's work, one migration step of the SQLite store (docs/decisions/022):
 * - each enquiry's work row gains its owner (a member of staff; unassigned when they are
 *   removed), its follow-up time and next-step line, when staff first touched it, and `due_at`,
 *   the one time the inbox's Overdue and Due today read (the follow-up, or the first-contact
 *   target while nobody has touched it; none once closed);
 * - each member's choice of new-enquiry alerts, and the assignment rule with its turn counter;
 * - the outbox learns the members' mails: an alert of one enquiry to one member, and the daily
 *   digest (its content kept with it, without personal data), each going with its member.
 * History entries may now also record owner changes and follow-ups.
 */
export function teamSchema(enquiryTable: string, quote: (name: string) => string): string {
  const table = quote(enquiryTable);
  return `
    ALTER TABLE enquiry_work ADD COLUMN owner_id TEXT REFERENCES staff (id) ON DELETE SET NULL;
    ALTER TABLE enquiry_work ADD COLUMN follow_up_at TEXT;
    ALTER TABLE enquiry_work ADD COLUMN next_step TEXT;
    ALTER TABLE enquiry_work ADD COLUMN touched_at TEXT;
    ALTER TABLE enquiry_work ADD COLUMN due_at TEXT;
    -- Every enquiry has a work row from now on; those stored before are untouched and not timed.
    INSERT INTO enquiry_work (enquiry_id, status, version, received_at)
      SELECT id, 'New', 0, received_at FROM ${table} WHERE id NOT IN (SELECT enquiry_id FROM enquiry_work);
    UPDATE enquiry_work SET touched_at = coalesce(
      (SELECT min(at) FROM enquiry_history h WHERE h.enquiry_id = enquiry_work.enquiry_id),
      CASE WHEN version > 0 THEN received_at END);
    CREATE INDEX enquiry_work_owner ON enquiry_work (owner_id, received_at, enquiry_id);
    CREATE INDEX enquiry_work_due ON enquiry_work (due_at, enquiry_id) WHERE due_at IS NOT NULL;
    CREATE INDEX enquiry_work_owner_due ON enquiry_work (owner_id, due_at) WHERE due_at IS NOT NULL;
    CREATE INDEX enquiry_work_unassigned_new ON enquiry_work (received_at, enquiry_id)
      WHERE owner_id IS NULL AND status = 'New';

    ALTER TABLE staff ADD COLUMN alerts TEXT NOT NULL DEFAULT 'mine'
      CHECK (alerts IN ('all', 'mine', 'Retailer', 'Self Use', 'none'));

    CREATE TABLE assignment (
      id INTEGER PRIMARY KEY CHECK (id = 1),
      rule TEXT NOT NULL,
      turn INTEGER NOT NULL DEFAULT 0
    ) STRICT;
    INSERT INTO assignment (id, rule) VALUES (1, '{"kind":"none"}');

    CREATE TABLE enquiry_history_next (
      id TEXT PRIMARY KEY,
      enquiry_id TEXT NOT NULL REFERENCES ${table} (id) ON DELETE CASCADE,
      at TEXT NOT NULL,
      staff_email TEXT NOT NULL,
      kind TEXT NOT NULL CHECK (kind IN ('status', 'note', 'owner', 'follow-up')),
      from_status TEXT,
      to_status TEXT,
      text TEXT
    ) STRICT;
    INSERT INTO enquiry_history_next SELECT id, enquiry_id, at, staff_email, kind, from_status, to_status, text
      FROM enquiry_history ORDER BY rowid;
    DROP TABLE enquiry_history;
    ALTER TABLE enquiry_history_next RENAME TO enquiry_history;
    CREATE INDEX enquiry_history_enquiry ON enquiry_history (enquiry_id, at);

    CREATE TABLE notifications_next (
      id TEXT PRIMARY KEY,
      enquiry_id TEXT REFERENCES ${table} (id) ON DELETE CASCADE,
      subscriber_id TEXT REFERENCES subscribers (id) ON DELETE CASCADE,
      staff_id TEXT REFERENCES staff (id) ON DELETE CASCADE,
      kind TEXT NOT NULL CHECK (kind IN ('company', 'acknowledgement', 'newsletter-confirmation',
        'newsletter-welcome', 'member-alert', 'digest')),
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
        WHEN 'company' THEN enquiry_id IS NOT NULL AND subscriber_id IS NULL AND staff_id IS NULL
        WHEN 'acknowledgement' THEN enquiry_id IS NOT NULL AND subscriber_id IS NULL AND staff_id IS NULL
        ELSE subscriber_id IS NOT NULL AND enquiry_id IS NULL AND staff_id IS NULL END)
    ) STRICT;
    INSERT INTO notifications_next (id, enquiry_id, subscriber_id, kind, status, attempts, next_attempt_at,
        claimed_by, claim_expires_at, last_error, sent_at, last_attempt_at, due_at, queued_at)
      SELECT id, enquiry_id, subscriber_id, kind, status, attempts, next_attempt_at,
        claimed_by, claim_expires_at, last_error, sent_at, last_attempt_at, due_at, queued_at
      FROM notifications ORDER BY rowid;
    DROP TABLE notifications;
    ALTER TABLE notifications_next RENAME TO notifications;
    CREATE INDEX notifications_due ON notifications (status, due_at);
    CREATE INDEX notifications_queued ON notifications (status, queued_at);
    CREATE INDEX notifications_enquiry ON notifications (enquiry_id);
    CREATE INDEX notifications_subscriber ON notifications (subscriber_id);
    CREATE INDEX notifications_staff ON notifications (staff_id);
  `;
}

/** The lifecycle's step (decision 029): see migrations.ts. */
export function lifecycleSchema(enquiryTable: string, quote: (name: string) => string): string {
  const table = quote(enquiryTable);
  return `
    ALTER TABLE enquiry_work ADD COLUMN first_contact_due_at TEXT;
    UPDATE enquiry_work SET first_contact_due_at = due_at
      WHERE touched_at IS NULL AND closed_at IS NULL AND follow_up_at IS NULL;

    CREATE TABLE enquiry_history_next (
      id TEXT PRIMARY KEY,
      enquiry_id TEXT NOT NULL REFERENCES ${table} (id) ON DELETE CASCADE,
      at TEXT NOT NULL,
      staff_email TEXT NOT NULL,
      kind TEXT NOT NULL CHECK (kind IN ('status', 'note', 'owner', 'follow-up', 'contact')),
      from_status TEXT,
      to_status TEXT,
      text TEXT,
      from_owner TEXT
    ) STRICT;
    INSERT INTO enquiry_history_next (id, enquiry_id, at, staff_email, kind, from_status, to_status, text)
      SELECT id, enquiry_id, at, staff_email, kind, from_status, to_status, text FROM enquiry_history ORDER BY rowid;
    DROP TABLE enquiry_history;
    ALTER TABLE enquiry_history_next RENAME TO enquiry_history;
    CREATE INDEX enquiry_history_enquiry ON enquiry_history (enquiry_id, at);
    CREATE INDEX enquiry_history_at ON enquiry_history (at, staff_email, enquiry_id);
    CREATE TRIGGER enquiry_history_first_touch AFTER INSERT ON enquiry_history
      WHEN new.kind IN ('status', 'note', 'contact') BEGIN
      INSERT INTO enquiry_first_touch (enquiry_id, received_at, first_at)
        SELECT new.enquiry_id, received_at, new.at FROM ${table} WHERE id = new.enquiry_id
        ON CONFLICT (enquiry_id) DO UPDATE SET first_at = min(first_at, excluded.first_at);
    END;
  `;
}

/**
 * The inbox's one listing (server/lifecycle/inbox-listing.ts), every filter combined, read from
 * `enquiry_work` alone: each row gains a copy of its enquiry's buyer type and source label (set as
 * the row is made; neither changes), and the indexes a listing walks in its order, newest first
 * or soonest due first, whichever filter narrows it most (sqlite/inbox-listing.ts says which).
 */
export function inboxListingSchema(enquiryTable: string, quote: (name: string) => string): string {
  const table = quote(enquiryTable);
  return `
    ALTER TABLE enquiry_work ADD COLUMN buyer TEXT;
    ALTER TABLE enquiry_work ADD COLUMN source_label TEXT;
    -- Every enquiry has a work row (the team's step gave older ones theirs); one written into the
    -- file without it since gets one too: New, untouched, not timed.
    INSERT INTO enquiry_work (enquiry_id, status, version, received_at)
      SELECT id, 'New', 0, received_at FROM ${table} WHERE id NOT IN (SELECT enquiry_id FROM enquiry_work);
    UPDATE enquiry_work SET
      buyer = (SELECT RetailerSelfUse FROM ${table} e WHERE e.id = enquiry_work.enquiry_id),
      source_label = (SELECT source_label FROM enquiry_meta m WHERE m.enquiry_id = enquiry_work.enquiry_id);
    -- The indexes a listing walks in its order carry every column a filter reads, so a walk
    -- through a wide part (Mine, a closed status, every enquiry) reads no row of the table itself.
    CREATE INDEX enquiry_work_received ON enquiry_work
      (received_at, enquiry_id, status, owner_id, due_at, buyer, source_label);
    DROP INDEX enquiry_work_owner;
    CREATE INDEX enquiry_work_owner ON enquiry_work
      (owner_id, received_at, enquiry_id, status, due_at, buyer, source_label);
    DROP INDEX enquiry_work_status;
    CREATE INDEX enquiry_work_status ON enquiry_work
      (status, received_at, enquiry_id, owner_id, due_at, buyer, source_label);
    CREATE INDEX enquiry_work_owner_status ON enquiry_work
      (owner_id, status, received_at, enquiry_id, due_at, buyer, source_label);
    CREATE INDEX enquiry_work_source ON enquiry_work
      (source_label, received_at, enquiry_id, status, owner_id, due_at, buyer) WHERE source_label IS NOT NULL;
    -- Only enquiries with something due (open ones): small, soonest first, whole or by owner.
    DROP INDEX enquiry_work_due;
    CREATE INDEX enquiry_work_due ON enquiry_work
      (due_at, enquiry_id, status, owner_id, buyer, source_label, received_at) WHERE due_at IS NOT NULL;
    -- The inbox's counts per status, kept by triggers in the transaction that changes a status, so
    -- every inbox page reads six rows, not every enquiry. New is the enquiries (enquiry_days'
    -- total) less those of the other statuses.
    CREATE TABLE enquiry_status_counts (
      status TEXT PRIMARY KEY,
      count INTEGER NOT NULL
    ) STRICT, WITHOUT ROWID;
    INSERT INTO enquiry_status_counts (status, count)
      SELECT status, count(*) FROM enquiry_work GROUP BY status;
    CREATE TRIGGER enquiry_work_count_insert AFTER INSERT ON enquiry_work BEGIN
      INSERT INTO enquiry_status_counts (status, count) VALUES (new.status, 1)
        ON CONFLICT (status) DO UPDATE SET count = count + 1;
    END;
    CREATE TRIGGER enquiry_work_count_delete AFTER DELETE ON enquiry_work BEGIN
      UPDATE enquiry_status_counts SET count = count - 1 WHERE status = old.status;
    END;
    CREATE TRIGGER enquiry_work_count_update AFTER UPDATE OF status ON enquiry_work
      WHEN old.status IS NOT new.status BEGIN
      UPDATE enquiry_status_counts SET count = count - 1 WHERE status = old.status;
      INSERT INTO enquiry_status_counts (status, count) VALUES (new.status, 1)
        ON CONFLICT (status) DO UPDATE SET count = count + 1;
    END;
    DROP INDEX enquiry_work_owner_due;
    CREATE INDEX enquiry_work_owner_due ON enquiry_work
      (owner_id, due_at, enquiry_id, status, buyer, source_label, received_at) WHERE due_at IS NOT NULL;
  `;
}

/**
 * A search of one or two letters, too short for the trigram index, compares each enquiry's name,
 * e-mail and mobile on the rows another part of the listing gives (inbox-listing.ts): read from
 * this index, ordered by the enquiry's id, each is one lookup instead of two (the id's own index,
 * then the table's row). Time-ordered ids append to its last page.
 */
export function inboxContactSchema(enquiryTable: string, quote: (name: string) => string): string {
  return `
    CREATE INDEX ${namedAfter(quote(enquiryTable), "contact")} ON ${quote(enquiryTable)} (id, Name, Email, Mobile);
  `;
}
