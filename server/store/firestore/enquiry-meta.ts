import type { DocumentData } from "firebase-admin/firestore";
import { sourceLabel, type EnquirySource } from "../../../domain/enquiry-source";
import { checkSource } from "../../../domain/enquiry-source-check";
import { SPAM_REASONS, type SpamReason, type SpamScreening } from "../../../domain/spam";
import type { WhatsAppConsent } from "../../../domain/whatsapp-consent";
import type { StoredEnquiry } from "../store";
import { storedLanguage } from "../../../domain/contract";

/**
 * What an enquiry's document keeps beside its five fields (as it keeps its language): where it
 * came from, `source`, with `sourceLabel` for the inbox's filter, and the spam scoring's
 * `screening` (docs/decisions/024-spam-scoring-and-sources.md), and the consent to WhatsApp its form
 * gave, `whatsappConsent` (`at`, `wording`, `language`: docs/decisions/042). Absent when there is nothing to say.
 */
export function enquiryMetaFields(stored: StoredEnquiry): DocumentData {
  const fields: DocumentData = {};
  if (stored.source && Object.keys(stored.source).length > 0) {
    fields.source = { ...stored.source };
    const label = sourceLabel(stored.source);
    if (label) fields.sourceLabel = label.toLowerCase();
  }
  if (stored.screening?.reasons.length) fields.screening = { ...stored.screening };
  if (stored.whatsappConsent) fields.whatsappConsent = { ...stored.whatsappConsent };
  return fields;
}

/** The consent to WhatsApp an enquiry's document records (`whatsappConsent`), if any. */
export function whatsappConsentOfDocument(data: DocumentData): WhatsAppConsent | null {
  const raw = data.whatsappConsent as Record<string, unknown> | undefined;
  if (!raw || typeof raw.at !== "string" || typeof raw.wording !== "string") return null;
  return { at: raw.at, wording: raw.wording, language: storedLanguage(raw.language) };
}

/** The source, screening and consent to WhatsApp an enquiry's document holds. */
export function enquiryMetaOf(
  data: DocumentData,
): Pick<StoredEnquiry, "source" | "screening" | "whatsappConsent"> {
  const check = checkSource(data.source ?? null);
  const source: EnquirySource = check.ok ? check.source : {};
  const raw = (data.screening ?? {}) as Record<string, unknown>;
  const reasons = Array.isArray(raw.reasons)
    ? raw.reasons.filter((reason): reason is SpamReason => SPAM_REASONS.includes(reason as SpamReason))
    : [];
  const screening: SpamScreening = { score: Number(raw.score ?? 0), reasons, spam: raw.spam === true };
  const whatsappConsent = whatsappConsentOfDocument(data);
  return { source, screening, ...(whatsappConsent ? { whatsappConsent } : {}) };
}
