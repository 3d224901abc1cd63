import { randomUUID } from "node:crypto";
import type {
  DocumentData,
  DocumentReference,
  QueryDocumentSnapshot,
  Transaction,
} from "firebase-admin/firestore";
import type { StaffMember, StaffRole } from "../../../domain/console";
import { invitationsWithdrawn, leavesNoOwner, type StaffStanding } from "../../../domain/staff";
import {
  changeRole,
  sendResetLink,
  setPasswordByLink,
  type LinkChange,
  type QueuedLink,
} from "../../work/member-changes";
import type { MemberStore, StaffLink, StaffLinkUse } from "../members";
import { driveStepsAsync } from "../step-port";
import { LastOwnerError, normalizeStaffEmail, StaffExistsError } from "../staff";
import type { StaffLinkMail } from "../store";
import { ALREADY_EXISTS, grpcCode, keyDocumentId, type FirestoreContext } from "./connection";
import { newNotification } from "./documents";

/** A link not used yet: "" (not null), which the emulator can combine with other filters. */
const UNUSED = "";

function linkOf(id: string, data: DocumentData): StaffLink {
  return {
    id,
    staffId: String(data.staffId),
    purpose: data.purpose === "reset" ? "reset" : "invitation",
    createdAt: String(data.createdAt),
    expiresAt: String(data.expiresAt),
    usedAt: typeof data.usedAt === "string" && data.usedAt !== "" ? data.usedAt : null,
    // Absent from a link sent before links recorded it (domain/staff.ts: "untraced").
    sentBy: typeof data.sentBy === "string" && data.sentBy !== "" ? data.sentBy : null,
    revokedAt: typeof data.revokedAt === "string" && data.revokedAt !== "" ? data.revokedAt : null,
  };
}

/** An account's standing (domain/staff.ts) as its document holds it. */
export function standingOf(doc: { get(field: string): unknown } | undefined): StaffStanding | null {
  if (!doc) return null;
  return { role: doc.get("role") === "owner" ? "owner" : "member", invited: doc.get("passwordHash") === "" };
}

/**
 * Throws LastOwnerError when changing account `id` to `role` (null: removing it) would leave no
 * active owner among `staff` (every account, as read in the caller's transaction).
 */
export function keepAnOwner(
  staff: readonly QueryDocumentSnapshot[],
  change: { id: string; role: StaffRole | null },
): void {
  const standings = staff.map((doc) => ({
    id: String(doc.get("id")),
    ...(standingOf(doc) as StaffStanding),
  }));
  if (leavesNoOwner(standings, change)) throw new LastOwnerError();
}

/**
 * The links of `sent` (all those one member sent) that the sender's new standing (null: removed)
 * withdraws: those not used nor withdrawn yet, to accounts of `staff` with no password yet, that
 * domain/staff.ts says the sender may no longer send. The caller writes `revokedAt` on each, in
 * the write that removes or demotes the sender.
 */
export function invitationsToWithdraw(
  sent: readonly QueryDocumentSnapshot[],
  staff: readonly QueryDocumentSnapshot[],
  senderAfter: StaffStanding | null,
): DocumentReference[] {
  const accounts = new Map(staff.map((doc) => [String(doc.get("id")), standingOf(doc)]));
  const pending = sent.flatMap((doc) => {
    const link = linkOf(doc.id, doc.data());
    const account = accounts.get(link.staffId);
    return link.usedAt === null && link.revokedAt === null && account?.invited
      ? [{ linkId: doc.id, role: account.role, ref: doc.ref }]
      : [];
  });
  const withdrawn = new Set(invitationsWithdrawn(senderAfter, pending));
  return pending.filter(({ linkId }) => withdrawn.has(linkId)).map(({ ref }) => ref);
}

/** Links in `staffLinks/{id}`; accounts in `staff` (by address), their sessions in `sessions`. */
export class FirestoreMemberStore implements MemberStore {
  constructor(private readonly context: FirestoreContext) {}

  private get staff() {
    return this.context.db.collection("staff");
  }
  private get links() {
    return this.context.db.collection("staffLinks");
  }

  /** Stores a link and queues its mail, in the caller's transaction. */
  private queueLink(transaction: Transaction, link: QueuedLink) {
    const mail: StaffLinkMail = {
      linkId: link.linkId,
      purpose: link.purpose,
      expiresAt: link.expiresAt.toISOString(),
      ...(link.sentByName ? { sentByName: link.sentByName } : {}),
    };
    transaction.create(this.links.doc(link.linkId), {
      staffId: link.staffId,
      sentBy: link.sentBy,
      revokedAt: null,
      purpose: link.purpose,
      createdAt: link.now.toISOString(),
      expiresAt: mail.expiresAt,
      usedAt: UNUSED,
    });
    transaction.create(
      this.context.db.collection("notifications").doc(randomUUID()),
      newNotification({
        kind: "staff-link",
        at: link.now,
        staffId: link.staffId,
        payload: JSON.stringify(mail),
      }),
    );
  }

  async invite(input: {
    email: string;
    role: StaffRole;
    displayName?: string | null;
    sentBy: string;
    sentByName?: string;
    linkId: string;
    expiresAt: Date;
    now: Date;
  }): Promise<StaffMember> {
    const created: StaffMember = {
      id: randomUUID(),
      email: normalizeStaffEmail(input.email),
      role: input.role,
      totpEnabled: false,
      createdAt: input.now.toISOString(),
      invited: true,
      totpPromptDeferred: false,
      displayName: input.displayName ?? null,
    };
    await this.context.run(async () => {
      try {
        await this.context.db.runTransaction(async (transaction) => {
          transaction.create(this.staff.doc(keyDocumentId(created.email)), {
            id: created.id,
            email: created.email,
            role: created.role,
            createdAt: created.createdAt,
            displayName: created.displayName,
            passwordHash: "",
            totpSecret: null,
            pendingTotpSecret: null,
            recoveryCodeHashes: [],
          });
          this.queueLink(transaction, { ...input, staffId: created.id, purpose: "invitation" });
        });
      } catch (error) {
        if (grpcCode(error) === ALREADY_EXISTS) throw new StaffExistsError(created.email);
        throw error;
      }
    });
    return created;
  }

  /**
   * Runs a change of links and passwords (server/work/member-changes.ts) in one transaction: reads
   * answered as asked, writes held back and made together once the change has returned.
   */
  private changeLinks<R>(change: () => LinkChange<R>): Promise<R> {
    return this.context.run(() =>
      this.context.db.runTransaction(async (transaction) => {
        const writes: (() => void)[] = [];
        const accounts = new Map<string, DocumentReference>();
        const result = await driveStepsAsync(change(), {
          readStanding: async ({ staffId }) => {
            const account = (await transaction.get(this.staff.where("id", "==", staffId).limit(1))).docs[0];
            if (account) accounts.set(staffId, account.ref);
            return standingOf(account);
          },
          readLink: async ({ linkId }) => {
            const snapshot = await transaction.get(this.links.doc(linkId));
            return snapshot.exists ? linkOf(linkId, snapshot.data() as DocumentData) : null;
          },
          readUnusedLinks: async ({ staffId }) =>
            (
              await transaction.get(this.links.where("staffId", "==", staffId).where("usedAt", "==", UNUSED))
            ).docs.map((doc) => doc.id),
          endSessions: async ({ staffId }) => {
            const sessions = await transaction.get(
              this.context.db.collection("sessions").where("staffId", "==", staffId),
            );
            for (const session of sessions.docs) writes.push(() => transaction.delete(session.ref));
          },
          spendLinks: ({ linkIds, at, claimed }) => {
            writes.push(() => {
              // Creating the use's marker fails for the second of two uses at once.
              if (claimed) transaction.create(this.links.doc(claimed).collection("uses").doc("once"), { at });
              for (const id of linkIds) transaction.update(this.links.doc(id), { usedAt: at });
            });
          },
          setPassword: ({ staffId, passwordHash, totpOff }) => {
            const account = accounts.get(staffId);
            if (!account) throw new Error("the account's password is set after reading it");
            writes.push(() =>
              transaction.update(account, {
                passwordHash,
                ...(totpOff ? { totpSecret: null, pendingTotpSecret: null, recoveryCodeHashes: [] } : {}),
              }),
            );
          },
          queueLink: (link) => {
            writes.push(() => this.queueLink(transaction, link));
          },
          readStaff: async () =>
            (await transaction.get(this.staff)).docs.map((doc) => {
              accounts.set(String(doc.get("id")), doc.ref);
              return { id: String(doc.get("id")), ...(standingOf(doc) as StaffStanding) };
            }),
          readLinksSentBy: async ({ staffId }) =>
            (await transaction.get(this.links.where("sentBy", "==", staffId))).docs.map((doc) =>
              linkOf(doc.id, doc.data()),
            ),
          setRole: ({ staffId, role }) => {
            const account = accounts.get(staffId);
            if (!account) throw new Error("the account's role is set after reading it");
            writes.push(() => transaction.update(account, { role }));
          },
          revokeLinks: ({ linkIds, at }) => {
            for (const id of linkIds)
              writes.push(() => transaction.update(this.links.doc(id), { revokedAt: at }));
          },
        });
        for (const write of writes) write();
        return result;
      }),
    );
  }

  async sendReset(input: Omit<QueuedLink, "purpose">): Promise<boolean> {
    return this.changeLinks(() => sendResetLink(input));
  }

  async findLink(linkId: string): Promise<StaffLink | null> {
    return this.context.run(async () => {
      const snapshot = await this.links.doc(linkId).get();
      return snapshot.exists ? linkOf(linkId, snapshot.data() as DocumentData) : null;
    });
  }

  async useLink(
    linkId: string,
    change: { passwordHash: string; totpOff: boolean; now: Date },
  ): Promise<StaffLinkUse> {
    try {
      return await this.changeLinks(() => setPasswordByLink(linkId, change));
    } catch (error) {
      if (grpcCode(error) === ALREADY_EXISTS) return "used";
      throw error;
    }
  }

  async setRole(
    staffId: string,
    role: StaffRole,
    at = new Date(),
    options: { keepAnOwner?: boolean } = {},
  ): Promise<boolean> {
    return this.changeLinks(() => changeRole(staffId, role, at, options));
  }

  async setTotpPromptDeferred(staffId: string, deferred: boolean): Promise<void> {
    await this.context.run(async () => {
      const account = (await this.staff.where("id", "==", staffId).limit(1).get()).docs[0];
      await account?.ref.update({ totpPromptDeferred: deferred });
    });
  }

  async setDisplayName(staffId: string, displayName: string | null): Promise<boolean> {
    return this.context.run(async () => {
      const account = (await this.staff.where("id", "==", staffId).limit(1).get()).docs[0];
      if (!account) return false;
      await account.ref.update({ displayName });
      return true;
    });
  }

  async setAwayUntil(staffId: string, awayUntil: string | null): Promise<boolean> {
    return this.context.run(async () => {
      const account = (await this.staff.where("id", "==", staffId).limit(1).get()).docs[0];
      if (!account) return false;
      await account.ref.update({ awayUntil });
      return true;
    });
  }
}
