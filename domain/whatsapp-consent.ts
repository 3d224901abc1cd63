/**
 * The buyer's consent to WhatsApp messages (docs/decisions/042, 043): the form's box, its words in
 * each language of the pages, the consent as intake records it, and the words that withdraw it and
 * give it again on WhatsApp. No I/O and nothing else of WhatsApp, so that the form's and the
 * privacy policy's chunks carry only this.
 */
import type { Language } from "./contract";

/**
 * The form's consent to WhatsApp: the field the form sends it in (a ticked box sends "yes", an
 * unticked one nothing), and the box's wording in each language of the pages. The wording lives
 * here, not in app/content/, because the server records the exact words the visitor was shown.
 */
export const WHATSAPP_CONSENT_FIELD = "whatsappConsent";
export const WHATSAPP_CONSENT_VALUE = "yes";
export const whatsappConsentWording: Record<Language, string> = {
  en: "You may message me on WhatsApp about this enquiry",
  hi: "इस पूछताछ के बारे में आप मुझे WhatsApp पर मैसेज कर सकते हैं",
};

/** Whether a request's body ticked the box: "yes" from a posted form, `true` or "yes" in JSON. */
export function whatsappConsentAsked(body: unknown): boolean {
  if (typeof body !== "object" || body === null) return false;
  const value = (body as Record<string, unknown>)[WHATSAPP_CONSENT_FIELD];
  return value === true || value === WHATSAPP_CONSENT_VALUE;
}

/** A buyer's consent to WhatsApp given on the form: when, the words they were shown, and their language. */
export interface WhatsAppConsent {
  at: string;
  wording: string;
  language: Language;
}

/**
 * The consent a visitor gives by ticking the form's box, as intake records it: when the enquiry
 * was received, the exact words the box showed in the page's language, and that language. None
 * when the box was left unticked (it is never ticked for them).
 */
export function whatsappConsentOf(input: {
  asked: boolean;
  language: Language;
  receivedAt: string;
}): WhatsAppConsent | null {
  if (!input.asked) return null;
  return { at: input.receivedAt, wording: whatsappConsentWording[input.language], language: input.language };
}

/** The words a buyer sends to stop the company's WhatsApp messages, each the whole message. */
export const WHATSAPP_OPT_OUT_WORDS = ["STOP", "UNSUBSCRIBE", "बंद करें"] as const;

/**
 * The words a buyer sends to lift their opt-out, each the whole message, read as the opt-out words
 * are: "START", the usual word for it in businesses' messages (the twin of STOP), and «शुरू करें»,
 * the twin of «बंद करें» (docs/decisions/042).
 */
export const WHATSAPP_RESTART_WORDS = ["START", "शुरू करें"] as const;
