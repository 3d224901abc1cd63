/**
 * What the console and the server agree on about an enquiry's life beyond its status: how staff
 * contact a buyer from the console, and the messages of taking over and handing on. The rules
 * themselves are decided once, in server/lifecycle/plan.ts.
 */

/** How staff reached the buyer from the console: a call, a WhatsApp chat, or an e-mail reply. */
export const CONTACT_CHANNELS = ["call", "whatsapp", "email"] as const;
export type ContactChannel = (typeof CONTACT_CHANNELS)[number];

/**
 * How a call went. Only an answered call is contact with the buyer; the others are recorded in
 * history, and the enquiry is due again by the rule (domain/due-rule.ts).
 */
export const CALL_OUTCOMES = ["answered", "no-answer", "busy", "wrong-number"] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];
/** A call recorded without an outcome (a client before outcomes) was answered. */
export const DEFAULT_CALL_OUTCOME: CallOutcome = "answered";

/** Whether a call with this outcome reached the buyer. */
export const reachedBuyer = (outcome: CallOutcome): boolean => outcome === "answered";

/** How history names a call that did not reach the buyer. */
export const callOutcomeLines: Readonly<Record<CallOutcome, string>> = {
  answered: "Call answered",
  "no-answer": "Call: no answer",
  busy: "Call: busy",
  "wrong-number": "Call: wrong number",
};

export const LIFECYCLE_API_ROUTES = {
  /**
   * POST { channel, outcome? }: the console opened a call or a WhatsApp chat with the buyer; a
   * call says how it went (CALL_OUTCOMES, answered unless given).
   */
  contact: "/enquiries/:id/contact",
} as const;

export const lifecycleMessages = {
  contactRecorded: "Recorded. The buyer counts as contacted.",
  /** The owner changed since the page was loaded: the console asks before taking over. */
  ownerChanged: (owner: string | null) =>
    owner ? `${owner} owns this now. Take it over?` : "Nobody owns this now. Take it?",
} as const;
