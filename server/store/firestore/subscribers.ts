import {
  Timestamp,
  type DocumentData,
  type DocumentReference,
  type DocumentSnapshot,
  type Transaction,
} from "firebase-admin/firestore";
import type { KeyStore, StoredSubscriber } from "../store";
import type { AnswersOf, ChangeOf } from "../step-port";
import { runStepsInTransaction, type HoldWrite } from "./step-transaction";
import {
  newNonce,
  type SubscriberAdapter,
  type SubscriberRead,
  type SubscriberSteps,
} from "../subscriber-port";
import { collectionsOf, isoOf, keyDocumentId, type FirestoreConnection } from "./connection";
import { siteKey } from "./buyers";
import { queueNotification } from "./documents";

/** The document id of a newsletter address: one document per address, whatever its case. */
export function subscriberDocumentId(email: string): string {
  return keyDocumentId(email.trim().toLowerCase());
}

/** Addresses stored before consent was asked for have no status: they were taken as subscribed. */
export function isConfirmed(data: DocumentData): boolean {
  return (data.status ?? "confirmed") === "confirmed";
}

/** When the address was last asked for (ISO); null on one stored before consent was asked for. */
function requestedAtOf(data: DocumentData): string | null {
  const requestedAt = data.requestedAt as Timestamp | undefined;
  return requestedAt ? isoOf(requestedAt) : null;
}

/** An address as the console and the newsletter's list read it. */
export function storedSubscriberOf(doc: DocumentSnapshot): StoredSubscriber {
  return { id: doc.id, email: String(doc.get("email")), subscribedAt: isoOf(doc.get("subscribedAt")) };
}

/**
 * Removes an address with every mail of it still in `notifications` (a confirmation or welcome not
 * yet sent), in the caller's transaction, as SQLite's foreign key does: unsubscribing, erasing an
 * address never confirmed and the console's removal all take its mails along. Its deletes are
 * made through `hold` when given (a change's writes, held until it has returned).
 */
export async function removeSubscriber(
  transaction: Transaction,
  subscriber: DocumentReference,
  hold: HoldWrite = (write) => write(),
): Promise<void> {
  const notifications = subscriber.firestore.collection("notifications");
  const mails = await transaction.get(notifications.where("subscriberId", "==", subscriber.id));
  hold(() => {
    for (const mail of mails.docs) transaction.delete(mail.ref);
    transaction.delete(subscriber);
  });
}

/** Removes the address with its mails in a transaction of its own, when it is there and `still` holds of it. */
export function removeSubscriberIf(
  subscriber: DocumentReference,
  still: (data: DocumentData) => boolean,
): Promise<boolean> {
  return subscriber.firestore.runTransaction(async (transaction) => {
    const data = (await transaction.get(subscriber)).data();
    if (!data || !still(data)) return false;
    await removeSubscriber(transaction, subscriber);
    return true;
  });
}

/**
 * The newsletter's addresses in `subscribers` on Firestore, one document per address, with their
 * consent; their mails wait in `notifications` beside the enquiries' (`subscriberId` set). The
 * steps of its changes (server/work/subscriber-changes.ts) are answered in one transaction: reads
 * as asked, writes held back and made together once the change has returned.
 */
export class FirestoreSubscriberStore implements SubscriberAdapter {
  constructor(private readonly connection: FirestoreConnection) {}

  private get collections() {
    return collectionsOf(this.connection);
  }

  async run<R>(change: () => ChangeOf<SubscriberSteps, R>): Promise<R> {
    return runStepsInTransaction(this.connection, change, (transaction, hold) =>
      this.answers(transaction, hold),
    );
  }

  private answers(transaction: Transaction, hold: HoldWrite): AnswersOf<SubscriberSteps, true> {
    const ref = (id: string) => this.collections.subscribers.doc(id);
    return {
      readSubscriber: async (by) => {
        const id = "id" in by ? by.id : subscriberDocumentId(by.email);
        const data = (await transaction.get(ref(id))).data();
        if (!data) return null;
        return {
          id,
          confirmed: isConfirmed(data),
          confirmNonce: typeof data.confirmNonce === "string" ? data.confirmNonce : null,
          requestedAt: requestedAtOf(data),
          unsubscribeNonce: typeof data.unsubscribeNonce === "string" ? data.unsubscribeNonce : null,
        };
      },
      newSubscriberId: ({ email }) => subscriberDocumentId(email),
      createSubscriber: ({ id, email, at, confirmNonce, unsubscribeNonce, language }) => {
        const now = Timestamp.fromDate(new Date(at));
        hold(() =>
          transaction.create(ref(id), {
            email,
            subscribedAt: now,
            status: "pending",
            confirmNonce,
            unsubscribeNonce,
            requestedAt: now,
            language,
          }),
        );
      },
      writeRequested: ({ id, at, language }) => {
        hold(() => transaction.update(ref(id), { requestedAt: Timestamp.fromDate(new Date(at)), language }));
      },
      writeConfirmed: ({ id, at }) => {
        const now = Timestamp.fromDate(new Date(at));
        hold(() =>
          transaction.update(ref(id), {
            status: "confirmed",
            confirmNonce: null,
            confirmedAt: now,
            subscribedAt: now,
          }),
        );
      },
      dropWaitingConfirmations: async ({ id }) => {
        const waiting = await transaction.get(this.collections.notifications.where("subscriberId", "==", id));
        for (const doc of waiting.docs) {
          if (
            doc.get("kind") === "newsletter-confirmation" &&
            doc.get("status") === "pending" &&
            !doc.get("claimedBy")
          ) {
            hold(() => transaction.delete(doc.ref));
          }
        }
      },
      removeSubscriber: ({ id }) => removeSubscriber(transaction, ref(id), hold),
      queueSubscriberMail: ({ id, kind, at }) => {
        hold(() =>
          queueNotification(this.connection, transaction, { kind, at: new Date(at), subscriberId: id }),
        );
      },
    };
  }

  async readUnconfirmed(): Promise<Pick<SubscriberRead, "id" | "requestedAt">[]> {
    return this.connection.run(async () => {
      // One field in the query, so no composite index is needed: unconfirmed addresses are few.
      const pending = await this.collections.subscribers.where("status", "==", "pending").get();
      return pending.docs.map((doc) => ({ id: doc.id, requestedAt: requestedAtOf(doc.data()) }));
    });
  }

  async list(): Promise<(StoredSubscriber & { unsubscribeNonce: string })[]> {
    return this.connection.run(async () => {
      const snapshot = await this.collections.subscribers.orderBy("subscribedAt").get();
      const subscribers: (StoredSubscriber & { unsubscribeNonce: string })[] = [];
      for (const doc of snapshot.docs) {
        const data = doc.data();
        if (!isConfirmed(data)) continue;
        let unsubscribeNonce = typeof data.unsubscribeNonce === "string" ? data.unsubscribeNonce : "";
        if (!unsubscribeNonce) {
          // An address stored before links were signed gets its nonce the first time one is needed.
          unsubscribeNonce = newNonce();
          await doc.ref.update({ unsubscribeNonce });
        }
        subscribers.push({ ...storedSubscriberOf(doc), unsubscribeNonce });
      }
      return subscribers;
    });
  }
}

/** The site's secret keys on Firestore, in `siteKeys/{name}`. */
export class FirestoreKeyStore implements KeyStore {
  constructor(private readonly connection: FirestoreConnection) {}

  key(name: string): Promise<Buffer> {
    return siteKey(this.connection, name);
  }
}
