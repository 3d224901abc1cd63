import { randomUUID } from "node:crypto";
import {
  type DocumentData,
  type DocumentSnapshot,
  type Query,
  type Transaction,
} from "firebase-admin/firestore";
import { enquiryReference } from "../../../domain/console";
import type { ConversationMessage, ConversationPage } from "../../../domain/conversation";
import type { MessageChannel, WhatsAppDelivery } from "../../../domain/whatsapp";
import type {
  ConversationAdapter,
  ConversationPageQuery,
  ConversationSteps,
  StoredMessage,
  ThreadIds,
} from "../conversations";
import { answerMessageOf, replyDeliveryOf, replyMessageOf } from "../conversations";
import type { AnswersOf, ChangeOf } from "../step-port";
import { runStepsInTransaction, type HoldWrite } from "./step-transaction";
import type { ConversationWorkSteps, WorkSteps } from "../work-port";
import {
  chunks,
  collectionsOf,
  IN_QUERY_LIMIT,
  isoOf,
  keyDocumentId,
  sortKey,
  type FirestoreContext,
} from "./connection";
import { ANSWER_DAYS, MESSAGES, newNotification } from "./documents";
import { BUYER_KEYS_FIELD, buyerKeysOfDocument, buyerSecret } from "./buyers";
import { whatsappConsentOfDocument } from "./enquiry-meta";

/** Where the mailbox reader stopped in each mailbox, by a hash of its name. */
const MAILBOX_POSITIONS = "mailboxPositions";

/**
 * An answer's document, its id made from its enquiry and its Message-ID: two readers storing the
 * same answer both create this one document, and the second is refused (ALREADY_EXISTS). A
 * WhatsApp message's is made from its id alone, which is unique in the whole store: two instances
 * delivered it at once create one document, whichever enquiry each filed it on.
 */
function answerRef(context: FirestoreContext, enquiryId: string, messageId: string, channel: MessageChannel) {
  const id =
    channel === "whatsapp"
      ? `wa-${keyDocumentId(messageId)}`
      : `in-${keyDocumentId(`${enquiryId}\n${messageId}`)}`;
  return context.db.collection(MESSAGES).doc(id);
}

/** The enquiry's messages: one equality, no composite index. */
function enquiryMessages(context: FirestoreContext, enquiryId: string): Query {
  return context.db.collection(MESSAGES).where("enquiryId", "==", enquiryId);
}

/** A message's document in `enquiryMessages`: the one place its fields are written (messageOf reads them). */
function messageDocument(
  enquiryId: string,
  references: readonly string[],
  message: StoredMessage,
  notificationId?: string,
): DocumentData {
  const { id, direction, channel, messageId, inReplyTo, at, subject, text } = message;
  const common = { enquiryId, direction, messageId, inReplyTo, references, at, subject, text };
  const sorted = { ...common, sortKey: sortKey(at, id) };
  // A reply names its notification; an e-mail reply has no channel field (it reads as e-mail).
  if (message.direction === "out") {
    return {
      ...sorted,
      ...(channel === "whatsapp" ? { channel } : {}),
      staffEmail: message.staffEmail,
      notificationId,
    };
  }
  const { from, attachments, truncated, quoteTrimmed, verified, unread } = message;
  return { ...sorted, channel, from, attachments, truncated, quoteTrimmed, verified, unread };
}

/** The one mapping of a message document (and its reply's notification) to what the console shows. */
function messageOf(
  doc: { id: string; data(): DocumentData | undefined },
  notification: DocumentData | undefined,
): ConversationMessage {
  const data = doc.data() ?? {};
  const common = {
    id: doc.id,
    channel: data.channel === "whatsapp" ? ("whatsapp" as const) : ("email" as const),
    at: String(data.at),
    subject: String(data.subject),
    text: String(data.text),
    messageId: String(data.messageId),
    inReplyTo: typeof data.inReplyTo === "string" ? data.inReplyTo : null,
  };
  if (data.direction === "out") {
    const whatsapp = data.whatsappStatus as WhatsAppDelivery | undefined;
    return {
      ...common,
      direction: "out",
      staffEmail: String(data.staffEmail),
      whatsapp: whatsapp ? { status: whatsapp.status, at: whatsapp.at, error: whatsapp.error ?? null } : null,
      delivery: replyDeliveryOf({
        sentAt: notification?.sentAt ? isoOf(notification.sentAt) : null,
        attempts: Number(notification?.attempts ?? 0),
        status: notification?.status as string | undefined,
        lastError: (notification?.lastError as string | null | undefined) ?? null,
      }),
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

/** The place in an enquiry's count of a day's answers: each a document created once only. */
function answerDays(context: FirestoreContext) {
  return context.db.collection(ANSWER_DAYS);
}

/**
 * The work port's steps of a conversation (work-port.ts) and its readBuyerWhatsApp, in the
 * transaction: reads as asked, writes held back (`claimFirst`: made first of all the change's).
 */
export function conversationWorkAnswers(
  context: FirestoreContext,
  transaction: Transaction,
  hold: HoldWrite,
  claimFirst: HoldWrite,
): AnswersOf<ConversationWorkSteps & Pick<WorkSteps, "readBuyerWhatsApp">, true> {
  return {
    readThread: async ({ enquiryId }) => {
      const [acknowledgement, thread] = await Promise.all([
        transaction.get(
          collectionsOf(context)
            .notifications.where("enquiryId", "==", enquiryId)
            .where("kind", "==", "acknowledgement")
            .limit(1),
        ),
        transaction.get(enquiryMessages(context, enquiryId)),
      ]);
      return {
        acknowledgementId: acknowledgement.docs[0]?.id ?? null,
        messages: thread.docs.map((doc) => ({
          messageId: String(doc.get("messageId")),
          at: String(doc.get("at")),
        })),
      };
    },
    newMessageId: () => randomUUID(),
    // The reply's message document and its mail (a notification naming it, with the request that
    // sent it), answered as the conversation shows it.
    writeReply: (reply) => {
      const { stored, messageRowId, headers, actor } = reply;
      // A WhatsApp message's document is named by its id, held once in the whole store (answerHeld).
      const messageRef = reply.whatsapp
        ? answerRef(context, stored.id, headers.messageId, "whatsapp")
        : context.db.collection(MESSAGES).doc(messageRowId);
      const notificationRef = collectionsOf(context).notifications.doc(randomUUID());
      const message = messageDocument(
        stored.id,
        headers.references,
        replyMessageOf(reply, messageRef.id),
        notificationRef.id,
      );
      const notification = newNotification({
        kind: reply.whatsapp ? "whatsapp" : "reply",
        at: new Date(actor.at),
        enquiry: stored,
        messageDocId: messageRef.id,
        requestId: actor.requestId,
        ...(reply.whatsapp ? { payload: JSON.stringify(reply.whatsapp) } : {}),
      });
      hold(() => {
        transaction.create(messageRef, message);
        transaction.create(notificationRef, notification);
      });
      return messageOf({ id: messageRef.id, data: () => message }, notification);
    },
    readWhatsAppAnswers: async ({ enquiryId, limit }) =>
      newestAnswers((await transaction.get(whatsAppMessagesOf(context, enquiryId))).docs, limit),
    // The consent this enquiry's form gave, and the buyer's WhatsApp messages on every enquiry
    // holding its mobile key. It reads; what they mean is decided above the store
    // (server/lifecycle/whatsapp.ts: whatsappFactsOf).
    readBuyerWhatsApp: async ({ enquiryId, limit }) => {
      const collections = collectionsOf(context);
      const [own, secret] = await Promise.all([
        transaction.get(collections.enquiries.doc(enquiryId)),
        buyerSecret(context),
      ]);
      if (!own.exists) return { consent: null, messages: [] };
      const data = own.data() ?? {};
      const { mobile } = buyerKeysOfDocument(data, secret);
      const buyers = await transaction.get(
        collections.enquiries.where(BUYER_KEYS_FIELD, "array-contains-any", [mobile]).select(),
      );
      const ids = new Set([enquiryId, ...buyers.docs.map((doc) => doc.id)]);
      // Each enquiry's as readWhatsAppAnswers reads them: a buyer has a handful of enquiries.
      const answers = await Promise.all(
        [...ids].map((id) => transaction.get(whatsAppMessagesOf(context, id))),
      );
      const messages = newestAnswers(
        answers.flatMap((snapshot) => snapshot.docs),
        limit,
      );
      return { consent: whatsappConsentOfDocument(data), messages };
    },
    // The answers counted on the IST day `day`.
    readAnswerDay: async ({ enquiryId, day }) => {
      const counted = await transaction.get(
        answerDays(context).where("enquiryId", "==", enquiryId).where("day", "==", day),
      );
      return {
        day,
        stored: counted.docs.filter((doc) => typeof doc.get("place") === "number").length,
        setAsideTold: counted.docs.some((doc) => doc.get("place") === "told"),
      };
    },
    // What changed of the day: the place of an answer stored in the day's count, or that the
    // owner was told of those set aside. Created, never set, and first of all the change's writes:
    // taken by another reader meanwhile, the commit is refused before anything else is written,
    // even where a commit applies its writes in turn.
    writeAnswerDay: ({ enquiryId, before, after }) => {
      const counted = before?.day === after.day ? before : { stored: 0, setAsideTold: false };
      const place =
        after.stored !== counted.stored
          ? after.stored
          : after.setAsideTold !== counted.setAsideTold
            ? "told"
            : null;
      if (place === null) return;
      claimFirst(() =>
        transaction.create(answerDays(context).doc(`${enquiryId}-${after.day}-${place}`), {
          enquiryId,
          day: after.day,
          place,
        }),
      );
    },
    answerHeld: async ({ enquiryId, messageId, channel }) =>
      (await transaction.get(answerRef(context, enquiryId, messageId, channel))).exists,
    unreadAnswers: async ({ enquiryId }) =>
      !(await transaction.get(enquiryMessages(context, enquiryId).where("unread", "==", true).limit(1)))
        .empty,
    // Created, never set: of two readers storing this answer at once, the second is refused.
    storeAnswer: ({ answer }) => {
      const ref = answerRef(context, answer.enquiryId, answer.messageId, answer.channel ?? "email");
      const message = messageDocument(answer.enquiryId, answer.references, answerMessageOf(answer, ref.id));
      hold(() => transaction.create(ref, message));
      return true;
    },
  };
}

/**
 * Each enquiry's e-mail conversation on Firestore: `enquiryMessages`, one document per reply and
 * per answer, with the enquiry's id in each (queried by it; no composite index is needed). A
 * reply's mail is a `reply` notification that names its message; an answer's document id is made
 * from its enquiry and Message-ID, so it is created once however many readers store it.
 */
export class FirestoreConversationStore implements ConversationAdapter {
  constructor(private readonly context: FirestoreContext) {}

  private get collections() {
    return { ...collectionsOf(this.context), messages: this.context.db.collection(MESSAGES) };
  }

  run<R>(change: () => ChangeOf<ConversationSteps, R>): Promise<R> {
    return runStepsInTransaction(this.context, change, (transaction, hold) =>
      this.answers(transaction, hold),
    );
  }

  private answers(transaction: Transaction, hold: HoldWrite): AnswersOf<ConversationSteps, true> {
    const { messages } = this.collections;
    return {
      readWhatsAppStatus: async ({ messageRowId }) => {
        const doc = await transaction.get(messages.doc(messageRowId));
        if (!doc.exists || doc.get("direction") !== "out" || doc.get("channel") !== "whatsapp") return null;
        return { status: (doc.get("whatsappStatus") as WhatsAppDelivery | undefined)?.status ?? null };
      },
      writeWhatsAppStatus: ({ messageRowId, delivery }) =>
        hold(() => transaction.update(messages.doc(messageRowId), { whatsappStatus: { ...delivery } })),
      readMailboxPosition: async ({ mailbox }) => {
        const doc = await transaction.get(this.positionRef(mailbox));
        if (!doc.exists) return null;
        return { uidValidity: String(doc.get("uidValidity")), lastUid: Number(doc.get("lastUid")) };
      },
      writeMailboxPosition: ({ mailbox, position, at }) =>
        hold(() => transaction.set(this.positionRef(mailbox), { ...position, updatedAt: at })),
    };
  }

  /** The messages of the given enquiries' conversations, with each reply's notification. */
  async conversationsOf(enquiryIds: readonly string[]): Promise<Map<string, ConversationMessage[]>> {
    const docs: DocumentSnapshot[] = [];
    for (const part of chunks(enquiryIds, IN_QUERY_LIMIT)) {
      docs.push(...(await this.collections.messages.where("enquiryId", "in", part).get()).docs);
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
      (await this.notificationsOf(notificationIds)).map((doc) => [doc.id, doc.data()] as const),
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
      let query = enquiryMessages(this.context, enquiryId);
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

  async markRead(enquiryId: string): Promise<number> {
    return this.context.run(async () => {
      const unread = await enquiryMessages(this.context, enquiryId).where("unread", "==", true).get();
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

  async threadEnquiries(thread: ThreadIds) {
    return this.context.run(async () => {
      const messages = new Map<string, string>();
      for (const part of chunks(thread.messageIds, IN_QUERY_LIMIT)) {
        for (const doc of (await this.collections.messages.where("messageId", "in", part).get()).docs) {
          messages.set(String(doc.get("messageId")), String(doc.get("enquiryId")));
        }
      }
      const acknowledgements = new Map<string, string>();
      for (const doc of await this.notificationsOf(thread.acknowledgementIds)) {
        if (doc.exists && doc.get("kind") === "acknowledgement" && typeof doc.get("enquiryId") === "string") {
          acknowledgements.set(doc.id, String(doc.get("enquiryId")));
        }
      }
      return { messages, acknowledgements };
    });
  }

  async enquiriesByReference(reference: string): Promise<{ id: string; email: string | null }[]> {
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
        .map((doc) => {
          // An enquiry started on WhatsApp has no address.
          const email: unknown = doc.get("Email");
          return { id: doc.id, email: typeof email === "string" ? email : null };
        });
    });
  }

  /** The notifications by these ids, in one read (none asked: none read). */
  private async notificationsOf(ids: readonly string[]): Promise<DocumentSnapshot[]> {
    const { notifications } = this.collections;
    return ids.length ? this.context.db.getAll(...ids.map((id) => notifications.doc(id))) : [];
  }

  private positionRef(mailbox: string) {
    return this.context.db.collection(MAILBOX_POSITIONS).doc(keyDocumentId(mailbox));
  }
}

/** The enquiry's WhatsApp messages: equalities only, no composite index (a day's are bounded). */
function whatsAppMessagesOf(context: FirestoreContext, enquiryId: string): Query {
  return enquiryMessages(context, enquiryId).where("channel", "==", "whatsapp");
}

/** The buyer's messages among `docs`, newest first, at most `limit`: when each came and what it said. */
function newestAnswers(docs: readonly DocumentSnapshot[], limit: number): { at: string; text: string }[] {
  return docs
    .filter((doc) => doc.get("direction") === "in")
    .sort((a, b) => byTime(b, a))
    .slice(0, limit)
    .map((doc) => ({ at: String(doc.get("at")), text: String(doc.get("text")) }));
}
