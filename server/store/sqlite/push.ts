import type Database from "better-sqlite3";
import type { ReminderPlan } from "../../lifecycle/reminders";
import type { PushAdapter, PushSteps, StoredPushSubscription } from "../push";
import { driveStepsSync, type AnswersOf, type ChangeOf } from "../step-port";
import type { StoredEnquiry } from "../store";
import { prepared, type SqliteRun } from "./connection";
import { columnsOf, upsertStatement } from "./row-codec";
import { writePushes } from "./work-record";

/** The row of `push_subscriptions` a device is stored as: the one place its columns are named. */
function rowOf(subscription: StoredPushSubscription) {
  return {
    endpoint: subscription.endpoint,
    staff_id: subscription.staffId,
    p256dh: subscription.keys.p256dh,
    auth: subscription.keys.auth,
    server_key: subscription.serverKey,
    created_at: subscription.createdAt,
  };
}

type SubscriptionRow = ReturnType<typeof rowOf>;

function subscriptionOf(row: SubscriptionRow): StoredPushSubscription {
  return {
    endpoint: row.endpoint,
    keys: { p256dh: row.p256dh, auth: row.auth },
    staffId: row.staff_id,
    serverKey: row.server_key,
    createdAt: row.created_at,
  };
}

/** The enquiries whose pending reminder has come at `now`, the earliest first, at most `limit`. */
export function readDueReminders(db: Database.Database, table: string, now: string, limit: number): string[] {
  return prepared<[string, number], { id: string }>(
    db,
    `SELECT e.id FROM enquiry_work w JOIN ${table} e ON e.id = w.enquiry_id
     WHERE w.reminder_due_at IS NOT NULL AND w.reminder_due_at <= ?
     ORDER BY w.reminder_due_at LIMIT ?`,
  )
    .all(now, limit)
    .map((row) => row.id);
}

/**
 * Clears the record's pending reminder if it still holds the one the plan saw, and queues its push
 * (once only under its id), in the caller's transaction; answers how many pushes were queued.
 */
export function writeReminder(
  db: Database.Database,
  stored: StoredEnquiry,
  plan: ReminderPlan,
  at: string,
): number {
  prepared(
    db,
    `UPDATE enquiry_work SET reminder_due_at = NULL WHERE enquiry_id = ? AND reminder_due_at = ?`,
  ).run(stored.id, plan.reminderDueAt);
  return plan.push ? writePushes(db, stored, [plan.push], at) : 0;
}

/**
 * Push subscriptions on SQLite: `push_subscriptions`, one row per endpoint; the steps of a device's
 * changes (server/work/push-changes.ts) answered in one IMMEDIATE transaction.
 */
export class SqlitePushStore implements PushAdapter {
  constructor(private readonly sqlite: SqliteRun) {}

  async run<R>(change: () => ChangeOf<PushSteps, R>): Promise<R> {
    return this.sqlite((db) => db.transaction(() => driveStepsSync(change(), this.answers(db))).immediate());
  }

  private answers(db: Database.Database): AnswersOf<PushSteps> {
    return {
      readMember: ({ staffId }) =>
        prepared<[string], { found: number }>(db, `SELECT 1 AS found FROM staff WHERE id = ?`).get(
          staffId,
        ) !== undefined,
      readDevices: ({ staffId }) =>
        prepared<[string], { endpoint: string }>(
          db,
          `SELECT endpoint FROM push_subscriptions WHERE staff_id = ? ORDER BY created_at, rowid`,
        ).all(staffId),
      readDeviceOwner: ({ endpoint }) =>
        prepared<[string], { staff_id: string }>(
          db,
          `SELECT staff_id FROM push_subscriptions WHERE endpoint = ?`,
        ).get(endpoint)?.staff_id ?? null,
      writeDevice: (subscription) => {
        const { endpoint, ...columns } = rowOf(subscription);
        prepared(db, upsertStatement("push_subscriptions", "endpoint", columnsOf(columns))).run({
          endpoint,
          ...columns,
        });
      },
      removeDevices: ({ endpoints }) => {
        const remove = prepared<[string]>(db, `DELETE FROM push_subscriptions WHERE endpoint = ?`);
        for (const endpoint of endpoints) remove.run(endpoint);
      },
    };
  }

  async forget(endpoint: string): Promise<void> {
    this.sqlite((db) => db.prepare(`DELETE FROM push_subscriptions WHERE endpoint = ?`).run(endpoint));
  }

  async devicesOf(staffId: string): Promise<StoredPushSubscription[]> {
    return this.sqlite((db) =>
      db
        .prepare<[string], SubscriptionRow>(
          `SELECT * FROM push_subscriptions WHERE staff_id = ? ORDER BY created_at, rowid`,
        )
        .all(staffId)
        .map(subscriptionOf),
    );
  }
}
