import type { DocumentData, DocumentSnapshot } from "firebase-admin/firestore";
import type { StaffMember, StaffRole } from "../../../domain/console";
import {
  newStaffMember,
  normalizeStaffEmail,
  StaffExistsError,
  staffMember,
  type StaffAccount,
  type StaffStore,
} from "../staff";
import { compareText } from "../compare-text";
import { ALREADY_EXISTS, grpcCode, keyDocumentId, type FirestoreContext } from "./connection";

/** The account its document holds: the one decoding of it. */
export function accountOf(data: DocumentData): StaffAccount {
  return {
    id: String(data.id),
    email: String(data.email),
    // "staff" was the member's former name: documents written before keep it.
    role: data.role === "owner" ? "owner" : "member",
    totpEnabled: typeof data.totpSecret === "string",
    createdAt: String(data.createdAt),
    invited: data.passwordHash === "",
    totpPromptDeferred: data.totpPromptDeferred === true,
    displayName: typeof data.displayName === "string" && data.displayName !== "" ? data.displayName : null,
    awayUntil: typeof data.awayUntil === "string" && data.awayUntil !== "" ? data.awayUntil : null,
    passwordHash: String(data.passwordHash),
    totpSecret: typeof data.totpSecret === "string" ? data.totpSecret : null,
    pendingTotpSecret: typeof data.pendingTotpSecret === "string" ? data.pendingTotpSecret : null,
    recoveryCodeHashes: Array.isArray(data.recoveryCodeHashes) ? data.recoveryCodeHashes.map(String) : [],
  };
}

/**
 * A new account's document in `staff` (by its address, keyDocumentId): the one place its fields
 * are written; `account` reads them back.
 */
export function accountDocument(member: StaffMember, passwordHash: string): DocumentData {
  const { id, email, role, createdAt, displayName } = member;
  return {
    id,
    email,
    role,
    createdAt,
    displayName,
    passwordHash,
    ...totpOffFields(),
  };
}

/** An account's fields with TOTP off: no secret in use or offered, no recovery codes. */
export function totpOffFields() {
  return { totpSecret: null, pendingTotpSecret: null, recoveryCodeHashes: [] };
}

/** The query for an account by its id (its document id is made from its address). */
export function accountByIdQuery(context: FirestoreContext, id: string) {
  return context.db.collection("staff").where("id", "==", id).limit(1);
}

/** The account's document, found by its id. */
async function accountById(context: FirestoreContext, id: string) {
  return (await accountByIdQuery(context, id).get()).docs[0];
}

/** Updates the account's fields; false when there is no such account. */
export async function updateAccount(
  context: FirestoreContext,
  id: string,
  fields: DocumentData,
): Promise<boolean> {
  return context.run(async () => {
    const account = await accountById(context, id);
    await account?.ref.update(fields);
    return account !== undefined;
  });
}

/** One document per account, its id derived from the e-mail, so two accounts cannot share one. */
export class FirestoreStaffStore implements StaffStore {
  constructor(private readonly context: FirestoreContext) {}

  private get staff() {
    return this.context.db.collection("staff");
  }

  async add(input: { email: string; role: StaffRole; passwordHash: string }): Promise<StaffMember> {
    const created = newStaffMember({ ...input, createdAt: new Date().toISOString() });
    await this.context.run(async () => {
      try {
        await this.staff
          .doc(keyDocumentId(created.email))
          .create(accountDocument(created, input.passwordHash));
      } catch (error) {
        if (grpcCode(error) === ALREADY_EXISTS) throw new StaffExistsError(created.email);
        throw error;
      }
    });
    return created;
  }

  async findByEmail(email: string): Promise<StaffAccount | null> {
    return this.context.run(async () => {
      const snapshot = await this.staff.doc(keyDocumentId(normalizeStaffEmail(email))).get();
      return snapshot.exists ? accountOf(snapshot.data() as DocumentData) : null;
    });
  }

  async findById(id: string): Promise<StaffAccount | null> {
    return this.context.run(async () => {
      const doc = await accountById(this.context, id);
      return doc ? accountOf(doc.data()) : null;
    });
  }

  async list(): Promise<StaffMember[]> {
    return this.context.run(async () => {
      const snapshot = await this.staff.orderBy("createdAt").get();
      // Oldest first, and by address within one millisecond, as on SQLite: a team's accounts are few.
      return snapshot.docs
        .map((doc) => staffMember(accountOf(doc.data())))
        .sort((a, b) => compareText(a.createdAt, b.createdAt) || compareText(a.email, b.email));
    });
  }

  async ownerExists(): Promise<boolean> {
    return this.context.run(
      async () => !(await this.staff.where("role", "==", "owner").limit(1).get()).empty,
    );
  }

  async resetPassword(email: string, passwordHash: string): Promise<boolean> {
    return this.context.run(async () => {
      const ref = this.staff.doc(keyDocumentId(normalizeStaffEmail(email)));
      if (!(await ref.get()).exists) return false;
      await ref.update({ passwordHash, ...totpOffFields() });
      return true;
    });
  }

  async setPendingTotp(id: string, secret: string): Promise<void> {
    await updateAccount(this.context, id, { pendingTotpSecret: secret });
  }

  async enableTotp(id: string, recoveryCodeHashes: readonly string[]): Promise<void> {
    await this.context.run(async () => {
      const doc = await accountById(this.context, id);
      const pending = doc?.get("pendingTotpSecret") as unknown;
      if (!doc || typeof pending !== "string") return;
      await doc.ref.update({
        totpSecret: pending,
        pendingTotpSecret: null,
        recoveryCodeHashes: [...recoveryCodeHashes],
      });
    });
  }

  async disableTotp(id: string): Promise<void> {
    await updateAccount(this.context, id, totpOffFields());
  }

  async useTotpStep(id: string, timeStep: number): Promise<boolean> {
    return this.spendOnce(id, ["usedTotpSteps", String(timeStep)], (account) => {
      const last = account.get("totpLastStep") as number | undefined;
      return last !== undefined && last >= timeStep ? null : { totpLastStep: timeStep };
    });
  }

  async useRecoveryCode(id: string, codeHash: string): Promise<boolean> {
    return this.spendOnce(id, ["spentRecoveryCodes", codeHash], (account) => {
      const hashes = (account.get("recoveryCodeHashes") ?? []) as string[];
      return hashes.includes(codeHash)
        ? { recoveryCodeHashes: hashes.filter((hash) => hash !== codeHash) }
        : null;
    });
  }

  /**
   * Spends something of the account once, in one transaction: `spend` answers the fields to update
   * (null: refused), and a marker is created in the account's `marker` subcollection, named by the
   * account's id and the thing spent. False when there is no such account, when refused, or when a
   * second use at once created the marker first.
   */
  private async spendOnce(
    id: string,
    marker: [collection: string, id: string],
    spend: (account: DocumentSnapshot) => DocumentData | null,
  ): Promise<boolean> {
    return this.context.run(async () => {
      const doc = await accountById(this.context, id);
      if (!doc) return false;
      try {
        return await this.context.db.runTransaction(async (transaction) => {
          const fields = spend(await transaction.get(doc.ref));
          if (!fields) return false;
          // Creating the marker fails for the second of two uses at once. It is named by the
          // account's id too: the document is the address's, and outlives an account removed
          // from it, whose markers must not refuse a new account's first uses.
          const once = doc.ref.collection(marker[0]).doc(`${id} ${marker[1]}`);
          transaction.create(once, { at: new Date().toISOString() });
          transaction.update(doc.ref, fields);
          return true;
        });
      } catch (error) {
        if (grpcCode(error) === ALREADY_EXISTS) return false;
        throw error;
      }
    });
  }
}
