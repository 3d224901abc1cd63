/**
 * One buyer, one history: enquiries sent with the same mobile number or to the same mailbox are
 * one buyer's. What the enquiry's page and the inbox show of it. No I/O: the rule that makes two
 * enquiries one buyer's is applied on the server (server/store/buyer-keys.ts), which keeps only a
 * keyed hash of the number and of the mailbox beside each enquiry.
 */
import type { EnquiryDispatch } from "./dispatch";
import type { EnquiryStatus } from "./console";
import { statusesWhere } from "./status";
import type { EnquiryDeal, LostReason } from "./deal";
import { MOBILE_DIGITS } from "./enquiry";
import type { Receivables } from "./invoice";

/**
 * The statuses of a buyer's enquiries their history lists and counts, and a WhatsApp message of
 * theirs is filed among: every one but spam's, which is never listed or counted (a duplicate
 * stays, with its link). The stores are handed it and filter by it.
 */
export const BUYER_STATUSES: readonly EnquiryStatus[] = statusesWhere("spam", false);

/** How many of a buyer's other enquiries the enquiry's page lists, newest first. */
export const BUYER_HISTORY_MAX = 100;

/**
 * An Indian mobile number however it was written: its digits, less the country code (+91, 0091)
 * or the trunk 0 in front of the 10. The form takes 10 digits only, so stored numbers are already so.
 */
export function indianMobileOf(value: string): string {
  const digits = value.replace(/\D/g, "");
  if (digits.length > MOBILE_DIGITS) {
    for (const prefix of ["0091", "91", "0"]) {
      if (digits.startsWith(prefix) && digits.length - prefix.length === MOBILE_DIGITS) {
        return digits.slice(prefix.length);
      }
    }
  }
  return digits;
}

/**
 * A stored mobile number in international form, digits only after the plus: an Indian one (the
 * form's 10 digits) with +91; any other, kept as WhatsApp gave it (its digits with the country
 * code, from an enquiry started on WhatsApp), with its plus. For `tel:` and `wa.me` links.
 */
export function internationalNumber(mobile: string): string {
  return mobile.length === MOBILE_DIGITS ? `+91${mobile}` : `+${mobile}`;
}

/** A stored mobile number as people read it: "+91 98123 45678", or "+447700900123" for a foreign one. */
export function displayMobile(mobile: string): string {
  return mobile.length === MOBILE_DIGITS
    ? `+91 ${mobile.slice(0, 5)} ${mobile.slice(5)}`
    : internationalNumber(mobile);
}

/** Another enquiry of the same buyer, with how it ended. */
export interface BuyerEnquiry {
  id: string;
  reference: string;
  receivedAt: string;
  status: EnquiryStatus;
  /** Sachets asked for; null: not given (an enquiry started on WhatsApp). */
  quantity: number | null;
  /** Sent from the same mobile number, or to the same mailbox (or both). */
  sameMobile: boolean;
  sameMailbox: boolean;
  /** The order's value, when recorded (whole rupees). */
  orderValue: number | null;
  /** Why it was lost, when it was Declined. */
  lostReason: LostReason | null;
  /** The enquiry it repeats, when closed as a duplicate (domain/duplicate.ts). */
  duplicateOf?: { id: string; reference: string } | null;
}

/** The buyer's other enquiries (Spam aside), newest first: at most BUYER_HISTORY_MAX, of `total`. */
export interface BuyerHistory {
  total: number;
  /** How many of them came before this enquiry. */
  earlier: number;
  enquiries: BuyerEnquiry[];
  /**
   * What the buyer owes across their tax invoices (this enquiry's and the listed ones'), by age
   * (domain/accounts.ts: receivablesOf); absent when they owe nothing.
   */
  owed?: Receivables;
}

/** What the enquiry's page shows beside its detail: the deal, why it was lost, and the buyer's other enquiries. */
export interface EnquirySaleFields {
  deal: EnquiryDeal;
  lostReason: LostReason | null;
  buyer: BuyerHistory;
  /** The order's dispatch after Confirmed (domain/dispatch.ts): version 0 and no step until one is recorded. */
  dispatch: EnquiryDispatch;
}
