/**
 * An enquiry's work record as both stores keep it, and the record of an enquiry never worked on:
 * the plans (server/lifecycle/plan.ts) decide each change of it; the stores' codecs map it.
 */
import { INITIAL_STATUS, type EnquiryStatus } from "./status";
import type { LostReason } from "./deal";

/** An enquiry's work record: its status and the team's fields, as both stores keep them. */
export interface WorkState {
  status: EnquiryStatus;
  /** Increases with every status change; a change based on an older one is refused. */
  version: number;
  ownerId: string | null;
  followUpAt: string | null;
  nextStep: string | null;
  /** When staff first contacted the buyer (or otherwise worked it); null while nobody has. */
  touchedAt: string | null;
  /** What Overdue and Due today read: the follow-up, or the first-contact target while untouched; null once closed. */
  dueAt: string | null;
  /** The first-contact target, kept while untouched so that handing on cannot lose it. */
  firstContactDueAt: string | null;
  closedAt: string | null;
  /**
   * The follow-up whose reminder on the phone is still to be sent (server/lifecycle/reminders.ts):
   * set with a new follow-up, cleared once the reminder is queued or the follow-up goes.
   */
  reminderDueAt: string | null;
  /** Why the sale was lost: set with Declined, gone once the enquiry is set to anything else. */
  lostReason: LostReason | null;
  /**
   * When the buyer answered with nobody contacting them since (the first answer of those unanswered):
   * the enquiry is waiting on us. Staff's next contact (contacted) clears it.
   */
  answeredAt: string | null;
  /** The enquiry this one repeats: set with the duplicate close (domain/status.ts), gone with any other status. */
  duplicateOf: string | null;
  /**
   * Whether the enquiry waits on us, as the plans keep it with every state they answer
   * (server/lifecycle/inbox-listing.ts: waitingOnUs): the Waiting on us view and count read it, and
   * the stores index it, deciding nothing.
   */
  waitingOnUs: boolean;
  /**
   * Whether the enquiry is the team's work (domain/status.ts: `work`; spam and a duplicate are
   * not), as the plans keep it with every state they answer: what leaves an enquiry out of every
   * view and count of the team's work. The stores keep it as given, deciding nothing.
   */
  teamWork: boolean;
}

/**
 * The work record of an enquiry stored before records existed, or never worked: New, untouched, not
 * timed, and so waiting on us (nobody has contacted the buyer yet) and the team's work.
 */
export function untouchedWork(): WorkState {
  return {
    status: INITIAL_STATUS,
    version: 0,
    ownerId: null,
    followUpAt: null,
    nextStep: null,
    touchedAt: null,
    dueAt: null,
    firstContactDueAt: null,
    closedAt: null,
    reminderDueAt: null,
    lostReason: null,
    answeredAt: null,
    duplicateOf: null,
    waitingOnUs: true,
    teamWork: true,
  };
}
