import type { ActivityEntry } from "../../domain/console";
import type { IssuedDocument } from "../../domain/invoice";
import type {
  ErasureCounts,
  ErasureReport,
  PendingMail,
  PersonalDataReport,
  PersonalSubscription,
  PersonQuery,
} from "../../domain/personal-data";
import type { PersonalEnquiryRead } from "../lifecycle/personal-data";
import type { ChangeOf, PortOf } from "./step-port";

/**
 * A person's data under India's DPDP Act, across the store's concerns: their enquiries with the
 * staff's work on them (status, notes, history), their mails in the outbox, and their newsletter
 * subscription. `query` is checked and normalised first (`checkPersonQuery`): the e-mail in lower
 * case, the mobile as 10 digits.
 *
 * Enquiries are found by their buyer key (server/store/buyer-keys.ts), as the console finds one
 * buyer's: by e-mail, those sent to that mailbox however the address was written (case, spaces,
 * `+tags`, Gmail's dots); by mobile, those with that number. The subscriptions are those of the
 * proven mailbox only (server/lifecycle/personal-data.ts: `subscriptionAddressesOf`): none for a request by mobile. Enquiries under
 * the enquiries' addresses with another number are not included (ask by e-mail for them). `erase`
 * removes exactly what `find` shows, with the deals' figures and the buyer keys of those enquiries.
 */
export interface PersonalDataStore {
  find(query: PersonQuery): Promise<PersonalDataReport>;
  /**
   * Erases everything `find` shows in one transaction, with every mail of those enquiries (sent or
   * waiting) and, in the same transaction, an activity entry ("personal-data-erased") whose actor
   * is `actor` (a staff e-mail, or null for the operator's command) and whose target holds the
   * counts only. When nothing is held, nothing changes and nothing is recorded (`erased: false`).
   * A worker sending one of the erased mails meanwhile cannot bring it back or claim it again.
   */
  erase(query: PersonQuery, options: { actor: string | null; at?: Date }): Promise<ErasureReport>;
}

/**
 * The steps a person's report and erasure ask of a store (server/work/erasure.ts). An erasure's
 * steps are answered in one transaction, its reads first; a report's are reads only. A step reads
 * or erases what it is given and decides nothing.
 */
export type PersonalDataSteps = {
  /** The person's enquiries, found by their buyer key (buyer-keys.ts), oldest first: each one's id and address. */
  readEnquiries: { args: { query: PersonQuery }; result: { id: string; email: string | null }[] };
  /** Everything held of these enquiries, in their order. */
  readEnquiryRecords: { args: { ids: string[] }; result: PersonalEnquiryRead[] };
  /** The stored newsletter subscriptions of these addresses. */
  readSubscriptions: { args: { addresses: string[] }; result: PersonalSubscription[] };
  /** The mails still waiting of these enquiries and subscriptions. */
  readPendingMails: {
    args: { enquiryIds: string[]; subscriberIds: string[] };
    result: Omit<PendingMail, "reference">[];
  };
  /** Every document issued from these enquiries, oldest first. */
  readDocuments: { args: { enquiryIds: string[] }; result: IssuedDocument[] };
  /**
   * Erases these enquiries with everything of theirs (their mails sent or waiting, and a digest or
   * list of enquiries handed on that names one), these subscriptions with their mails, and these
   * documents; answers how many of each it erased.
   */
  eraseHeld: {
    args: { enquiryIds: string[]; subscriberIds: string[]; documentIds: string[] };
    result: Pick<ErasureCounts, "notifications" | "workRecords" | "historyEntries" | "messages" | "deals">;
  };
  recordActivity: { args: Omit<ActivityEntry, "id" | "at"> & { at: Date }; result: void };
};

/** A store's side of a person's data: `run` answers an erasure in one transaction, `read` a report. */
export interface PersonalDataPort extends PortOf<PersonalDataSteps> {
  read<R>(change: () => ChangeOf<PersonalDataSteps, R>): Promise<R>;
}
