import type { DocumentData } from "firebase-admin/firestore";
import { sourceLabel, type EnquirySource } from "../../../domain/enquiry-source";
import { checkSource } from "../../../domain/enquiry-source-check";
import { SPAM_REASONS, type SpamReason, type SpamScreening } from "../../../domain/spam";
import type { StoredEnquiry } from "../store";

/**
 * What an enquiry's document keeps beside its five fields (as it keeps its language): where it
 * came from, `source`, with `sourceLabel` for the inbox's filter, and the spam scoring's
 * `screening` (docs/decisions/024-spam-scoring-and-sources.md). Absent when there is nothing to say.
 */
export function enquiryMetaFields(stored: StoredEnquiry): DocumentData {
  const fields: DocumentData = {};
  if (stored.source && Object.keys(stored.source).length > 0) {
    fields.source = { ...stored.source };
    const label = sourceLabel(stored.source);
    if (label) fields.sourceLabel = label.toLowerCase();
  }
  if (stored.screening?.reasons.length) fields.screening = { ...stored.screening };
  return fields;
}

/** The source and screening an enquiry's document holds. */
export function enquiryMetaOf(data: DocumentData): Pick<StoredEnquiry, "source" | "screening"> {
  const check = checkSource(data.source ?? null);
  const source: EnquirySource = check.ok ? check.source : {};
  const raw = (data.screening ?? {}) as Record<string, unknown>;
  const reasons = Array.isArray(raw.reasons)
    ? raw.reasons.filter((reason): reason is SpamReason => SPAM_REASONS.includes(reason as SpamReason))
    : [];
  const screening: SpamScreening = { score: Number(raw.score ?? 0), reasons, spam: raw.spam === true };
  return { source, screening };
}
