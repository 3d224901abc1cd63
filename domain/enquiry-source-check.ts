import { hasControlCharacters } from "./enquiry";
import {
  type EnquirySource,
  SOURCE_FIELD,
  SOURCE_MAX_LENGTHS,
  SOURCE_PARTS,
  type SourcePart,
} from "./enquiry-source";
import { hasUnreadableCharacters } from "./unreadable";

export const sourceMessages = {
  notAnObject: `Send ${SOURCE_FIELD} as an object with any of ${SOURCE_PARTS.join(", ")}.`,
  unknownPart: (part: string) =>
    `${SOURCE_FIELD} has no part named ${JSON.stringify(part.slice(0, 40))}; it takes ${SOURCE_PARTS.join(", ")}.`,
  notText: (part: SourcePart) => `${SOURCE_FIELD}.${part} must be text.`,
  tooLong: (part: SourcePart) =>
    `${SOURCE_FIELD}.${part} may be at most ${SOURCE_MAX_LENGTHS[part]} characters.`,
  control: (part: SourcePart) => `${SOURCE_FIELD}.${part} may not hold control characters.`,
  unreadable: (part: SourcePart) =>
    `${SOURCE_FIELD}.${part} may not hold invisible characters or ones that change the direction of the text.`,
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
  if (typeof input !== "object" || Array.isArray(input))
    return { ok: false, error: sourceMessages.notAnObject };
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
    // The same characters a Name may not hold: a right-to-left override would show
    // "moc.elgoog" as "google.com" in the inbox. Checked last, so a part refused before keeps its message.
    if (hasUnreadableCharacters(text)) return { ok: false, error: sourceMessages.unreadable(name) };
    source[name] = name === "referrerHost" ? text.toLowerCase() : text;
  }
  return { ok: true, source };
}
