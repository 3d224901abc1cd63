import type { DocumentSnapshot, QueryDocumentSnapshot, Transaction } from "firebase-admin/firestore";
import type { ReminderPlan } from "../../lifecycle/reminders";
import type { PushAdapter, PushSteps, StoredPushSubscription } from "../push";
import type { AnswersOf, ChangeOf } from "../step-port";
import { runStepsInTransaction, type HoldWrite } from "./step-transaction";
import type { StoredEnquiry } from "../store";
import {
  collectionsOf,
  keyDocumentId,
  PUSH_DEVICE_VERSIONS,
  PUSH_SUBSCRIPTIONS,
  type FirestoreContext,
} from "./connection";
import { accountByIdQuery } from "./staff";
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

/**
 * The member's devices, oldest first, read in the change's transaction with their version, whose
 * next the change claims with its writes: of two changes that read the same version (two new
 * devices, each finding room, neither writing a device the other read; a new device and the
 * member's removal), the second is refused (WriteConflictError) and read again, even where
 * transactions are not isolated (the emulator). The claim takes the marker of the version read,
 * which only the first can; the member's first claim creates their version.
 */
export async function readDevicesClaimingVersion(
  context: FirestoreContext,
  transaction: Transaction,
  hold: HoldWrite,
  staffId: string,
): Promise<QueryDocumentSnapshot[]> {
  const versions = context.db.collection(PUSH_DEVICE_VERSIONS);
  const [current, devices] = await Promise.all([
    transaction.get(versions.doc(staffId)),
    transaction.get(context.db.collection(PUSH_SUBSCRIPTIONS).where("staffId", "==", staffId)),
  ]);
  const version = Number(current.get("version") ?? 0);
  const marker = (at: number) => versions.doc(`${staffId}-v${at}`);
  hold(() => {
    if (version === 0) transaction.create(versions.doc(staffId), { staffId, version: 1 });
    else {
      transaction.delete(marker(version), { exists: true });
      transaction.set(versions.doc(staffId), { staffId, version: version + 1 });
    }
    transaction.create(marker(version + 1), { staffId });
  });
  return devices.docs.sort(oldestFirst);
}

/**
 * Push subscriptions in `pushSubscriptions/{sha256 of the endpoint}` on Firestore; the steps of a
 * device's changes (server/work/push-changes.ts) answered in one transaction.
 */
export class FirestorePushStore implements PushAdapter {
  constructor(private readonly context: FirestoreContext) {}

  private get collection() {
    return this.context.db.collection(PUSH_SUBSCRIPTIONS);
  }

  async run<R>(change: () => ChangeOf<PushSteps, R>): Promise<R> {
    return runStepsInTransaction(this.context, change, (transaction, hold) =>
      this.answers(transaction, hold),
    );
  }

  private answers(transaction: Transaction, hold: HoldWrite): AnswersOf<PushSteps, true> {
    const ref = (endpoint: string) => this.collection.doc(keyDocumentId(endpoint));
    return {
      readMember: async ({ staffId }) =>
        !(await transaction.get(accountByIdQuery(this.context, staffId))).empty,
      readDevices: async ({ staffId }) =>
        (await readDevicesClaimingVersion(this.context, transaction, hold, staffId)).map((doc) => ({
          endpoint: String(doc.get("endpoint")),
        })),
      readDeviceOwner: async ({ endpoint }) => {
        const snapshot = await transaction.get(ref(endpoint));
        return snapshot.exists ? String(snapshot.get("staffId")) : null;
      },
      writeDevice: (subscription) =>
        hold(() =>
          transaction.set(ref(subscription.endpoint), {
            endpoint: subscription.endpoint,
            staffId: subscription.staffId,
            p256dh: subscription.keys.p256dh,
            auth: subscription.keys.auth,
            serverKey: subscription.serverKey,
            createdAt: subscription.createdAt,
          }),
        ),
      removeDevices: ({ endpoints }) =>
        hold(() => {
          for (const endpoint of endpoints) transaction.delete(ref(endpoint));
        }),
    };
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
