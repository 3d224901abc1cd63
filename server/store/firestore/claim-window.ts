import { randomInt } from "node:crypto";
import {
  Timestamp,
  type CollectionReference,
  type DocumentReference,
  type Transaction,
} from "firebase-admin/firestore";

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

/**
 * Claims up to `limit` documents of an outbox collection that are due (`status == "pending"` and
 * `dueAt <= now`, oldest first, from its composite index), each with `claim`, a transaction that
 * answers undefined when another worker took it first. Instances reading the same head of the
 * queue would all try the same few documents, and all but one would lose each: each reads a window
 * of CLAIM_WINDOW times its limit and tries it in its own random order, a round of what it still
 * lacks at a time, until it holds `limit` or has tried them all (docs/decisions/016).
 */
export async function claimDueDocuments<T>(
  outbox: CollectionReference,
  options: { now: Date; limit: number; leaseMs: number },
  claim: (ref: DocumentReference, now: Timestamp, until: Timestamp) => Promise<T | undefined>,
): Promise<T[]> {
  const limit = Math.max(0, Math.floor(options.limit));
  if (limit === 0) return [];
  const now = Timestamp.fromDate(options.now);
  const until = Timestamp.fromMillis(options.now.getTime() + options.leaseMs);
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
    const claims = await Promise.all(round.map((ref) => claim(ref, now, until)));
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
export function takeLease(
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
