import type { ErasureReport, PersonalDataReport, PersonQuery } from "../../domain/personal-data";
import { mailboxOf } from "../mailbox-caps";

/**
 * The newsletter addresses a request may show and erase, decided here once for both stores: only
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

/**
 * A person's data under India's DPDP Act, across the store's concerns: their enquiries with the
 * staff's work on them (status, notes, history), their mails in the outbox, and their newsletter
 * subscription. `query` is checked and normalised first (`checkPersonQuery`): the e-mail in lower
 * case, the mobile as 10 digits.
 *
 * Enquiries are found by their buyer key (server/store/buyer-keys.ts), as the console finds one
 * buyer's: by e-mail, those sent to that mailbox however the address was written (case, spaces,
 * `+tags`, Gmail's dots); by mobile, those with that number. The subscriptions are those of the
 * proven mailbox only (`subscriptionAddressesOf`): none for a request by mobile. Enquiries under
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
