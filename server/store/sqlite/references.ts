import type Database from "better-sqlite3";
import { enquiryReference } from "../../../domain/console";
import { prepared } from "./connection";

/**
 * Gives the enquiries stored since the last look-up their reference (domain/console.ts:
 * enquiryReference) in `enquiry_references`, in one batch; every look-up by reference calls it
 * first. An enquiry's own write only notes it as waiting in `enquiry_references_pending` (an
 * append, by a trigger on the enquiries' table): its reference is its id's random end, and an
 * index on it changed a page of its own in each group commit. In a transaction of its own (a
 * savepoint inside the caller's), so two connections never give one enquiry its reference twice;
 * an enquiry deleted while it waited is left out.
 */
export function catchUpReferences(db: Database.Database, enquiryTable: string): number {
  if (!prepared(db, `SELECT 1 FROM enquiry_references_pending LIMIT 1`).get()) return 0;
  return db
    .transaction(() => {
      const waiting = prepared<[], { id: string }>(
        db,
        `SELECT e.id FROM enquiry_references_pending p JOIN ${enquiryTable} e ON e.id = p.enquiry_id`,
      ).all();
      const insert = prepared(
        db,
        `INSERT OR IGNORE INTO enquiry_references (reference, enquiry_id) VALUES (?, ?)`,
      );
      for (const { id } of waiting) insert.run(enquiryReference(id), id);
      prepared(db, `DELETE FROM enquiry_references_pending`).run();
      return waiting.length;
    })
    .immediate();
}

/** The enquiries whose reference is `reference` (any case), with their address. */
export function enquiriesByReference(
  db: Database.Database,
  enquiryTable: string,
  reference: string,
): { id: string; email: string }[] {
  catchUpReferences(db, enquiryTable);
  return prepared<[string], { id: string; email: string }>(
    db,
    `SELECT e.id, e.Email AS email FROM enquiry_references r JOIN ${enquiryTable} e ON e.id = r.enquiry_id
     WHERE r.reference = ?`,
  ).all(reference.toUpperCase());
}
