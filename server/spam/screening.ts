import { istDayBounds, istDate } from "../../domain/working-hours";
import type { Enquiry } from "../../domain/enquiry";
import type { SpamReason, SpamScreening } from "../../domain/spam";
import type { CountedChecks, CounterToAdd } from "../store/store";
import { contentSignals } from "./content-signals";
import { proofOfWorkUsed, type ProofOfWork } from "./proof-of-work";
import { enquiryFingerprint } from "../store/idempotency";
import { REPEATS_PER_DAY, SAME_ENQUIRY_PER_DAY, SPAM_THRESHOLD, SPAM_WEIGHTS } from "./weights";
import { mailboxOf } from "../mailbox-caps";

/** Everything an enquiry is scored on. */
export interface SpamSignals {
  enquiry: Enquiry;
  honeypot: boolean;
  proofOfWork: ProofOfWork;
  /** What was sent today (IST), this enquiry included (repeatCounters). */
  repeats: Repeats;
}

export interface Repeats {
  /** Enquiries with this one's mobile or address (the higher of the two counts). */
  sameContact: number;
  /** Enquiries with the very same five fields. */
  sameEnquiry: number;
}

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
 * The enquiry's counters for today (IST): its mobile, its address and its five fields. The five
 * fields hold the mobile, so their counter is nested under the mobile's: a store may leave it
 * unwritten for the day's first enquiry from a mobile (CounterToAdd.nested).
 */
export function repeatCounters(enquiry: Enquiry, now: Date): CounterToAdd[] {
  const day = istDate(now);
  const expiresAt = new Date(istDayBounds(now).end.getTime() + 60 * 60_000);
  const fingerprint = enquiryFingerprint(enquiry);
  return [
    { name: `enquiry-mobile:${day}:${enquiry.Mobile}`, expiresAt },
    // One mailbox however it is spelt, as the caps on mail to it count it.
    { name: `enquiry-email:${day}:${mailboxOf(enquiry.Email)}`, expiresAt },
    { name: `enquiry-body:${day}:${fingerprint}`, expiresAt, nested: { parent: 0, key: fingerprint } },
  ];
}

/** The repeats read from the counts of repeatCounters, in their order. */
function repeatsOf(counts: readonly number[]): Repeats {
  const [byMobile = 0, byEmail = 0, sameEnquiry = 0] = counts;
  return { sameContact: Math.max(byMobile, byEmail), sameEnquiry };
}

/**
 * The enquiry's screening as the store settles it in the enquiry's own write: its repeats and
 * its proof of work's uses are counted there, then scored with the signals read from the request.
 * `proofOfWork` is the counter of a verified proof, undefined when none was sent or it failed.
 */
export function countedScreening(signals: {
  enquiry: Enquiry;
  honeypot: boolean;
  proofOfWork: CounterToAdd | undefined;
  now: Date;
}): Pick<CountedChecks, "counters" | "score"> {
  const repeats = repeatCounters(signals.enquiry, signals.now);
  const proof = signals.proofOfWork;
  return {
    counters: proof ? [...repeats, proof] : repeats,
    score: (counts) =>
      scoreEnquiry({
        enquiry: signals.enquiry,
        honeypot: signals.honeypot,
        proofOfWork: proof ? proofOfWorkUsed(counts[repeats.length] ?? 0) : "missing",
        repeats: repeatsOf(counts.slice(0, repeats.length)),
      }),
  };
}
