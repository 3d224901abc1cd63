import type { SignInThrottleStore, ThrottleState } from "../sign-in-throttle";
import { deleteInBatches, keyDocumentId, type FirestoreContext } from "./connection";

export class FirestoreSignInThrottleStore implements SignInThrottleStore {
  constructor(private readonly context: FirestoreContext) {}

  private doc(key: string) {
    return this.context.db.collection("signInThrottle").doc(keyDocumentId(key));
  }

  async get(key: string): Promise<ThrottleState | null> {
    return this.context.run(async () => {
      const snapshot = await this.doc(key).get();
      if (!snapshot.exists) return null;
      return {
        failures: Number(snapshot.get("failures")),
        windowStartedAt: String(snapshot.get("windowStartedAt")),
        blockedUntil: (snapshot.get("blockedUntil") as string | null) ?? null,
        lastPenaltyMs: Number(snapshot.get("lastPenaltyMs")),
      };
    });
  }

  async put(key: string, state: ThrottleState): Promise<void> {
    await this.context.run(() => this.doc(key).set({ ...state }));
  }

  async clear(key: string): Promise<void> {
    await this.context.run(() => this.doc(key).delete());
  }

  async eraseStale(before: Date): Promise<number> {
    const at = before.toISOString();
    // One field in the query, so no composite index is needed; the block's end is checked here.
    const old = await this.context.run(() =>
      this.context.db.collection("signInThrottle").where("windowStartedAt", "<", at).get(),
    );
    const stale = old.docs.filter((doc) => {
      const blockedUntil = doc.get("blockedUntil") as string | null | undefined;
      return !blockedUntil || blockedUntil < at;
    });
    await deleteInBatches(
      this.context,
      stale.map((doc) => doc.ref),
    );
    return stale.length;
  }
}
