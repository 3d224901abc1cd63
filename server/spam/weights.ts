import type { SpamReason } from "../../domain/spam";

/**
 * Every number the spam scoring uses, in one place (docs/spam-scoring.md says how to tune them;
 * docs/decisions/024-spam-scoring-and-sources.md why they are what they are).
 *
 * An enquiry whose reasons add up to SPAM_THRESHOLD or more is filed as Spam. Every weight is
 * below the threshold, so no single signal files an enquiry: it takes two. The missing proof
 * of work weighs least of all, because a visitor without JavaScript, or the company's own
 * script posting to the API, sends none and must still reach the team.
 */
export const SPAM_THRESHOLD = 9;

export const SPAM_WEIGHTS = {
  honeypot: 6,
  "no-proof-of-work": 3,
  "proof-of-work-reused": 4,
  "link-in-name": 7,
  "offer-in-name": 6,
  "name-without-letters": 5,
  "keyboard-mash": 6,
  "test-data": 4,
  "disposable-email": 4,
  "mobile-prefix": 4,
  "mobile-pattern": 5,
  repeated: 5,
  "same-enquiry": 4,
} as const satisfies Record<SpamReason, number>;

/**
 * From this many enquiries with one mobile or one address in a day (IST), the repeats count
 * ("repeated"); from this many with the very same five fields, the replay counts too
 * ("same-enquiry"). A visitor unsure whether the form went may send it twice; a company's own
 * script may send many people's enquiries with one contact, and stays below the threshold
 * (repeated 5 + no proof of work 3).
 */
export const REPEATS_PER_DAY = 3;
export const SAME_ENQUIRY_PER_DAY = 3;

/**
 * The proof of work: the page hashes up to this many numbers with SHA-256 (half of it on average,
 * well under a second on a mid-range phone while the visitor types), and a challenge may be
 * solved and sent within this long.
 */
export const PROOF_OF_WORK_MAX_NUMBER = 50_000;
export const PROOF_OF_WORK_EXPIRES_MINUTES = 60;
