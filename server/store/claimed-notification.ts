import type { Language } from "../../domain/contract";
import type { HandedOnList } from "../../domain/bulk";
import type { StoredEnquiryFields } from "../../domain/enquiry";
import type { DigestContent } from "../../domain/team";
import { memberAlertFactsOf } from "./member-alert-payload";
import { pushPayloadOf } from "./push-payload";
import type {
  DocumentNotificationPayload,
  EnquiryNotificationKind,
  NotificationKind,
  PendingNewsletterNotification,
  PendingNotification,
  ReplyMail,
  StaffLinkMail,
  WhatsAppPayload,
} from "./store";

/** How much of a failed or refused send's error a notification keeps. */
const SEND_ERROR_KEPT = 2_000;

/** A failed or refused send's error as the notification keeps it, cut to SEND_ERROR_KEPT. */
export function keptSendError(error: string): string {
  return error.slice(0, SEND_ERROR_KEPT);
}

/**
 * A notification an adapter has claimed, as its storage holds it: the notification's own ids and
 * payload, and what its mail is made from, each read as the store keeps it. The parts only some
 * kinds have are asked for by those kinds alone.
 */
export interface ClaimedNotification {
  id: string;
  kind: NotificationKind;
  attempts: number;
  /** The request that queued it, where one is recorded. */
  requestId?: string | null;
  enquiryId?: string | null;
  staffId?: string | null;
  /** The member's address, as it is now. */
  staffEmail: unknown;
  payload?: unknown;
  /** When it went into the outbox. */
  queuedAt: string | null;
  /** The conversation's message a WhatsApp notification sends. */
  messageRowId?: string | null;
  /** The enquiry the mail is about: its fields, when it was received and its language. */
  enquiry(): { enquiry: StoredEnquiryFields; receivedAt: string; language: Language };
  /** A reply's mail, from its message as the conversation keeps it. */
  reply(): ReplyMail;
  /** A newsletter mail's address, as it is now, with its link's nonces. */
  subscriber(): Omit<PendingNewsletterNotification, "id" | "kind" | "attempts">;
}

/** What the outbox worker sends for a claimed notification: the one reading of each kind, for both stores. */
export function pendingNotificationOf(claimed: ClaimedNotification): PendingNotification {
  const { id, kind, attempts } = claimed;
  const enquiryId = String(claimed.enquiryId);
  const requestId = claimed.requestId ? { requestId: claimed.requestId } : {};
  const member = { staffId: String(claimed.staffId), to: String(claimed.staffEmail) };
  const payload = () => JSON.parse(String(claimed.payload)) as unknown;
  switch (kind) {
    case "document": {
      const { to, document, reminder } = payload() as DocumentNotificationPayload;
      return { id, kind, enquiryId, to, document, ...(reminder ? { reminder } : {}), attempts, ...requestId };
    }
    case "whatsapp":
      return {
        id,
        kind,
        enquiryId,
        enquiry: claimed.enquiry().enquiry,
        messageRowId: String(claimed.messageRowId),
        message: payload() as WhatsAppPayload,
        attempts,
        ...requestId,
      };
    case "reply": {
      const { enquiry, language } = claimed.enquiry();
      return { id, kind, enquiryId, enquiry, language, reply: claimed.reply(), attempts, ...requestId };
    }
    case "digest":
      return { id, kind, ...member, digest: payload() as DigestContent, attempts };
    case "handed-on":
      return { id, kind, ...member, list: payload() as HandedOnList, attempts };
    case "staff-link":
      return { id, kind, ...member, link: payload() as StaffLinkMail, attempts };
    case "push":
      return {
        id,
        kind,
        ...member,
        enquiryId,
        push: pushPayloadOf(claimed.payload),
        queuedAt: String(claimed.queuedAt),
        attempts,
        ...requestId,
      };
    case "member-alert": {
      const { enquiry, receivedAt } = claimed.enquiry();
      return {
        id,
        kind,
        ...member,
        enquiryId,
        enquiry,
        receivedAt,
        ...memberAlertFactsOf(claimed.payload),
        attempts,
        ...requestId,
      };
    }
    case "newsletter-confirmation":
    case "newsletter-welcome":
      return { id, kind, ...claimed.subscriber(), attempts };
    default: {
      const { enquiry, receivedAt, language } = claimed.enquiry();
      return {
        id,
        kind: kind satisfies EnquiryNotificationKind,
        enquiryId,
        enquiry,
        receivedAt,
        language,
        attempts,
        ...requestId,
      };
    }
  }
}
