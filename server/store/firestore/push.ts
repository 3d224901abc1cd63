import type { DocumentSnapshot, QueryDocumentSnapshot, Transaction } from "firebase-admin/firestore";
import type { PushSubscriptionInput } from "../../../domain/push";
import type { ReminderPlan } from "../../lifecycle/reminders";
import type { PushStore, StoredPushSubscription } from "../push";
import type { StoredEnquiry } from "../store";
import { collectionsOf, keyDocumentId, PUSH_SUBSCRIPTIONS, type FirestoreContext } from "./connection";
import { writePushes } from "./work-record";

function subscriptionOf(doc: DocumentSnapshot): StoredPushSubscription {
  const data = doc.data() ?? {};
  return {
    endpoint: String(data.endpoint),
    keys: { p256dh: String(data.p256dh), auth: String(data.auth) },
    staffId: String(data.staffId),
    serverKey: String(data.serverKey),
    createdAt: String(data.createdAt),
  };
}

const oldestFirst = (a: QueryDocumentSnapshot, b: QueryDocumentSnapshot) =>
  String(a.get("createdAt")).localeCompare(String(b.get("createdAt"))) || a.id.localeCompare(b.id);

/** The enquiries whose pending reminder has come at `now` (`enquiryWork.reminderDueAt`), the earliest first. */
export async function readDueReminders(
  context: FirestoreContext,
  transaction: Transaction,
  now: string,
  limit: number,
): Promise<string[]> {
  const due = await transaction.get(
    collectionsOf(context).work.where("reminderDueAt", "<=", now).orderBy("reminderDueAt").limit(limit),
  );
  return due.docs.map((doc) => doc.id);
}

/**
 * What a record's reminder writes: its pending reminder cleared, and its push queued under its id
 * (made from the enquiry and the follow-up) unless the transaction reads one there already.
 */
export async function reminderWrites(
  context: FirestoreContext,
  transaction: Transaction,
  stored: StoredEnquiry,
  plan: ReminderPlan,
  at: string,
): Promise<{ write(writer: Pick<Transaction, "create" | "update">): void; queued: number }> {
  const { work, notifications } = collectionsOf(context);
  const { push } = plan;
  const queue = push ? !push.id || !(await transaction.get(notifications.doc(push.id))).exists : false;
  return {
    write(writer) {
      writer.update(work.doc(stored.id), { reminderDueAt: null });
      if (queue && push) writePushes(context, writer, stored, [push], at);
    },
    queued: queue ? 1 : 0,
  };
}

/** Push subscriptions in `pushSubscriptions/{sha256 of the endpoint}` on Firestore. */
export class FirestorePushStore implements PushStore {
  constructor(private readonly context: FirestoreContext) {}

  private get collection() {
    return this.context.db.collection(PUSH_SUBSCRIPTIONS);
  }

  async subscribe(
    subscription: PushSubscriptionInput & { staffId: string; serverKey: string },
    options: { now: Date; max: number },
  ): Promise<void> {
    const ref = this.collection.doc(keyDocumentId(subscription.endpoint));
    await this.context.run(() =>
      this.context.db.runTransaction(async (transaction) => {
        const kept = (
          await transaction.get(this.collection.where("staffId", "==", subscription.staffId))
        ).docs
          .filter((doc) => doc.id !== ref.id)
          .sort(oldestFirst);
        for (const old of kept.slice(0, Math.max(0, kept.length - (options.max - 1))))
          transaction.delete(old.ref);
        transaction.set(ref, {
          endpoint: subscription.endpoint,
          staffId: subscription.staffId,
          p256dh: subscription.keys.p256dh,
          auth: subscription.keys.auth,
          serverKey: subscription.serverKey,
          createdAt: options.now.toISOString(),
        });
      }),
    );
  }

  async unsubscribe(staffId: string, endpoint: string): Promise<boolean> {
    const ref = this.collection.doc(keyDocumentId(endpoint));
    return this.context.run(() =>
      this.context.db.runTransaction(async (transaction) => {
        const snapshot = await transaction.get(ref);
        if (!snapshot.exists || snapshot.get("staffId") !== staffId) return false;
        transaction.delete(ref);
        return true;
      }),
    );
  }

  async forget(endpoint: string): Promise<void> {
    await this.context.run(() => this.collection.doc(keyDocumentId(endpoint)).delete());
  }

  async devicesOf(staffId: string): Promise<StoredPushSubscription[]> {
    return this.context.run(async () => {
      const snapshot = await this.collection.where("staffId", "==", staffId).get();
      return [...snapshot.docs].sort(oldestFirst).map(subscriptionOf);
    });
  }
}
