/**
 * A person's data report and erasure report, made once above the stores
 * (server/store/personal-data.ts): each store reads what it holds of the person's enquiries and
 * erases what `erasureOfDocuments` lets go, and the report a person or the operator reads is made
 * here from it. No I/O.
 */
import {
  enquiryReference,
  type ActivityEntry,
  type EnquiryStatus,
  type HistoryEntry,
} from "../../domain/console";
import type { ConversationMessage } from "../../domain/conversation";
import { figuresOf, isLostReason, type EnquiryDeal } from "../../domain/deal";
import type { EnquiryDispatch } from "../../domain/dispatch";
import type { IssuedDocument, RecordedPayment } from "../../domain/invoice";
import {
  erasureSummary,
  type ErasureCounts,
  type ErasureReport,
  type KeptTaxRecord,
  type PendingMail,
  type PersonalEnquiry,
  type PersonQuery,
} from "../../domain/personal-data";
import { INITIAL_STATUS } from "../../domain/status";
import type { WhatsAppConsent } from "../../domain/whatsapp-consent";
import type { StoredEnquiry } from "../store/store";
import { erasedAnything } from "./erasure";
import { mailboxOf } from "../mailbox-caps";

/**
 * The newsletter addresses a request may show and erase, decided once for both stores: only
 * the mailbox the person proved. By e-mail, that address and those of its enquiries written for
 * the same mailbox (case, spaces, a `+tag`, Gmail's dots). By mobile, none: an enquiry carries
 * whatever address its sender typed, so a number proves nothing about the address beside it, and
 * anyone could otherwise read or erase a stranger's subscription by typing it beside their own
 * number. Ask by e-mail for a subscription.
 */
export function subscriptionAddressesOf(query: PersonQuery, enquiryAddresses: readonly string[]): string[] {
  if (!("email" in query)) return [];
  const mailbox = mailboxOf(query.email);
  return [
    ...new Set([
      query.email,
      ...enquiryAddresses
        .map((address) => address.trim().toLowerCase())
        .filter((address) => mailboxOf(address) === mailbox),
    ]),
  ];
}

/** One of the person's enquiries as a store reads it, everything that hangs off it beside it. */
export interface PersonalEnquiryRead {
  stored: StoredEnquiry;
  /** Its work record's status and lost reason as stored; absent when it was never worked. */
  work: { status: EnquiryStatus; lostReason: unknown } | undefined;
  history: HistoryEntry[];
  conversation: ConversationMessage[];
  deal: EnquiryDeal | null;
  dispatch: EnquiryDispatch | null;
  whatsappConsent: WhatsAppConsent | null;
  documents: { documents: IssuedDocument[]; payments: RecordedPayment[] } | undefined;
}

/** The enquiry as the person's report shows it: a never-worked one is in the initial status. */
export function personalEnquiryOf(read: PersonalEnquiryRead): PersonalEnquiry {
  const { id, receivedAt, enquiry } = read.stored;
  const lostReason = read.work?.lostReason;
  return {
    id,
    reference: enquiryReference(id),
    receivedAt,
    enquiry,
    status: read.work?.status ?? INITIAL_STATUS,
    history: read.history,
    conversation: read.conversation,
    deal: read.deal ? figuresOf(read.deal) : null,
    lostReason: isLostReason(lostReason) ? lostReason : null,
    dispatch: read.dispatch,
    whatsappConsent: read.whatsappConsent,
    documents: read.documents?.documents ?? [],
    payments: read.documents?.payments ?? [],
  };
}

/** A mail still waiting, as the report lists it: with its enquiry's reference. */
export function pendingMailOf(mail: Omit<PendingMail, "reference">): PendingMail {
  return { ...mail, reference: mail.enquiryId ? enquiryReference(mail.enquiryId) : null };
}

/** The person's waiting mails, the next to go first. */
export function pendingMailsInOrder(mails: readonly PendingMail[]): PendingMail[] {
  return [...mails].sort((a, b) => a.nextAttemptAt.localeCompare(b.nextAttemptAt));
}

/**
 * What an erasure answers, and the activity entry it records: one only when something was held
 * (an enquiry or a subscription), whose target holds the counts and never whom it was about.
 */
export function erasureOutcome(erasure: {
  enquiryIds: readonly string[];
  counts: ErasureCounts;
  kept: KeptTaxRecord[];
  actor: string | null;
  at: Date;
}): { report: ErasureReport; activity: (Omit<ActivityEntry, "id" | "at"> & { at: Date }) | null } {
  const erased = erasedAnything(erasure.counts);
  return {
    report: {
      erased,
      at: erasure.at.toISOString(),
      enquiries: erasure.enquiryIds.map((id) => ({ id, reference: enquiryReference(id) })),
      counts: erasure.counts,
      kept: erasure.kept,
    },
    activity: erased
      ? {
          actor: erasure.actor,
          action: "personal-data-erased",
          target: erasureSummary(erasure.counts),
          at: erasure.at,
        }
      : null,
  };
}
