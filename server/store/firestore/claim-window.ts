import { randomInt } from "node:crypto";
import {
  Timestamp,
  type CollectionReference,
  type DocumentReference,
  type Transaction,
} from "firebase-admin/firestore";
import { ALREADY_EXISTS, grpcCode } from "./connection";

/** A claim reads this many times its limit of due documents, to spread instances over them. */
const CLAIM_WINDOW = 4;

/** A copy of `items` in random order (Fisher–Yates). */
function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/** What an outbox document holds for its claim. */
interface Claimable {
  status: string;
  dueAt?: Timestamp | null;
  claimGeneration?: number;
}

/**
 * Claims up to `limit` documents of an outbox collection that are due (`status == "pending"` and
 * `dueAt <= now`, oldest first, from its composite index) for `options.worker`. Instances reading
 * the same head of the queue would all try the same few documents, and all but one would lose
 * each: each reads a window of CLAIM_WINDOW times its limit and tries it in its own random order,
 * a round of what it still lacks at a time, until it holds `limit` or has tried them all
 * (docs/decisions/016).
 *
 * Each is claimed in a transaction of its own: read it, check it is still due and not leased, ask
 * `claim` (which may read more in the transaction, and answers what the claim gives, or undefined
 * to leave the document, having deleted it, say), take the lease (takeLease). The transaction
 * alone is enough on Firestore; creating `claims/{generation}` first also makes a second claimer's
 * commit fail with ALREADY_EXISTS wherever transactions are not isolated (the local emulator), and
 * keeps a record of who claimed what.
 */
export async function claimDueDocuments<D extends Claimable, T>(
  outbox: CollectionReference,
  options: { worker: string; now: Date; limit: number; leaseMs: number },
  claim: (transaction: Transaction, ref: DocumentReference, data: D) => Promise<T | undefined>,
): Promise<T[]> {
  const limit = Math.max(0, Math.floor(options.limit));
  if (limit === 0) return [];
  const now = Timestamp.fromDate(options.now);
  const until = Timestamp.fromMillis(options.now.getTime() + options.leaseMs);
  const claimOne = async (ref: DocumentReference): Promise<T | undefined> => {
    try {
      return await outbox.firestore.runTransaction(
        async (transaction) => {
          const data = (await transaction.get(ref)).data() as D | undefined;
          if (!data || data.status !== "pending" || !data.dueAt || data.dueAt.toMillis() > now.toMillis()) {
            return undefined;
          }
          const claimed = await claim(transaction, ref, data);
          if (claimed !== undefined) {
            takeLease(transaction, ref, {
              worker: options.worker,
              now,
              until,
              previousGeneration: data.claimGeneration,
            });
          }
          return claimed;
        },
        { maxAttempts: 3 },
      );
    } catch (error) {
      if (grpcCode(error) === ALREADY_EXISTS) return undefined; // another worker claimed it first
      throw error;
    }
  };
  const window = await outbox
    .where("status", "==", "pending")
    .where("dueAt", "<=", now)
    .orderBy("dueAt")
    .limit(limit * CLAIM_WINDOW)
    .get();
  const candidates = shuffled(window.docs.map((doc) => doc.ref));
  const claimed: T[] = [];
  while (claimed.length < limit && candidates.length > 0) {
    const round = candidates.splice(0, limit - claimed.length);
    const claims = await Promise.all(round.map(claimOne));
    claimed.push(...claims.filter((each): each is Awaited<T> => each !== undefined));
  }
  return claimed;
}

/**
 * Takes the lease on one outbox document inside the claiming transaction: records the claim as
 * `claims/{generation}`, whose creation fails if another claimer took this generation (the refusal
 * holds even where transactions are not isolated, as on the emulator), and hides the document
 * from other claims until the lease runs out.
 */
function takeLease(
  transaction: Transaction,
  ref: DocumentReference,
  lease: { worker: string; now: Timestamp; until: Timestamp; previousGeneration: number | undefined },
): void {
  const generation = (lease.previousGeneration ?? 0) + 1;
  transaction.create(ref.collection("claims").doc(String(generation)), {
    worker: lease.worker,
    claimedAt: lease.now,
    expiresAt: lease.until,
  });
  transaction.update(ref, {
    claimedBy: lease.worker,
    claimExpiresAt: lease.until,
    dueAt: lease.until,
    claimGeneration: generation,
  });
}
