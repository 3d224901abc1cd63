/**
 * Where an enquiry came from, as the page remembers it for the visit: the landing URL's
 * `utm_source`, `utm_medium` and `utm_campaign`, the referring site's host and the landing path.
 * Metadata beside the enquiry, never one of its five fields. No I/O and no imports: the page keeps
 * the source with these at its first load; the API's check is in enquiry-source-check.ts
 * (docs/decisions/024-spam-scoring-and-sources.md).
 */

/** The JSON field the page sends the source in, beside the enquiry's five. */
export const SOURCE_FIELD = "source";
/** The session-storage key the page keeps the visit's source under (no cookie). */
export const SOURCE_STORAGE_KEY = "collarise-visit-source";

export const SOURCE_PARTS = ["utmSource", "utmMedium", "utmCampaign", "referrerHost", "landingPath"] as const;
export type SourcePart = (typeof SOURCE_PARTS)[number];
export type EnquirySource = Partial<Record<SourcePart, string>>;

/** The landing URL's parameters each part is read from. */
export const UTM_PARAMETERS = {
  utmSource: "utm_source",
  utmMedium: "utm_medium",
  utmCampaign: "utm_campaign",
} as const satisfies Partial<Record<SourcePart, string>>;

/** The longest each part may be: campaign tags are short; a host is at most 253 characters. */
export const SOURCE_MAX_LENGTHS = {
  utmSource: 100,
  utmMedium: 100,
  utmCampaign: 100,
  referrerHost: 253,
  landingPath: 200,
} as const satisfies Record<SourcePart, number>;

/** The one word an inbox filters and counts sources by: the campaign's source, else the referring host. */
export function sourceLabel(source: EnquirySource | undefined): string | undefined {
  return source?.utmSource ?? source?.referrerHost;
}
