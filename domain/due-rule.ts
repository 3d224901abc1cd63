/**
 * When an open enquiry is next due when nobody chose a time: after a reply, a call or a chat
 * recorded without a follow-up, a call that did not reach the buyer, a follow-up cleared, a
 * reopening, or a sale confirmed (server/lifecycle/plan.ts). Every open enquiry has a due time, so
 * nothing drops out of Overdue and Due today. One function, so that an owner's setting can replace
 * the default. No I/O.
 */
import { istHour, nextWorkingDayAt, WORKING_HOURS } from "./working-hours";

/** What the rule decides from: when the enquiry was received and when the change is made. */
export interface DueRuleFacts {
  receivedAt: Date;
  at: Date;
}

export type DueRule = (facts: DueRuleFacts) => Date;

/**
 * The default: the next working day after the change, at the hour (IST) the enquiry was received,
 * when the buyer was free to write; an hour outside the working day is the nearest one inside it.
 * An enquiry received on Monday at 14:20 and answered on Tuesday is due on Wednesday at 14:00.
 */
export const nextWorkingDayAtReceivedHour: DueRule = ({ receivedAt, at }) => {
  const hour = Math.min(Math.max(istHour(receivedAt), WORKING_HOURS.startHour), WORKING_HOURS.endHour - 1);
  return nextWorkingDayAt(at, hour);
};

export const DEFAULT_DUE_RULE: DueRule = nextWorkingDayAtReceivedHour;
