import type { PushSubscriptionInput } from "../../../domain/push";
import { planReminder } from "../../lifecycle/reminders";
import type { PushStore, StoredPushSubscription } from "../push";
import type { SqliteRun } from "./connection";
import { ENQUIRY_COLUMNS, type EnquiryRow, storedEnquiry } from "./enquiry-row";
import { readMembers, WORK_COLUMNS, type WorkRow, workStateOf, writePushes } from "./work-record";

interface SubscriptionRow {
  endpoint: string;
  staff_id: string;
  p256dh: string;
  auth: string;
  server_key: string;
  created_at: string;
}

function subscriptionOf(row: SubscriptionRow): StoredPushSubscription {
  return {
    endpoint: row.endpoint,
    keys: { p256dh: row.p256dh, auth: row.auth },
    staffId: row.staff_id,
    serverKey: row.server_key,
    createdAt: row.created_at,
  };
}

/** Push subscriptions (`push_subscriptions`, one row per endpoint) and follow-up reminders on SQLite. */
export class SqlitePushStore implements PushStore {
  constructor(
    private readonly run: SqliteRun,
    /** The enquiries' table, already quoted. */
    private readonly table: string,
  ) {}

  async subscribe(
    subscription: PushSubscriptionInput & { staffId: string; serverKey: string },
    options: { now: Date; max: number },
  ): Promise<void> {
    this.run((db) =>
      db
        .transaction(() => {
          db.prepare(
            `INSERT INTO push_subscriptions (endpoint, staff_id, p256dh, auth, server_key, created_at)
             VALUES (@endpoint, @staffId, @p256dh, @auth, @serverKey, @now)
             ON CONFLICT (endpoint) DO UPDATE SET staff_id = excluded.staff_id, p256dh = excluded.p256dh,
               auth = excluded.auth, server_key = excluded.server_key, created_at = excluded.created_at`,
          ).run({
            endpoint: subscription.endpoint,
            staffId: subscription.staffId,
            p256dh: subscription.keys.p256dh,
            auth: subscription.keys.auth,
            serverKey: subscription.serverKey,
            now: options.now.toISOString(),
          });
          db.prepare(
            `DELETE FROM push_subscriptions WHERE staff_id = @staffId AND endpoint NOT IN (
               SELECT endpoint FROM push_subscriptions WHERE staff_id = @staffId
               ORDER BY created_at DESC, rowid DESC LIMIT @max)`,
          ).run({ staffId: subscription.staffId, max: options.max });
        })
        .immediate(),
    );
  }

  async unsubscribe(staffId: string, endpoint: string): Promise<boolean> {
    return this.run(
      (db) =>
        db
          .prepare(`DELETE FROM push_subscriptions WHERE endpoint = ? AND staff_id = ?`)
          .run(endpoint, staffId).changes === 1,
    );
  }

  async forget(endpoint: string): Promise<void> {
    this.run((db) => db.prepare(`DELETE FROM push_subscriptions WHERE endpoint = ?`).run(endpoint));
  }

  async devicesOf(staffId: string): Promise<StoredPushSubscription[]> {
    return this.run((db) =>
      db
        .prepare<[string], SubscriptionRow>(
          `SELECT endpoint, staff_id, p256dh, auth, server_key, created_at FROM push_subscriptions
           WHERE staff_id = ? ORDER BY created_at, rowid`,
        )
        .all(staffId)
        .map(subscriptionOf),
    );
  }

  async queueDueReminders(options: { now: Date; limit: number }): Promise<{ seen: number; queued: number }> {
    const now = options.now.toISOString();
    return this.run((db) =>
      db
        .transaction(() => {
          const rows = db
            .prepare<[string, number], EnquiryRow & WorkRow>(
              `SELECT ${ENQUIRY_COLUMNS}, ${WORK_COLUMNS}
               FROM enquiry_work w JOIN ${this.table} e ON e.id = w.enquiry_id
               WHERE w.reminder_due_at IS NOT NULL AND w.reminder_due_at <= ?
               ORDER BY w.reminder_due_at LIMIT ?`,
            )
            .all(now, options.limit);
          if (rows.length === 0) return { seen: 0, queued: 0 };
          const members = new Map(readMembers(db).map((member) => [member.id, member]));
          const clear = db.prepare(
            `UPDATE enquiry_work SET reminder_due_at = NULL WHERE enquiry_id = ? AND reminder_due_at = ?`,
          );
          let queued = 0;
          for (const row of rows) {
            const work = workStateOf(row);
            const plan = planReminder(row.id, work, members.get(work.ownerId ?? "") ?? null, options.now);
            if (!plan) continue;
            clear.run(row.id, plan.reminderDueAt);
            if (plan.push) queued += writePushes(db, storedEnquiry(row), [plan.push], now);
          }
          return { seen: rows.length, queued };
        })
        .immediate(),
    );
  }
}
