import { sessionCutoffs, type SessionStore } from "../sessions";
import { eraseOlder, type FirestoreContext } from "./connection";
import { accountByIdQuery } from "./staff";

/** One document per session, its id the SHA-256 of the cookie's token. */
export class FirestoreSessionStore implements SessionStore {
  constructor(private readonly context: FirestoreContext) {}

  private get sessions() {
    return this.context.db.collection("sessions");
  }

  async create(session: { tokenHash: string; staffId: string; now: Date }): Promise<boolean> {
    const now = session.now.toISOString();
    // The account is read in the transaction that makes the session: a removal (which deletes the
    // account and its sessions in one transaction, members.ts) comes wholly before or after it.
    return this.context.run(() =>
      this.context.db.runTransaction(async (transaction) => {
        const account = await transaction.get(accountByIdQuery(this.context, session.staffId));
        if (account.empty) return false;
        transaction.create(this.sessions.doc(session.tokenHash), {
          staffId: session.staffId,
          createdAt: now,
          lastSeenAt: now,
        });
        return true;
      }),
    );
  }

  async touch(
    tokenHash: string,
    now: Date,
    idleMs: number,
    lifetimeMs?: number,
  ): Promise<{ staffId: string } | null> {
    const { lastUsedAfter: oldest, begunAfter: earliest } = sessionCutoffs(now, idleMs, lifetimeMs);
    return this.context.run(() =>
      this.context.db.runTransaction(async (transaction) => {
        const ref = this.sessions.doc(tokenHash);
        const snapshot = await transaction.get(ref);
        if (!snapshot.exists) return null;
        if (String(snapshot.get("lastSeenAt")) <= oldest || String(snapshot.get("createdAt")) <= earliest) {
          transaction.delete(ref);
          return null;
        }
        transaction.update(ref, { lastSeenAt: now.toISOString() });
        return { staffId: String(snapshot.get("staffId")) };
      }),
    );
  }

  async delete(tokenHash: string): Promise<void> {
    await this.context.run(() => this.sessions.doc(tokenHash).delete());
  }

  async deleteForStaff(staffId: string, exceptTokenHash?: string): Promise<number> {
    return this.context.run(async () => {
      const snapshot = await this.sessions.where("staffId", "==", staffId).get();
      const ending = snapshot.docs.filter((doc) => doc.id !== exceptTokenHash);
      const batch = this.context.db.batch();
      for (const doc of ending) batch.delete(doc.ref);
      await batch.commit();
      return ending.length;
    });
  }

  async countActive(staffId: string, now: Date, idleMs: number): Promise<number> {
    const { lastUsedAfter: oldest } = sessionCutoffs(now, idleMs);
    return this.context.run(async () => {
      const snapshot = await this.sessions.where("staffId", "==", staffId).get();
      return snapshot.docs.filter((doc) => String(doc.get("lastSeenAt")) > oldest).length;
    });
  }

  eraseIdle(before: Date): Promise<number> {
    return eraseOlder(this.context, this.sessions, "lastSeenAt", before.toISOString());
  }
}
