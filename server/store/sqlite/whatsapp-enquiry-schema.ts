import type Database from "better-sqlite3";

/**
 * Enquiries started on WhatsApp (docs/decisions/042), one migration step of the SQLite store: such
 * an enquiry has no e-mail address, quantity or buyer type, and perhaps no name, so those columns
 * take NULL, and only all together: a CHECK keeps the form's enquiries (an address given) with all
 * five fields as before. SQLite cannot drop a NOT NULL, so the table is rebuilt with foreign keys
 * off (the runner's), its rows copied in their order, and every index and trigger on it made
 * again as the database holds them (whichever earlier steps made them), but the per-day rollup's,
 * which count by buyer type and now pass over an enquiry with none.
 */
export function whatsappEnquirySchema(enquiryTable: string, quote: (name: string) => string) {
  return (db: Database.Database): void => {
    const table = quote(enquiryTable);
    const next = quote(`${enquiryTable}_next`);
    const kept = db
      .prepare<[string], { type: string; name: string; sql: string }>(
        `SELECT type, name, sql FROM sqlite_master
         WHERE tbl_name = ? AND type IN ('index', 'trigger') AND sql IS NOT NULL ORDER BY rowid`,
      )
      .all(enquiryTable);
    db.exec(`
      CREATE TABLE ${next} (
        id TEXT PRIMARY KEY,
        Name TEXT,
        Email TEXT,
        Mobile TEXT NOT NULL,
        Quantity INTEGER CHECK (Quantity >= 1),
        RetailerSelfUse TEXT CHECK (RetailerSelfUse IN ('Retailer', 'Self Use')),
        received_at TEXT NOT NULL,
        language TEXT NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'hi')),
        CHECK (
          (Email IS NOT NULL AND Name IS NOT NULL AND Quantity IS NOT NULL AND RetailerSelfUse IS NOT NULL)
          OR (Email IS NULL AND Quantity IS NULL AND RetailerSelfUse IS NULL)
        )
      ) STRICT;
      INSERT INTO ${next} (id, Name, Email, Mobile, Quantity, RetailerSelfUse, received_at, language)
        SELECT id, Name, Email, Mobile, Quantity, RetailerSelfUse, received_at, language FROM ${table} ORDER BY rowid;
      DROP TABLE ${table};
      ALTER TABLE ${next} RENAME TO ${table};
    `);
    const days = new Set([`${enquiryTable}_days_insert`, `${enquiryTable}_days_delete`]);
    for (const { name, sql } of kept) {
      if (!days.has(name)) db.exec(sql);
    }
    db.exec(`
      CREATE TRIGGER ${quote(`${enquiryTable}_days_insert`)} AFTER INSERT ON ${table}
      WHEN new.RetailerSelfUse IS NOT NULL BEGIN
        INSERT INTO enquiry_days (day, buyer, enquiries, quantity)
          VALUES (date(new.received_at, '+330 minutes'), new.RetailerSelfUse, 1, new.Quantity)
          ON CONFLICT (day, buyer) DO UPDATE SET enquiries = enquiries + 1, quantity = quantity + excluded.quantity;
      END;
      CREATE TRIGGER ${quote(`${enquiryTable}_days_delete`)} AFTER DELETE ON ${table}
      WHEN old.RetailerSelfUse IS NOT NULL BEGIN
        UPDATE enquiry_days SET enquiries = enquiries - 1, quantity = quantity - old.Quantity
          WHERE day = date(old.received_at, '+330 minutes') AND buyer = old.RetailerSelfUse;
      END;
    `);
  };
}
