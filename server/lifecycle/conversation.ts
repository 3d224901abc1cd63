/**
 * The e-mail conversation with a buyer, decided once (docs/console.md, Conversation): how a reply
 * threads, that sending one is contact, which mailbox mail is an answer to which enquiry, and who
 * hears of an answer. No I/O: the store adapters read, call these, and write what they answer; the
 * mailbox reader asks `matchAnswer` about each mail.
 */
import { mailboxOf } from "../mailbox-caps";
import {
  acknowledgementMessageId,
  acknowledgementNotificationIdOf,
  replyMessageId,
} from "../notify/message-ids";
import {
  owners,
  planContact,
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
 * made from its own row's id, and counted as contact by e-mail, like a call started from the
 * console (planContact): the enquiry no longer waits for its first contact, and its history says
 * who wrote. Whatever the client sent, it goes to the enquiry's own address only.
 */
export function planReply(
  work: WorkState,
  input: { at: string; messageRowId: string; domain: string; thread: ThreadFacts },
): ReplyPlan {
  return {
    ...planContact(work, { channel: "email", at: input.at }),
    message: {
      messageId: replyMessageId(input.messageRowId, input.domain),
      ...threadHeaders(input.thread, input.domain),
    },
  };
}

/**
 * The buyer's answer, stored on its enquiry: unread for the owner, who hears of it at once unless
 * they chose no alerts. An enquiry nobody owns alerts nobody (the company's mailbox got the answer
 * itself). An answer is not staff's contact: the enquiry's work record stays as it is.
 */
export function planAnswer(
  work: WorkState,
  members: readonly MemberFacts[],
): { unread: true; alerts: MemberAlertPlan[] } {
  // An owner who never set a password (domain/staff.ts) is mailed nothing of the buyer's.
  const owner = work.ownerId ? owners(members).find(({ id }) => id === work.ownerId) : undefined;
  return {
    unread: true,
    alerts: owner && owner.alerts !== "none" ? [{ staffId: owner.id, answered: true }] : [],
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
}

export type AnswerMatch =
  | { enquiryId: string; by: "thread" | "reference" }
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
 * Our own mails (a copy of a reply, an alert to staff) and mail sent by a program on its own are
 * never answers.
 */
export function matchAnswer(input: {
  mail: MailFacts;
  /** The company's sending address (MAIL_FROM). */
  companyAddress: string;
  threadEnquiryId: string | null;
  /** Enquiries whose reference the subject carries, with their addresses. */
  referenced: readonly { id: string; email: string }[];
}): AnswerMatch {
  const { mail } = input;
  const ownMessageId =
    mail.messageId !== null &&
    (acknowledgementNotificationIdOf(mail.messageId) !== null || /^<reply-[^@]+@/i.test(mail.messageId));
  if (ownMessageId || mailboxOf(mail.from) === mailboxOf(input.companyAddress)) {
    return { enquiryId: null, reason: "ours" };
  }
  if (mail.automatic) return { enquiryId: null, reason: "automatic" };
  if (input.threadEnquiryId) return { enquiryId: input.threadEnquiryId, by: "thread" };
  if (input.referenced.length === 0) return { enquiryId: null, reason: "unrelated" };
  const sender = mailboxOf(mail.from);
  const own = input.referenced.filter((enquiry) => mailboxOf(enquiry.email) === sender);
  const only = own.length === 1 ? own[0] : undefined;
  return only ? { enquiryId: only.id, by: "reference" } : { enquiryId: null, reason: "stranger" };
}

/** Lines that open the earlier mail an answer quotes, as common mail programs write them. */
const QUOTE_OPENERS = [
  /^On .{1,300}wrote:\s*$/, // Gmail, Apple Mail, Thunderbird (English)
  /^.{1,300}ने लिखा:\s*$/, // Gmail in Hindi
  /^-{2,}\s*Original Message\s*-{2,}\s*$/i, // Outlook
  /^_{10,}\s*$/, // Outlook on the web's rule before "From:"
  /^From:\s.+$/, // Outlook's header block
];

function isOpener(line: string): boolean {
  return QUOTE_OPENERS.some((opener) => opener.test(line.trim())) || /^On\s.*wrote:\s*$/.test(line.trim());
}

/**
 * An answer's own words: the text before the earlier mail it quotes, where that is plain (a line
 * such as "On … wrote:", an Outlook header block, or a closing run of "> " lines). Anything less
 * plain is kept whole: the member reads it as it came.
 */
export function trimQuoted(text: string): { text: string; trimmed: boolean } {
  const lines = text.replace(/\r\n/g, "\n").split("\n");
  // "On … wrote:" may be wrapped over two lines by the sender's program.
  const cut = lines.findIndex(
    (line, index) =>
      index > 0 &&
      (QUOTE_OPENERS.some((opener) => opener.test(line.trim())) ||
        (/^On\s/.test(line.trim()) && /wrote:\s*$/.test(lines[index + 1]?.trim() ?? "")) ||
        // A closing run of quoted lines, when nothing above it was quoted (an answer written
        // between quoted lines needs them to be read).
        (/^>/.test(line) &&
          lines.slice(index).every((rest) => rest.trim() === "" || /^>/.test(rest)) &&
          lines.slice(0, index).every((before) => !/^>/.test(before)))),
  );
  if (cut < 0) return { text: text.trim(), trimmed: false };
  // The quoted run's own opener ("On … wrote:" just above it) goes with it.
  const keptLines = lines.slice(0, cut);
  while (keptLines.length && (keptLines.at(-1)?.trim() === "" || isOpener(keptLines.at(-1) ?? "")))
    keptLines.pop();
  const kept = keptLines.join("\n").trim();
  if (!kept) return { text: text.trim(), trimmed: false };
  return { text: kept, trimmed: true };
}

/** Cuts a text to `max` characters without splitting a UTF-16 pair. */
export function capText(text: string, max: number): { text: string; truncated: boolean } {
  if (text.length <= max) return { text, truncated: false };
  let end = max;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return { text: text.slice(0, end), truncated: true };
}
