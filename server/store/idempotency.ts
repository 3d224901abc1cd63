import { hash } from "node:crypto";
import { enquiryFieldValue, shownFields, type StoredEnquiryFields } from "../../domain/enquiry";

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
 * What a repeat must match: a hash of the enquiry's fields as checked (so the key's record holds
 * none of them). The same key with another body is a client's mistake, not a retry. The required
 * fields are hashed as they always were, in the form's order (a quantity as its text); an optional
 * field given is added after them with its name, and one not given adds nothing, so that a key
 * taken before the field existed still matches its retry.
 */
export function enquiryFingerprint(enquiry: StoredEnquiryFields): string {
  const fields: unknown[] = [];
  for (const spec of shownFields(enquiry)) {
    if (spec.fingerprint === false) continue;
    const value = enquiryFieldValue(enquiry, spec.name) ?? null;
    const hashed = spec.fingerprint === "text" ? String(value) : value;
    fields.push(spec.required ? hashed : [spec.name, hashed]);
  }
  return hash("sha256", JSON.stringify(fields), "base64url");
}
