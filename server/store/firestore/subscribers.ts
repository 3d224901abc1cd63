import type { Language } from "../../../domain/contract";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { Timestamp, type DocumentData, type Transaction } from "firebase-admin/firestore";
import type {
  ConfirmOutcome,
  KeyStore,
  StoredSubscriber,
  SubscriberStore,
  SubscriptionRequest,
} from "../store";
import { ALREADY_EXISTS, grpcCode, isoOf, type FirestoreConnection } from "./connection";
import { newNotification } from "./documents";

/** The document id of a newsletter address: one document per address, whatever its case. */
export function subscriberDocumentId(email: string): string {
  return createHash("sha256").update(email.trim().toLowerCase()).digest("hex");
}

function newNonce(): string {
  return randomBytes(16).toString("hex");
}

/** Addresses stored before consent was asked for have no status: they were taken as subscribed. */
export function isConfirmed(data: DocumentData): boolean {
  return (data.status ?? "confirmed") === "confirmed";
}

/**
 * The newsletter's addresses in `subscribers` on Firestore, one document per address, with their
 * consent; their mails wait in `notifications` beside the enquiries' (`subscriberId` set).
 */
export class FirestoreSubscriberStore implements SubscriberStore {
  constructor(private readonly connection: FirestoreConnection) {}

  private collection() {
    return this.connection.db.collection("subscribers");
  }
  private notifications() {
    return this.connection.db.collection("notifications");
  }

  private queue(
    transaction: Transaction,
    subscriberId: string,
    kind: "newsletter-confirmation" | "newsletter-welcome",
    at: Date,
  ) {
    transaction.create(this.notifications().doc(randomUUID()), newNotification({ kind, at, subscriberId }));
  }

  async request(
    email: string,
    options: { now: Date; resendAfterMs: number; language?: Language },
  ): Promise<SubscriptionRequest> {
    const address = email.trim().toLowerCase();
    const language = options.language ?? "en";
    const ref = this.collection().doc(subscriberDocumentId(address));
    return this.connection.run(() =>
      this.connection.db.runTransaction(async (transaction): Promise<SubscriptionRequest> => {
        const snapshot = await transaction.get(ref);
        const data = snapshot.data();
        const now = Timestamp.fromDate(options.now);
        if (!data) {
          const confirmNonce = newNonce();
          transaction.create(ref, {
            email: address,
            subscribedAt: now,
            status: "pending",
            confirmNonce,
            unsubscribeNonce: newNonce(),
            requestedAt: now,
            language,
          });
          this.queue(transaction, ref.id, "newsletter-confirmation", options.now);
          return { outcome: "created", subscriberId: ref.id, confirmNonce };
        }
        const known = {
          subscriberId: ref.id,
          confirmNonce: typeof data.confirmNonce === "string" ? data.confirmNonce : null,
        };
        if (isConfirmed(data)) return { outcome: "confirmed", ...known };
        const requestedAt = data.requestedAt as Timestamp | undefined;
        if (requestedAt && requestedAt.toMillis() > options.now.getTime() - options.resendAfterMs) {
          return { outcome: "waiting", ...known };
        }
        transaction.update(ref, { requestedAt: now, language });
        this.queue(transaction, ref.id, "newsletter-confirmation", options.now);
        return { outcome: "resent", ...known };
      }),
    );
  }

  async confirm(subscriberId: string, confirmNonce: string, now: Date): Promise<ConfirmOutcome> {
    const ref = this.collection().doc(subscriberId);
    return this.connection.run(() =>
      this.connection.db.runTransaction(async (transaction): Promise<ConfirmOutcome> => {
        const data = (await transaction.get(ref)).data();
        if (!data) return "unknown";
        if (isConfirmed(data)) return "already-confirmed";
        if (data.confirmNonce !== confirmNonce) return "unknown";
        const waiting = await transaction.get(this.notifications().where("subscriberId", "==", subscriberId));
        const at = Timestamp.fromDate(now);
        transaction.update(ref, {
          status: "confirmed",
          confirmNonce: null,
          confirmedAt: at,
          subscribedAt: at,
        });
        // A confirmation mail still waiting, and not being sent, has nothing left to ask.
        for (const doc of waiting.docs) {
          if (
            doc.get("kind") === "newsletter-confirmation" &&
            doc.get("status") === "pending" &&
            !doc.get("claimedBy")
          ) {
            transaction.delete(doc.ref);
          }
        }
        this.queue(transaction, subscriberId, "newsletter-welcome", now);
        return "confirmed";
      }),
    );
  }

  async unsubscribe(subscriberId: string, unsubscribeNonce: string): Promise<boolean> {
    const ref = this.collection().doc(subscriberId);
    return this.connection.run(() =>
      this.connection.db.runTransaction(async (transaction) => {
        const data = (await transaction.get(ref)).data();
        if (!data || data.unsubscribeNonce !== unsubscribeNonce) return false;
        const mails = await transaction.get(this.notifications().where("subscriberId", "==", subscriberId));
        for (const doc of mails.docs) transaction.delete(doc.ref);
        transaction.delete(ref);
        return true;
      }),
    );
  }

  async eraseUnconfirmed(before: Date): Promise<number> {
    return this.connection.run(async () => {
      // One field in the query, so no composite index is needed: unconfirmed addresses are few.
      const pending = await this.collection().where("status", "==", "pending").get();
      let erased = 0;
      for (const doc of pending.docs) {
        const requestedAt = doc.get("requestedAt") as Timestamp | undefined;
        if (requestedAt && requestedAt.toMillis() >= before.getTime()) continue;
        const gone = await this.connection.db.runTransaction(async (transaction) => {
          const current = (await transaction.get(doc.ref)).data();
          const at = current?.requestedAt as Timestamp | undefined;
          if (!current || isConfirmed(current) || (at && at.toMillis() >= before.getTime())) return false;
          const mails = await transaction.get(this.notifications().where("subscriberId", "==", doc.id));
          for (const mail of mails.docs) transaction.delete(mail.ref);
          transaction.delete(doc.ref);
          return true;
        });
        if (gone) erased++;
      }
      return erased;
    });
  }

  async list(): Promise<(StoredSubscriber & { unsubscribeNonce: string })[]> {
    return this.connection.run(async () => {
      const snapshot = await this.collection().orderBy("subscribedAt").get();
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
        subscribers.push({
          id: doc.id,
          email: String(data.email),
          subscribedAt: isoOf(data.subscribedAt),
          unsubscribeNonce,
        });
      }
      return subscribers;
    });
  }
}

/** The site's secret keys on Firestore, in `siteKeys/{name}`. */
export class FirestoreKeyStore implements KeyStore {
  constructor(private readonly connection: FirestoreConnection) {}

  async key(name: string): Promise<Buffer> {
    const ref = this.connection.db.collection("siteKeys").doc(name);
    return this.connection.run(async () => {
      try {
        await ref.create({ value: randomBytes(32) });
      } catch (error) {
        if (grpcCode(error) !== ALREADY_EXISTS) throw error;
      }
      const value: unknown = (await ref.get()).get("value");
      if (!(value instanceof Uint8Array) || value.length !== 32)
        throw new Error(`The key ${name} is not usable`);
      return Buffer.from(value);
    });
  }
}
