import type Database from "better-sqlite3";
import { randomBytes, randomUUID } from "node:crypto";
import type { KeyStore, StoredSubscriber } from "../store";
import { driveStepsSync, type AnswersOf, type ChangeOf } from "../step-port";
import type { SubscriberAdapter, SubscriberRead, SubscriberSteps } from "../subscriber-port";
import type { SqliteConnection } from "./connection";
import { insertNotification } from "./notification-row";

/**
 * The newsletter's addresses on SQLite, each once, in lower case, with their consent; the steps
 * of its changes (server/work/subscriber-changes.ts) answered in one IMMEDIATE transaction.
 */
export class SqliteSubscriberStore implements SubscriberAdapter {
  constructor(private readonly connection: SqliteConnection) {}

  async run<R>(change: () => ChangeOf<SubscriberSteps, R>): Promise<R> {
    return this.connection.run((db) =>
      db.transaction(() => driveStepsSync(change(), this.answers(db))).immediate(),
    );
  }

  private answers(db: Database.Database): AnswersOf<SubscriberSteps> {
    return {
      readSubscriber: (by) => {
        const row = db
          .prepare<[string], Omit<SubscriberRead, "confirmed"> & { confirmed: number }>(
            `SELECT id, status = 'confirmed' AS confirmed, confirm_nonce AS confirmNonce, requested_at AS requestedAt,
               unsubscribe_nonce AS unsubscribeNonce
             FROM subscribers WHERE ${"id" in by ? "id" : "email"} = ?`,
          )
          .get("id" in by ? by.id : by.email);
        return row ? { ...row, confirmed: row.confirmed === 1 } : null;
      },
      newSubscriberId: () => randomUUID(),
      createSubscriber: (row) => {
        db.prepare(
          `INSERT INTO subscribers (id, email, subscribed_at, status, confirm_nonce, unsubscribe_nonce, requested_at, language)
           VALUES (@id, @email, @at, 'pending', @confirmNonce, @unsubscribeNonce, @at, @language)`,
        ).run(row);
      },
      writeRequested: ({ id, at, language }) => {
        db.prepare(`UPDATE subscribers SET requested_at = ?, language = ? WHERE id = ?`).run(
          at,
          language,
          id,
        );
      },
      writeConfirmed: ({ id, at }) => {
        db.prepare(
          `UPDATE subscribers SET status = 'confirmed', confirm_nonce = NULL, confirmed_at = @at, subscribed_at = @at
           WHERE id = @id`,
        ).run({ id, at });
      },
      dropWaitingConfirmations: ({ id }) => {
        db.prepare(
          `DELETE FROM notifications
           WHERE subscriber_id = ? AND kind = 'newsletter-confirmation' AND status = 'pending'
             AND claimed_by IS NULL`,
        ).run(id);
      },
      removeSubscriber: ({ id }) => {
        // Its notifications go with it (ON DELETE CASCADE).
        db.prepare(`DELETE FROM subscribers WHERE id = ?`).run(id);
      },
      queueSubscriberMail: ({ id, kind, at }) => {
        insertNotification(db, { kind, at, subscriberId: id });
      },
    };
  }

  async readUnconfirmed(): Promise<Pick<SubscriberRead, "id" | "requestedAt">[]> {
    return this.connection.run((db) =>
      db
        .prepare<[], Pick<SubscriberRead, "id" | "requestedAt">>(
          `SELECT id, requested_at AS requestedAt FROM subscribers WHERE status = 'pending'`,
        )
        .all(),
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
