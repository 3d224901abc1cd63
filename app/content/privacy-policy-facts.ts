/**
 * The privacy policy's facts that every language states alike, apart from its English text, so
 * that the Hindi policy's script does not carry the English one (privacy-policy.hi.ts).
 */

/** The subject a request about one's personal data carries, so that it reaches the right person. */
export const personalDataRequestSubject = "Personal data request";
/** Days within which a request about one's personal data is answered. */
export const REQUEST_ANSWER_DAYS = 30;
/** Days within which a grievance is answered: the outer limit in the DPDP Rules, 2025. */
export const GRIEVANCE_ANSWER_DAYS = 90;
/** The section that states how long each kind of data is kept. */
export const RETENTION_SECTION_ID = "how-long-we-keep-it";
/** The section that says what the consent to WhatsApp given on the form is for, and how to withdraw it. */
export const WHATSAPP_SECTION_ID = "whatsapp-messages";

/** Words a buyer sends on WhatsApp, each quoted, the last after `or` ("STOP", "UNSUBSCRIBE" or "बंद करें"). */
export function quotedWords(words: readonly string[], or: string): string {
  const each = words.map((word) => `"${word}"`);
  return each.length > 1 ? `${each.slice(0, -1).join(", ")} ${or} ${each.at(-1)}` : (each[0] ?? "");
}
