/**
 * Where a buyer's WhatsApp message is filed, decided once (docs/whatsapp.md): on the buyer's open
 * enquiry, the most recent when they have several. No I/O: the store answers the buyer's
 * enquiries by their mobile (BuyerStore.enquiriesOfMobile), this decides.
 */
import { isOpen, type EnquiryStatus } from "../../domain/status";
import {
  type EnquiryWhatsApp,
  isWhatsAppOptOut,
  whatsappSendMessages,
  whatsappWindow,
  type WhatsAppStatusName,
} from "../../domain/whatsapp";
import { planContact, type DueFacts, type WorkPlan, type WorkState } from "./plan";

/** The enquiry a WhatsApp message from a buyer is filed on; null when none of theirs is open. */
export function enquiryForWhatsApp(
  enquiries: readonly { id: string; receivedAt: string; status: EnquiryStatus }[],
): string | null {
  const open = enquiries
    .filter((enquiry) => isOpen(enquiry.status))
    .sort((a, b) => b.receivedAt.localeCompare(a.receivedAt) || b.id.localeCompare(a.id));
  return open[0]?.id ?? null;
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
  if (facts.optOut) return whatsappSendMessages.optedOut;
  if (facts.lastBuyerMessageAt === null && facts.consentAt === null) return whatsappSendMessages.noConsent;
  if (type === "text" && !whatsappWindow(facts.lastBuyerMessageAt, now).open)
    return whatsappSendMessages.windowClosed;
  return null;
}

/**
 * The enquiry's WhatsApp state the console shows (docs/whatsapp.md): whether anything may be sent
 * (whatsappSendRefusal for a template: STOP, consent), whether free text may (the window), and
 * until when the window is open, and the approved templates offered (none unless something may
 * be sent). `facts` null: WhatsApp is not set up.
 */
export function whatsappStateOf(
  facts: WhatsAppSendFacts | null,
  templates: EnquiryWhatsApp["templates"],
  now: Date,
): EnquiryWhatsApp {
  if (!facts)
    return {
      configured: false,
      mayMessage: false,
      reason: "not-configured",
      reasonText: whatsappSendMessages.notConfigured,
      windowOpen: false,
      windowOpenUntil: null,
      optOut: null,
      templates: [],
    };
  const refusal = whatsappSendRefusal(facts, "template", now);
  const window = whatsappWindow(facts.lastBuyerMessageAt, now);
  return {
    configured: true,
    mayMessage: refusal === null,
    reason: facts.optOut ? "opted-out" : refusal ? "no-consent" : null,
    reasonText: refusal,
    windowOpen: window.open,
    windowOpenUntil: window.until,
    optOut: facts.optOut,
    templates: refusal === null ? templates : [],
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
 * The facts a send decides from, read from the buyer's WhatsApp messages on the enquiry (newest
 * first): the newest opens the window, and an opt-out among them (isWhatsAppOptOut) is recorded
 * by the message itself, its time and its wording. Consent given on the form is not recorded yet:
 * a buyer who never wrote on WhatsApp is not messaged first.
 */
export function whatsappFactsOf(answers: readonly { at: string; text: string }[]): WhatsAppSendFacts {
  const optOut = answers.find((answer) => isWhatsAppOptOut(answer.text));
  return {
    lastBuyerMessageAt: answers[0]?.at ?? null,
    consentAt: null,
    optOut: optOut ? { at: optOut.at, wording: optOut.text } : null,
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
