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
