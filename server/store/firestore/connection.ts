import { createHash } from "node:crypto";
import { Timestamp, type Firestore } from "firebase-admin/firestore";

/** Runs work within the Firestore store's deadline, translating outages into StoreUnavailableError. */
export type FirestoreRun = <T>(work: () => Promise<T>) => Promise<T>;

export interface FirestoreContext {
  db: Firestore;
  run: FirestoreRun;
  /** The enquiries' collection, `{product}_Form`. */
  enquiryCollection: string;
}

/** A document id derived from a key that may hold any character (an e-mail, an address). */
export function keyDocumentId(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

export function isoOf(value: unknown): string {
  return value instanceof Timestamp ? value.toDate().toISOString() : String(value);
}

/**
 * One field that orders newest first without a composite index: the time, then the id as a
 * tie-break. A page cursor decodes to the same pair.
 */
export function sortKey(at: string, id: string): string {
  return `${at}|${id}`;
}
