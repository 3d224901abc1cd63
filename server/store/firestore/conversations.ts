import { randomUUID } from "node:crypto";
import {
  type DocumentData,
  type DocumentSnapshot,
  type Query,
  type QuerySnapshot,
  type Transaction,
} from "firebase-admin/firestore";
import { enquiryReference } from "../../../domain/console";
import type { ConversationMessage, ConversationPage } from "../../../domain/conversation";
import { istDate } from "../../../domain/working-hours";
import {
  ANSWERS_PER_ENQUIRY_PER_DAY,
  planAnswer,
  planReply,
  type AnswerDay,
} from "../../lifecycle/conversation";
import type {
  AnswerOutcome,
  AnswerToStore,
  ConversationPageQuery,
  ConversationStore,
  MailboxPosition,
  ReplyToQueue,
} from "../conversations";
import { deliveryState } from "../enquiry-work";
import type { StoredEnquiry } from "../store";
import {
  ALREADY_EXISTS,
  chunks,
  collectionsOf,
  grpcCode,
  IN_QUERY_LIMIT,
  isoOf,
  keyDocumentId,
  sortKey,
  type FirestoreContext,
} from "./connection";
import { ANSWER_DAYS, MESSAGES, replyNotification } from "./documents";
import { membersOf, writeAlerts, readWork, writePlan } from "./work-record";

/** Where the mailbox reader stopped in each mailbox, by a hash of its name. */
const MAILBOX_POSITIONS = "mailboxPositions";

/**
 * An answer's document id, made from its enquiry and its Message-ID: two readers storing the same
 * answer both create this one document, and the second is refused (ALREADY_EXISTS).
 */
export function answerDocumentId(enquiryId: string, messageId: string): string {
  return `in-${keyDocumentId(`${enquiryId}\n${messageId}`)}`;
}

/** The one mapping of a message document (and its reply's notification) to what the console shows. */
function messageOf(doc: DocumentSnapshot, notification: DocumentData | undefined): ConversationMessage {
  const data = doc.data() ?? {};
  const common = {
    id: doc.id,
    at: String(data.at),
    subject: String(data.subject),
    text: String(data.text),
    messageId: String(data.messageId),
    inReplyTo: typeof data.inReplyTo === "string" ? data.inReplyTo : null,
  };
  if (data.direction === "out") {
    const delivery = {
      sentAt: notification?.sentAt ? isoOf(notification.sentAt) : null,
      attempts: Number(notification?.attempts ?? 0),
    };
    const status = notification?.status as string | undefined;
    return {
      ...common,
      direction: "out",
      staffEmail: String(data.staffEmail),
      delivery: {
        ...delivery,
        state: deliveryState({ ...delivery, status }),
        lastError: (notification?.lastError as string | null | undefined) ?? null,
      },
    };
  }
  return {
    ...common,
    direction: "in",
    from: String(data.from),
    unread: data.unread === true,
    attachments: Number(data.attachments ?? 0),
    truncated: data.truncated === true,
    quoteTrimmed: data.quoteTrimmed === true,
    // Stored before answers were weighed: matched under the earlier rule, they count as verified.
    verified: data.verified !== false,
  };
}

/** Oldest first; the document id breaks a tie. */
function byTime(a: DocumentSnapshot, b: DocumentSnapshot): number {
  return String(a.get("sortKey")).localeCompare(String(b.get("sortKey")));
}

/**
 * Each enquiry's e-mail conversation on Firestore: `enquiryMessages`, one document per reply and
 * per answer, with the enquiry's id in each (queried by it; no composite index is needed). A
 * reply's mail is a `reply` notification that names its message; an answer's document id is made
 * from its enquiry and Message-ID, so it is created once however many readers store it.
 */
export class FirestoreConversationStore implements ConversationStore {
  constructor(private readonly context: FirestoreContext) {}

  private get collections() {
    return { ...collectionsOf(this.context), messages: this.context.db.collection(MESSAGES) };
  }

  /** The messages of the given enquiries' conversations, with each reply's notification. */
  async conversationsOf(
    enquiryIds: readonly string[],
    get: (query: Query) => Promise<QuerySnapshot> = (query) => query.get(),
  ): Promise<Map<string, ConversationMessage[]>> {
    const docs: DocumentSnapshot[] = [];
    for (const part of chunks(enquiryIds, IN_QUERY_LIMIT)) {
      docs.push(...(await get(this.collections.messages.where("enquiryId", "in", part))).docs);
    }
    docs.sort(byTime);
    const messages = await this.withDeliveries(docs);
    const result = new Map<string, ConversationMessage[]>(enquiryIds.map((id) => [id, []]));
    docs.forEach((doc, index) => result.get(String(doc.get("enquiryId")))?.push(messages[index]!));
    return result;
  }

  /** Each message document as the console shows it, a reply with its notification's delivery. */
  private async withDeliveries(docs: readonly DocumentSnapshot[]): Promise<ConversationMessage[]> {
    const notificationIds = docs
      .map((doc) => doc.get("notificationId") as unknown)
      .filter((id): id is string => typeof id === "string");
    const notifications = new Map(
      notificationIds.length
        ? (
            await this.context.db.getAll(
              ...notificationIds.map((id) => this.collections.notifications.doc(id)),
            )
          ).map((doc) => [doc.id, doc.data()] as const)
        : [],
    );
    return docs.map((doc) => messageOf(doc, notifications.get(String(doc.get("notificationId")))));
  }

  async list(enquiryId: string, page: ConversationPageQuery): Promise<ConversationPage | null> {
    return this.context.run(async () => {
      const [enquiry, before] = await Promise.all([
        this.collections.enquiries.doc(enquiryId).get(),
        page.before ? this.collections.messages.doc(page.before).get() : Promise.resolve(null),
      ]);
      if (!enquiry.exists) return null;
      // A cursor is a message's id: the page before it ends at its sortKey, in its own enquiry only.
      if (before && (!before.exists || before.get("enquiryId") !== enquiryId))
        return { messages: [], older: null };
      let query = this.collections.messages.where("enquiryId", "==", enquiryId);
      if (before) query = query.where("sortKey", "<", String(before.get("sortKey")));
      // Newest first, one more than the page: whether older ones remain.
      const docs = (
        await query
          .orderBy("sortKey", "desc")
          .limit(page.limit + 1)
          .get()
      ).docs;
      const shown = docs.slice(0, page.limit).reverse();
      const messages = await this.withDeliveries(shown);
      return { messages, older: docs.length > page.limit ? (messages[0]?.id ?? null) : null };
    });
  }

  async reply(
    enquiryId: string,
    reply: ReplyToQueue,
  ): Promise<{ enquiry: StoredEnquiry; message: ConversationMessage } | null> {
    const at = reply.at.toISOString();
    const messageRef = this.collections.messages.doc(randomUUID());
    const notificationRef = this.collections.notifications.doc(randomUUID());
    const stored = await this.context.run(() =>
      this.context.db.runTransaction(async (transaction) => {
        const read = await readWork(this.context, transaction, enquiryId);
        if (!read) return null;
        const [acknowledgement, thread] = await Promise.all([
          transaction.get(
            this.collections.notifications
              .where("enquiryId", "==", enquiryId)
              .where("kind", "==", "acknowledgement")
              .limit(1),
          ),
          transaction.get(this.collections.messages.where("enquiryId", "==", enquiryId)),
        ]);
        const plan = planReply(read.work, {
          at,
          messageRowId: messageRef.id,
          domain: reply.messageIdDomain,
          thread: {
            acknowledgementId: acknowledgement.docs[0]?.id ?? null,
            messages: thread.docs.map((doc) => ({
              messageId: String(doc.get("messageId")),
              at: String(doc.get("at")),
            })),
          },
        });
        transaction.create(messageRef, {
          enquiryId,
          direction: "out",
          messageId: plan.message.messageId,
          inReplyTo: plan.message.inReplyTo,
          references: plan.message.references,
          at,
          sortKey: sortKey(at, messageRef.id),
          staffEmail: reply.staffEmail,
          subject: reply.subject,
          text: reply.text,
          notificationId: notificationRef.id,
        });
        transaction.create(
          notificationRef,
          replyNotification(enquiryId, read.stored.enquiry, read.stored.language, messageRef.id, reply.at),
        );
        writePlan(
          this.context,
          transaction,
          { stored: read.stored, before: read.recorded ? read.work : null },
          plan,
          { staffEmail: reply.staffEmail, at },
        );
        return read.stored;
      }),
    );
    if (!stored) return null;
    const [message, notification] = await this.context.run(() =>
      Promise.all([messageRef.get(), notificationRef.get()]),
    );
    return { enquiry: stored, message: messageOf(message, notification.data()) };
  }

  async addAnswers(answers: readonly AnswerToStore[]): Promise<AnswerOutcome[]> {
    const outcomes: AnswerOutcome[] = [];
    // One transaction per answer: a buyer's answer stands alone, and Firestore has no cheaper flush to share.
    for (const answer of answers) outcomes.push(await this.addAnswer(answer));
    return outcomes;
  }

  private async addAnswer(answer: AnswerToStore): Promise<AnswerOutcome> {
    // A refused create (this answer, or its place in the day's count, taken by another reader
    // meanwhile) is tried again: read again, it is a duplicate, or counted after the other's.
    // Each refusal is another answer counted, so the tries are bounded by the cap.
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.tryAddAnswer(answer);
      } catch (error) {
        if (grpcCode(error) !== ALREADY_EXISTS || attempt > ANSWERS_PER_ENQUIRY_PER_DAY + 1) throw error;
      }
    }
  }

  private async tryAddAnswer(answer: AnswerToStore): Promise<AnswerOutcome> {
    const ref = this.collections.messages.doc(answerDocumentId(answer.enquiryId, answer.messageId));
    const days = this.context.db.collection(ANSWER_DAYS);
    const today = istDate(answer.at);
    const at = answer.at.toISOString();
    return this.context.run(() =>
      this.context.db.runTransaction(async (transaction: Transaction): Promise<AnswerOutcome> => {
        // The day's count first: whatever is read after it is at least as new.
        const counted = await transaction.get(
          days.where("enquiryId", "==", answer.enquiryId).where("day", "==", today),
        );
        const [read, existing, staff, unread] = await Promise.all([
          readWork(this.context, transaction, answer.enquiryId),
          transaction.get(ref),
          transaction.get(this.context.db.collection("staff")),
          transaction.get(
            this.collections.messages
              .where("enquiryId", "==", answer.enquiryId)
              .where("unread", "==", true)
              .limit(1),
          ),
        ]);
        if (!read) return "not-found";
        if (existing.exists) return "duplicate";
        const day: AnswerDay = {
          day: today,
          stored: counted.docs.filter((doc) => typeof doc.get("place") === "number").length,
          setAsideTold: counted.docs.some((doc) => doc.get("place") === "told"),
        };
        const plan = planAnswer(read.work, membersOf(staff.docs), {
          at: answer.at,
          unreadBefore: !unread.empty,
          day,
        });
        // Its place in the count is written first: taken by another reader, the commit is
        // refused before anything else is written, and the answer is tried again.
        const place = plan.store
          ? plan.day.stored
          : plan.day.setAsideTold !== day.setAsideTold
            ? "told"
            : null;
        if (place !== null) {
          transaction.create(days.doc(`${answer.enquiryId}-${today}-${place}`), {
            enquiryId: answer.enquiryId,
            day: today,
            place,
          });
        }
        if (plan.store) {
          // Created, never set: of two readers storing this answer at once, the second is refused.
          transaction.create(ref, {
            enquiryId: answer.enquiryId,
            direction: "in",
            messageId: answer.messageId,
            inReplyTo: answer.inReplyTo,
            references: answer.references,
            at,
            sortKey: sortKey(at, ref.id),
            from: answer.from,
            subject: answer.subject,
            text: answer.text,
            attachments: answer.attachments,
            truncated: answer.truncated,
            quoteTrimmed: answer.quoteTrimmed,
            verified: answer.verified,
            unread: plan.unread,
          });
        }
        writeAlerts(this.context, transaction, read.stored, plan.alerts, new Date().toISOString());
        return plan.store ? "added" : "capped";
      }),
    );
  }

  async markRead(enquiryId: string): Promise<number> {
    return this.context.run(async () => {
      const unread = await this.collections.messages
        .where("enquiryId", "==", enquiryId)
        .where("unread", "==", true)
        .get();
      if (unread.empty) return 0;
      const batch = this.context.db.batch();
      for (const doc of unread.docs) batch.update(doc.ref, { unread: false });
      await batch.commit();
      return unread.size;
    });
  }

  async unreadCounts(enquiryIds: readonly string[]): Promise<Map<string, number>> {
    return this.context.run(async () => {
      const counts = new Map<string, number>();
      for (const part of chunks(enquiryIds, IN_QUERY_LIMIT)) {
        const unread = await this.collections.messages
          .where("enquiryId", "in", part)
          .where("unread", "==", true)
          .select("enquiryId")
          .get();
        for (const doc of unread.docs) {
          const id = String(doc.get("enquiryId"));
          counts.set(id, (counts.get(id) ?? 0) + 1);
        }
      }
      return counts;
    });
  }

  async enquiryOfThread(thread: {
    messageIds: readonly string[];
    acknowledgementIds: readonly string[];
  }): Promise<string | null> {
    return this.context.run(async () => {
      for (const part of chunks(thread.messageIds, IN_QUERY_LIMIT)) {
        const found = await this.collections.messages.where("messageId", "in", part).get();
        for (const id of part) {
          const doc = found.docs.find((each) => each.get("messageId") === id);
          if (doc) return String(doc.get("enquiryId"));
        }
      }
      if (thread.acknowledgementIds.length === 0) return null;
      const docs = await this.context.db.getAll(
        ...thread.acknowledgementIds.map((id) => this.collections.notifications.doc(id)),
      );
      const acknowledgement = docs.find((doc) => doc.exists && doc.get("kind") === "acknowledgement");
      return acknowledgement ? String(acknowledgement.get("enquiryId")) : null;
    });
  }

  async enquiriesByReference(reference: string): Promise<{ id: string; email: string }[]> {
    // The reference is kept on each enquiry's work document (work-record.ts), written with it.
    return this.context.run(async () => {
      const works = await this.collections.work
        .where("reference", "==", reference.toUpperCase())
        .select()
        .get();
      if (works.empty) return [];
      const enquiries = await this.context.db.getAll(
        ...works.docs.map((doc) => this.collections.enquiries.doc(doc.id)),
        { fieldMask: ["Email"] },
      );
      return enquiries
        .filter((doc) => doc.exists && enquiryReference(doc.id) === reference.toUpperCase())
        .map((doc) => ({ id: doc.id, email: String(doc.get("Email")) }));
    });
  }

  private positionRef(mailbox: string) {
    return this.context.db.collection(MAILBOX_POSITIONS).doc(keyDocumentId(mailbox));
  }

  async mailboxPosition(mailbox: string): Promise<MailboxPosition | null> {
    const doc = await this.context.run(() => this.positionRef(mailbox).get());
    if (!doc.exists) return null;
    return { uidValidity: String(doc.get("uidValidity")), lastUid: Number(doc.get("lastUid")) };
  }

  async saveMailboxPosition(mailbox: string, position: MailboxPosition, at: Date): Promise<void> {
    const ref = this.positionRef(mailbox);
    await this.context.run(() =>
      this.context.db.runTransaction(async (transaction) => {
        const current = await transaction.get(ref);
        const sameValidity = current.exists && String(current.get("uidValidity")) === position.uidValidity;
        const lastUid = sameValidity
          ? Math.max(Number(current.get("lastUid")), position.lastUid)
          : position.lastUid;
        transaction.set(ref, {
          uidValidity: position.uidValidity,
          lastUid,
          updatedAt: at.toISOString(),
        });
      }),
    );
  }
}
