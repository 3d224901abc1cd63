import { randomUUID } from "node:crypto";
import {
  Timestamp,
  type DocumentData,
  type DocumentSnapshot,
  type QueryDocumentSnapshot,
} from "firebase-admin/firestore";
import type { BuyerType } from "../../../domain/enquiry";
import {
  CLOSED_STATUSES,
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
import { touchesOf, type TouchRecord } from "./dashboard";
import { enquiryFromDocument, languageOfDocument, staffNotification } from "./enquiries";
import { companyNotificationData, enquiryMetaOf } from "./enquiry-meta";
import { ASSIGNMENT_DOC, ASSIGNMENT_TURNS, touchWork, UNASSIGNED } from "./team";
import {
  alertChoiceOf,
  assigneeOf,
  firstContactDueAt,
  memberAlertRecipients,
  parseAssignmentRule,
  usesTurns,
} from "../../../domain/team";
import { FIRST_CONTACT_HOURS } from "../../../domain/working-hours";
import { enquiryWebhookQueue } from "./webhooks";
import { chunks, collectionsOf, IN_QUERY_LIMIT, isoOf, sortKey, type FirestoreContext } from "./connection";

/** How many enquiries one read takes while the inbox filters them in the server. */
const SCAN_BATCH = 200;
const ALREADY_EXISTS = 6;

function storedEnquiry(doc: DocumentSnapshot): StoredEnquiry {
  const data = doc.data() as DocumentData;
  return {
    id: doc.id,
    receivedAt: isoOf(data.receivedAt),
    language: languageOfDocument(data.language),
    enquiry: {
      Name: String(data.Name),
      Email: String(data.Email),
      Mobile: String(data.Mobile),
      Quantity: Number(data.Quantity),
      RetailerSelfUse: String(data.RetailerSelfUse) as BuyerType,
    },
    ...enquiryMetaOf(data),
  };
}

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
        (!filter.status || row.status === filter.status) &&
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
    change: { to: EnquiryStatus; expectedVersion: number; note?: string; staffEmail: string; at: Date },
  ): Promise<StatusChangeResult> {
    const at = change.at.toISOString();
    return this.context.run(async () => {
      try {
        return await this.applyStatusChange(id, change, at);
      } catch (error) {
        if ((error as { code?: unknown }).code === ALREADY_EXISTS) return { outcome: "conflict" };
        throw error;
      }
    });
  }

  private async applyStatusChange(
    id: string,
    change: { to: EnquiryStatus; expectedVersion: number; note?: string; staffEmail: string },
    at: string,
  ): Promise<StatusChangeResult> {
    const queueWebhooks = await enquiryWebhookQueue(this.context, "enquiry.status_changed");
    return (
      // The transaction reads the version and writes the change together: Firestore retries or
      // fails the later of two, so each change is checked against the version it really replaces.
      this.context.db.runTransaction(async (transaction): Promise<StatusChangeResult> => {
        const enquiry = await transaction.get(this.collections.enquiries.doc(id));
        if (!enquiry.exists) return { outcome: "not-found" };
        const workRef = this.collections.work.doc(id);
        const work = await transaction.get(workRef);
        const version = Number(work.get("version") ?? 0);
        const from = (work.get("status") as EnquiryStatus | undefined) ?? "New";
        if (version !== change.expectedVersion) return { outcome: "conflict" };
        const receivedAt = isoOf(enquiry.get("receivedAt"));
        // Creating the new version's marker fails if another change already took this version:
        // the refusal holds even where a transaction's reads are not isolated (the emulator's).
        transaction.create(workRef.collection("versions").doc(String(version + 1)), { at });
        // Merged: the owner and next step stay. A change touches the enquiry; closing it ends its follow-up.
        const closed = CLOSED_STATUSES.includes(change.to);
        const followUpAt = closed ? null : ((work.get("followUpAt") as string | null | undefined) ?? null);
        transaction.set(
          workRef,
          {
            status: change.to,
            version: version + 1,
            closedAt: closed ? at : null,
            receivedAt,
            sortKey: sortKey(receivedAt, id),
            touchedAt: (work.get("touchedAt") as string | undefined) ?? at,
            followUpAt,
            dueAt: followUpAt,
          },
          { merge: true },
        );
        const entryId = randomUUID();
        transaction.create(touchesOf(this.context).doc(entryId), {
          enquiryId: id,
          staffEmail: change.staffEmail,
          at,
          receivedAt,
        } satisfies TouchRecord);
        transaction.create(workRef.collection("history").doc(entryId), {
          at,
          staffEmail: change.staffEmail,
          kind: "status",
          from,
          to: change.to,
          text: change.note ?? null,
          sortKey: sortKey(at, entryId),
        });
        queueWebhooks(transaction, {
          type: "enquiry.status_changed",
          enquiry: {
            id,
            receivedAt,
            language: languageOfDocument(enquiry.get("language")),
            enquiry: enquiryFromDocument(enquiry.data() ?? {}),
          },
          at: new Date(at),
          change: { from, to: change.to },
        });
        return { outcome: "changed", version: version + 1 };
      })
    );
  }

  async addNote(id: string, note: { text: string; staffEmail: string; at: Date }): Promise<boolean> {
    const at = note.at.toISOString();
    return this.context.run(async () => {
      return this.context.db.runTransaction(async (transaction) => {
        const enquiry = await transaction.get(this.collections.enquiries.doc(id));
        if (!enquiry.exists) return false;
        const workRef = this.collections.work.doc(id);
        const receivedAt = isoOf(enquiry.get("receivedAt"));
        const touch = await touchWork(transaction, workRef, { id, receivedAt }, at);
        touch({});
        const entryId = randomUUID();
        transaction.create(workRef.collection("history").doc(entryId), {
          at,
          staffEmail: note.staffEmail,
          kind: "note",
          text: note.text,
          sortKey: sortKey(at, entryId),
        });
        transaction.create(touchesOf(this.context).doc(entryId), {
          enquiryId: id,
          staffEmail: note.staffEmail,
          at,
          receivedAt,
        } satisfies TouchRecord);
        return true;
      });
    });
  }

  async releaseFromSpam(
    id: string,
    release: { expectedVersion: number; staffEmail: string; at: Date; firstContactHours?: number },
  ): Promise<StatusChangeResult | { outcome: "not-spam" }> {
    const at = release.at.toISOString();
    const queueWebhooks = await enquiryWebhookQueue(this.context, "enquiry.not_spam");
    return this.context.run(async () => {
      try {
        return await this.context.db.runTransaction(
          async (transaction): Promise<StatusChangeResult | { outcome: "not-spam" }> => {
            const enquiryRef = this.collections.enquiries.doc(id);
            const enquiry = await transaction.get(enquiryRef);
            if (!enquiry.exists) return { outcome: "not-found" };
            const workRef = this.collections.work.doc(id);
            const work = await transaction.get(workRef);
            const company = await transaction.get(
              this.collections.notifications
                .where("enquiryId", "==", id)
                .where("kind", "==", "company")
                .limit(1),
            );
            const assignmentRef = this.context.db.collection(ASSIGNMENT_DOC[0]).doc(ASSIGNMENT_DOC[1]);
            const [settings, staff] = await Promise.all([
              transaction.get(assignmentRef),
              transaction.get(this.context.db.collection("staff")),
            ]);
            const version = Number(work.get("version") ?? 0);
            if (version !== release.expectedVersion) return { outcome: "conflict" };
            if (work.get("status") !== "Spam") return { outcome: "not-spam" };
            const stored = storedEnquiry(enquiry);
            // Now it reaches the team as a new enquiry would: an owner by the rule (or the one it
            // had, when staff set Spam by hand), its members' alerts, its first-contact target,
            // and the "not spam" event to the company's other tools.
            const rule = parseAssignmentRule(settings.get("rule"));
            const members = staff.docs.map((doc) => ({
              id: String(doc.get("id")),
              alerts: alertChoiceOf(doc.get("alerts")),
            }));
            const ids = new Set(members.map((member) => member.id));
            const kept = (work.get("ownerId") as string | undefined) || null;
            let turn = 0;
            if (!kept && usesTurns(rule)) {
              const generation = Number(settings.get("generation") ?? 0);
              turn = Number(settings.get("turn") ?? 0);
              transaction.create(this.context.db.collection(ASSIGNMENT_TURNS).doc(`${generation}-${turn}`), {
                enquiryId: id,
              });
              transaction.update(assignmentRef, { turn: turn + 1 });
            }
            const buyer = stored.enquiry.RetailerSelfUse;
            const ownerId = kept ?? assigneeOf(rule, buyer, turn, (member) => ids.has(member));
            const due = firstContactDueAt(release.at, release.firstContactHours ?? FIRST_CONTACT_HOURS);
            transaction.create(workRef.collection("versions").doc(String(version + 1)), { at });
            transaction.update(workRef, {
              status: "New",
              version: version + 1,
              closedAt: null,
              ownerId: ownerId ?? UNASSIGNED,
              dueAt: due.toISOString(),
            });
            for (const staffId of memberAlertRecipients({ buyer, ownerId, members })) {
              transaction.create(
                this.collections.notifications.doc(randomUUID()),
                staffNotification(staffId, "member-alert", release.at, {
                  enquiryId: id,
                  enquiry: stored.enquiry,
                  language: stored.language,
                }),
              );
            }
            queueWebhooks(transaction, { type: "enquiry.not_spam", enquiry: stored, at: release.at });
            const entryId = randomUUID();
            transaction.create(workRef.collection("history").doc(entryId), {
              at,
              staffEmail: release.staffEmail,
              kind: "status",
              from: "Spam",
              to: "New",
              text: null,
              sortKey: sortKey(at, entryId),
            });
            if (enquiry.get("screening")) transaction.update(enquiryRef, { "screening.spam": false });
            if (company.empty) {
              transaction.create(
                this.collections.notifications.doc(randomUUID()),
                companyNotificationData(storedEnquiry(enquiry), release.at),
              );
            }
            return { outcome: "changed", version: version + 1 };
          },
        );
      } catch (error) {
        if ((error as { code?: unknown }).code === ALREADY_EXISTS) return { outcome: "conflict" };
        throw error;
      }
    });
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
