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
  "repeated-many": 6,
} as const satisfies Record<SpamReason, number>;

/**
 * From this many enquiries with one mobile or one address in a day (IST), the repeats count
 * ("repeated"); from the second number on, they count more ("repeated-many", in its place). A
 * visitor unsure whether the form went may well send it twice or thrice.
 */
export const REPEATS_PER_DAY = 3;
export const MANY_REPEATS_PER_DAY = 5;

/**
 * The proof of work: the page hashes up to this many numbers with SHA-256 (half of it on average,
 * well under a second on a mid-range phone while the visitor types), and a challenge may be
 * solved and sent within this long.
 */
export const PROOF_OF_WORK_MAX_NUMBER = 50_000;
export const PROOF_OF_WORK_EXPIRES_MINUTES = 60;
