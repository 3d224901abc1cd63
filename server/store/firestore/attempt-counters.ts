import { FieldValue, type DocumentSnapshot } from "firebase-admin/firestore";
import type { AttemptCounterStore } from "../attempt-counters";
import type { CounterToAdd } from "../store";
import { eraseOlder, grpcCode, keyDocumentId, NOT_FOUND, type FirestoreContext } from "./connection";

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
    return (await this.addAll([{ name, expiresAt }]))[0] ?? Number.MAX_SAFE_INTEGER;
  }

  /**
   * Adds one to each counter, all in one write, then reads them back in one read: two round trips
   * however many they are (`add` is one of them). Answers their counts in order (a name given
   * twice is added twice and answers the count after both).
   */
  async addAll(counters: readonly CounterToAdd[]): Promise<number[]> {
    if (counters.length === 0) return [];
    return this.context.run(async () => {
      const added = new Map<string, { expiresAt: string; times: number }>();
      for (const { name, expiresAt } of counters) {
        const id = keyDocumentId(name);
        const seen = added.get(id);
        // The latest expiry of a name given twice, as two adds one after the other would leave it.
        const latest =
          seen && seen.expiresAt > expiresAt.toISOString() ? seen.expiresAt : expiresAt.toISOString();
        added.set(id, { expiresAt: latest, times: (seen?.times ?? 0) + 1 });
      }
      const batch = this.context.db.batch();
      for (const [id, { expiresAt, times }] of added) {
        batch.set(this.counters.doc(id), { count: FieldValue.increment(times), expiresAt }, { merge: true });
      }
      await batch.commit();
      const read = await this.context.db.getAll(...[...added.keys()].map((id) => this.counters.doc(id)));
      const counts = new Map(read.map((doc: DocumentSnapshot) => [doc.id, countOf(doc)]));
      return counters.map(({ name }) => counts.get(keyDocumentId(name)) ?? Number.MAX_SAFE_INTEGER);
    });
  }

  async read(names: readonly string[]): Promise<number[]> {
    if (names.length === 0) return [];
    return this.context.run(async () => {
      const read = await this.context.db.getAll(
        ...names.map((name) => this.counters.doc(keyDocumentId(name))),
      );
      return read.map((doc: DocumentSnapshot) => (doc.exists ? countOf(doc) : 0));
    });
  }

  /** Takes one back from each counter, all in one write (`addAll` undone). */
  async takeBackAll(names: readonly string[]): Promise<void> {
    if (names.length === 0) return;
    const times = new Map<string, number>();
    for (const id of names.map(keyDocumentId)) times.set(id, (times.get(id) ?? 0) + 1);
    try {
      await this.context.run(async () => {
        const batch = this.context.db.batch();
        for (const [id, n] of times) batch.update(this.counters.doc(id), { count: FieldValue.increment(-n) });
        await batch.commit();
      });
    } catch (error) {
      if (grpcCode(error) !== NOT_FOUND) throw error;
      // One erased as expired meanwhile: nothing left to take back from it; with others, they are
      // taken back one by one.
      if (names.length > 1) for (const name of names) await this.takeBackAll([name]);
    }
  }

  takeBack(name: string): Promise<void> {
    return this.takeBackAll([name]);
  }

  eraseExpired(before: Date): Promise<number> {
    return eraseOlder(this.context, this.counters, "expiresAt", before.toISOString());
  }
}

/** A counter's count as read; one unreadable counts as past every limit. */
function countOf(doc: DocumentSnapshot): number {
  const count = doc.get("count") as unknown;
  return typeof count === "number" ? count : Number.MAX_SAFE_INTEGER;
}
