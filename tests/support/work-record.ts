import { randomUUID } from "node:crypto";
import Database from "better-sqlite3";
import { deleteApp, initializeApp } from "firebase-admin/app";
import { getFirestore } from "firebase-admin/firestore";
import type { InboxFilter } from "../../server/lifecycle/inbox-listing";
import type { Store } from "../../server/store/store";

/**
 * Removes an enquiry's work record from a SQLite file behind the store's back (`drop`), or tells
 * whether it has one: an enquiry stored before work records were kept has none.
 */
export function sqliteWorkRecord(path: string, enquiryId: string, drop?: "drop"): boolean {
  const db = new Database(path);
  try {
    if (drop) db.prepare(`DELETE FROM enquiry_work WHERE enquiry_id = ?`).run(enquiryId);
    return db.prepare(`SELECT 1 FROM enquiry_work WHERE enquiry_id = ?`).get(enquiryId) !== undefined;
  } finally {
    db.close();
  }
}

/** The same on a Firestore project (the emulator's). */
export async function firestoreWorkRecord(
  projectId: string,
  enquiryId: string,
  drop?: "drop",
): Promise<boolean> {
  const app = initializeApp({ projectId }, `work-record-${randomUUID()}`);
  try {
    const work = getFirestore(app).collection("enquiryWork").doc(enquiryId);
    if (drop) await work.delete();
    return (await work.get()).exists;
  } finally {
    await deleteApp(app);
  }
}

/**
 * Every enquiry, New, and the views of the team's work (waiting on us, open, unassigned), each as
 * its first ten ids and its count. Every enquiry and New differ between the stores for an enquiry
 * with no work record (SQLite lists by its work rows, Firestore by the enquiries): compare each
 * store's with what it listed before.
 */
export async function teamViews(store: Store) {
  const listed = async (filter: InboxFilter) => [
    (await store.enquiryWork.list({ ...filter, limit: 10 })).items.map((row) => row.id),
    await store.enquiryWork.count(filter),
  ];
  return {
    every: await listed({}),
    new: await listed({ status: "New" }),
    waiting: await listed({ waiting: true }),
    open: await listed({ open: true }),
    unassigned: await listed({ ownerId: null }),
  };
}
