import { FieldValue } from "firebase-admin/firestore";
import { counterNameHash, type AttemptCounterStore } from "../attempt-counters";
import { deleteInBatches, grpcCode, NOT_FOUND, type FirestoreContext } from "./connection";

/**
 * One document per counter, `attemptCounters/{sha256 of its name}`. Adding is one atomic
 * `FieldValue.increment(1)`, then the count is read back: attempts landing at the same moment may
 * be read with it, so a burst is refused at least as often as the same attempts one by one. No
 * transaction is involved (the emulator's are not isolated) and nothing depends on deleting a field.
 */
export class FirestoreAttemptCounterStore implements AttemptCounterStore {
  constructor(private readonly context: FirestoreContext) {}

  private get counters() {
    return this.context.db.collection("attemptCounters");
  }

  async add(name: string, expiresAt: Date): Promise<number> {
    return this.context.run(async () => {
      const ref = this.counters.doc(counterNameHash(name));
      await ref.set({ count: FieldValue.increment(1), expiresAt: expiresAt.toISOString() }, { merge: true });
      const count = (await ref.get()).get("count") as unknown;
      return typeof count === "number" ? count : Number.MAX_SAFE_INTEGER;
    });
  }

  async takeBack(name: string): Promise<void> {
    await this.context.run(async () => {
      try {
        await this.counters.doc(counterNameHash(name)).update({ count: FieldValue.increment(-1) });
      } catch (error) {
        // Erased as expired meanwhile: nothing left to take back.
        if (grpcCode(error) !== NOT_FOUND) throw error;
      }
    });
  }

  async eraseExpired(before: Date): Promise<number> {
    const expired = await this.context.run(() =>
      this.counters.where("expiresAt", "<", before.toISOString()).get(),
    );
    await deleteInBatches(
      this.context,
      expired.docs.map((doc) => doc.ref),
    );
    return expired.size;
  }
}
