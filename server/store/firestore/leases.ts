import { Timestamp, type Transaction } from "firebase-admin/firestore";
import type { LeaseStore } from "../leases";
import { ALREADY_EXISTS, grpcCode, type FirestoreContext } from "./connection";

interface LeaseData {
  holder: string;
  leaseUntil: Timestamp;
  /** Counts the lease's changes; each creates `generations/{generation}`, which two cannot both create. */
  generation: number;
}

/**
 * Leases in `leases/{job}` on Firestore. Each change is a transaction that reads the lease, checks
 * it, and writes it with the next generation. The transaction alone is enough on Firestore;
 * creating `generations/{n}` in it also makes the second of two writers at once fail with
 * ALREADY_EXISTS where transactions are not isolated (the local emulator).
 */
export class FirestoreLeaseStore implements LeaseStore {
  constructor(private readonly context: FirestoreContext) {}

  private ref(job: string) {
    return this.context.db.collection("leases").doc(job);
  }

  /** Runs a change of the lease; false when `decide` refuses it or another writer came first. */
  private async change(
    job: string,
    decide: (lease: LeaseData | undefined) => Omit<LeaseData, "generation"> | undefined,
  ): Promise<boolean> {
    const ref = this.ref(job);
    try {
      return await this.context.run(() =>
        this.context.db.runTransaction(
          async (transaction: Transaction) => {
            const lease = (await transaction.get(ref)).data() as LeaseData | undefined;
            const next = decide(lease);
            if (!next) return false;
            const generation = (lease?.generation ?? 0) + 1;
            transaction.create(ref.collection("generations").doc(String(generation)), {
              holder: next.holder,
              leaseUntil: next.leaseUntil,
            });
            transaction.set(ref, { ...next, generation });
            return true;
          },
          { maxAttempts: 3 },
        ),
      );
    } catch (error) {
      if (grpcCode(error) === ALREADY_EXISTS) return false;
      throw error;
    }
  }

  take(job: string, holder: string, now: Date, leaseMs: number): Promise<boolean> {
    const leaseUntil = Timestamp.fromMillis(now.getTime() + leaseMs);
    return this.change(job, (lease) =>
      !lease || lease.holder === holder || lease.leaseUntil.toMillis() <= now.getTime()
        ? { holder, leaseUntil }
        : undefined,
    );
  }

  renew(job: string, holder: string, now: Date, leaseMs: number): Promise<boolean> {
    const leaseUntil = Timestamp.fromMillis(now.getTime() + leaseMs);
    return this.change(job, (lease) => (lease?.holder === holder ? { holder, leaseUntil } : undefined));
  }

  async release(job: string, holder: string, now: Date): Promise<void> {
    await this.change(job, (lease) =>
      lease?.holder === holder && lease.leaseUntil.toMillis() > now.getTime()
        ? { holder, leaseUntil: Timestamp.fromDate(now) }
        : undefined,
    );
  }
}
