import type { EnquirySource } from "../../../domain/enquiry-source";
import { sourceLabel } from "../../../domain/enquiry-source";
import { SPAM_REASONS, type SpamReason, type SpamScreening } from "../../../domain/spam";
import type { WhatsAppConsent } from "../../../domain/whatsapp-consent";
import type { StoredEnquiry } from "../store";
import type Database from "better-sqlite3";
import { prepared } from "./connection";
import { storedLanguage } from "../../../domain/contract";
import { columnsOf, insertStatement, selectList } from "./row-codec";

/**
 * The row `enquiry_meta` keeps beside an enquiry: its spam score with the reasons, and where it
 * came from (docs/decisions/024-spam-scoring-and-sources.md) with the label the inbox filters by,
 * and the consent to WhatsApp its form gave. The one list of its columns: the INSERT writes them,
 * ENQUIRY_META_COLUMNS reads them back.
 */
function enquiryMetaRowOf(stored: Pick<StoredEnquiry, "id" | "source" | "screening" | "whatsappConsent">) {
  const source = stored.source ?? {};
  const screening = stored.screening;
  const consent = stored.whatsappConsent;
  return {
    enquiry_id: stored.id,
    spam_score: screening?.score ?? 0,
    spam_reasons: JSON.stringify(screening?.reasons ?? []),
    filed_as_spam: screening?.spam ? 1 : 0,
    utm_source: source.utmSource ?? null,
    utm_medium: source.utmMedium ?? null,
    utm_campaign: source.utmCampaign ?? null,
    referrer_host: source.referrerHost ?? null,
    landing_path: source.landingPath ?? null,
    source_label: sourceLabel(source)?.toLowerCase() ?? null,
    whatsapp_consent_at: consent?.at ?? null,
    whatsapp_consent_wording: consent?.wording ?? null,
    whatsapp_consent_language: (consent?.language ?? null) as string | null,
  };
}

type EnquiryMetaRow = ReturnType<typeof enquiryMetaRowOf>;
const META_COLUMNS = columnsOf(enquiryMetaRowOf({ id: "" }));
const INSERT_ENQUIRY_META = insertStatement("enquiry_meta", META_COLUMNS);

/** What a read of ENQUIRY_META_COLUMNS holds: each column but the key and the label, null where no row is kept. */
export type EnquiryMetaColumns = {
  [Column in Exclude<keyof EnquiryMetaRow, "enquiry_id" | "source_label">]: EnquiryMetaRow[Column] | null;
};

/** The columns to select, from the table aliased `m`. */
export const ENQUIRY_META_COLUMNS = selectList(
  "m",
  META_COLUMNS.filter((column) => column !== "enquiry_id" && column !== "source_label"),
);

/** Keeps the row beside a new enquiry, in the caller's transaction: only where there is something to keep. */
export function insertEnquiryMeta(db: Database.Database, stored: StoredEnquiry): void {
  const { source = {}, screening, whatsappConsent } = stored;
  if (screening?.reasons.length || Object.keys(source).length > 0 || whatsappConsent) {
    prepared(db, INSERT_ENQUIRY_META).run(enquiryMetaRowOf(stored));
  }
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
    language: storedLanguage(row.whatsapp_consent_language),
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
