/**
 * A person's requests under India's DPDP Act: show everything held about them, or erase it.
 * What the operator's command, the console's API and its page agree on: how a person is named
 * (an e-mail address or a mobile number, checked by the enquiry's rules), the shapes of the
 * report and of the erasure, and the messages. No I/O.
 */
import type { WhatsAppConsent } from "./whatsapp-consent";
import type { EnquiryStatus, HistoryEntry } from "./console";
import type { ConversationMessage } from "./conversation";
import type { DealFigures, LostReason } from "./deal";
import type { EnquiryDispatch } from "./dispatch";
import type { DocumentKind, IssuedDocument, RecordedPayment } from "./invoice";
import {
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  MOBILE_DIGITS,
  enquiryMessages,
  type StoredEnquiryFields,
} from "./enquiry";

/** Whom a request is about: the address they wrote in enquiries and the newsletter, or their mobile. */
export type PersonQuery = { email: string } | { mobile: string };

export type PersonQueryCheck = { ok: true; query: PersonQuery } | { ok: false; error: string };

export const personalDataMessages = {
  oneOf: "Give either an e-mail address or a mobile number.",
  notBoth: "Give an e-mail address or a mobile number, not both.",
  email: enquiryMessages.email,
  mobile: enquiryMessages.mobileLength,
  nothingHeld: "Nothing is held about this person.",
  nothingErased: "Nothing was erased: nothing is held about this person.",
} as const;

/**
 * Checks a request as typed: exactly one of `email` and `mobile`, by the enquiry form's rules.
 * The e-mail is trimmed and put in lower case (enquiries are matched whatever their case); the
 * mobile is trimmed and must be exactly 10 digits.
 */
export function checkPersonQuery(input: { email?: unknown; mobile?: unknown }): PersonQueryCheck {
  const given = (value: unknown) => value !== undefined && value !== null && value !== "";
  const hasEmail = given(input.email);
  const hasMobile = given(input.mobile);
  if (hasEmail && hasMobile) return { ok: false, error: personalDataMessages.notBoth };
  if (hasEmail) {
    const email = typeof input.email === "string" ? input.email.trim() : "";
    if (email.length === 0 || email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email)) {
      return { ok: false, error: personalDataMessages.email };
    }
    return { ok: true, query: { email: email.toLowerCase() } };
  }
  if (hasMobile) {
    const mobile = typeof input.mobile === "string" ? input.mobile.trim() : "";
    if (!new RegExp(`^\\d{${MOBILE_DIGITS}}$`).test(mobile)) {
      return { ok: false, error: personalDataMessages.mobile };
    }
    return { ok: true, query: { mobile } };
  }
  return { ok: false, error: personalDataMessages.oneOf };
}

/** One of the person's enquiries, with what the staff did with it. */
export interface PersonalEnquiry {
  id: string;
  /** The short reference staff and the person quote. */
  reference: string;
  receivedAt: string;
  enquiry: StoredEnquiryFields;
  status: EnquiryStatus;
  /** Status changes and notes, oldest first. */
  history: HistoryEntry[];
  /** The e-mails with the person: replies staff sent and the person's answers, oldest first. */
  conversation: ConversationMessage[];
  /** The deal's figures recorded on it (domain/deal.ts), or null; why it was lost, or null. */
  deal: DealFigures | null;
  lostReason: LostReason | null;
  /** The order's dispatch (domain/dispatch.ts): its steps, batches, courier, a cash on delivery's confirmation; or null. */
  dispatch: EnquiryDispatch | null;
  /** The consent to WhatsApp ticked on its form (when, the words shown, their language), or null. */
  whatsappConsent: WhatsAppConsent | null;
  /** The documents issued from it (quotations, invoices, credit notes), oldest first. */
  documents: IssuedDocument[];
  /** The payments recorded against its tax invoices, oldest first. */
  payments: RecordedPayment[];
}

/** A newsletter address of the person: asked for and waiting for its confirmation, or confirmed. */
export interface PersonalSubscription {
  id: string;
  email: string;
  status: "pending" | "confirmed";
  subscribedAt: string;
  /** When its owner opened the confirmation link; null while it waits (or for an address kept from before). */
  confirmedAt: string | null;
}

/**
 * The mails the outbox holds: about an enquiry (to the company, the visitor, a member; a member's
 * phone notification, which names the buyer's first name), or the newsletter's own to an address.
 */
export type MailKind =
  | "company"
  | "acknowledgement"
  | "newsletter-confirmation"
  | "newsletter-welcome"
  | "reply"
  | "member-alert"
  | "push"
  /** A document mailed to the person with its PDF (docs/console.md, Documents and payments). */
  | "document";

/** A mail about one of the person's enquiries, or to their newsletter address, still waiting in the outbox. */
export interface PendingMail {
  id: string;
  /** The enquiry it is about, with its reference; null for a newsletter mail. */
  enquiryId: string | null;
  reference: string | null;
  /** The newsletter address it goes to; null for an enquiry's mail. */
  subscriberId: string | null;
  kind: MailKind;
  attempts: number;
  nextAttemptAt: string;
  lastError: string | null;
}

/**
 * Everything held about one person, found as the console finds one buyer (domain/buyer.ts). By
 * e-mail: the enquiries sent to that mailbox however the address was written (case, surrounding
 * spaces, a `+tag`, Gmail's dots), and the newsletter subscriptions of that address and of the
 * addresses those enquiries carry for the same mailbox. By mobile: the enquiries with that number
 * and no subscription, since an enquiry carries whatever address its sender typed
 * (server/lifecycle/personal-data.ts: subscriptionAddressesOf).
 */
export interface PersonalDataReport {
  query: PersonQuery;
  enquiries: PersonalEnquiry[];
  subscriptions: PersonalSubscription[];
  pendingMails: PendingMail[];
}

export interface ErasureCounts {
  enquiries: number;
  /** Sent and waiting mails of those enquiries and of the newsletter addresses. */
  notifications: number;
  /** Enquiries the staff had worked on (a status set). */
  workRecords: number;
  /** Status changes and notes. */
  historyEntries: number;
  /** Replies sent to the person and their answers (the enquiries' conversations). */
  messages: number;
  subscriptions: number;
  /** The deals' figures recorded on those enquiries. */
  deals: number;
  /** Their quotations and pro-forma invoices. */
  documents: number;
  /**
   * Their tax invoices and credit notes, with the payments against them: kept for their statutory
   * period, not erased (`ErasureReport.kept`).
   */
  taxRecordsKept: number;
}

/** A tax invoice or credit note kept after its enquiry was erased, and until when (taxRecordKeptUntil). */
export interface KeptTaxRecord {
  number: string;
  kind: DocumentKind;
  /** The last IST day it must be kept: afterwards the retention sweep erases it. */
  keptUntil: string;
}

/** What an erasure removed: counts and the erased enquiries' ids, nothing else about the person. */
export interface ErasureReport {
  /** False when nothing was held: nothing changed and nothing was recorded. */
  erased: boolean;
  at: string;
  enquiries: { id: string; reference: string }[];
  counts: ErasureCounts;
  /** The tax invoices and credit notes kept, as the law asks, oldest first. */
  kept: KeptTaxRecord[];
}

/**
 * The activity log's target for an erasure: the counts only, never the address or number, so the
 * log shows that an erasure happened and how large it was without naming whom it was about.
 */
export function erasureSummary(counts: ErasureCounts): string {
  return [
    `${counts.enquiries} enquiries`,
    `${counts.notifications} mails`,
    `${counts.workRecords} statuses`,
    `${counts.historyEntries} history entries`,
    `${counts.messages} conversation messages`,
    `${counts.subscriptions} subscriptions`,
    `${counts.deals} deals`,
    `${counts.documents} quotations and pro-formas`,
    `${counts.taxRecordsKept} tax invoices and credit notes kept`,
  ].join(", ");
}

/** Nothing is held: no enquiry and no subscription (waiting mails belong to enquiries). */
export function isEmptyReport(report: PersonalDataReport): boolean {
  return report.enquiries.length === 0 && report.subscriptions.length === 0;
}
