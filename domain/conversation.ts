/**
 * The e-mail conversation with a buyer, kept on their enquiry: the replies staff send from the
 * console (through the outbox, threaded under the acknowledgement) and the buyer's answers read
 * from the company's mailbox. What the console's page and the server agree on: the routes, the
 * shapes, the limits and the messages. No I/O; the rules are decided in
 * server/lifecycle/conversation.ts.
 */
import type { Language } from "./contract";
import type { DeliveryState } from "./console";
import { hasControlCharacters } from "./enquiry";
import { hasUnreadableCharacters } from "./unreadable";
import type { MessageChannel, WhatsAppDelivery } from "./whatsapp";

/** The longest reply a member may send, in characters. */
export const REPLY_MAX_LENGTH = 10_000;
/** The longest subject of a reply, in characters. */
export const REPLY_SUBJECT_MAX_LENGTH = 200;
/** How much of a buyer's answer is kept, in characters (its quoted part trimmed first). */
export const ANSWER_TEXT_MAX_LENGTH = 20_000;
/**
 * How many messages one read of the conversation answers, the newest: the page re-reads them
 * every few seconds, so a flooded conversation costs a page, not its whole length.
 */
export const CONVERSATION_PAGE_SIZE = 30;

/** How much of a buyer's answer its owner's alert quotes: enough to know what it is about. */
export const ANSWER_QUOTE_MAX_LENGTH = 400;

/**
 * The start of a buyer's answer as its owner's alert quotes it: plain text, blank lines and runs
 * of spaces folded, at most ANSWER_QUOTE_MAX_LENGTH characters (cut at a word, with "…"). The
 * whole answer is read on the enquiry's page.
 */
export function answerQuote(text: string): string {
  const folded = text
    .split(/\r?\n/)
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter((line, index, lines) => line !== "" || (index > 0 && lines[index - 1] !== ""))
    .join("\n")
    .trim();
  if (folded.length <= ANSWER_QUOTE_MAX_LENGTH) return folded;
  const cut = folded.slice(0, ANSWER_QUOTE_MAX_LENGTH - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > ANSWER_QUOTE_MAX_LENGTH / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** Routes relative to the console's API prefix. */
export const CONVERSATION_API_ROUTES = {
  /**
   * GET the enquiry's conversation's newest page (CONVERSATION_PAGE_SIZE), with what a new reply
   * would be sent as; `?before=<cursor>` (its `older`) the page before it.
   */
  conversation: "/enquiries/:id/conversation",
  /** POST { subject, text }: queue a reply to the enquiry's own address. */
  replies: "/enquiries/:id/replies",
  /**
   * POST { clickKey, text }: queue a WhatsApp message to the enquiry's mobile (docs/whatsapp.md),
   * once per clickKey (a UUID the page makes for each click).
   */
  whatsapp: "/enquiries/:id/whatsapp",
  /** POST: the owner (or anyone, while nobody owns it) has read the buyer's answers. */
  read: "/enquiries/:id/conversation/read",
} as const;

/** A mail the company sent from the console, with who sent it and how its delivery stands. */
export interface OutgoingMessage {
  id: string;
  direction: "out";
  /** E-mail, or WhatsApp (docs/whatsapp.md). */
  channel: MessageChannel;
  /** When it was queued (ISO 8601, UTC). */
  at: string;
  subject: string;
  text: string;
  /** The member of staff who wrote it. */
  staffEmail: string;
  messageId: string;
  inReplyTo: string | null;
  /**
   * A WhatsApp message's last status from Meta (sent, delivered, read, failed with Meta's error);
   * null before the first callback, and for an e-mail.
   */
  whatsapp: WhatsAppDelivery | null;
  /** Waiting in the outbox (pending), sent, or failing and retried. */
  delivery: {
    state: DeliveryState;
    attempts: number;
    lastError: string | null;
    sentAt: string | null;
  };
}

/** A buyer's answer, read from the company's mailbox. */
export interface IncomingMessage {
  id: string;
  direction: "in";
  /** Read from the company's mailbox (e-mail), or received by the WhatsApp webhook. */
  channel: MessageChannel;
  /** When it was read from the company's mailbox onto the enquiry (ISO 8601, UTC). */
  at: string;
  subject: string;
  /** Its text, the quoted earlier mail trimmed where that was plain, cut at ANSWER_TEXT_MAX_LENGTH. */
  text: string;
  /** The address it came from. */
  from: string;
  messageId: string;
  inReplyTo: string | null;
  /** Not yet opened by the enquiry's owner. */
  unread: boolean;
  /** Attachments it carried, which are not kept. */
  attachments: number;
  /** Longer than ANSWER_TEXT_MAX_LENGTH: the rest is in the mailbox. */
  truncated: boolean;
  /** The earlier mail it quoted was left out. */
  quoteTrimmed: boolean;
  /**
   * Whether it is known to come from the buyer: matched by its thread's Message-IDs, or by the
   * reference in its subject with the receiving server's DMARC (or SPF and DKIM) pass. False: the
   * page shows it as possibly not the buyer's (conversationText.unverified).
   */
  verified: boolean;
}

export type ConversationMessage = OutgoingMessage | IncomingMessage;

/** One page of a conversation: its messages, oldest first, and where the older ones start. */
export interface ConversationPage {
  messages: ConversationMessage[];
  /** The cursor of the page before this one (`?before=`); null when this page starts the conversation. */
  older: string | null;
}

/**
 * What GET conversation answers: a page of messages, oldest first (the newest page unless
 * `before` was given), and what a reply would be sent as.
 */
export interface Conversation extends ConversationPage {
  reply: {
    /** The subject a reply starts with: threaded under the acknowledgement, in the buyer's language. */
    subject: string;
    /**
     * Whether a reply answers an earlier mail (the acknowledgement, a reply, an answer): its subject
     * then stays the thread's; else a template's subject may start the thread.
     */
    threaded: boolean;
    /** The company's address it is sent from. */
    from: string;
    /**
     * The enquiry's own address, the only one a reply goes to; null when none was given (an
     * enquiry started on WhatsApp): no e-mail reply can be sent, and the page says so.
     */
    to: string | null;
    language: Language;
  };
  /** Whether the company's mailbox is read, so that the buyer's answers appear here. */
  answersRead: boolean;
}

export const conversationMessages = {
  replyEmpty: "Write the reply first.",
  replyTooLong: `A reply may be at most ${REPLY_MAX_LENGTH.toLocaleString("en-IN")} characters.`,
  subjectEmpty: "Give the reply a subject.",
  subjectTooLong: `A subject may be at most ${REPLY_SUBJECT_MAX_LENGTH} characters.`,
  /** A subject is one line of plain text: nothing in it may reach another header. */
  subjectCharacters:
    "The subject must be one line of text, without control, invisible or direction characters.",
  replyQueued: "Reply queued. It goes out from the outbox in a moment.",
  /** A reply goes to the enquiry's own address: no recipient is taken from the request. */
  replyFields: "A reply takes a subject and a text only: it goes to the enquiry's own address.",
  /** An enquiry started on WhatsApp has no address to mail (domain/enquiry.ts: WhatsAppEnquiry). */
  noAddress: "No e-mail reply: the buyer gave no e-mail address. Answer them on WhatsApp.",
} as const;

export type ReplyCheck =
  { ok: true; subject: string; text: string } | { ok: false; error: string; field: "subject" | "text" };

/** Checks a reply as typed: a one-line subject and a text, each within its limit, trimmed. */
export function checkReply(input: { subject: string; text: string }): ReplyCheck {
  const subject = input.subject.trim();
  const text = input.text.replace(/\r\n/g, "\n").trim();
  if (!subject) return { ok: false, error: conversationMessages.subjectEmpty, field: "subject" };
  // Line breaks and other controls would end the header; invisible and direction characters make a
  // subject read otherwise than it is written ("Refund \u202Egnidnep").
  if (hasControlCharacters(subject) || hasUnreadableCharacters(subject))
    return { ok: false, error: conversationMessages.subjectCharacters, field: "subject" };
  if (subject.length > REPLY_SUBJECT_MAX_LENGTH)
    return { ok: false, error: conversationMessages.subjectTooLong, field: "subject" };
  if (!text) return { ok: false, error: conversationMessages.replyEmpty, field: "text" };
  if (text.length > REPLY_MAX_LENGTH)
    return { ok: false, error: conversationMessages.replyTooLong, field: "text" };
  return { ok: true, subject, text };
}
