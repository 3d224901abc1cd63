import type { ErasureReport, PersonalDataReport, PersonQuery } from "../../domain/personal-data";
import { erasureOfDocuments } from "../lifecycle/erasure";
import {
  erasureOutcome,
  pendingMailOf,
  pendingMailsInOrder,
  personalEnquiryOf,
  subscriptionAddressesOf,
} from "../lifecycle/personal-data";
import type { PersonalDataPort, PersonalDataSteps, PersonalDataStore } from "../store/personal-data";
import { stepsOf, type ChangeOf } from "../store/step-port";

const step = stepsOf<PersonalDataSteps>();

/**
 * A person's data under the DPDP Act, read and erased once above the stores: their enquiries by
 * their buyer key, the subscriptions of the mailbox they proved, their mails still waiting; an
 * erasure takes all of it but the tax records kept for their statutory period, in one transaction
 * of the store's, and records what it erased in the activity log when anything was held.
 */
export function personalDataStore(port: PersonalDataPort): PersonalDataStore {
  return {
    find: (query) => port.read(() => report(query)),
    erase: (query, options) => {
      const at = options.at ?? new Date();
      return port.run(() => erase(query, options.actor, at));
    },
  };
}

/** The person's enquiries, and the subscriptions of the addresses the request proves. */
function* held(query: PersonQuery) {
  const enquiries = yield* step("readEnquiries", { query });
  const addresses = subscriptionAddressesOf(
    query,
    enquiries.flatMap((enquiry) => (enquiry.email === null ? [] : [enquiry.email])),
  );
  const subscriptions = addresses.length > 0 ? yield* step("readSubscriptions", { addresses }) : [];
  return {
    enquiryIds: enquiries.map((enquiry) => enquiry.id),
    subscriptions,
    subscriberIds: subscriptions.map((subscription) => subscription.id),
  };
}

function* report(query: PersonQuery): ChangeOf<PersonalDataSteps, PersonalDataReport> {
  const { enquiryIds, subscriptions, subscriberIds } = yield* held(query);
  const enquiries = yield* step("readEnquiryRecords", { ids: enquiryIds });
  const pendingMails = yield* step("readPendingMails", { enquiryIds, subscriberIds });
  return {
    query,
    enquiries: enquiries.map(personalEnquiryOf),
    subscriptions,
    pendingMails: pendingMailsInOrder(pendingMails.map(pendingMailOf)),
  };
}

function* erase(
  query: PersonQuery,
  actor: string | null,
  at: Date,
): ChangeOf<PersonalDataSteps, ErasureReport> {
  const { enquiryIds, subscriberIds } = yield* held(query);
  // Which documents are kept for their statutory period and which go.
  const documents = erasureOfDocuments(yield* step("readDocuments", { enquiryIds }));
  const erased = yield* step("eraseHeld", { enquiryIds, subscriberIds, documentIds: documents.erased });
  const { report, activity } = erasureOutcome({
    enquiryIds,
    counts: {
      enquiries: enquiryIds.length,
      notifications: erased.notifications,
      workRecords: erased.workRecords,
      historyEntries: erased.historyEntries,
      messages: erased.messages,
      subscriptions: subscriberIds.length,
      deals: erased.deals,
      documents: documents.erased.length,
      taxRecordsKept: documents.kept.length,
    },
    kept: documents.kept,
    actor,
    at,
  });
  if (activity) yield* step("recordActivity", activity);
  return report;
}
