/**
 * The signals an enquiry is scored on, as staff and the API see them. The weights and the
 * threshold live in server/spam/weights.ts; the console's words for each reason in console/content.ts.
 * No I/O (docs/decisions/024-spam-scoring-and-sources.md).
 */

export const SPAM_REASONS = [
  /** The hidden field only robots see came back filled. */
  "honeypot",
  /** The page's proof of work is missing or does not verify (no JavaScript, or not our page). */
  "no-proof-of-work",
  /** The proof of work was already used by another enquiry: a body replayed. */
  "proof-of-work-reused",
  /** A link or markup in the Name. */
  "link-in-name",
  /** An offer in the Name: SEO, backlinks, followers, crypto, casino and the like. */
  "offer-in-name",
  /** A Name without a single letter. */
  "name-without-letters",
  /** A Name or address typed along a keyboard row. */
  "keyboard-mash",
  /** Placeholder data: test@test.com, abc@abc.com, a Name of "Test User". */
  "test-data",
  /** An address at a disposable-mail domain. */
  "disposable-email",
  /** A mobile number that no Indian mobile starts with (they start with 6–9). */
  "mobile-prefix",
  /** A mobile number of one digit repeated. */
  "mobile-pattern",
  /** The same mobile or address sent several times today. */
  "repeated",
  /** The very same enquiry (all five fields) sent several times today: a body replayed. */
  "same-enquiry",
] as const;
export type SpamReason = (typeof SPAM_REASONS)[number];

/** The proof-of-work field the page sends beside the enquiry (ALTCHA's payload, base64 JSON). */
export const PROOF_OF_WORK_FIELD = "altcha";

/** A challenge as `GET /api/enquiries/challenge` answers it (ALTCHA's shape). */
export interface ProofOfWorkChallenge {
  algorithm: string;
  challenge: string;
  salt: string;
  signature: string;
  maxnumber?: number;
}

/** What the page sends in PROOF_OF_WORK_FIELD: ALTCHA's payload for `challenge` solved with `number`. */
export function proofOfWorkPayload(challenge: ProofOfWorkChallenge, number: number): string {
  const { algorithm, salt, signature } = challenge;
  return btoa(JSON.stringify({ algorithm, challenge: challenge.challenge, number, salt, signature }));
}

/** What the scoring made of an enquiry, stored beside it. */
export interface SpamScreening {
  score: number;
  reasons: SpamReason[];
  /** Filed as Spam on arrival: its mails are held until staff mark it Not spam. */
  spam: boolean;
}
