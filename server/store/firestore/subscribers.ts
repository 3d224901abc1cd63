import { createHash } from "node:crypto";
import { Timestamp } from "firebase-admin/firestore";
import type { StoredSubscriber, SubscriberStore } from "../store";
import { ALREADY_EXISTS, grpcCode, isoOf, type FirestoreConnection } from "./connection";

/** The document id of a newsletter address: one document per address, whatever its case. */
export function subscriberDocumentId(email: string): string {
  return createHash("sha256").update(email.trim().toLowerCase()).digest("hex");
}

/** The newsletter's addresses in `subscribers` on Firestore, one document per address. */
export class FirestoreSubscriberStore implements SubscriberStore {
  constructor(private readonly connection: FirestoreConnection) {}

  private collection() {
    return this.connection.db.collection("subscribers");
  }

  async add(email: string): Promise<{ created: boolean }> {
    const address = email.trim().toLowerCase();
    return this.connection.run(async () => {
      try {
        await this.collection()
          .doc(subscriberDocumentId(address))
          .create({ email: address, subscribedAt: Timestamp.now() });
        return { created: true };
      } catch (error) {
        if (grpcCode(error) === ALREADY_EXISTS) return { created: false };
        throw error;
      }
    });
  }

  async list(): Promise<StoredSubscriber[]> {
    return this.connection.run(async () => {
      const snapshot = await this.collection().orderBy("subscribedAt").get();
      return snapshot.docs.map((doc) => {
        const data = doc.data();
        return { id: doc.id, email: String(data.email), subscribedAt: isoOf(data.subscribedAt) };
      });
    });
  }
}
