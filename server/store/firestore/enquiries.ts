import {
  Timestamp,
  type DocumentReference,
  type DocumentSnapshot,
  type Transaction,
} from "firebase-admin/firestore";
import { storedLanguage } from "../../../domain/contract";
import type { OutboxBacklog, PendingNotification, StoredEnquiry } from "../store";
import type { EnquiryAdapter } from "../adapters";
import type { KeyHolder } from "../work-port";
import { keptSendError, pendingNotificationOf } from "../claimed-notification";
import { enquiryFromDocument, enquiryOfDocument, type NotificationData } from "./documents";
import {
  collectionsOf,
  deleteInBatches,
  grpcCode,
  isoOf,
  NOT_FOUND,
  type FirestoreConnection,
  type FirestoreContext,
} from "./connection";
import { claimDueDocuments } from "./claim-window";
import { MESSAGES } from "./documents";
import { accountByIdQuery } from "./staff";

/** The idempotency keys' collection: one document per key, beside (never inside) the enquiries. */
const IDEMPOTENCY_KEYS = "enquiry_idempotency_keys";

interface IdempotencyKeyData {
  enquiryId: string;
  fingerprint: string;
  receivedAt: Timestamp;
}

/** The idempotency key's document: read with the intake's other reads (work-port.ts), in its transaction. */
export function idempotencyKeyRef(context: FirestoreContext, key: string): DocumentReference {
  return context.db.collection(IDEMPOTENCY_KEYS).doc(`key-${key}`);
}

/** The enquiry first stored with an idempotency key, from its document as read; null when none holds it. */
export function keyHolderOf(snapshot: DocumentSnapshot): KeyHolder | null {
  const first = snapshot.data() as IdempotencyKeyData | undefined;
  return first
    ? { enquiryId: first.enquiryId, fingerprint: first.fingerprint, receivedAt: isoOf(first.receivedAt) }
    : null;
}

/**
 * Records an idempotency key as its enquiry's. Created, never overwritten: of two requests with
 * one key (at once, on two instances) one commits and the other fails with ALREADY_EXISTS.
 */
export function writeIdempotencyKey(
  context: FirestoreContext,
  writer: Transaction,
  key: string,
  holder: KeyHolder,
): void {
  const record: IdempotencyKeyData = {
    enquiryId: holder.enquiryId,
    fingerprint: holder.fingerprint,
    receivedAt: Timestamp.fromDate(new Date(holder.receivedAt)),
  };
  writer.create(idempotencyKeyRef(context, key), record);
}

/**
 * Enquiries in `{product}_Form` and the outbox of their notifications in `notifications` on
 * Firestore, written by the work layer's intake (firestore/work-port.ts). Several server
 * instances can share them: each notification is claimed in its own transaction, so only one
 * instance sends it while the lease runs.
 */
export class FirestoreEnquiryStore implements EnquiryAdapter {
  constructor(private readonly connection: FirestoreConnection) {}

  private get collections() {
    return collectionsOf(this.connection);
  }

  async eraseIdempotencyKeys(before: Date): Promise<number> {
    let erased = 0;
    for (;;) {
      const old = await this.connection.run(() =>
        this.connection.db
          .collection(IDEMPOTENCY_KEYS)
          .where("receivedAt", "<", Timestamp.fromDate(before))
          .limit(400)
          .get(),
      );
      if (old.empty) return erased;
      await deleteInBatches(
        this.connection,
        old.docs.map((doc) => doc.ref),
      );
      erased += old.size;
    }
  }

  async list(): Promise<StoredEnquiry[]> {
    return this.connection.run(async () => {
      const snapshot = await this.collections.enquiries.orderBy("receivedAt").get();
      return snapshot.docs.map((doc) => enquiryOfDocument(doc));
    });
  }

  async claimDueNotifications(options: {
    worker: string;
    now: Date;
    limit: number;
    leaseMs: number;
  }): Promise<PendingNotification[]> {
    return this.connection.run(() =>
      claimDueDocuments(this.collections.notifications, options, (transaction, ref, data: NotificationData) =>
        this.claim(transaction, ref, data),
      ),
    );
  }

  async outboxBacklog(): Promise<OutboxBacklog> {
    return this.connection.run(async () => {
      const pending = this.collections.notifications.where("status", "==", "pending");
      // A count aggregation (one read per thousand entries of the index) and one document.
      const [count, oldest] = await Promise.all([
        pending.count().get(),
        pending.orderBy("queuedAt").limit(1).get(),
      ]);
      const queuedAt = oldest.docs[0]?.get("queuedAt") as unknown;
      return {
        waiting: count.data().count,
        oldestQueuedAt: queuedAt === undefined ? null : isoOf(queuedAt),
      };
    });
  }

  /**
   * Claims one notification (claimDueDocuments: in its transaction, still due and not leased):
   * what its mail is made from is read as it is now, and one whose address, member or message is
   * gone is deleted.
   */
  private async claim(
    transaction: Transaction,
    ref: DocumentReference,
    data: NotificationData,
  ): Promise<PendingNotification | undefined> {
    // A newsletter mail is made from its address as it is now; an address gone takes its mails along.
    const subscriber = data.subscriberId
      ? (await transaction.get(this.collections.subscribers.doc(data.subscriberId))).data()
      : undefined;
    // A member's mail goes to their address as it is now; a member removed takes their mails along.
    const member = data.staffId
      ? (await transaction.get(accountByIdQuery(this.connection, data.staffId))).docs[0]
      : undefined;
    // A reply is made from its message as the conversation keeps it; an erased one takes its mail along.
    const message = data.messageDocId
      ? await transaction.get(this.connection.db.collection(MESSAGES).doc(data.messageDocId))
      : undefined;
    if (
      (data.subscriberId && !subscriber) ||
      (data.staffId && !member) ||
      ((data.kind === "reply" || data.kind === "whatsapp") && !message?.exists)
    ) {
      transaction.delete(ref);
      return undefined;
    }
    return pendingNotificationOf({
      ...data,
      id: ref.id,
      // Absent on notifications stored before acknowledgements existed: the company's.
      kind: data.kind ?? "company",
      staffEmail: member?.get("email"),
      queuedAt: isoOf(data.queuedAt ?? data.receivedAt),
      messageRowId: message?.id,
      enquiry: () => ({
        enquiry: enquiryFromDocument(data.enquiry ?? {}),
        receivedAt: isoOf(data.receivedAt),
        language: storedLanguage(data.language),
      }),
      reply: () => ({
        subject: String(message?.get("subject")),
        text: String(message?.get("text")),
        messageId: String(message?.get("messageId")),
        inReplyTo: (message?.get("inReplyTo") as string | null | undefined) ?? null,
        references: (message?.get("references") as string[] | undefined) ?? [],
      }),
      subscriber: () => ({
        subscriberId: String(data.subscriberId),
        email: String(subscriber?.email),
        confirmNonce: typeof subscriber?.confirmNonce === "string" ? subscriber.confirmNonce : null,
        unsubscribeNonce: String(subscriber?.unsubscribeNonce),
        requestedAt: isoOf(subscriber?.requestedAt ?? subscriber?.subscribedAt),
        language: storedLanguage(subscriber?.language),
      }),
    });
  }

  /**
   * Marks a notification after a send, in a transaction, while it is pending and (with `worker`)
   * claimed by that worker. It may have been erased meanwhile (a person's erasure request): then
   * it is absent and stays so; `update` never creates a document, and its refusal of one deleted
   * between the read and the commit means there is nothing left to mark.
   */
  private async markAfterSend(
    id: string,
    worker: string | null,
    change: (data: NotificationData) => Partial<NotificationData>,
  ): Promise<void> {
    try {
      await this.connection.run(() =>
        this.connection.db.runTransaction(async (transaction) => {
          const ref = this.collections.notifications.doc(id);
          const data = (await transaction.get(ref)).data() as NotificationData | undefined;
          if (!data || data.status !== "pending" || (worker !== null && data.claimedBy !== worker)) return;
          transaction.update(ref, change(data));
        }),
      );
    } catch (error) {
      if (grpcCode(error) !== NOT_FOUND) throw error;
    }
  }

  async markNotificationSent(id: string, worker: string): Promise<void> {
    // Recorded as sent even if the lease ran out meanwhile: the mail did go, and must not go again.
    await this.markAfterSend(id, null, (data) => ({
      status: "sent",
      sentAt: Timestamp.now(),
      lastAttemptAt: Timestamp.now(),
      attempts: data.attempts + 1,
      claimedBy: worker,
      claimExpiresAt: null,
      lastError: null,
    }));
  }

  async markNotificationFailed(
    id: string,
    worker: string,
    error: string,
    nextAttemptAt: Date,
  ): Promise<void> {
    // Only the worker holding the claim may release it; after its lease ran out, another may hold it.
    const next = Timestamp.fromDate(nextAttemptAt);
    await this.markAfterSend(id, worker, (data) => ({
      attempts: data.attempts + 1,
      lastAttemptAt: Timestamp.now(),
      lastError: keptSendError(error),
      nextAttemptAt: next,
      dueAt: next,
      claimedBy: null,
      claimExpiresAt: null,
    }));
  }

  async markNotificationUndeliverable(id: string, worker: string, error: string, at: Date): Promise<void> {
    // dueAt keeps when it was refused: the digest reads the day's refusals by it (status, dueAt).
    const refusedAt = Timestamp.fromDate(at);
    await this.markAfterSend(id, worker, (data) => ({
      status: "undeliverable",
      attempts: data.attempts + 1,
      lastAttemptAt: refusedAt,
      lastError: keptSendError(error),
      dueAt: refusedAt,
      claimedBy: null,
      claimExpiresAt: null,
    }));
  }
}
