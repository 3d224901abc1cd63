import type { DocumentReference, DocumentSnapshot, Transaction } from "firebase-admin/firestore";
import { linkAndMailOf, type MemberAdapter, type MemberSteps, type QueuedLink } from "../member-port";
import type { StaffLink } from "../members";
import { standingOf } from "../staff";
import type { ChangeOf } from "../step-port";
import { collectionsOf, keyDocumentId, type FirestoreContext } from "./connection";
import { queueNotification } from "./documents";
import { readDevicesClaimingVersion } from "./push";
import { accountByIdQuery, accountDocument, accountOf, totpOffFields, updateAccount } from "./staff";
import { runStepsInTransaction } from "./step-transaction";
import { readWorks, text, webhookQueues, writePlan } from "./work-record";
import { memberAlertAnswers } from "./work-port";

/** A link not used yet: "" (not null), which the emulator can combine with other filters. */
const UNUSED = "";

/** The link its document holds; null when there is no such document. */
function linkOf(snapshot: DocumentSnapshot): StaffLink | null {
  const data = snapshot.data();
  if (!data) return null;
  return {
    id: snapshot.id,
    staffId: String(data.staffId),
    purpose: data.purpose === "reset" ? "reset" : "invitation",
    createdAt: String(data.createdAt),
    expiresAt: String(data.expiresAt),
    usedAt: text(data.usedAt),
    // Absent from a link sent before links recorded it (domain/staff.ts: "untraced").
    sentBy: text(data.sentBy),
    revokedAt: text(data.revokedAt),
  };
}

/** Links in `staffLinks/{id}`; accounts in `staff` (by address), their sessions in `sessions`. */
export class FirestoreMemberStore implements MemberAdapter {
  constructor(private readonly context: FirestoreContext) {}

  private get staff() {
    return this.context.db.collection("staff");
  }
  private get links() {
    return this.context.db.collection("staffLinks");
  }

  /** Stores a link and queues its mail, in the caller's transaction. */
  private queueLink(transaction: Transaction, link: QueuedLink) {
    const { stored, mail } = linkAndMailOf(link);
    const { id, usedAt: _unused, ...fields } = stored;
    transaction.create(this.links.doc(id), { ...fields, usedAt: UNUSED });
    queueNotification(this.context, transaction, {
      kind: "staff-link",
      at: link.now,
      staffId: link.staffId,
      payload: JSON.stringify(mail),
    });
  }

  /**
   * Runs a member's change (server/work/member-changes.ts) in one transaction: reads answered as
   * asked, writes held back and made together once the change has returned.
   */
  run<R>(change: () => ChangeOf<MemberSteps, R>): Promise<R> {
    const context = this.context;
    const { work } = collectionsOf(context);
    const sessions = context.db.collection("sessions");
    const staffVersions = context.db.collection("staffVersions");
    return runStepsInTransaction(context, change, (transaction, hold) => {
      const accounts = new Map<string, DocumentReference>();
      const accountRef = (staffId: string) => {
        const account = accounts.get(staffId);
        if (!account) throw new Error("an account is written after reading it");
        return account;
      };
      return {
        ...memberAlertAnswers(context, transaction, hold),
        readStanding: async ({ staffId }) => {
          const account = (await transaction.get(accountByIdQuery(context, staffId))).docs[0];
          if (account) accounts.set(staffId, account.ref);
          return account ? standingOf(accountOf(account.data())) : null;
        },
        readAccountId: async ({ email }) => {
          const account = await transaction.get(this.staff.doc(keyDocumentId(email)));
          if (!account.exists) return null;
          accounts.set(String(account.get("id")), account.ref);
          return String(account.get("id"));
        },
        readLink: async ({ linkId }) => linkOf(await transaction.get(this.links.doc(linkId))),
        readUnusedLinks: async ({ staffId }) =>
          (
            await transaction.get(this.links.where("staffId", "==", staffId).where("usedAt", "==", UNUSED))
          ).docs.map((doc) => doc.id),
        endSessions: async ({ staffId }) => {
          const theirs = await transaction.get(sessions.where("staffId", "==", staffId));
          for (const session of theirs.docs) hold(() => transaction.delete(session.ref));
        },
        spendLinks: ({ linkIds, at, claimed }) => {
          hold(() => {
            // Creating the use's marker fails for the second of two uses at once.
            if (claimed) transaction.create(this.links.doc(claimed).collection("uses").doc("once"), { at });
            for (const id of linkIds) transaction.update(this.links.doc(id), { usedAt: at });
          });
        },
        setPassword: ({ staffId, passwordHash, totpOff }) => {
          const account = accountRef(staffId);
          hold(() =>
            transaction.update(account, {
              passwordHash,
              ...(totpOff ? totpOffFields() : {}),
            }),
          );
        },
        createAccount: ({ member }) =>
          hold(() =>
            transaction.create(this.staff.doc(keyDocumentId(member.email)), accountDocument(member, "")),
          ),
        queueLink: (link) => hold(() => this.queueLink(transaction, link)),
        readStaff: async () => {
          const [staff, current] = await Promise.all([
            transaction.get(this.staff),
            transaction.get(staffVersions.doc("current")),
          ]);
          // A change that read the staff claims their next version, first of its writes: of two
          // read at once (an owner guarded by each), the second is refused (WriteConflictError),
          // even where transactions are not isolated (the emulator).
          const version = Number(current.get("version") ?? 0) + 1;
          hold(() => {
            transaction.create(staffVersions.doc(`v${version}`), {});
            transaction.set(staffVersions.doc("current"), { version });
          });
          return staff.docs.map((doc) => {
            accounts.set(String(doc.get("id")), doc.ref);
            return standingOf(accountOf(doc.data()));
          });
        },
        readLinksSentBy: async ({ staffId }) =>
          (await transaction.get(this.links.where("sentBy", "==", staffId))).docs.flatMap(
            (doc) => linkOf(doc) ?? [],
          ),
        setRole: ({ staffId, role }) => {
          const account = accountRef(staffId);
          hold(() => transaction.update(account, { role }));
        },
        revokeLinks: ({ linkIds, at }) => {
          for (const id of linkIds) hold(() => transaction.update(this.links.doc(id), { revokedAt: at }));
        },
        readWorkOf: async ({ staffId }) => {
          // An enquiry that is not the team's work (spam, a duplicate) holds its owner apart from
          // `ownerId` (work-record.ts).
          const [owned, held] = await Promise.all([
            transaction.get(work.where("ownerId", "==", staffId)),
            transaction.get(work.where("heldOwnerId", "==", staffId)),
          ]);
          const ids = [...owned.docs, ...held.docs].map((doc) => doc.id);
          return (await readWorks(context, transaction, ids)).flatMap((read) => read ?? []);
        },
        writePlan: async ({ read, plan, actor }) => {
          // The webhook events a plan may send, read as the work port reads them.
          const queues = await webhookQueues(
            context,
            plan.webhooks.map(({ type }) => type),
          );
          const target = { stored: read.stored, before: read.recorded ? read.work : null };
          hold(() => writePlan(context, transaction, target, plan, actor, queues));
        },
        removeAccount: async ({ staffId }) => {
          const account = accountRef(staffId);
          const [theirs, devices, links, mails] = await Promise.all([
            transaction.get(sessions.where("staffId", "==", staffId)),
            // Their devices stop getting notifications. The removal claims their devices' next
            // version as a change of their devices does, and keeps it: a subscribe that read the
            // member before the removal was written is refused, even a member's first (the
            // emulator does not isolate transactions), and one read after finds no member.
            readDevicesClaimingVersion(context, transaction, hold, staffId),
            // Their links go with them, and the mails still waiting to go to them.
            transaction.get(this.links.where("staffId", "==", staffId)),
            transaction.get(
              collectionsOf(context)
                .notifications.where("staffId", "==", staffId)
                .where("status", "==", "pending"),
            ),
          ]);
          hold(() => {
            for (const doc of [...theirs.docs, ...devices, ...links.docs, ...mails.docs])
              transaction.delete(doc.ref);
            transaction.delete(account);
          });
        },
      };
    });
  }

  async findLink(linkId: string): Promise<StaffLink | null> {
    return this.context.run(async () => linkOf(await this.links.doc(linkId).get()));
  }

  async setTotpPromptDeferred(staffId: string, deferred: boolean): Promise<void> {
    await updateAccount(this.context, staffId, { totpPromptDeferred: deferred });
  }

  async setDisplayName(staffId: string, displayName: string | null): Promise<boolean> {
    return updateAccount(this.context, staffId, { displayName });
  }

  async setAwayUntil(staffId: string, awayUntil: string | null): Promise<boolean> {
    return updateAccount(this.context, staffId, { awayUntil });
  }
}
