import { istDayBounds, istDate } from "../../domain/working-hours";
import type { Enquiry } from "../../domain/enquiry";
import type { SpamReason, SpamScreening } from "../../domain/spam";
import type { AttemptCounterStore } from "../store/attempt-counters";
import { contentSignals } from "./content-signals";
import type { ProofOfWork } from "./proof-of-work";
import { MANY_REPEATS_PER_DAY, REPEATS_PER_DAY, SPAM_THRESHOLD, SPAM_WEIGHTS } from "./weights";

/** Everything an enquiry is scored on. */
export interface SpamSignals {
  enquiry: Enquiry;
  honeypot: boolean;
  proofOfWork: ProofOfWork;
  /** How many enquiries today (IST) carried this one's mobile or address, this one included (the higher). */
  sentToday: number;
}

/** Adds up the signals' weights; at SPAM_THRESHOLD or more the enquiry is filed as Spam. */
export function scoreEnquiry(signals: SpamSignals): SpamScreening {
  const reasons: SpamReason[] = [];
  if (signals.honeypot) reasons.push("honeypot");
  if (signals.proofOfWork === "missing") reasons.push("no-proof-of-work");
  if (signals.proofOfWork === "reused") reasons.push("proof-of-work-reused");
  reasons.push(...contentSignals(signals.enquiry));
  if (signals.sentToday >= MANY_REPEATS_PER_DAY) reasons.push("repeated-many");
  else if (signals.sentToday >= REPEATS_PER_DAY) reasons.push("repeated");
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
 * Counts this enquiry against its mobile and its address for today (IST), in the store, so
 * instances count together and a hundred at once count as a hundred; answers the higher count.
 */
export async function countRepeats(
  counters: AttemptCounterStore,
  enquiry: Enquiry,
  now: Date,
): Promise<number> {
  const day = istDate(now);
  const expiresAt = new Date(istDayBounds(now).end.getTime() + 60 * 60_000);
  const counts = await counters.addAll(
    [`enquiry-mobile:${day}:${enquiry.Mobile}`, `enquiry-email:${day}:${enquiry.Email.trim().toLowerCase()}`],
    expiresAt,
  );
  return Math.max(...counts);
}
