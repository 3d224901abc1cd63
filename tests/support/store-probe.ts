import Database from "better-sqlite3";
import { sqlitePathFromUrl } from "../../server/store/sqlite";
import { ENQUIRY_COLLECTION } from "../../domain/contract";

/**
 * How many notifications wait in the outbox of the store at `databaseUrl`, read behind the
 * store's back: what a test checks, not what the site needs. SQLite only; the contract suite
 * reads Firestore's outbox through its own harness.
 */
export function pendingNotifications(databaseUrl: string): number {
  return read(databaseUrl, (db) => {
    const row = db
      .prepare<[], { count: number }>("SELECT count(*) AS count FROM notifications WHERE status = 'pending'")
      .get();
    return row?.count ?? 0;
  });
}

/** Every newsletter address stored, confirmed or not, oldest first, with its pending mails' kinds. */
export function storedAddresses(
  databaseUrl: string,
): { email: string; status: string; pendingMails: string[] }[] {
  return read(databaseUrl, (db) =>
    db
      .prepare<[], { email: string; status: string; kinds: string | null }>(
        `SELECT s.email, s.status,
           (SELECT group_concat(kind) FROM notifications n WHERE n.subscriber_id = s.id AND n.status = 'pending') AS kinds
         FROM subscribers s ORDER BY s.subscribed_at, s.rowid`,
      )
      .all()
      .map(({ email, status, kinds }) => ({
        email,
        status,
        pendingMails: kinds ? kinds.split(",").sort() : [],
      })),
  );
}

/** How many push subscriptions (devices) the store keeps, and how many notifications of each kind wait. */
export function pushState(databaseUrl: string): { devices: number; waiting: Record<string, number> } {
  return read(databaseUrl, (db) => ({
    devices:
      db.prepare<[], { count: number }>("SELECT count(*) AS count FROM push_subscriptions").get()?.count ?? 0,
    waiting: Object.fromEntries(
      db
        .prepare<[], { kind: string; count: number }>(
          "SELECT kind, count(*) AS count FROM notifications WHERE status = 'pending' GROUP BY kind",
        )
        .all()
        .map(({ kind, count }) => [kind, count]),
    ),
  }));
}

function read<T>(databaseUrl: string, work: (db: Database.Database) => T): T {
  const db = new Database(sqlitePathFromUrl(databaseUrl), { readonly: true, fileMustExist: true });
  try {
    return work(db);
  } finally {
    db.close();
  }
}

/** The enquiries stored, each with the kinds of its mails still waiting (comma-separated, "" for none). */
export function storedWithMails(databaseUrl: string): { name: string; id: string; mails: string }[] {
  return read(databaseUrl, (db) =>
    db
      .prepare<[], { name: string; id: string; mails: string | null }>(
        `SELECT e.Name AS name, e.id,
           (SELECT group_concat(kind) FROM notifications n WHERE n.enquiry_id = e.id AND n.status = 'pending') AS mails
         FROM "${ENQUIRY_COLLECTION}" e`,
      )
      .all()
      .map((row) => ({ ...row, mails: row.mails ?? "" })),
  );
}
