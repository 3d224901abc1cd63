/**
 * When an open enquiry is next due when nobody chose a time: after a reply, a call or a chat
 * recorded without a follow-up, a call that did not reach the buyer, a follow-up cleared, a
 * reopening, or a sale confirmed (server/lifecycle/plan.ts). Every open enquiry has a due time, so
 * nothing drops out of Overdue and Due today. One function, so that an owner's setting can replace
 * the default. No I/O.
 */
import { istHour, minutesOf, nextWorkingDayAt, type WorkingHours } from "./working-hours";

/**
 * What the rule decides from: when the enquiry was received, when the change is made, and the
 * company's working hours in force then (its published record).
 */
export interface DueRuleFacts {
  receivedAt: Date;
  at: Date;
  hours: WorkingHours;
}

export type DueRule = (facts: DueRuleFacts) => Date;

/**
 * The default: the next working day after the change, at the hour (IST) the enquiry was received,
 * when the buyer was free to write; an hour outside the working day is the nearest time inside it
 * (the opening, or an hour before the closing). An enquiry received on Monday at 14:20 and
 * answered on Tuesday is due on Wednesday at 14:00; with a day opening at 09:30, one received at
 * 08:10 is due at 09:30.
 */
export const nextWorkingDayAtReceivedHour: DueRule = ({ receivedAt, at, hours }) => {
  const opens = minutesOf(hours.opens);
  const lastHour = Math.max(opens, minutesOf(hours.closes) - 60);
  const minutes = Math.min(Math.max(istHour(receivedAt) * 60, opens), lastHour);
  return nextWorkingDayAt(hours, at, minutes);
};

export const DEFAULT_DUE_RULE: DueRule = nextWorkingDayAtReceivedHour;
