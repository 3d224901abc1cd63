/**
 * The Message-IDs of the mails the company sends a buyer, made in one place: the notifier stamps
 * them on the mails, the conversation threads replies under them, and the mailbox reader knows an
 * answer by them. Each is made from an id the store holds, so the same mail always carries the
 * same Message-ID, and an answer quoting one leads back to its enquiry.
 */

/** The domain part of an address, for Message-IDs: `website@collarise.example` → `collarise.example`. */
export function messageIdDomain(address: string): string {
  const at = address.lastIndexOf("@");
  return at >= 0 ? address.slice(at + 1).toLowerCase() : "localhost";
}

/** The visitor's acknowledgement: made from its notification's id (one per enquiry). */
export function acknowledgementMessageId(notificationId: string, domain: string): string {
  return `<acknowledgement-${notificationId}@${domain}>`;
}

/**
 * Every other mail the outbox sends (the company's, a member's, the newsletter's): made from its
 * notification's id, so a mail sent again (its first delivery went unrecorded) is the same message
 * to every mail program, which shows a Message-ID once. A reply carries the one its conversation
 * stored (replyMessageId), one message and one notification each.
 */
export function notificationMessageId(
  kind: "company" | "newsletter" | "member-alert" | "digest" | "staff-link" | "handed-on" | "document",
  notificationId: string,
  domain: string,
): string {
  const prefix = kind === "company" ? "enquiry" : kind;
  // A digest's id names its kind already ("digest-2026-12-07-…"): it is not said twice.
  const local = notificationId.startsWith(`${prefix}-`) ? notificationId : `${prefix}-${notificationId}`;
  return `<${local}@${domain}>`;
}

/** A reply sent from the console: made from its message's id in the conversation. */
export function replyMessageId(messageRowId: string, domain: string): string {
  return `<reply-${messageRowId}@${domain}>`;
}

const ACKNOWLEDGEMENT_ID = /^<acknowledgement-([0-9a-f-]{36})@[^<>@\s]+>$/i;

/**
 * The notification id an acknowledgement's Message-ID was made from, whatever domain it was sent
 * under (MAIL_FROM may have changed since); null for any other Message-ID.
 */
export function acknowledgementNotificationIdOf(messageId: string): string | null {
  return ACKNOWLEDGEMENT_ID.exec(messageId.trim())?.[1]?.toLowerCase() ?? null;
}

/** The Message-IDs of an In-Reply-To or References header, in their order, each once, `<…>` kept. */
export function messageIdsIn(header: string | readonly string[] | null | undefined): string[] {
  const text = Array.isArray(header) ? header.join(" ") : (header ?? "");
  const found = (text as string).match(/<[^<>\s]{1,250}>/g) ?? [];
  return [...new Set(found)];
}
