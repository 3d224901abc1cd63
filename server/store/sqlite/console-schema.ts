/**
 * The console's tables, one migration step of the SQLite store: staff, sessions, sign-in
 * throttling, the activity log, and the staff's work on enquiries beside (never inside) the
 * enquiries' own table.
 */
export function consoleSchema(enquiryTable: string, quote: (name: string) => string): string {
  const table = quote(enquiryTable);
  const index = (name: string) => quote(`${enquiryTable}_${name}`);
  return `
    CREATE TABLE staff (
      id TEXT PRIMARY KEY,
      email TEXT NOT NULL UNIQUE CHECK (email = lower(email)),
      role TEXT NOT NULL CHECK (role IN ('owner', 'staff')),
      password_hash TEXT NOT NULL,
      totp_secret TEXT,
      pending_totp_secret TEXT,
      recovery_code_hashes TEXT NOT NULL DEFAULT '[]',
      totp_last_step INTEGER,
      created_at TEXT NOT NULL
    ) STRICT;

    CREATE TABLE sessions (
      token_hash TEXT PRIMARY KEY,
      staff_id TEXT NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
      created_at TEXT NOT NULL,
      last_seen_at TEXT NOT NULL
    ) STRICT;
    CREATE INDEX sessions_staff ON sessions (staff_id);

    CREATE TABLE sign_in_throttle (
      key TEXT PRIMARY KEY,
      failures INTEGER NOT NULL,
      window_started_at TEXT NOT NULL,
      blocked_until TEXT,
      last_penalty_ms INTEGER NOT NULL
    ) STRICT;

    CREATE TABLE activity (
      id TEXT PRIMARY KEY,
      at TEXT NOT NULL,
      actor TEXT,
      action TEXT NOT NULL,
      target TEXT
    ) STRICT;
    CREATE INDEX activity_at ON activity (at, id);

    -- One row per enquiry staff have worked on; received_at and buyer are copied so that a
    -- status filter walks this table's index in the inbox's order.
    CREATE TABLE enquiry_work (
      enquiry_id TEXT PRIMARY KEY REFERENCES ${table} (id) ON DELETE CASCADE,
      status TEXT NOT NULL,
      version INTEGER NOT NULL,
      closed_at TEXT,
      received_at TEXT NOT NULL
    ) STRICT;
    CREATE INDEX enquiry_work_status ON enquiry_work (status, received_at, enquiry_id);

    CREATE TABLE enquiry_history (
      id TEXT PRIMARY KEY,
      enquiry_id TEXT NOT NULL REFERENCES ${table} (id) ON DELETE CASCADE,
      at TEXT NOT NULL,
      staff_email TEXT NOT NULL,
      kind TEXT NOT NULL CHECK (kind IN ('status', 'note')),
      from_status TEXT,
      to_status TEXT,
      text TEXT
    ) STRICT;
    CREATE INDEX enquiry_history_enquiry ON enquiry_history (enquiry_id, at);

    -- The inbox pages newest first by (received_at, id), whole or by buyer.
    CREATE INDEX ${index("inbox")} ON ${table} (received_at, id);
    CREATE INDEX ${index("inbox_buyer")} ON ${table} (RetailerSelfUse, received_at, id);

    ALTER TABLE notifications ADD COLUMN kind TEXT NOT NULL DEFAULT 'company'
      CHECK (kind IN ('company', 'acknowledgement'));
    ALTER TABLE notifications ADD COLUMN last_attempt_at TEXT;
    CREATE INDEX notifications_enquiry ON notifications (enquiry_id);

    -- Search by any part of a name, e-mail or mobile without reading every enquiry: trigrams.
    CREATE VIRTUAL TABLE enquiry_search USING fts5(enquiry_id UNINDEXED, text, tokenize = 'trigram');
    INSERT INTO enquiry_search (enquiry_id, text)
      SELECT id, Name || ' ' || Email || ' ' || Mobile FROM ${table};
    CREATE TRIGGER ${index("search_insert")} AFTER INSERT ON ${table} BEGIN
      INSERT INTO enquiry_search (enquiry_id, text) VALUES (new.id, new.Name || ' ' || new.Email || ' ' || new.Mobile);
    END;
    CREATE TRIGGER ${index("search_delete")} AFTER DELETE ON ${table} BEGIN
      DELETE FROM enquiry_search WHERE enquiry_id = old.id;
    END;
  `;
}
