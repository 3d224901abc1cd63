import { istDayBounds, istDate } from "../../domain/working-hours";
import type { Enquiry } from "../../domain/enquiry";
import type { SpamReason, SpamScreening } from "../../domain/spam";
import type { AttemptCounterStore } from "../store/attempt-counters";
import { contentSignals } from "./content-signals";
import type { ProofOfWork } from "./proof-of-work";
import { enquiryFingerprint } from "../store/idempotency";
import { REPEATS_PER_DAY, SAME_ENQUIRY_PER_DAY, SPAM_THRESHOLD, SPAM_WEIGHTS } from "./weights";

/** Everything an enquiry is scored on. */
export interface SpamSignals {
  enquiry: Enquiry;
  honeypot: boolean;
  proofOfWork: ProofOfWork;
  /** What was sent today (IST), this enquiry included (countRepeats). */
  repeats: Repeats;
}

export interface Repeats {
  /** Enquiries with this one's mobile or address (the higher of the two counts). */
  sameContact: number;
  /** Enquiries with the very same five fields. */
  sameEnquiry: number;
}

/** What a retry (a request repeating an Idempotency-Key) is scored with: it is not counted again. */
export const NOT_COUNTED: Repeats = { sameContact: 0, sameEnquiry: 0 };

/** Adds up the signals' weights; at SPAM_THRESHOLD or more the enquiry is filed as Spam. */
export function scoreEnquiry(signals: SpamSignals): SpamScreening {
  const reasons: SpamReason[] = [];
  if (signals.honeypot) reasons.push("honeypot");
  if (signals.proofOfWork === "missing") reasons.push("no-proof-of-work");
  if (signals.proofOfWork === "reused") reasons.push("proof-of-work-reused");
  reasons.push(...contentSignals(signals.enquiry));
  if (signals.repeats.sameContact >= REPEATS_PER_DAY) reasons.push("repeated");
  if (signals.repeats.sameEnquiry >= SAME_ENQUIRY_PER_DAY) reasons.push("same-enquiry");
  const score = reasons.reduce((sum, reason) => sum + SPAM_WEIGHTS[reason], 0);
  return { score, reasons, spam: score >= SPAM_THRESHOLD };
}

/**
 * The one place that decides whether an enquiry's mails go out: an enquiry filed as Spam mails
 * neither the company (nor any member of staff) nor the visitor until staff mark it Not spam.
 * Every mail about a new enquiry asks this.
 */
export function enquiryMailsSuppressed(screening: SpamScreening | undefined): boolean {
  return screening?.spam === true;
}

/**
 * Counts this enquiry against its mobile, its address and its five fields for today (IST), in the
 * store, so instances count together and a hundred at once count as a hundred.
 */
export async function countRepeats(
  counters: AttemptCounterStore,
  enquiry: Enquiry,
  now: Date,
): Promise<Repeats> {
  const day = istDate(now);
  const expiresAt = new Date(istDayBounds(now).end.getTime() + 60 * 60_000);
  const [byMobile, byEmail, sameEnquiry] = await counters.addAll(
    [
      `enquiry-mobile:${day}:${enquiry.Mobile}`,
      `enquiry-email:${day}:${enquiry.Email.trim().toLowerCase()}`,
      `enquiry-body:${day}:${enquiryFingerprint(enquiry)}`,
    ],
    expiresAt,
  );
  return { sameContact: Math.max(byMobile ?? 0, byEmail ?? 0), sameEnquiry: sameEnquiry ?? 0 };
}
