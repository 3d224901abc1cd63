import { Timestamp, type QueryDocumentSnapshot } from "firebase-admin/firestore";
import { type HistoryEntry, type NotificationAttempts } from "../../../domain/console";
import type { EnquiryStatus, StatusTally } from "../../../domain/status";
import {
  deliveryState,
  historyEntry,
  type KeptHistoryLine,
  recordMails,
  type EnquiryRecord,
  type EnquiryWorkAdapter,
  type InboxRow,
} from "../enquiry-work";
import { decodePageCursor, encodePageCursor } from "../page-cursor";
import { FirestoreInboxListing } from "./inbox-listing";
import type { NoteCandidate } from "../../lifecycle/last-note";
import { storedEnquiryOf } from "./documents";
import { workStateOf } from "./work-record";
import { chunks, IN_QUERY_LIMIT, isoOf, sortKey } from "./connection";

/** One entry of an enquiry's history, from `enquiryWork/{id}/history`. */
export function historyEntryOf(doc: QueryDocumentSnapshot): HistoryEntry {
  return historyEntry({ ...(doc.data() as Omit<KeptHistoryLine, "id">), id: doc.id });
}

/**
 * The staff's work on an enquiry lives in `enquiryWork/{enquiryId}` (status, version, closedAt,
 * receivedAt) with its history in the subcollection `history`; the enquiry's document keeps its
 * five fields only. The inbox's listing, whose reads it answers, is inbox-listing.ts.
 */
export class FirestoreEnquiryWorkStore extends FirestoreInboxListing implements EnquiryWorkAdapter {
  async listSince(since: string | null, limit: number): Promise<InboxRow[]> {
    const after = since ? decodePageCursor(since) : null;
    return this.context.run(async () => {
      let query = this.collections.enquiries.orderBy("receivedAt", "desc").limit(limit);
      if (after) query = query.where("receivedAt", ">=", Timestamp.fromDate(new Date(after.at)));
      const snapshot = await query.get();
      const newer = snapshot.docs
        .map(storedEnquiryOf)
        .filter((stored) => !after || sortKey(stored.receivedAt, stored.id) > sortKey(after.at, after.id));
      return this.rowsOf(newer);
    });
  }

  async newestCursor(): Promise<string | null> {
    return this.context.run(async () => {
      const snapshot = await this.collections.enquiries.orderBy("receivedAt", "desc").limit(1).get();
      const doc = snapshot.docs[0];
      return doc ? encodePageCursor(isoOf(doc.get("receivedAt")), doc.id) : null;
    });
  }

  async statusTally(statuses: readonly EnquiryStatus[]): Promise<StatusTally> {
    return this.context.run(async () => {
      // Asked together: one round trip's wait, not one per status.
      const [total, ...counts] = await Promise.all(
        [
          this.collections.enquiries,
          ...statuses.map((status) => this.collections.work.where("status", "==", status)),
        ].map(async (query) => (await query.count().get()).data().count),
      );
      const counted: Partial<Record<EnquiryStatus, number>> = Object.fromEntries(
        statuses.map((status, index) => [status, counts[index] ?? 0]),
      );
      return { total: total ?? 0, counted };
    });
  }

  async get(id: string): Promise<EnquiryRecord | null> {
    return this.context.run(async () => {
      const doc = await this.collections.enquiries.doc(id).get();
      if (!doc.exists) return null;
      const [work, history, mails] = await Promise.all([
        this.collections.work.doc(id).get(),
        this.collections.work.doc(id).collection("history").orderBy("sortKey").get(),
        this.collections.notifications.where("enquiryId", "==", id).get(),
      ]);
      const notifications: NotificationAttempts[] = recordMails(
        mails.docs.map((notification) => {
          const data = notification.data();
          const sentAt = data.sentAt ? isoOf(data.sentAt) : null;
          const attempts = Number(data.attempts ?? 0);
          return {
            id: notification.id,
            kind: String(data.kind ?? "company"),
            state: deliveryState({ sentAt, attempts, status: data.status as string | undefined }),
            attempts,
            lastAttemptAt: data.lastAttemptAt ? isoOf(data.lastAttemptAt) : null,
            lastError: (data.lastError as string | null) ?? null,
            sentAt,
          };
        }),
      );
      const { status, version } = workStateOf(work.data());
      return {
        ...storedEnquiryOf(doc),
        status,
        version,
        history: history.docs.map(historyEntryOf),
        notifications,
      };
    });
  }

  async noteLines(enquiryIds: readonly string[], kinds: readonly string[]): Promise<NoteCandidate[]> {
    const lines: NoteCandidate[][] = [];
    await this.context.run(async () => {
      for (const part of chunks(enquiryIds, IN_QUERY_LIMIT)) {
        lines.push(
          ...(await Promise.all(
            part.map(async (enquiryId) => {
              // Ordered by one field only, which needs no composite index; the kinds are read, not queried.
              const snapshot = await this.collections.work
                .doc(enquiryId)
                .collection("history")
                .orderBy("sortKey")
                .select("kind", "text")
                .get();
              return snapshot.docs.flatMap((doc): NoteCandidate[] => {
                const kind = String(doc.get("kind"));
                const text: unknown = doc.get("text");
                return kinds.includes(kind)
                  ? [{ enquiryId, kind, text: typeof text === "string" ? text : null }]
                  : [];
              });
            }),
          )),
        );
      }
    });
    return lines.flat();
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
