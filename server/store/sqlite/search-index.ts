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
/** How many times each connection has added to the index (searchGeneration). */
const indexed = new WeakMap<Database.Database, number>();

/**
 * What the index holds, as far as a search's matches go: it changes whenever this connection adds
 * enquiries to it, or another connection commits anything (`data_version`, which may be its
 * adding). Removals need no mark: an enquiry leaves the index in the transaction that deletes
 * its work record, and every listing reads the matches joined to the work records.
 */
export function searchGeneration(db: Database.Database): string {
  const version = prepared<[], { data_version: number }>(db, `PRAGMA data_version`).get()?.data_version;
  return `${version}:${indexed.get(db) ?? 0}`;
}

export function catchUpSearch(db: Database.Database, enquiryTable: string): void {
  if (!prepared(db, `SELECT 1 FROM enquiry_search_pending LIMIT 1`).get()) return;
  indexed.set(db, (indexed.get(db) ?? 0) + 1);
  db.transaction(() => {
    prepared(
      db,
      `INSERT INTO enquiry_search (enquiry_id, text)
       SELECT e.id, coalesce(e.Name, '') || ' ' || coalesce(e.Email, '') || ' ' || e.Mobile
       FROM enquiry_search_pending p JOIN ${enquiryTable} e ON e.id = p.enquiry_id
       ORDER BY p.rowid`,
    ).run();
    prepared(db, `DELETE FROM enquiry_search_pending`).run();
  }).immediate();
}
