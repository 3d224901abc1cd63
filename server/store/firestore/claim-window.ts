import { randomInt } from "node:crypto";
import type { DocumentReference, Query } from "firebase-admin/firestore";

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
 * Claims up to `limit` of the documents `due` finds (an outbox's "pending and due, oldest first"),
 * each with `claim`, a transaction that answers undefined when another took it first. Instances
 * reading the same head of the queue would all try the same few documents, and all but one would
 * lose each: each reads a window of CLAIM_WINDOW times its limit and tries it in its own random
 * order, a round of what it still lacks at a time, until it holds `limit` or has tried them all
 * (docs/decisions/016).
 */
export async function claimFromWindow<T>(
  due: Query,
  limit: number,
  claim: (ref: DocumentReference) => Promise<T | undefined>,
): Promise<T[]> {
  const window = await due.limit(limit * CLAIM_WINDOW).get();
  const candidates = shuffled(window.docs.map((doc) => doc.ref));
  const claimed: T[] = [];
  while (claimed.length < limit && candidates.length > 0) {
    const round = candidates.splice(0, limit - claimed.length);
    const claims = await Promise.all(round.map(claim));
    claimed.push(...claims.filter((each): each is Awaited<T> => each !== undefined));
  }
  return claimed;
}
