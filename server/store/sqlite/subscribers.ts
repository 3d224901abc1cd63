import type { Language } from "../../../domain/contract";
import { randomBytes, randomUUID } from "node:crypto";
import type {
  ConfirmOutcome,
  KeyStore,
  StoredSubscriber,
  SubscriberStore,
  SubscriptionRequest,
} from "../store";
import type { SqliteConnection } from "./connection";
import { insertNotification } from "./notification-row";

/** A nonce a signed link is made from: 128 random bits, as hex. */
export function newNonce(): string {
  return randomBytes(16).toString("hex");
}

interface SubscriberRow {
  id: string;
  status: "pending" | "confirmed";
  confirm_nonce: string | null;
  requested_at: string | null;
}

/** The newsletter's addresses on SQLite, each once, in lower case, with their consent. */
export class SqliteSubscriberStore implements SubscriberStore {
  constructor(private readonly connection: SqliteConnection) {}

  async request(
    email: string,
    options: { now: Date; resendAfterMs: number; language?: Language },
  ): Promise<SubscriptionRequest> {
    const address = email.trim().toLowerCase();
    const language = options.language ?? "en";
    const now = options.now.toISOString();
    const resendBefore = new Date(options.now.getTime() - options.resendAfterMs).toISOString();
    return this.connection.run((db) =>
      db
        .transaction((): SubscriptionRequest => {
          const queueConfirmation = (subscriberId: string) =>
            insertNotification(db, { kind: "newsletter-confirmation", at: now, subscriberId });
          const row = db
            .prepare<[string], SubscriberRow>(
              `SELECT id, status, confirm_nonce, requested_at FROM subscribers WHERE email = ?`,
            )
            .get(address);
          if (!row) {
            const id = randomUUID();
            const confirmNonce = newNonce();
            db.prepare(
              `INSERT INTO subscribers (id, email, subscribed_at, status, confirm_nonce, unsubscribe_nonce, requested_at, language)
               VALUES (?, ?, ?, 'pending', ?, ?, ?, ?)`,
            ).run(id, address, now, confirmNonce, newNonce(), now, language);
            queueConfirmation(id);
            return { outcome: "created", subscriberId: id, confirmNonce };
          }
          const known = { subscriberId: row.id, confirmNonce: row.confirm_nonce };
          if (row.status === "confirmed") return { outcome: "confirmed", ...known };
          if (row.requested_at !== null && row.requested_at > resendBefore)
            return { outcome: "waiting", ...known };
          // Asked for again after a while: a fresh mail, in the language asked in, and the same link, valid from now.
          db.prepare(`UPDATE subscribers SET requested_at = ?, language = ? WHERE id = ?`).run(
            now,
            language,
            row.id,
          );
          queueConfirmation(row.id);
          return { outcome: "resent", ...known };
        })
        .immediate(),
    );
  }

  async confirm(subscriberId: string, confirmNonce: string, now: Date): Promise<ConfirmOutcome> {
    return this.connection.run((db) =>
      db
        .transaction((): ConfirmOutcome => {
          const row = db
            .prepare<[string], SubscriberRow>(
              `SELECT id, status, confirm_nonce, requested_at FROM subscribers WHERE id = ?`,
            )
            .get(subscriberId);
          if (!row) return "unknown";
          if (row.status === "confirmed") return "already-confirmed";
          if (row.confirm_nonce !== confirmNonce) return "unknown";
          const at = now.toISOString();
          db.prepare(
            `UPDATE subscribers SET status = 'confirmed', confirm_nonce = NULL, confirmed_at = ?, subscribed_at = ?
             WHERE id = ?`,
          ).run(at, at, row.id);
          // A confirmation mail still waiting has nothing left to ask.
          db.prepare(
            `DELETE FROM notifications
             WHERE subscriber_id = ? AND kind = 'newsletter-confirmation' AND status = 'pending'
               AND claimed_by IS NULL`,
          ).run(row.id);
          insertNotification(db, { kind: "newsletter-welcome", at, subscriberId: row.id });
          return "confirmed";
        })
        .immediate(),
    );
  }

  async unsubscribe(subscriberId: string, unsubscribeNonce: string): Promise<boolean> {
    // Its notifications go with it (ON DELETE CASCADE).
    return this.connection.run(
      (db) =>
        db
          .prepare(`DELETE FROM subscribers WHERE id = ? AND unsubscribe_nonce = ?`)
          .run(subscriberId, unsubscribeNonce).changes === 1,
    );
  }

  async eraseUnconfirmed(before: Date): Promise<number> {
    return this.connection.run(
      (db) =>
        db
          .prepare(`DELETE FROM subscribers WHERE status = 'pending' AND requested_at < ?`)
          .run(before.toISOString()).changes,
    );
  }

  async list(): Promise<(StoredSubscriber & { unsubscribeNonce: string })[]> {
    return this.connection.run((db) =>
      db
        .prepare<[], StoredSubscriber & { unsubscribeNonce: string }>(
          `SELECT id, email, subscribed_at AS subscribedAt, unsubscribe_nonce AS unsubscribeNonce
           FROM subscribers WHERE status = 'confirmed' ORDER BY subscribed_at, rowid`,
        )
        .all(),
    );
  }
}

/** The site's secret keys on SQLite, in `site_keys`. */
export class SqliteKeyStore implements KeyStore {
  constructor(private readonly connection: SqliteConnection) {}

  async key(name: string): Promise<Buffer> {
    return this.connection.run((db) => {
      db.prepare(`INSERT INTO site_keys (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING`).run(
        name,
        randomBytes(32),
      );
      const row = db
        .prepare<[string], { value: Buffer }>(`SELECT value FROM site_keys WHERE name = ?`)
        .get(name);
      if (!row) throw new Error(`The key ${name} could not be stored`);
      return row.value;
    });
  }
}
