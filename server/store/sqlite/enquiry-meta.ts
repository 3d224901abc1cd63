import type { EnquirySource } from "../../../domain/enquiry-source";
import { sourceLabel } from "../../../domain/enquiry-source";
import { SPAM_REASONS, type SpamReason, type SpamScreening } from "../../../domain/spam";
import type { WhatsAppConsent } from "../../../domain/whatsapp-consent";
import type { StoredEnquiry } from "../store";
import { languageOf } from "./enquiry-row";

/**
 * What `enquiry_meta` holds beside an enquiry: its spam score with the reasons, and where it came
 * from (docs/decisions/024-spam-scoring-and-sources.md). A row only where there is something to say.
 */
export interface EnquiryMetaColumns {
  spam_score: number | null;
  spam_reasons: string | null;
  filed_as_spam: number | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  referrer_host: string | null;
  landing_path: string | null;
  whatsapp_consent_at: string | null;
  whatsapp_consent_wording: string | null;
  whatsapp_consent_language: string | null;
}

/** The columns to select, from the table aliased `m`. */
export const ENQUIRY_META_COLUMNS = `m.spam_score, m.spam_reasons, m.filed_as_spam, m.utm_source,
  m.utm_medium, m.utm_campaign, m.referrer_host, m.landing_path, m.whatsapp_consent_at,
  m.whatsapp_consent_wording, m.whatsapp_consent_language`;

export const INSERT_ENQUIRY_META = `INSERT INTO enquiry_meta (enquiry_id, spam_score, spam_reasons, filed_as_spam,
    utm_source, utm_medium, utm_campaign, referrer_host, landing_path, source_label, whatsapp_consent_at,
    whatsapp_consent_wording, whatsapp_consent_language)
  VALUES (@id, @score, @reasons, @spam, @utmSource, @utmMedium, @utmCampaign, @referrerHost, @landingPath, @label,
    @consentAt, @consentWording, @consentLanguage)`;

/** The row to insert for `stored`, or undefined when there is nothing to keep beside it. */
export function enquiryMetaRow(stored: StoredEnquiry): Record<string, string | number | null> | undefined {
  const source = stored.source ?? {};
  const screening = stored.screening;
  const consent = stored.whatsappConsent;
  if (!screening?.reasons.length && Object.keys(source).length === 0 && !consent) return undefined;
  return {
    id: stored.id,
    score: screening?.score ?? 0,
    reasons: JSON.stringify(screening?.reasons ?? []),
    spam: screening?.spam ? 1 : 0,
    utmSource: source.utmSource ?? null,
    utmMedium: source.utmMedium ?? null,
    utmCampaign: source.utmCampaign ?? null,
    referrerHost: source.referrerHost ?? null,
    landingPath: source.landingPath ?? null,
    label: sourceLabel(source)?.toLowerCase() ?? null,
    consentAt: consent?.at ?? null,
    consentWording: consent?.wording ?? null,
    consentLanguage: consent?.language ?? null,
  };
}

function reasonsOf(text: string | null): SpamReason[] {
  try {
    const parsed: unknown = JSON.parse(text ?? "[]");
    return Array.isArray(parsed) ? parsed.filter((r): r is SpamReason => SPAM_REASONS.includes(r)) : [];
  } catch {
    return [];
  }
}

/** The consent to WhatsApp a row read with ENQUIRY_META_COLUMNS records, if any. */
export function whatsappConsentOfRow(
  row: Pick<
    EnquiryMetaColumns,
    "whatsapp_consent_at" | "whatsapp_consent_wording" | "whatsapp_consent_language"
  >,
): WhatsAppConsent | null {
  if (!row.whatsapp_consent_at || row.whatsapp_consent_wording === null) return null;
  return {
    at: row.whatsapp_consent_at,
    wording: row.whatsapp_consent_wording,
    language: languageOf(row.whatsapp_consent_language),
  };
}

/** The source, screening and consent of a row read with ENQUIRY_META_COLUMNS (nothing when it has none). */
export function enquiryMeta(
  row: EnquiryMetaColumns,
): Pick<StoredEnquiry, "source" | "screening" | "whatsappConsent"> {
  const source: EnquirySource = {};
  if (row.utm_source) source.utmSource = row.utm_source;
  if (row.utm_medium) source.utmMedium = row.utm_medium;
  if (row.utm_campaign) source.utmCampaign = row.utm_campaign;
  if (row.referrer_host) source.referrerHost = row.referrer_host;
  if (row.landing_path) source.landingPath = row.landing_path;
  const screening: SpamScreening = {
    score: row.spam_score ?? 0,
    reasons: reasonsOf(row.spam_reasons),
    spam: row.filed_as_spam === 1,
  };
  const whatsappConsent = whatsappConsentOfRow(row);
  return { source, screening, ...(whatsappConsent ? { whatsappConsent } : {}) };
}
