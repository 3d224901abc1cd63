/**
 * The e-mail conversation with a buyer, decided once (docs/console.md, Conversation): how a reply
 * threads, that sending one is contact, which mailbox mail is an answer to which enquiry, and who
 * hears of an answer. No I/O: the store adapters read, call these, and write what they answer; the
 * mailbox reader asks `matchAnswer` about each mail.
 */
import { answerQuote } from "../../domain/conversation";
import { istDate } from "../../domain/working-hours";
import { mailboxOf } from "../mailbox-caps";
import {
  acknowledgementMessageId,
  acknowledgementNotificationIdOf,
  replyMessageId,
} from "../notify/message-ids";
import { isClosed } from "../../domain/status";
import {
  dueOf,
  owners,
  planContact,
  settled,
  type DueFacts,
  type MemberAlertPlan,
  type MemberFacts,
  type WorkPlan,
  type WorkState,
} from "./plan";

/** How many Message-IDs a reply's References keeps: the thread's first, and the newest after it. */
export const REFERENCES_KEPT = 10;

/** What a reply is threaded under: the acknowledgement, and the conversation so far. */
export interface ThreadFacts {
  /** The visitor's acknowledgement's notification id, when one was queued; null otherwise. */
  acknowledgementId: string | null;
  /** The conversation's messages, oldest first. */
  messages: readonly { messageId: string; at: string }[];
}

/**
 * A reply's In-Reply-To and References (RFC 5322, 3.6.4): it answers the newest message of the
 * conversation, or the acknowledgement when there is none yet, and its References list the thread
 * from the acknowledgement on, the first kept and the newest after it (REFERENCES_KEPT in all).
 * A reply to an enquiry that was never acknowledged, with nothing before it, starts the thread.
 */
export function threadHeaders(
  thread: ThreadFacts,
  domain: string,
): { inReplyTo: string | null; references: string[] } {
  const chain = [
    ...(thread.acknowledgementId ? [acknowledgementMessageId(thread.acknowledgementId, domain)] : []),
    ...[...thread.messages].sort((a, b) => a.at.localeCompare(b.at)).map((message) => message.messageId),
  ].filter((id, index, all) => all.indexOf(id) === index);
  const references =
    chain.length <= REFERENCES_KEPT ? chain : [chain[0] as string, ...chain.slice(-(REFERENCES_KEPT - 1))];
  return { inReplyTo: chain.at(-1) ?? null, references };
}

/** A reply as the store writes it: its Message-ID and thread headers, and the contact it counts as. */
export interface ReplyPlan extends WorkPlan {
  message: { messageId: string; inReplyTo: string | null; references: string[] };
}

/**
 * A member's reply: threaded under what came before (`threadHeaders`), stamped with a Message-ID
 * made from its own row's id, and counted as contact by e-mail, like a call answered or a chat
 * started from the console (planContact): the enquiry no longer waits for its first contact, the
 * first contact moves New to Contacted, it is due by its follow-up or the rule's time, and its
 * history says who wrote. Whatever the client sent, it goes to the enquiry's own address only.
 */
export function planReply(
  work: WorkState,
  input: { at: string; messageRowId: string; domain: string; thread: ThreadFacts; due: DueFacts },
): ReplyPlan {
  return {
    ...planContact(work, { channel: "email", at: input.at, due: input.due }),
    message: {
      messageId: replyMessageId(input.messageRowId, input.domain),
      ...threadHeaders(input.thread, input.domain),
    },
  };
}

/**
 * How many of the buyer's answers one enquiry stores in one IST day (the day each reached the
 * console, as staff count days): enough for any real exchange, few enough that a flood of mail
 * cannot bury the conversation. The rest stay in the company's mailbox, set aside.
 */
export const ANSWERS_PER_ENQUIRY_PER_DAY = 20;

/** What the store keeps of an enquiry's answers on the last IST day one arrived. */
export interface AnswerDay {
  /** The IST day (YYYY-MM-DD, istDate). */
  day: string;
  /** How many answers were stored on it. */
  stored: number;
  /** Whether the owner was told that answers beyond the cap were set aside that day. */
  setAsideTold: boolean;
}

/** What storing one answer decides from. */
export interface AnswerFacts {
  /** When it reached the console (the reader's clock, never the sender's). */
  at: Date;
  /** Whether the enquiry already holds an answer its owner has not read. */
  unreadBefore: boolean;
  /** The enquiry's answer day as stored; null before its first answer. */
  day: AnswerDay | null;
  /** The answer's text, which its owner's alert quotes the start of. */
  text?: string;
  /** Where the buyer answered: by e-mail unless said. */
  channel?: "email" | "whatsapp";
}

/**
 * Stored, unread, and who is alerted, with the work record made due now (null: it stays as it
 * is); or set aside beyond the day's cap, the owner told once.
 */
export type AnswerPlan =
  | { store: true; unread: true; alerts: MemberAlertPlan[]; day: AnswerDay; work: WorkState | null }
  | { store: false; alerts: MemberAlertPlan[]; day: AnswerDay };

/**
 * The buyer answered: an open enquiry is due now for its owner, its follow-up brought forward to
 * the answer's time, and waiting on us (`answeredAt`) until staff's next contact (null: it was due
 * and waiting already, and stays as it is). Nothing else of the work record changes: an answer is
 * not staff's contact. A closed enquiry stays closed, due at no time and waiting on nobody.
 */
export function dueOnAnswer(work: WorkState, at: string): WorkState | null {
  if (isClosed(work.status)) return null;
  // Waiting on us from the first answer nobody has answered since.
  const waiting = work.answeredAt === null ? { ...work, answeredAt: at } : work;
  const due = dueOf(waiting);
  if (due !== null && Date.parse(due) <= Date.parse(at)) return waiting === work ? null : settled(waiting);
  return settled({ ...waiting, followUpAt: at, reminderDueAt: null });
}

/**
 * The buyer's answer to an enquiry:
 * - stored, unread for the owner, up to ANSWERS_PER_ENQUIRY_PER_DAY on one IST day; beyond it, not
 *   stored (the mailbox reader sets it aside in the mailbox), and the owner told of it once that
 *   day, not once per mail;
 * - the owner is alerted by the first answer they have not read: while it stays unread, more
 *   answers add to it without another mail; once they open it (markRead), the next alerts again.
 * Nobody is alerted when the owner chose no alerts, or when nobody owns the enquiry (the company's
 * mailbox got the answer itself). An answer is not staff's contact, but a stored one makes the
 * enquiry due now for its owner (dueOnAnswer).
 */
export function planAnswer(work: WorkState, members: readonly MemberFacts[], facts: AnswerFacts): AnswerPlan {
  // An owner who never set a password, or who is away (domain/staff.ts), is mailed nothing of the buyer's.
  const owner = work.ownerId
    ? owners(members, facts.at.toISOString()).find(({ id }) => id === work.ownerId)
    : undefined;
  const alerted = owner && owner.alerts !== "none" ? owner : undefined;
  const today = istDate(facts.at);
  const day = facts.day?.day === today ? facts.day : { day: today, stored: 0, setAsideTold: false };
  if (day.stored >= ANSWERS_PER_ENQUIRY_PER_DAY) {
    if (day.setAsideTold) return { store: false, alerts: [], day };
    return {
      store: false,
      alerts: alerted ? [{ staffId: alerted.id, setAside: true }] : [],
      day: { ...day, setAsideTold: true },
    };
  }
  return {
    store: true,
    unread: true,
    alerts:
      alerted && !facts.unreadBefore
        ? [
            {
              staffId: alerted.id,
              answered: true,
              ...(facts.channel === "whatsapp" ? { channel: "whatsapp" as const } : {}),
              ...(facts.text?.trim() ? { quote: answerQuote(facts.text) } : {}),
            },
          ]
        : [],
    day: { ...day, stored: day.stored + 1 },
    work: dueOnAnswer(work, facts.at.toISOString()),
  };
}

/** Who opening the enquiry marks its answers read: its owner, or anyone while nobody owns it. */
export function opensAnswers(ownerId: string | null, staffId: string): boolean {
  return ownerId === null || ownerId === staffId;
}

/** The subject with the enquiry's reference in it, so that an answer can be found by it alone. */
export function withReference(subject: string, reference: string): string {
  return subject.toUpperCase().includes(reference.toUpperCase()) ? subject : `${subject} [${reference}]`;
}

/** Eight hex characters standing alone: the shape of an enquiry's reference (enquiryReference). */
const REFERENCE_TOKEN = /(?<![0-9A-Za-z])[0-9A-Fa-f]{8}(?![0-9A-Za-z])/g;

/** The references a subject may carry, upper case, each once (at most three looked at). */
export function referencesIn(subject: string): string[] {
  return [...new Set((subject.match(REFERENCE_TOKEN) ?? []).map((token) => token.toUpperCase()))].slice(0, 3);
}

/** What the mailbox reader knows of one mail before deciding whether it is an answer. */
export interface MailFacts {
  /** Its own Message-ID, if it has one. */
  messageId: string | null;
  /** The address in its From header. */
  from: string;
  /** Sent by a program on its own (RFC 3834 Auto-Submitted other than "no"): an out-of-office, a bounce. */
  automatic: boolean;
  /**
   * The company's receiving server vouched for its From domain (DMARC, or SPF and DKIM aligned:
   * server/mail/sender-authentication.ts).
   */
  authenticated: boolean;
}

export type AnswerMatch =
  | { enquiryId: string; by: "thread" | "reference"; verified: boolean }
  | { enquiryId: null; reason: "ours" | "automatic" | "unrelated" | "stranger" };

/**
 * Whether a mail in the company's mailbox is a buyer's answer, and to which enquiry:
 * - by its thread: its In-Reply-To or References name a mail we sent about the enquiry (the
 *   acknowledgement, a reply) or an answer already on it (`threadEnquiryId`, looked up in the
 *   store). Those Message-IDs are known only to whoever received our mail, so the sender may write
 *   from another address (a colleague answering for the buyer); the conversation shows who it was;
 * - else by the reference in its subject, but only when it comes from the enquiry's own mailbox
 *   (compared as mailboxOf folds it): anyone can type a reference, and mail from a stranger
 *   quoting one is left alone (`stranger`), as is a reference two of the sender's enquiries share.
 *   A From header is as easily typed as a reference: such an answer is `verified` only when the
 *   company's receiving server vouched for the From domain (`authenticated`); unverified, it is
 *   filed and shown as possibly not the buyer's.
 * Our own mails (a copy of a reply, an alert to staff) and mail sent by a program on its own are
 * never answers.
 */
export function matchAnswer(input: {
  mail: MailFacts;
  /** The company's sending address (MAIL_FROM). */
  companyAddress: string;
  threadEnquiryId: string | null;
  /** Enquiries whose reference the subject carries, with their addresses. */
  referenced: readonly { id: string; email: string | null }[];
}): AnswerMatch {
  const { mail } = input;
  const ownMessageId =
    mail.messageId !== null &&
    (acknowledgementNotificationIdOf(mail.messageId) !== null || /^<reply-[^@]+@/i.test(mail.messageId));
  if (ownMessageId || mailboxOf(mail.from) === mailboxOf(input.companyAddress)) {
    return { enquiryId: null, reason: "ours" };
  }
  if (mail.automatic) return { enquiryId: null, reason: "automatic" };
  if (input.threadEnquiryId) return { enquiryId: input.threadEnquiryId, by: "thread", verified: true };
  if (input.referenced.length === 0) return { enquiryId: null, reason: "unrelated" };
  const sender = mailboxOf(mail.from);
  // An enquiry started on WhatsApp has no address: no sender is its own.
  const own = input.referenced.filter(
    (enquiry) => enquiry.email !== null && mailboxOf(enquiry.email) === sender,
  );
  const only = own.length === 1 ? own[0] : undefined;
  return only
    ? { enquiryId: only.id, by: "reference", verified: mail.authenticated }
    : { enquiryId: null, reason: "stranger" };
}
