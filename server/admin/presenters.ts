import { enquiryReference, type EnquiryStatus, type InboxItem } from "../../domain/console";
import type { ConversationMessage } from "../../domain/conversation";
import { isWhatsAppEnquiry, type StoredEnquiryFields } from "../../domain/enquiry";
import { sourceLabel } from "../../domain/enquiry-source";
import type { TeamItemFields } from "../../domain/team";
import { neutralise } from "../../domain/unreadable";
import { INITIAL_STATUS } from "../../domain/status";
import type { InboxRow } from "../store/enquiry-work";
import type { TeamFields } from "../store/team";

/**
 * A stored enquiry's fields as the console's API shows them: a Name stored before the
 * unreadable-character rule took it may still hold what the rule refuses; a name not given stays so.
 */
export function shownEnquiry(enquiry: StoredEnquiryFields): StoredEnquiryFields {
  if (enquiry.Name === null) return enquiry;
  const Name = neutralise(enquiry.Name);
  // Each kind spread on its own: a spread of the union would be neither.
  return isWhatsAppEnquiry(enquiry) ? { ...enquiry, Name } : { ...enquiry, Name };
}

/** What the console's API shows of stored enquiries: shared by the inbox, the team's views and the enquiry page. */
export function inboxItem(row: InboxRow): InboxItem {
  return {
    id: row.id,
    reference: enquiryReference(row.id),
    receivedAt: row.receivedAt,
    Name: shownEnquiry(row.enquiry).Name,
    Mobile: row.enquiry.Mobile,
    Quantity: row.enquiry.Quantity,
    RetailerSelfUse: row.enquiry.RetailerSelfUse,
    status: row.status,
    version: row.version,
    companyNotification: row.companyNotification,
    ...(sourceLabel(row.source) ? { source: sourceLabel(row.source) } : {}),
  };
}
/** The team's fields as the console shows them; `firstContactLate` is judged at `now`. */
export function teamItemFields(
  fields: TeamFields | undefined,
  status: EnquiryStatus,
  now: Date,
): TeamItemFields {
  const dueAt = fields?.dueAt ?? null;
  return {
    ownerId: fields?.ownerId ?? null,
    followUpAt: fields?.followUpAt ?? null,
    nextStep: fields?.nextStep ?? null,
    dueAt,
    firstContactLate:
      status === INITIAL_STATUS &&
      !(fields?.touched ?? false) &&
      (fields?.firstContactDueAt ?? null) !== null &&
      Date.parse(fields?.firstContactDueAt ?? "") <= now.getTime(),
    followUpOverdue: fields?.followUpAt ? Date.parse(fields.followUpAt) <= now.getTime() : false,
  };
}

/**
 * A message of an enquiry's conversation as the console's API shows it. A buyer's answer is a
 * stranger's text, stored as it came: shown neutralised, so a direction override cannot turn
 * "4321 0987" into "7890 1234" and nothing invisible hides in it. A reply passed checkReply.
 */
export function conversationMessage(message: ConversationMessage): ConversationMessage {
  if (message.direction === "out") return message;
  return {
    ...message,
    subject: neutralise(message.subject),
    text: neutralise(message.text, { lines: true }),
    from: neutralise(message.from),
  };
}
