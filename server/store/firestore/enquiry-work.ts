import { randomUUID } from "node:crypto";
import { Timestamp, type DocumentSnapshot, type QueryDocumentSnapshot } from "firebase-admin/firestore";
import {
  ENQUIRY_STATUSES,
  type EnquiryStatus,
  type HistoryEntry,
  type NotificationAttempts,
} from "../../../domain/console";
import {
  deliveryState,
  type EnquiryRecord,
  type EnquiryWorkStore,
  type InboxFilter,
  type InboxRow,
  type StatusChangeResult,
} from "../enquiry-work";
import { decodePageCursor, encodePageCursor } from "../page-cursor";
import type { StoredEnquiry } from "../store";
import { sourceLabel } from "../../../domain/enquiry-source";
import { companyNotificationData } from "./enquiry-meta";
import { readTeam, readWork, storedEnquiryOf, takeTurn, webhookQueues, writePlan } from "./work-record";
import {
  planContact,
  planNote,
  planRelease,
  planStatusChange,
  releaseTakesTurn,
  isWork,
  type WorkPlan,
  type WorkState,
} from "../../lifecycle/plan";
import type { ContactChannel } from "../../../domain/lifecycle";
import type { LostReason } from "../../../domain/deal";
import { chunks, collectionsOf, IN_QUERY_LIMIT, isoOf, sortKey, type FirestoreContext } from "./connection";

/** How many enquiries one read takes while the inbox filters them in the server. */
const SCAN_BATCH = 200;
const ALREADY_EXISTS = 6;

/** An enquiry's document as the store hands it on: the one codec (work-record.ts). */
const storedEnquiry = storedEnquiryOf;

/** One entry of an enquiry's history, from `enquiryWork/{id}/history`. */
export function historyEntryOf(doc: QueryDocumentSnapshot): HistoryEntry {
  const data = doc.data();
  return {
    id: doc.id,
    at: String(data.at),
    staffEmail: String(data.staffEmail),
    kind: data.kind as HistoryEntry["kind"],
    ...(data.from ? { from: data.from as EnquiryStatus } : {}),
    ...(data.to ? { to: data.to as EnquiryStatus } : {}),
    ...(data.text ? { text: String(data.text) } : {}),
    ...(data.fromOwner ? { fromOwner: String(data.fromOwner) } : {}),
  };
}

function matches(stored: StoredEnquiry, q: string): boolean {
  const { Name, Email, Mobile } = stored.enquiry;
  return [Name, Email, Mobile].some((field) => field.toLowerCase().includes(q));
}

/**
 * The staff's work on an enquiry lives in `enquiryWork/{enquiryId}` (status, version, closedAt,
 * receivedAt) with its history in the subcollection `history`; the enquiry's document keeps its
 * five fields only. What differs from SQLite: Firestore has no substring search and no joins, so
 * the inbox reads enquiries newest first in batches and filters by New, buyer and search in the
 * server (one read per enquiry scanned); a status other than New is queried from `enquiryWork`.
 */
export class FirestoreEnquiryWorkStore implements EnquiryWorkStore {
  constructor(private readonly context: FirestoreContext) {}

  private get collections() {
    return collectionsOf(this.context);
  }

  /** Adds status and delivery to each enquiry. */
  private async rows(enquiries: StoredEnquiry[]): Promise<InboxRow[]> {
    if (enquiries.length === 0) return [];
    const works = await this.context.db.getAll(
      ...enquiries.map((stored) => this.collections.work.doc(stored.id)),
    );
    const company = new Map<string, { sentAt: string | null; attempts: number }>();
    for (const part of chunks(enquiries, IN_QUERY_LIMIT)) {
      const ids = part.map((stored) => stored.id);
      const snapshot = await this.collections.notifications.where("enquiryId", "in", ids).get();
      for (const doc of snapshot.docs) {
        if ((doc.get("kind") ?? "company") !== "company") continue;
        const sentAt = doc.get("sentAt") as unknown;
        company.set(String(doc.get("enquiryId")), {
          sentAt: sentAt ? isoOf(sentAt) : null,
          attempts: Number(doc.get("attempts") ?? 0),
        });
      }
    }
    return enquiries.map((stored, index) => ({
      ...stored,
      status: (works[index]?.get("status") as EnquiryStatus | undefined) ?? "New",
      version: Number(works[index]?.get("version") ?? 0),
      companyNotification: deliveryState(company.get(stored.id) ?? { sentAt: null, attempts: 0 }),
    }));
  }

  /** Inbox rows (status and delivery added) of enquiry documents, in their order. */
  async inboxRowsOf(docs: readonly DocumentSnapshot[]): Promise<InboxRow[]> {
    return this.rows(docs.map(storedEnquiry));
  }

  async list(filter: InboxFilter & { cursor?: string | null; limit: number }) {
    const after = filter.cursor ? decodePageCursor(filter.cursor) : null;
    const q = filter.q?.trim().toLowerCase() ?? "";
    const source = filter.source?.trim().toLowerCase();
    return this.context.run(async () => {
      const found: InboxRow[] = [];
      const keep = (row: InboxRow) =>
        // All: every enquiry but spam, which is never work (server/lifecycle/plan.ts: isWork).
        (filter.status ? row.status === filter.status : isWork(row.status)) &&
        (!filter.buyer || row.enquiry.RetailerSelfUse === filter.buyer) &&
        (!q || matches(row, q)) &&
        (!source || sourceLabel(row.source)?.toLowerCase() === source);
      if (filter.status && filter.status !== "New") {
        let position = after ? sortKey(after.at, after.id) : null;
        for (;;) {
          let query = this.collections.work
            .where("status", "==", filter.status)
            .orderBy("sortKey", "desc")
            .limit(SCAN_BATCH);
          if (position) query = query.where("sortKey", "<", position);
          const snapshot = await query.get();
          if (snapshot.empty) break;
          const enquiries = await this.context.db.getAll(
            ...snapshot.docs.map((doc) => this.collections.enquiries.doc(doc.id)),
          );
          found.push(
            ...(await this.rows(enquiries.filter((doc) => doc.exists).map(storedEnquiry))).filter(keep),
          );
          if (found.length > filter.limit || snapshot.size < SCAN_BATCH) break;
          position = String(snapshot.docs.at(-1)?.get("sortKey"));
        }
      } else {
        let position: { at: string; id: string } | null = after;
        for (;;) {
          let query = this.collections.enquiries.orderBy("receivedAt", "desc").limit(SCAN_BATCH);
          if (position) query = query.where("receivedAt", "<=", Timestamp.fromDate(new Date(position.at)));
          const snapshot = await query.get();
          const batch = snapshot.docs
            .map(storedEnquiry)
            .filter(
              (stored) =>
                !position || sortKey(stored.receivedAt, stored.id) < sortKey(position.at, position.id),
            );
          found.push(...(await this.rows(batch)).filter(keep));
          if (found.length > filter.limit || snapshot.size < SCAN_BATCH) break;
          const last = batch.at(-1);
          if (!last) break;
          position = { at: last.receivedAt, id: last.id };
        }
      }
      found.sort((a, b) => sortKey(b.receivedAt, b.id).localeCompare(sortKey(a.receivedAt, a.id)));
      const items = found.slice(0, filter.limit);
      const last = items.at(-1);
      return {
        items,
        nextCursor: found.length > filter.limit && last ? encodePageCursor(last.receivedAt, last.id) : null,
      };
    });
  }

  async listSince(since: string | null, limit: number): Promise<InboxRow[]> {
    const after = since ? decodePageCursor(since) : null;
    return this.context.run(async () => {
      let query = this.collections.enquiries.orderBy("receivedAt", "desc").limit(limit);
      if (after) query = query.where("receivedAt", ">=", Timestamp.fromDate(new Date(after.at)));
      const snapshot = await query.get();
      const newer = snapshot.docs
        .map(storedEnquiry)
        .filter((stored) => !after || sortKey(stored.receivedAt, stored.id) > sortKey(after.at, after.id));
      return this.rows(newer);
    });
  }

  async newestCursor(): Promise<string | null> {
    return this.context.run(async () => {
      const snapshot = await this.collections.enquiries.orderBy("receivedAt", "desc").limit(1).get();
      const doc = snapshot.docs[0];
      return doc ? encodePageCursor(isoOf(doc.get("receivedAt")), doc.id) : null;
    });
  }

  async counts(): Promise<Record<EnquiryStatus, number>> {
    return this.context.run(async () => {
      const total = (await this.collections.enquiries.count().get()).data().count;
      const counts = Object.fromEntries(ENQUIRY_STATUSES.map((status) => [status, 0])) as Record<
        EnquiryStatus,
        number
      >;
      let notNew = 0;
      for (const status of ENQUIRY_STATUSES) {
        if (status === "New") continue;
        counts[status] = (
          await this.collections.work.where("status", "==", status).count().get()
        ).data().count;
        notNew += counts[status];
      }
      counts.New = total - notNew;
      return counts;
    });
  }

  async get(id: string): Promise<EnquiryRecord | null> {
    return this.context.run(async () => {
      const doc = await this.collections.enquiries.doc(id).get();
      if (!doc.exists) return null;
      const [row] = await this.rows([storedEnquiry(doc)]);
      const work = await this.collections.work.doc(id).get();
      const history = (
        await this.collections.work.doc(id).collection("history").orderBy("sortKey").get()
      ).docs.map(historyEntryOf);
      const notifications = (await this.collections.notifications.where("enquiryId", "==", id).get()).docs
        .filter((notification) =>
          ["company", "acknowledgement"].includes(notification.get("kind") ?? "company"),
        )
        .map((notification): NotificationAttempts => {
          const data = notification.data();
          const sentAt = data.sentAt ? isoOf(data.sentAt) : null;
          const attempts = Number(data.attempts ?? 0);
          return {
            id: notification.id,
            kind: (data.kind ?? "company") as NotificationAttempts["kind"],
            state: deliveryState({ sentAt, attempts }),
            attempts,
            lastAttemptAt: data.lastAttemptAt ? isoOf(data.lastAttemptAt) : null,
            lastError: (data.lastError as string | null) ?? null,
            sentAt,
          };
        })
        .sort((a, b) => (a.kind === b.kind ? 0 : a.kind === "company" ? -1 : 1));
      const { companyNotification: _, ...inbox } = row as InboxRow;
      return { ...inbox, version: Number(work.get("version") ?? 0), history, notifications };
    });
  }

  async changeStatus(
    id: string,
    change: {
      to: EnquiryStatus;
      expectedVersion: number;
      note?: string;
      nextStep?: string | null;
      lostReason?: LostReason;
      staffEmail: string;
      at: Date;
    },
  ): Promise<StatusChangeResult> {
    const at = change.at.toISOString();
    const queues = await webhookQueues(this.context, ["enquiry.status_changed"]);
    return this.context.run(async () => {
      try {
        // The transaction reads the version and writes the change together; the new version's
        // marker can be created once only, so the refusal holds even where a transaction's reads
        // are not isolated (the emulator's).
        return await this.context.db.runTransaction(async (transaction): Promise<StatusChangeResult> => {
          const read = await readWork(this.context, transaction, id);
          if (!read) return { outcome: "not-found" };
          const plan = planStatusChange(read.work, {
            to: change.to,
            expectedVersion: change.expectedVersion,
            note: change.note ?? null,
            ...(change.nextStep !== undefined ? { nextStep: change.nextStep } : {}),
            ...(change.lostReason !== undefined ? { lostReason: change.lostReason } : {}),
            at,
          });
          if (plan.outcome === "conflict") return plan;
          writePlan(
            this.context,
            transaction,
            { stored: read.stored, before: read.exists ? read.work : null },
            plan,
            { staffEmail: change.staffEmail, at },
            queues,
          );
          return { outcome: "changed", version: plan.work.version };
        });
      } catch (error) {
        if ((error as { code?: unknown }).code === ALREADY_EXISTS) return { outcome: "conflict" };
        throw error;
      }
    });
  }

  /** Reads the enquiry's work, plans a change that needs nothing else, and writes it; false when there is no such enquiry. */
  private async applyWork(
    id: string,
    staffEmail: string,
    at: string,
    plan: (work: WorkState) => WorkPlan,
  ): Promise<boolean> {
    return this.context.run(() =>
      this.context.db.runTransaction(async (transaction) => {
        const read = await readWork(this.context, transaction, id);
        if (!read) return false;
        writePlan(
          this.context,
          transaction,
          { stored: read.stored, before: read.exists ? read.work : null },
          plan(read.work),
          { staffEmail, at },
        );
        return true;
      }),
    );
  }

  async addNote(id: string, note: { text: string; staffEmail: string; at: Date }): Promise<boolean> {
    const at = note.at.toISOString();
    return this.applyWork(id, note.staffEmail, at, (work) => planNote(work, { text: note.text, at }));
  }

  async recordContact(
    id: string,
    contact: { channel: ContactChannel; staffEmail: string; at: Date },
  ): Promise<boolean> {
    const at = contact.at.toISOString();
    return this.applyWork(id, contact.staffEmail, at, (work) =>
      planContact(work, { channel: contact.channel, at }),
    );
  }

  async releaseFromSpam(
    id: string,
    release: { expectedVersion: number; staffEmail: string; at: Date; firstContactHours?: number },
  ): Promise<StatusChangeResult | { outcome: "not-spam" }> {
    const at = release.at.toISOString();
    const queues = await webhookQueues(this.context, ["enquiry.not_spam"]);
    return this.context.run(async () => {
      try {
        return await this.context.db.runTransaction(
          async (transaction): Promise<StatusChangeResult | { outcome: "not-spam" }> => {
            const read = await readWork(this.context, transaction, id);
            if (!read) return { outcome: "not-found" };
            const [company, team] = await Promise.all([
              transaction.get(
                this.collections.notifications
                  .where("enquiryId", "==", id)
                  .where("kind", "==", "company")
                  .limit(1),
              ),
              readTeam(this.context, transaction),
            ]);
            const turns = releaseTakesTurn(read.work, team.rule);
            const plan = planRelease(read.work, {
              expectedVersion: release.expectedVersion,
              at,
              buyer: read.stored.enquiry.RetailerSelfUse,
              rule: team.rule,
              turn: turns ? team.turn : 0,
              members: team.members,
              firstContactHours: release.firstContactHours,
              companyMailQueued: !company.empty,
            });
            if (plan.outcome !== "changed") return plan;
            if (turns) takeTurn(this.context, transaction, { ...team, enquiryId: id });
            writePlan(
              this.context,
              transaction,
              { stored: read.stored, before: read.exists ? read.work : null },
              plan,
              { staffEmail: release.staffEmail, at },
              queues,
            );
            const enquiryRef = this.collections.enquiries.doc(id);
            if (read.stored.screening) transaction.update(enquiryRef, { "screening.spam": false });
            if (plan.companyMail) {
              transaction.create(
                this.collections.notifications.doc(randomUUID()),
                companyNotificationData(read.stored, release.at),
              );
            }
            return { outcome: "changed", version: plan.work.version };
          },
        );
      } catch (error) {
        if ((error as { code?: unknown }).code === ALREADY_EXISTS) return { outcome: "conflict" };
        throw error;
      }
    });
  }

  async lastNotes(enquiryIds: readonly string[]): Promise<Map<string, string>> {
    const notes = new Map<string, string>();
    await this.context.run(async () => {
      for (const part of chunks(enquiryIds, IN_QUERY_LIMIT)) {
        await Promise.all(
          part.map(async (id) => {
            const snapshot = await this.collections.work
              .doc(id)
              .collection("history")
              .orderBy("sortKey", "desc")
              .get();
            // Ordered by one field only, which needs no composite index; kinds are picked here.
            const last = snapshot.docs.find(
              (doc) =>
                ["note", "status"].includes(String(doc.get("kind"))) &&
                typeof doc.get("text") === "string" &&
                doc.get("text"),
            );
            if (last) notes.set(id, String(last.get("text")));
          }),
        );
      }
    });
    return notes;
  }

  async resendNotification(enquiryId: string, notificationId: string, now: Date): Promise<boolean> {
    return this.context.run(() =>
      this.context.db.runTransaction(async (transaction) => {
        const ref = this.collections.notifications.doc(notificationId);
        const snapshot = await transaction.get(ref);
        if (!snapshot.exists || snapshot.get("enquiryId") !== enquiryId) return false;
        const due = Timestamp.fromDate(now);
        transaction.update(ref, {
          status: "pending",
          sentAt: null,
          nextAttemptAt: due,
          dueAt: due,
          queuedAt: due,
          claimedBy: null,
          claimExpiresAt: null,
        });
        return true;
      }),
    );
  }
}
