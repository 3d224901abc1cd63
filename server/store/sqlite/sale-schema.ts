import { randomBytes } from "node:crypto";
import type Database from "better-sqlite3";
import { BUYER_KEY_NAME, buyerKeysOf } from "../buyer-keys";

const secrets = new WeakMap<Database.Database, Buffer>();

/**
 * The site's key for buyer keys (server/store/buyer-keys.ts), from `site_keys`, made the first
 * time it is asked for; read once per connection.
 */
export function buyerSecretOf(db: Database.Database): Buffer {
  let secret = secrets.get(db);
  if (!secret) {
    db.prepare(`INSERT INTO site_keys (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING`).run(
      BUYER_KEY_NAME,
      randomBytes(32),
    );
    const row = db
      .prepare<[string], { value: Buffer }>(`SELECT value FROM site_keys WHERE name = ?`)
      .get(BUYER_KEY_NAME);
    if (!row) throw new Error("The buyer keys' key could not be stored");
    secrets.set(db, (secret = row.value));
  }
  return secret;
}

/** Stores an enquiry's two buyer keys, in the caller's transaction. */
export const INSERT_BUYER_KEY = `INSERT OR IGNORE INTO enquiry_buyers (buyer_key, received_at, enquiry_id) VALUES (?, ?, ?)`;

/**
 * The sale in the console (issue 29), one migration step of the SQLite store:
 * - the deal's figures beside each enquiry (`enquiry_deals`, with a version of their own), and
 *   why a sale was lost on its work record (`lost_reason`, set with Declined);
 * - history learns the deal's lines ("Deal: 40 sachets, ₹ 32,000", "Lost: Price"), which are not a
 *   first touch (the table is rebuilt: SQLite cannot change a CHECK);
 * - each enquiry's two buyer keys (`enquiry_buyers`: a keyed hash of its mobile number and of its
 *   mailbox, never the number or address), given here to every enquiry already stored, so a
 *   buyer's enquiries are found through an index.
 * Deals and keys go with their enquiry (ON DELETE CASCADE), as well as being erased by name.
 */
export function saleSchema(enquiryTable: string, quote: (name: string) => string) {
  const table = quote(enquiryTable);
  return (db: Database.Database): void => {
    db.exec(`
      ALTER TABLE enquiry_work ADD COLUMN lost_reason TEXT;

      CREATE TABLE enquiry_deals (
        enquiry_id TEXT PRIMARY KEY REFERENCES ${table} (id) ON DELETE CASCADE,
        version INTEGER NOT NULL,
        quantity INTEGER CHECK (quantity >= 1),
        value_rupees INTEGER CHECK (value_rupees >= 1),
        city TEXT,
        pin_code TEXT CHECK (pin_code GLOB '[1-9][0-9][0-9][0-9][0-9][0-9]'),
        gstin TEXT CHECK (length(gstin) = 15),
        updated_at TEXT NOT NULL
      ) STRICT;

      CREATE TABLE enquiry_buyers (
        buyer_key TEXT NOT NULL,
        received_at TEXT NOT NULL,
        enquiry_id TEXT NOT NULL REFERENCES ${table} (id) ON DELETE CASCADE,
        PRIMARY KEY (buyer_key, received_at, enquiry_id)
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX enquiry_buyers_enquiry ON enquiry_buyers (enquiry_id);

      CREATE TABLE enquiry_history_next (
        id TEXT PRIMARY KEY,
        enquiry_id TEXT NOT NULL REFERENCES ${table} (id) ON DELETE CASCADE,
        at TEXT NOT NULL,
        staff_email TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('status', 'note', 'owner', 'follow-up', 'contact', 'deal')),
        from_status TEXT,
        to_status TEXT,
        text TEXT,
        from_owner TEXT
      ) STRICT;
      INSERT INTO enquiry_history_next (id, enquiry_id, at, staff_email, kind, from_status, to_status, text, from_owner)
        SELECT id, enquiry_id, at, staff_email, kind, from_status, to_status, text, from_owner
        FROM enquiry_history ORDER BY rowid;
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
    `);
    const rows = db
      .prepare<[], { id: string; receivedAt: string; Mobile: string; Email: string }>(
        `SELECT id, received_at AS receivedAt, Mobile, Email FROM ${table}`,
      )
      .iterate();
    // Read while writing another table: the rows are gathered first, then written.
    const all = [...rows];
    const secret = buyerSecretOf(db);
    const insert = db.prepare(INSERT_BUYER_KEY);
    for (const row of all) {
      const keys = buyerKeysOf(row, secret);
      insert.run(keys.mobile, row.receivedAt, row.id);
      insert.run(keys.mailbox, row.receivedAt, row.id);
    }
  };
}
