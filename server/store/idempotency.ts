import { createHash } from "node:crypto";
import type { StoredEnquiryFields } from "../../domain/enquiry";

/** How long a key is remembered: a retry comes within seconds or minutes, never a day later. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;

/** The key was first used with another enquiry: the request is refused and nothing is stored. */
export class IdempotencyKeyReusedError extends Error {
  constructor() {
    super("The idempotency key was first used with a different enquiry");
    this.name = "IdempotencyKeyReusedError";
  }
}

/**
 * What a repeat must match: a hash of the enquiry's five fields as checked (so the key's record
 * holds none of them). The same key with another body is a client's mistake, not a retry.
 */
export function enquiryFingerprint(enquiry: StoredEnquiryFields): string {
  const fields = [
    enquiry.Name,
    enquiry.Email,
    enquiry.Mobile,
    String(enquiry.Quantity),
    enquiry.RetailerSelfUse,
  ];
  return createHash("sha256").update(JSON.stringify(fields)).digest("base64url");
}
