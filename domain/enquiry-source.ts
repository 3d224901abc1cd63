/**
 * Where an enquiry came from, as the page remembers it for the visit: the landing URL's
 * `utm_source`, `utm_medium` and `utm_campaign`, the referring site's host and the landing path.
 * Metadata beside the enquiry, never one of its five fields. No I/O: the page and the server both
 * import it (docs/decisions/024-spam-scoring-and-sources.md).
 */
import { hasControlCharacters } from "./enquiry";

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

export const sourceMessages = {
  notAnObject: `Send ${SOURCE_FIELD} as an object with any of ${SOURCE_PARTS.join(", ")}.`,
  unknownPart: (part: string) =>
    `${SOURCE_FIELD} has no part named ${JSON.stringify(part.slice(0, 40))}; it takes ${SOURCE_PARTS.join(", ")}.`,
  notText: (part: SourcePart) => `${SOURCE_FIELD}.${part} must be text.`,
  tooLong: (part: SourcePart) =>
    `${SOURCE_FIELD}.${part} may be at most ${SOURCE_MAX_LENGTHS[part]} characters.`,
  control: (part: SourcePart) => `${SOURCE_FIELD}.${part} may not hold control characters.`,
  badHost: `${SOURCE_FIELD}.referrerHost must be a host name, such as www.google.com.`,
  badPath: `${SOURCE_FIELD}.landingPath must be a path starting with /.`,
} as const;

export type SourceCheck = { ok: true; source: EnquirySource } | { ok: false; error: string };

const HOST = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/i;

/**
 * Checks a source as the API receives it. Absent or null is no source; blank parts are left out;
 * anything else wrong is refused with a message naming the part.
 */
export function checkSource(input: unknown): SourceCheck {
  if (input === undefined || input === null) return { ok: true, source: {} };
  if (typeof input !== "object" || Array.isArray(input)) return { ok: false, error: sourceMessages.notAnObject };
  const source: EnquirySource = {};
  for (const [part, value] of Object.entries(input)) {
    if (!(SOURCE_PARTS as readonly string[]).includes(part))
      return { ok: false, error: sourceMessages.unknownPart(part) };
    const name = part as SourcePart;
    if (value === undefined || value === null) continue;
    if (typeof value !== "string") return { ok: false, error: sourceMessages.notText(name) };
    const text = value.trim();
    if (text === "") continue;
    if (hasControlCharacters(text)) return { ok: false, error: sourceMessages.control(name) };
    if (text.length > SOURCE_MAX_LENGTHS[name]) return { ok: false, error: sourceMessages.tooLong(name) };
    if (name === "referrerHost" && !HOST.test(text)) return { ok: false, error: sourceMessages.badHost };
    if (name === "landingPath" && !text.startsWith("/")) return { ok: false, error: sourceMessages.badPath };
    source[name] = name === "referrerHost" ? text.toLowerCase() : text;
  }
  return { ok: true, source };
}

/** The one word an inbox filters and counts sources by: the campaign's source, else the referring host. */
export function sourceLabel(source: EnquirySource | undefined): string | undefined {
  return source?.utmSource ?? source?.referrerHost;
}
