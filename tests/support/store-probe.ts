import Database from "better-sqlite3";
import { sqlitePathFromUrl } from "../../server/store/sqlite";

/**
 * How many notifications wait in the outbox of the store at `databaseUrl`, read behind the
 * store's back: what a test checks, not what the site needs. SQLite only; the contract suite
 * reads Firestore's outbox through its own harness.
 */
export function pendingNotifications(databaseUrl: string): number {
  const db = new Database(sqlitePathFromUrl(databaseUrl), { readonly: true, fileMustExist: true });
  try {
    const row = db
      .prepare<[], { count: number }>("SELECT count(*) AS count FROM notifications WHERE status = 'pending'")
      .get();
    return row?.count ?? 0;
  } finally {
    db.close();
  }
}
