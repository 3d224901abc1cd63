import type Database from "better-sqlite3";
import { prepared } from "./connection";

/**
 * Brings the inbox's trigram index (`enquiry_search`) up to date before it is searched. An
 * enquiry's own write only notes its id in `enquiry_search_pending` (an append); indexing each
 * enquiry's name, e-mail and mobile there, in every group commit, took more of the write path's
 * time than anything else the enquiry stores. Here the waiting enquiries are indexed in one batch
 * (a few µs each), in a write transaction, so two connections never index one twice, and every
 * search reads an index that holds every enquiry stored before it began.
 */
export function catchUpSearch(db: Database.Database, enquiryTable: string): void {
  if (!prepared(db, `SELECT 1 FROM enquiry_search_pending LIMIT 1`).get()) return;
  db.transaction(() => {
    prepared(
      db,
      `INSERT INTO enquiry_search (enquiry_id, text)
       SELECT e.id, e.Name || ' ' || e.Email || ' ' || e.Mobile
       FROM enquiry_search_pending p JOIN ${enquiryTable} e ON e.id = p.enquiry_id
       ORDER BY p.rowid`,
    ).run();
    prepared(db, `DELETE FROM enquiry_search_pending`).run();
  }).immediate();
}
