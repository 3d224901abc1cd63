import { createHmac } from "node:crypto";
import { indianMobileOf } from "../../domain/buyer";
import type { StoredEnquiryFields } from "../../domain/enquiry";
import type { PersonQuery } from "../../domain/personal-data";
import { mailboxOf } from "../mailbox-caps";

/**
 * The rule that makes enquiries one buyer's, written once for both stores: the same mobile number
 * (domain/buyer.ts: indianMobileOf) or the same mailbox (server/mailbox-caps.ts: mailboxOf, which
 * folds case, `+tags` and Gmail's dots). Each enquiry is stored with two keys, an HMAC-SHA-256 of
 * each under the site's own key (KeyStore, `BUYER_KEY_NAME`), so the index that finds a buyer's
 * enquiries holds neither the number nor the address, and a copy of it alone cannot be reversed
 * by trying every mobile number. Erased with the enquiry.
 */
export const BUYER_KEY_NAME = "buyer-keys";

export interface BuyerKeys {
  mobile: string;
  /** Null for an enquiry with no address (started on WhatsApp): its buyer is found by the mobile alone. */
  mailbox: string | null;
}

function keyOf(secret: Buffer, kind: "mobile" | "mailbox", value: string): string {
  // 128 bits, base64url: 22 characters per key.
  return createHmac("sha256", secret)
    .update(`${kind}:${value}`)
    .digest()
    .subarray(0, 16)
    .toString("base64url");
}

export function buyerKeysOf(
  enquiry: Pick<StoredEnquiryFields, "Mobile" | "Email">,
  secret: Buffer,
): BuyerKeys {
  return {
    mobile: keyOf(secret, "mobile", indianMobileOf(enquiry.Mobile)),
    mailbox: enquiry.Email === null ? null : keyOf(secret, "mailbox", mailboxOf(enquiry.Email)),
  };
}

/** The key a person's request under the DPDP Act finds their enquiries by: their mailbox's, or their number's. */
export function buyerKeyOfQuery(query: PersonQuery, secret: Buffer): string {
  return "email" in query
    ? keyOf(secret, "mailbox", mailboxOf(query.email))
    : keyOf(secret, "mobile", indianMobileOf(query.mobile));
}
