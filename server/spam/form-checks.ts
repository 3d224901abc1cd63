import type { CountedChecks, FormCheckSignals } from "../store/store";
import { mailboxCap } from "../mailbox-caps";
import { countedScreening } from "./screening";

/**
 * The order form's counted checks, made from its signals: its repeats and proof of work scored
 * (countedScreening), and its visitor's acknowledgement under the mailbox's cap (mailboxCap). The
 * signals go with them, so that the same checks can be made again where the intake is written.
 */
export function formChecks(signals: FormCheckSignals): CountedChecks {
  return {
    ...countedScreening(signals),
    // An acknowledgement only while the visitor's mailbox is under its cap; the enquiry is
    // stored, the company mailed and the visitor answered the same either way.
    acknowledgement: mailboxCap(signals.enquiry.Email, signals.now),
    formSignals: signals,
  };
}
