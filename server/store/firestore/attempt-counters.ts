import { FieldValue, type DocumentReference, type DocumentSnapshot } from "firebase-admin/firestore";
import type { AttemptCounterStore } from "../attempt-counters";
import type { CounterToAdd } from "../store";
import { eraseOlder, keyDocumentId, type FirestoreContext } from "./connection";

/**
 * One document per counter, `attemptCounters/{sha256 of its name}`. Adding is one atomic
 * `FieldValue.increment(1)`, then the count is read back: attempts landing at the same moment may
 * be read with it, so a burst is refused at least as often as the same attempts one by one. Adding
 * involves no transaction (the emulator's are not isolated: a burst must count on it too) and
 * nothing depends on deleting a field. Taking back, which never goes below 0, reads and writes in
 * one transaction: a counter taken back twice at once may keep one too many on the emulator, never
 * one too few.
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
        // A name given twice keeps the later one's expiry, as two adds one after the other leave it.
        added.set(id, { expiresAt: expiresAt.toISOString(), times: (added.get(id)?.times ?? 0) + 1 });
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

  /**
   * Takes one back from each counter (`addAll` undone), never below 0, as SQLite's `max(count - 1,
   * 0)`: each counter read and written in a transaction of its own. A counter erased as expired
   * meanwhile has nothing to take back.
   */
  async takeBackAll(names: readonly string[]): Promise<void> {
    const times = new Map<string, number>();
    for (const id of names.map(keyDocumentId)) times.set(id, (times.get(id) ?? 0) + 1);
    await this.context.run(() =>
      Promise.all([...times].map(([id, n]) => this.takeBackFrom(this.counters.doc(id), n))),
    );
  }

  private takeBackFrom(ref: DocumentReference, times: number): Promise<void> {
    return this.context.db.runTransaction(async (transaction) => {
      const snapshot = await transaction.get(ref);
      const count = snapshot.exists ? countOf(snapshot) : 0;
      if (count > 0) transaction.update(ref, { count: Math.max(0, count - times) });
    });
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
