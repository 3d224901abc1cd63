import type {
  ConversationMessage,
  ConversationPage,
  IncomingMessage,
  OutgoingMessage,
} from "../../domain/conversation";
import type { WhatsAppEnquiry } from "../../domain/enquiry";
import type { MessageChannel, WhatsAppDelivery, WhatsAppStatusName } from "../../domain/whatsapp";
import type { StoredEnquiry, WhatsAppPayload } from "./store";
import type { WhatsAppSendFacts } from "../lifecycle/whatsapp";
import type { PortOf } from "./step-port";
import type { ReplyPlan } from "../lifecycle/conversation";
import type { Actor } from "./work-port";
import { deliveryState } from "./enquiry-work";

/** A reply a member wrote, checked (domain/conversation.ts: checkReply), to be queued. */
export interface ReplyToQueue {
  subject: string;
  text: string;
  staffEmail: string;
  at: Date;
  /** The domain of the company's sending address (MAIL_FROM): its Message-ID is made under it. */
  messageIdDomain: string;
  /** The request that sent it: its mail in the outbox carries it. */
  requestId?: string;
  /**
   * Sent on WhatsApp instead (docs/whatsapp.md): what is sent, and the key of the member's click
   * (a second request with it queues nothing). Its `subject` is empty.
   */
  whatsapp?: { payload: WhatsAppPayload; clickKey: string };
}

/**
 * A WhatsApp message the store already holds for this click (a second request with its key), or
 * one the rules refuse (the buyer's STOP, no consent, the window closed for free text): nothing
 * was written. Its message is what the member reads (whatsappSendMessages).
 */
export class WhatsAppSendError extends Error {
  constructor(
    message: string,
    readonly reason: "already-queued" | "refused",
  ) {
    super(message);
    this.name = "WhatsAppSendError";
  }
}

/** An e-mail reply on an enquiry with no address (started on WhatsApp): nothing is written. */
export class NoAddressError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "NoAddressError";
  }
}

/** A buyer's answer as the mailbox reader made it out, to be stored on its enquiry. */
export interface AnswerToStore {
  enquiryId: string;
  /**
   * The channel it came by; e-mail unless given. A WhatsApp message's id (`wamid`) is held once
   * in the whole store, whichever enquiry it was filed on: Meta delivers a message again until
   * answered, and two instances may be delivered it at once.
   */
  channel?: MessageChannel;
  /** Its Message-ID: an enquiry holds each once, however often or by however many it is read. */
  messageId: string;
  inReplyTo: string | null;
  references: string[];
  from: string;
  subject: string;
  text: string;
  /** When it reached the console (the reader's clock): the day its enquiry's cap counts it in. */
  at: Date;
  attachments: number;
  truncated: boolean;
  quoteTrimmed: boolean;
  /**
   * Known to come from the buyer: matched by its thread's Message-IDs, or by the subject's
   * reference with the receiving server's DMARC (or SPF and DKIM) pass. The console marks an
   * answer that is not.
   */
  verified: boolean;
}

/**
 * What storing an answer did: stored (and its owner alerted, planAnswer), already there, no such
 * enquiry, or not stored because its enquiry had its day's ANSWERS_PER_ENQUIRY_PER_DAY already
 * (the reader sets such a mail aside in the mailbox).
 */
export type AnswerOutcome = "added" | "duplicate" | "not-found" | "capped";

/** Which page of a conversation to read: the newest `limit` messages, or those before `before`. */
export interface ConversationPageQuery {
  /** A page's `older` cursor; absent: the newest page. */
  before?: string;
  limit: number;
}

/** Where the mailbox reader stopped in one mailbox: its UIDVALIDITY, and the last UID it read. */
export interface MailboxPosition {
  /** IMAP's UIDVALIDITY, as a decimal string (it may exceed 2^53 on some servers). */
  uidValidity: string;
  lastUid: number;
}

/**
 * Each enquiry's e-mail conversation (docs/console.md, Conversation) as the console and the
 * mailbox reader read it. Its changes (a reply, the buyer's answers) are ConversationChanges.
 */
export interface ConversationStore {
  /**
   * One page of the enquiry's messages, oldest first, each reply with its delivery: the newest
   * `limit`, or the `limit` before the cursor `before`; with the cursor of the page before it (null
   * when it starts the conversation). An unknown cursor answers an empty page. Null when there is
   * no such enquiry.
   */
  list(enquiryId: string, page: ConversationPageQuery): Promise<ConversationPage | null>;
  /** Marks the enquiry's answers read; answers how many were unread. */
  markRead(enquiryId: string): Promise<number>;
  /** For each enquiry, how many of its buyer's answers are unread (absent: none): the inbox's mark. */
  unreadCounts(enquiryIds: readonly string[]): Promise<Map<string, number>>;
  /**
   * The enquiries a thread's ids name: of `messageIds`, those of a message of a conversation (a
   * reply sent, an answer stored), by Message-ID; of `acknowledgementIds`, those of an enquiry's
   * acknowledgement, by its id. An id naming none is absent. Which one the thread belongs to is
   * enquiryOfThread's to say.
   */
  threadEnquiries(thread: ThreadIds): Promise<{
    messages: Map<string, string>;
    acknowledgements: Map<string, string>;
  }>;
  /**
   * The enquiries whose reference (enquiryReference) is `reference`, with the address each carries
   * (null: one started on WhatsApp, which has none).
   */
  enquiriesByReference(reference: string): Promise<{ id: string; email: string | null }[]>;
  /**
   * Records Meta's status on a WhatsApp message the company sent (by our message's id), only
   * where the message's status is now one of `replaces` (null: none yet; the rule is
   * whatsappStatusReplaces). Answers whether it was recorded; false too for no such message.
   */
  recordWhatsAppStatus(
    messageRowId: string,
    delivery: WhatsAppDelivery,
    replaces: readonly (WhatsAppStatusName | null)[],
  ): Promise<boolean>;
  /** Where the reader stopped in the mailbox named `mailbox`; null before its first read. */
  mailboxPosition(mailbox: string): Promise<MailboxPosition | null>;
  /**
   * Records where the reader stopped. Under the same UIDVALIDITY the position only moves forward
   * (two readers at once leave the furthest); a new UIDVALIDITY replaces it.
   */
  saveMailboxPosition(mailbox: string, position: MailboxPosition, at: Date): Promise<void>;
}

/**
 * The steps the conversation's own records ask of a store (server/work/conversation-records.ts),
 * each answered in the change's one transaction; reads come first.
 */
export type ConversationSteps = {
  /** Meta's status on a WhatsApp message the company sent (null: none yet); null for no such message. */
  readWhatsAppStatus: {
    args: { messageRowId: string };
    result: { status: WhatsAppStatusName | null } | null;
  };
  writeWhatsAppStatus: { args: { messageRowId: string; delivery: WhatsAppDelivery }; result: void };
  /** Where the reader stopped in the mailbox named `mailbox`; null before its first read. */
  readMailboxPosition: { args: { mailbox: string }; result: MailboxPosition | null };
  writeMailboxPosition: { args: { mailbox: string; position: MailboxPosition; at: string }; result: void };
};

/** What a store keeps of the conversations beside the changes written above it. */
export type ConversationAdapter = PortOf<ConversationSteps> &
  Omit<ConversationStore, "recordWhatsAppStatus" | "mailboxPosition" | "saveMailboxPosition">;

/**
 * The conversation's changes, each written once above the stores (server/work/): replies members
 * send from the console, queued in the outbox in the same transaction as their message and the
 * contact they count as, and the buyer's answers the mailbox reader stores, each once. The rules
 * are in server/lifecycle/conversation.ts.
 */
export interface ConversationChanges {
  /**
   * Queues a reply to the enquiry's own address, threaded under its acknowledgement and the
   * messages before it (planReply), with its contact history line, in one transaction. Null when
   * there is no such enquiry.
   */
  reply(enquiryId: string, reply: ReplyToQueue): Promise<ReplyQueued | null>;
  /**
   * Stores each answer on its enquiry, unread, with its owner's alert (planAnswer): each in its
   * own write, one answer's failure not undoing another's. An answer whose Message-ID the enquiry
   * already holds is a `duplicate` and changes nothing, whoever stored it first. The enquiry's
   * count of the day's answers is read and written in the same write as the answer, so readers
   * storing at once never pass the cap; one beyond it is `capped`.
   */
  addAnswers(answers: readonly AnswerToStore[]): Promise<AnswerOutcome[]>;
  /**
   * What deciding a WhatsApp send reads of the enquiry (whatsappFactsOf: the buyer's last
   * WhatsApp message, their opt-out), read as a send reads it; null when there is no such enquiry.
   */
  whatsappFacts(enquiryId: string): Promise<WhatsAppSendFacts | null>;
  /**
   * Files a buyer's WhatsApp message: on their open enquiry, read in the change's transaction, as
   * an answer (addAnswers); with none open, on a new enquiry from WhatsApp (planWhatsAppIntake)
   * whose first message it is, written in the same transaction. Of two messages from one number
   * filed at once, one opens the enquiry and the other is filed on it; a message held already is
   * a `duplicate`.
   */
  fileWhatsApp(message: WhatsAppToFile): Promise<WhatsAppFiled>;
}

/** A reply queued: its enquiry, and its message as the conversation shows it. */
export interface ReplyQueued {
  enquiry: StoredEnquiry;
  message: ConversationMessage;
}

/** A buyer's WhatsApp message to file, and the enquiry it opens when none of theirs is open. */
export interface WhatsAppToFile {
  /** The message as an answer; the enquiry it is filed on is decided in the change. */
  answer: Omit<AnswerToStore, "enquiryId">;
  /** The enquiry it would open: the sender's profile name and number (domain/enquiry.ts). */
  enquiry: WhatsAppEnquiry;
  /** When it reached the server: a new enquiry's time received. */
  at: Date;
  /** The webhook's request, kept with what the new enquiry queues. */
  requestId?: string;
}

/** What filing a WhatsApp message did, and on which enquiry; `opened`: a new one, from it. */
export interface WhatsAppFiled {
  outcome: AnswerOutcome;
  enquiryId: string;
  opened: boolean;
}

/** The ids a mail's thread names: its References and In-Reply-To, and the acknowledgements among them. */
export interface ThreadIds {
  messageIds: readonly string[];
  acknowledgementIds: readonly string[];
}

/**
 * The enquiry a thread belongs to: the first of `messageIds` that is a message of a conversation
 * (a reply sent, an answer stored), else the first of `acknowledgementIds` that is an enquiry's
 * acknowledgement. Null when none is.
 */
export async function enquiryOfThread(
  store: Pick<ConversationStore, "threadEnquiries">,
  thread: ThreadIds,
): Promise<string | null> {
  const found = await store.threadEnquiries(thread);
  const first = (ids: readonly string[], held: Map<string, string>) =>
    ids.map((id) => held.get(id)).find(Boolean);
  return (
    first(thread.messageIds, found.messages) ??
    first(thread.acknowledgementIds, found.acknowledgements) ??
    null
  );
}

/** A reply a store writes with its queued mail, in the caller's transaction. */
export interface ReplyToWrite {
  messageRowId: string;
  headers: ReplyPlan["message"];
  subject: string;
  text: string;
  actor: Actor;
  /**
   * A WhatsApp message (channel `whatsapp`): queued as a `whatsapp` notification carrying what is
   * sent; its message is held once in the whole store by `headers.messageId`, as a buyer's
   * WhatsApp message is (answerHeld, channel `whatsapp`). Absent: an e-mail reply.
   */
  whatsapp?: WhatsAppPayload;
}

/** A message as both stores keep it, a reply's delivery aside (its notification's). */
export type StoredMessage = Omit<OutgoingMessage, "delivery"> | IncomingMessage;

/** The reply's message as both stores keep it, before any delivery: the one mapping of a reply. */
export function replyMessageOf(reply: ReplyToWrite, id: string): Omit<OutgoingMessage, "delivery"> {
  return {
    id,
    direction: "out",
    channel: reply.whatsapp ? "whatsapp" : "email",
    messageId: reply.headers.messageId,
    inReplyTo: reply.headers.inReplyTo,
    at: reply.actor.at,
    staffEmail: reply.actor.staffEmail,
    subject: reply.subject,
    text: reply.text,
    whatsapp: null,
  };
}

/** A buyer's answer as both stores keep it, unread: the one mapping of an answer. */
export function answerMessageOf(answer: AnswerToStore, id: string): IncomingMessage {
  const { enquiryId: _enquiryId, references: _references, ...message } = answer;
  return {
    ...message,
    id,
    direction: "in",
    channel: answer.channel ?? "email",
    at: answer.at.toISOString(),
    unread: true,
  };
}

/** A reply's delivery as the console shows it, from its notification as either store keeps it. */
export function replyDeliveryOf(notification: {
  sentAt: string | null;
  attempts: number;
  status: string | null | undefined;
  lastError: string | null;
}): OutgoingMessage["delivery"] {
  const { sentAt, attempts, lastError } = notification;
  return { sentAt, attempts, state: deliveryState(notification), lastError };
}
