import type { DocumentSnapshot, QueryDocumentSnapshot } from "firebase-admin/firestore";
import type { PushSubscriptionInput } from "../../../domain/push";
import { planReminder } from "../../lifecycle/reminders";
import type { PushStore, StoredPushSubscription } from "../push";
import { collectionsOf, keyDocumentId, PUSH_SUBSCRIPTIONS, type FirestoreContext } from "./connection";
import { membersOf, readWork, writePushes } from "./work-record";

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

/**
 * Push subscriptions in `pushSubscriptions/{sha256 of the endpoint}` on Firestore, and the
 * follow-up reminders: a query on `enquiryWork.reminderDueAt` finds those due, and a transaction
 * per enquiry queues each (under an id made from the enquiry and the follow-up) and clears it.
 */
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

  async queueDueReminders(options: { now: Date; limit: number }): Promise<{ seen: number; queued: number }> {
    const { work, notifications } = collectionsOf(this.context);
    const due = await this.context.run(() =>
      work
        .where("reminderDueAt", "<=", options.now.toISOString())
        .orderBy("reminderDueAt")
        .limit(options.limit)
        .get(),
    );
    let queued = 0;
    for (const doc of due.docs) {
      const added = await this.context.run(() =>
        this.context.db.runTransaction(async (transaction) => {
          const read = await readWork(this.context, transaction, doc.id);
          const ownerId = read?.work.ownerId;
          const [staff, devices] = ownerId
            ? await Promise.all([
                transaction.get(this.context.db.collection("staff").where("id", "==", ownerId).limit(1)),
                transaction.get(this.collection.where("staffId", "==", ownerId)),
              ])
            : [null, null];
          const owner = staff && devices ? (membersOf(staff.docs, devices.docs)[0] ?? null) : null;
          const plan = read ? planReminder(read.stored.id, read.work, owner, options.now) : null;
          if (!read || !plan) return 0;
          const queue = plan.push?.id
            ? !(await transaction.get(notifications.doc(plan.push.id))).exists
            : false;
          transaction.update(read.ref, { reminderDueAt: null });
          if (queue && plan.push)
            writePushes(this.context, transaction, read.stored, [plan.push], options.now.toISOString());
          return queue ? 1 : 0;
        }),
      );
      queued += added;
    }
    return { seen: due.size, queued };
  }
}
