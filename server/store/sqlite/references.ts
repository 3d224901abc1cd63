import type Database from "better-sqlite3";
import { enquiryReference } from "../../../domain/console";
import { prepared } from "./connection";

/**
 * The most references one catch-up gives, in one transaction: about 15 ms of the thread that
 * serves the site (35 ms at most, its flush included) however many enquiries a flood left waiting,
 * where 100,000 at once held it for 1.8 s; a look-up gives the rest a batch a turn.
 */
export const REFERENCE_BATCH = 500;

/**
 * Gives up to `limit` of the enquiries stored since the last catch-up their reference
 * (domain/console.ts: enquiryReference) in `enquiry_references`, oldest first, and answers how
 * many it took off the queue. An enquiry's own write only notes it as waiting in
 * `enquiry_references_pending` (an append, by a trigger on the enquiries' table): its reference is
 * its id's random end, and an index on it changed a page of its own in each group commit. In a
 * transaction of its own (a savepoint inside the caller's), so two connections never give one
 * enquiry its reference twice; an enquiry deleted while it waited is left out.
 */
export function catchUpReferences(
  db: Database.Database,
  enquiryTable: string,
  limit = REFERENCE_BATCH,
): number {
  if (!prepared(db, `SELECT 1 FROM enquiry_references_pending LIMIT 1`).get()) return 0;
  return db
    .transaction(() => {
      const waiting = prepared<[number], { queued: number; id: string | null }>(
        db,
        `SELECT p.rowid AS queued, e.id FROM enquiry_references_pending p
           LEFT JOIN ${enquiryTable} e ON e.id = p.enquiry_id
         ORDER BY p.rowid LIMIT ?`,
      ).all(limit);
      const last = waiting.at(-1);
      if (!last) return 0;
      const insert = prepared(
        db,
        `INSERT OR IGNORE INTO enquiry_references (reference, enquiry_id) VALUES (?, ?)`,
      );
      for (const { id } of waiting) if (id !== null) insert.run(enquiryReference(id), id);
      prepared(db, `DELETE FROM enquiry_references_pending WHERE rowid <= ?`).run(last.queued);
      return waiting.length;
    })
    .immediate();
}

/** The enquiries whose reference is `reference` (any case), with their address, as given so far. */
export function enquiriesWithReference(
  db: Database.Database,
  enquiryTable: string,
  reference: string,
): { id: string; email: string | null }[] {
  return prepared<[string], { id: string; email: string | null }>(
    db,
    `SELECT e.id, e.Email AS email FROM enquiry_references r JOIN ${enquiryTable} e ON e.id = r.enquiry_id
     WHERE r.reference = ?`,
  ).all(reference.toUpperCase());
}
