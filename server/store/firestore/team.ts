import { randomUUID } from "node:crypto";
import {
  FieldPath,
  type DocumentData,
  type DocumentReference,
  type Query,
  type QueryDocumentSnapshot,
  type Transaction,
} from "firebase-admin/firestore";
import { CLOSED_STATUSES, enquiryReference, type EnquiryStatus } from "../../../domain/console";
import {
  alertChoiceOf,
  DIGEST_LIST_MAX,
  DIGEST_SPAM_WINDOW_MS,
  membersNamedBy,
  parseAssignmentRule,
  type AlertChoice,
  type AssignmentRule,
  type DigestContent,
  type DigestItem,
  type DigestSection,
  type InboxView,
} from "../../../domain/team";
import type { BuyerType } from "../../../domain/enquiry";
import { decodePageCursor, encodePageCursor } from "../page-cursor";
import {
  digestNotificationId,
  type FollowUpResult,
  type OwnerChangeResult,
  type TeamFields,
  type TeamInboxRow,
  type TeamStore,
  type ViewCounts,
  type ViewRequest,
} from "../team";
import { ALREADY_EXISTS, collectionsOf, grpcCode, isoOf, sortKey, type FirestoreContext } from "./connection";
import { FirestoreEnquiryWorkStore } from "./enquiry-work";
import { staffNotification } from "./enquiries";

/** An unassigned enquiry's `ownerId`. */
export const UNASSIGNED = "";

/** The assignment rule and its turn counter: `settings/assignment`. */
export const ASSIGNMENT_DOC = ["settings", "assignment"] as const;
/** One marker per turn handed out (`{generation}-{turn}`): two enquiries can never create the same one. */
export const ASSIGNMENT_TURNS = "assignmentTurns";

/** The team's fields of an enquiry's work document. */
export function teamFieldsOf(data: DocumentData | undefined): TeamFields {
  return {
    // Unassigned is "" (not null): the emulator cannot combine a null test with other filters.
    ownerId: typeof data?.ownerId === "string" && data.ownerId !== "" ? data.ownerId : null,
    followUpAt: typeof data?.followUpAt === "string" ? data.followUpAt : null,
    nextStep: typeof data?.nextStep === "string" ? data.nextStep : null,
    touched: typeof data?.touchedAt === "string",
    dueAt: typeof data?.dueAt === "string" ? data.dueAt : null,
  };
}

/**
 * Marks an enquiry's work touched by staff at `at` (made, New, if staff never worked on it): its
 * first-contact target no longer counts, only its follow-up (none once closed). Reads first, as a
 * transaction must; the caller writes the rest after.
 */
export async function touchWork(
  transaction: Transaction,
  workRef: DocumentReference,
  enquiry: { id: string; receivedAt: string },
  at: string,
): Promise<(extra: DocumentData) => void> {
  const work = await transaction.get(workRef);
  return (extra) => {
    if (!work.exists) {
      transaction.set(workRef, {
        status: "New",
        version: 0,
        closedAt: null,
        receivedAt: enquiry.receivedAt,
        sortKey: sortKey(enquiry.receivedAt, enquiry.id),
        ownerId: UNASSIGNED,
        followUpAt: null,
        nextStep: null,
        touchedAt: at,
        dueAt: null,
        ...extra,
      });
      return;
    }
    const closed = CLOSED_STATUSES.includes((work.get("status") as EnquiryStatus | undefined) ?? "New");
    const followUpAt = (work.get("followUpAt") as string | null | undefined) ?? null;
    transaction.update(workRef, {
      touchedAt: (work.get("touchedAt") as string | undefined) ?? at,
      dueAt: closed ? null : followUpAt,
      ...extra,
    });
  };
}

/**
 * The team's work on Firestore: owner, follow-up, next step, touched and due times live in each
 * enquiry's `enquiryWork/{id}` document beside its status; the rule in `settings/assignment`;
 * each member's alert choice in their staff document; digests in the outbox (`notifications`).
 */
export class FirestoreTeamStore implements TeamStore {
  private readonly work: FirestoreEnquiryWorkStore;

  constructor(private readonly context: FirestoreContext) {
    this.work = new FirestoreEnquiryWorkStore(context);
  }

  private get collections() {
    return collectionsOf(this.context);
  }
  private get staff() {
    return this.context.db.collection("staff");
  }
  private get assignmentRef() {
    return this.context.db.collection(ASSIGNMENT_DOC[0]).doc(ASSIGNMENT_DOC[1]);
  }

  async assignmentRule(): Promise<AssignmentRule> {
    return this.context.run(async () => parseAssignmentRule((await this.assignmentRef.get()).get("rule")));
  }

  async setAssignmentRule(rule: AssignmentRule): Promise<boolean> {
    const named = membersNamedBy(rule);
    return this.context.run(async () => {
      const ids = new Set((await this.staff.get()).docs.map((doc) => String(doc.get("id"))));
      if (!named.every((id) => ids.has(id))) return false;
      // A new generation starts the turns again from the first member; old markers never collide.
      await this.context.db.runTransaction(async (transaction) => {
        const current = await transaction.get(this.assignmentRef);
        transaction.set(this.assignmentRef, {
          rule: JSON.stringify(rule),
          generation: Number(current.get("generation") ?? 0) + 1,
          turn: 0,
        });
      });
      return true;
    });
  }

  async alertChoices(): Promise<Map<string, AlertChoice>> {
    return this.context.run(async () => {
      const snapshot = await this.staff.get();
      return new Map(snapshot.docs.map((doc) => [String(doc.get("id")), alertChoiceOf(doc.get("alerts"))]));
    });
  }

  async setAlertChoice(staffId: string, choice: AlertChoice): Promise<boolean> {
    return this.context.run(async () => {
      const doc = (await this.staff.where("id", "==", staffId).limit(1).get()).docs[0];
      if (!doc) return false;
      await doc.ref.update({ alerts: choice });
      return true;
    });
  }

  private async history(
    workRef: DocumentReference,
    transaction: Transaction,
    entry: DocumentData,
    at: string,
  ) {
    const entryId = randomUUID();
    transaction.create(workRef.collection("history").doc(entryId), {
      at,
      ...entry,
      sortKey: sortKey(at, entryId),
    });
  }

  async setOwner(
    enquiryId: string,
    change: { ownerId: string | null; staffEmail: string; at: Date },
  ): Promise<OwnerChangeResult> {
    const at = change.at.toISOString();
    return this.context.run(async () => {
      const owner = change.ownerId
        ? (await this.staff.where("id", "==", change.ownerId).limit(1).get()).docs[0]
        : undefined;
      if (change.ownerId && !owner) return "no-such-member";
      return this.context.db.runTransaction(async (transaction): Promise<OwnerChangeResult> => {
        const enquiry = await transaction.get(this.collections.enquiries.doc(enquiryId));
        if (!enquiry.exists) return "not-found";
        const workRef = this.collections.work.doc(enquiryId);
        const write = await touchWork(
          transaction,
          workRef,
          { id: enquiryId, receivedAt: isoOf(enquiry.get("receivedAt")) },
          at,
        );
        write({ ownerId: change.ownerId ?? UNASSIGNED });
        await this.history(
          workRef,
          transaction,
          { staffEmail: change.staffEmail, kind: "owner", text: owner ? String(owner.get("email")) : null },
          at,
        );
        return "changed";
      });
    });
  }

  async setFollowUp(
    enquiryId: string,
    change: { followUpAt: Date | null; nextStep: string | null; staffEmail: string; at: Date },
  ): Promise<FollowUpResult> {
    const at = change.at.toISOString();
    const followUp = change.followUpAt?.toISOString() ?? null;
    return this.context.run(() =>
      this.context.db.runTransaction(async (transaction): Promise<FollowUpResult> => {
        const enquiry = await transaction.get(this.collections.enquiries.doc(enquiryId));
        if (!enquiry.exists) return "not-found";
        const workRef = this.collections.work.doc(enquiryId);
        const current = await transaction.get(workRef);
        if (CLOSED_STATUSES.includes((current.get("status") as EnquiryStatus | undefined) ?? "New")) {
          return "closed";
        }
        const write = await touchWork(
          transaction,
          workRef,
          { id: enquiryId, receivedAt: isoOf(enquiry.get("receivedAt")) },
          at,
        );
        write({ followUpAt: followUp, nextStep: change.nextStep, dueAt: followUp });
        await this.history(
          workRef,
          transaction,
          {
            staffEmail: change.staffEmail,
            kind: "follow-up",
            text: followUp ? [followUp, change.nextStep].filter(Boolean).join(" · ") : null,
          },
          at,
        );
        return "changed";
      }),
    );
  }

  async fieldsOf(enquiryIds: readonly string[]): Promise<Map<string, TeamFields>> {
    if (enquiryIds.length === 0) return new Map();
    return this.context.run(async () => {
      const docs = await this.context.db.getAll(...enquiryIds.map((id) => this.collections.work.doc(id)));
      return new Map(docs.filter((doc) => doc.exists).map((doc) => [doc.id, teamFieldsOf(doc.data())]));
    });
  }

  /** The inbox rows of work documents, in their order, with the enquiries' fields and delivery. */
  private async rowsOf(docs: readonly QueryDocumentSnapshot[]): Promise<TeamInboxRow[]> {
    if (docs.length === 0) return [];
    const enquiries = await this.context.db.getAll(
      ...docs.map((doc) => this.collections.enquiries.doc(doc.id)),
    );
    const fields = new Map(docs.map((doc) => [doc.id, teamFieldsOf(doc.data())]));
    const rows = await this.work.inboxRowsOf(enquiries.filter((doc) => doc.exists));
    return rows.map((row) => ({ ...row, ...(fields.get(row.id) as TeamFields) }));
  }

  private viewQuery(view: InboxView, staffId: string, now: string, dayEnd: string): Query {
    const work = this.collections.work;
    if (view === "mine") return work.where("ownerId", "==", staffId).orderBy("sortKey", "desc");
    if (view === "unassigned") return work.where("ownerId", "==", UNASSIGNED).orderBy("sortKey", "desc");
    const due =
      view === "overdue"
        ? work.where("dueAt", "<=", now)
        : work.where("dueAt", ">", now).where("dueAt", "<", dayEnd);
    return due.orderBy("dueAt").orderBy(FieldPath.documentId());
  }

  async listView(options: ViewRequest): Promise<{ items: TeamInboxRow[]; nextCursor: string | null }> {
    const after = options.cursor ? decodePageCursor(options.cursor) : null;
    const byDue = options.view === "due-today" || options.view === "overdue";
    return this.context.run(async () => {
      let query = this.viewQuery(
        options.view,
        options.staffId,
        options.now.toISOString(),
        options.dayEnd.toISOString(),
      );
      if (after)
        query = byDue
          ? query.startAfter(after.at, after.id)
          : query.where("sortKey", "<", sortKey(after.at, after.id));
      const snapshot = await query.limit(options.limit + 1).get();
      const items = await this.rowsOf(snapshot.docs.slice(0, options.limit));
      const last = items.at(-1);
      const lastKey = last ? (byDue ? last.dueAt : last.receivedAt) : null;
      return {
        items,
        nextCursor:
          snapshot.size > options.limit && last && lastKey ? encodePageCursor(lastKey, last.id) : null,
      };
    });
  }

  async viewCounts(options: { staffId: string; now: Date; dayEnd: Date }): Promise<ViewCounts> {
    const now = options.now.toISOString();
    const dayEnd = options.dayEnd.toISOString();
    const work = this.collections.work;
    return this.context.run(async () => {
      const count = async (query: Query) => (await query.count().get()).data().count;
      // Enquiries stored before owners existed have no work document: they are unassigned too.
      const [mine, total, worked, unassignedWork, dueToday, overdue] = await Promise.all([
        count(work.where("ownerId", "==", options.staffId)),
        count(this.collections.enquiries),
        count(work),
        count(work.where("ownerId", "==", UNASSIGNED)),
        count(work.where("dueAt", ">", now).where("dueAt", "<", dayEnd)),
        count(work.where("dueAt", "<=", now)),
      ]);
      return { mine, unassigned: total - worked + unassignedWork, dueToday, overdue };
    });
  }

  async digestFor(options: {
    staffId: string;
    now: Date;
    dayEnd: Date;
    day: string;
  }): Promise<DigestContent> {
    const now = options.now.toISOString();
    const dayEnd = options.dayEnd.toISOString();
    const work = this.collections.work;
    return this.context.run(async () => {
      const section = async (query: Query, ordered: Query): Promise<DigestSection> => {
        const count = (await query.count().get()).data().count;
        if (count === 0) return { count, items: [] };
        const docs = (await ordered.limit(DIGEST_LIST_MAX).get()).docs;
        const enquiries = await this.context.db.getAll(
          ...docs.map((doc) => this.collections.enquiries.doc(doc.id)),
        );
        const items = enquiries
          .filter((doc) => doc.exists)
          .map((doc, index): DigestItem => ({
            id: doc.id,
            reference: enquiryReference(doc.id),
            RetailerSelfUse: String(doc.get("RetailerSelfUse")) as BuyerType,
            Quantity: Number(doc.get("Quantity")),
            dueAt: teamFieldsOf(docs[index]?.data()).dueAt,
            receivedAt: isoOf(doc.get("receivedAt")),
          }));
        return { count, items };
      };
      const mine = work.where("ownerId", "==", options.staffId);
      const overdue = mine.where("dueAt", "<=", now);
      const dueToday = mine.where("dueAt", ">", now).where("dueAt", "<", dayEnd);
      const unassigned = work.where("ownerId", "==", UNASSIGNED).where("status", "==", "New");
      return {
        day: options.day,
        overdue: await section(overdue, overdue.orderBy("dueAt")),
        dueToday: await section(dueToday, dueToday.orderBy("dueAt")),
        newUnassigned: await section(unassigned, unassigned.orderBy("sortKey", "desc")),
        spamFiled: (
          await work
            .where("status", "==", "Spam")
            .where("receivedAt", ">=", new Date(options.now.getTime() - DIGEST_SPAM_WINDOW_MS).toISOString())
            .count()
            .get()
        ).data().count,
      };
    });
  }

  async queueDigests(
    day: string,
    digests: readonly { staffId: string; content: DigestContent }[],
    now: Date,
  ): Promise<number> {
    let queued = 0;
    for (const { staffId, content } of digests) {
      const ref = this.collections.notifications.doc(digestNotificationId(staffId, day));
      try {
        await this.context.run(() =>
          ref.create(staffNotification(staffId, "digest", now, { payload: JSON.stringify(content) })),
        );
        queued += 1;
      } catch (error) {
        // Another instance queued this member's digest for the day first.
        if (grpcCode(error) !== ALREADY_EXISTS) throw error;
      }
    }
    return queued;
  }
}
