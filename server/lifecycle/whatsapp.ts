/**
 * Where a buyer's WhatsApp message is filed, decided once (docs/whatsapp.md): on the buyer's open
 * enquiry, the most recent when they have several. No I/O: the store answers the buyer's
 * enquiries by their mobile (BuyerStore.enquiriesOfMobile), this decides.
 */
import { isOpen, type EnquiryStatus } from "../../domain/status";
import {
  isWhatsAppOptOut,
  isWhatsAppRestart,
  whatsappSendMessages,
  whatsappWindow,
  type EnquiryWhatsApp,
  type WhatsAppBlock,
  type WhatsAppStatusName,
} from "../../domain/whatsapp";
import type { WhatsAppConsent } from "../../domain/whatsapp-consent";
import type { WorkingHours } from "../../domain/working-hours";
import type { AssignmentRule } from "../../domain/team";
import {
  intakeTakesTurn,
  planContact,
  planIntake,
  type DueFacts,
  type IntakePlan,
  type MemberFacts,
  type WorkPlan,
  type WorkState,
} from "./plan";

/** The enquiry a WhatsApp message from a buyer is filed on; null when none of theirs is open. */
export function enquiryForWhatsApp(
  enquiries: readonly { id: string; receivedAt: string; status: EnquiryStatus }[],
): string | null {
  const open = enquiries
    .filter((enquiry) => isOpen(enquiry.status))
    .sort((a, b) => b.receivedAt.localeCompare(a.receivedAt) || b.id.localeCompare(a.id));
  return open[0]?.id ?? null;
}

/**
 * The enquiry a buyer's WhatsApp message is filed on when none of theirs is open: the newest of
 * their enquiries (any status, Spam aside), which the new one comes after; null: they have none.
 */
export function newestEnquiry(enquiries: readonly { id: string; receivedAt: string }[]): string | null {
  const newest = [...enquiries].sort(
    (a, b) => b.receivedAt.localeCompare(a.receivedAt) || b.id.localeCompare(a.id),
  )[0];
  return newest?.id ?? null;
}

/** Whether opening an enquiry from WhatsApp takes a turn of the rule (intake's rule: never for spam). */
export function whatsappIntakeTakesTurn(rule: AssignmentRule): boolean {
  return intakeTakesTurn(rule, false);
}

/**
 * A new enquiry opened by a WhatsApp message from a number with no open enquiry
 * (docs/decisions/042): everything a new enquiry from the form goes through (planIntake: the
 * owner by the rule, the first-contact target, the members' alerts and pushes, the company's mail,
 * the "received" event), with no buyer type (a rule by buyer type assigns it to nobody) and no
 * acknowledgement (there is no address to send one to). It is not screened as spam: the form's
 * signals (the hidden field, the proof of work, the time to fill it in, repeats of an address)
 * do not exist on WhatsApp, Meta signs what it delivers, and a flood from one number makes this
 * one enquiry, the next messages being answers on it, bounded per day (decision 038).
 */
export function planWhatsAppIntake(input: {
  receivedAt: string;
  rule: AssignmentRule;
  /** The turn taken (whatsappIntakeTakesTurn), else 0. */
  turn: number;
  members: readonly MemberFacts[];
  hours: WorkingHours;
}): IntakePlan {
  return planIntake({ ...input, buyer: null, spam: false, acknowledge: false });
}

/** What deciding whether a WhatsApp message may be sent reads of the enquiry and its buyer. */
export interface WhatsAppSendFacts {
  /** When the buyer's last WhatsApp message reached the console; null when they never wrote. */
  lastBuyerMessageAt: string | null;
  /** When the buyer's consent to WhatsApp messages was recorded; null when it was not. */
  consentAt: string | null;
  /** The buyer's opt-out (STOP), when they sent one. */
  optOut: { at: string; wording: string } | null;
}

/**
 * Whether a member may send the buyer a WhatsApp message of this type now; null when they may,
 * else why not (whatsappSendMessages):
 * - never after the buyer opted out (STOP), whatever the window;
 * - a first business-initiated message only to a buyer who wrote first on WhatsApp, or whose
 *   consent is recorded;
 * - free text only while the 24-hour window since the buyer's last message is open; a template
 *   approved in WhatsApp Manager at any time.
 */
export function whatsappSendRefusal(
  facts: WhatsAppSendFacts,
  type: "text" | "template",
  now: Date,
): string | null {
  const block = whatsappBlock(facts);
  if (block) return WHATSAPP_BLOCK_MESSAGES[block];
  if (type === "text" && !whatsappWindow(facts.lastBuyerMessageAt, now).open)
    return whatsappSendMessages.windowClosed;
  return null;
}

/**
 * How a document (an invoice, a pro-forma, a payment reminder) goes on WhatsApp now: as free text
 * while the 24-hour window is open, as its approved template once it has closed. A buyer who may
 * not be written to at all (STOP, no consent) gets free text's refusal, which names why.
 */
export function documentWhatsAppForm(facts: WhatsAppSendFacts, now: Date): "text" | "template" {
  return whatsappSendRefusal(facts, "text", now) !== null &&
    whatsappSendRefusal(facts, "template", now) === null
    ? "template"
    : "text";
}

const WHATSAPP_BLOCK_MESSAGES: Record<WhatsAppBlock, string> = {
  "not-configured": whatsappSendMessages.notConfigured,
  "opted-out": whatsappSendMessages.optedOut,
  "no-consent": whatsappSendMessages.noConsent,
};

/** Why nothing at all may be sent to the buyer, whatever the window: STOP, or no consent; null: something may. */
function whatsappBlock(facts: WhatsAppSendFacts): Exclude<WhatsAppBlock, "not-configured"> | null {
  if (facts.optOut) return "opted-out";
  if (facts.lastBuyerMessageAt === null && facts.consentAt === null) return "no-consent";
  return null;
}

/**
 * What the console shows of WhatsApp on an enquiry (EnquiryWhatsApp, docs/whatsapp.md), by the
 * same rules as a send: whether anything may be sent, why not, the window, and the templates
 * that may be sent (given, approved and merged by the caller; none when nothing may be sent).
 */
export function whatsappStateOf(
  facts: WhatsAppSendFacts | null,
  templates: EnquiryWhatsApp["templates"],
  now: Date,
): EnquiryWhatsApp {
  const block = facts ? whatsappBlock(facts) : "not-configured";
  const window = whatsappWindow(facts?.lastBuyerMessageAt ?? null, now);
  return {
    configured: facts !== null,
    mayMessage: block === null,
    reason: block,
    reasonText: block ? WHATSAPP_BLOCK_MESSAGES[block] : null,
    windowOpen: window.open,
    windowOpenUntil: window.until,
    optOut: facts?.optOut ?? null,
    templates: block === null ? templates : [],
  };
}

/**
 * A WhatsApp message a member sends: refused as whatsappSendRefusal says, or contact by WhatsApp
 * as a reply by e-mail is (planContact): the first moves New to Contacted.
 */
export function planWhatsAppSend(
  work: WorkState,
  input: { facts: WhatsAppSendFacts; type: "text" | "template"; at: string; due: DueFacts },
): { ok: true; plan: WorkPlan } | { ok: false; error: string } {
  const refusal = whatsappSendRefusal(input.facts, input.type, new Date(input.at));
  if (refusal) return { ok: false, error: refusal };
  return { ok: true, plan: planContact(work, { channel: "whatsapp", at: input.at, due: input.due }) };
}

/** How many of the buyer's newest WhatsApp messages the facts are read from (an opt-out among them). */
export const WHATSAPP_ANSWERS_READ = 200;

/**
 * The facts a send decides from (docs/decisions/042):
 * - the window opens with the buyer's newest WhatsApp message on this enquiry (`answers`, newest first);
 * - an opt-out binds the buyer, not one enquiry: the newest of their opt-outs and restarts on any
 *   of their enquiries (`buyerMessages`: their WhatsApp messages on every enquiry of their mobile,
 *   newest first) decides; an opt-out is recorded by the message itself, its time and its wording;
 *   "START" (or «शुरू करें») lifts it, and nothing else the buyer writes does;
 * - the consent given on this enquiry's form lets the company write first, and, given after the
 *   opt-out, lifts it for this enquiry: the box is ticked by hand, a fresh and explicit consent.
 */
export function whatsappFactsOf(input: {
  answers: readonly { at: string; text: string }[];
  buyerMessages: readonly { at: string; text: string }[];
  consent: WhatsAppConsent | null;
}): WhatsAppSendFacts {
  const { consent } = input;
  const standing = input.buyerMessages.find(
    (message) => isWhatsAppOptOut(message.text) || isWhatsAppRestart(message.text),
  );
  const optOut = standing && isWhatsAppOptOut(standing.text) ? standing : undefined;
  const liftedByConsent = optOut !== undefined && consent !== null && consent.at > optOut.at;
  return {
    lastBuyerMessageAt: input.answers[0]?.at ?? null,
    consentAt: consent?.at ?? null,
    optOut: optOut && !liftedByConsent ? { at: optOut.at, wording: optOut.text } : null,
  };
}

/**
 * The statuses a message may hold for `next` to replace it: a status only moves forward (sent,
 * delivered, read), whatever order Meta's callbacks arrive in, and a failure replaces any but
 * read; `null` stands for a message no callback reported on yet. A callback repeated changes
 * nothing.
 */
export function whatsappStatusReplaces(next: WhatsAppStatusName): (WhatsAppStatusName | null)[] {
  switch (next) {
    case "sent":
      return [null];
    case "delivered":
      return [null, "sent"];
    case "read":
      return [null, "sent", "delivered", "failed"];
    case "failed":
      return [null, "sent", "delivered"];
  }
}
