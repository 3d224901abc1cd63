/**
 * WhatsApp on the enquiry (docs/whatsapp.md): what the server and the console agree on about the
 * WhatsApp Business Platform's messages: the webhook's path, the channel a message came by, and
 * the limits. No I/O; the webhook's parsing is in server/whatsapp/.
 */
import type { EnquirySource } from "./enquiry-source";
import { WHATSAPP_OPT_OUT_WORDS, WHATSAPP_RESTART_WORDS } from "./whatsapp-consent";

export { WHATSAPP_OPT_OUT_WORDS, WHATSAPP_RESTART_WORDS };

/** The channels a conversation's messages travel by. */
export const MESSAGE_CHANNELS = ["email", "whatsapp"] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/** The webhook Meta calls, relative to the API's prefix (GET: verification; POST: messages and statuses). */
export const WHATSAPP_WEBHOOK_ROUTE = "/whatsapp/webhook";

/** The longest text a WhatsApp message may carry (the Cloud API's own limit), in characters. */
export const WHATSAPP_TEXT_MAX_LENGTH = 4_096;

/**
 * The largest webhook body taken, in bytes. Meta batches at most a few messages and statuses per
 * delivery; a text of 4,096 characters, escaped, stays far below it.
 */
export const WHATSAPP_WEBHOOK_MAX_BYTES = 64 * 1024;

/** How a buyer's WhatsApp profile name becomes an enquiry's name: at most this many characters. */
export const WHATSAPP_PROFILE_NAME_MAX_LENGTH = 100;

/**
 * Where an enquiry opened by a WhatsApp message came from (docs/decisions/042), kept as its source:
 * its label, "whatsapp", is the word the inbox filters and the dashboard counts it by.
 */
export const WHATSAPP_ENQUIRY_SOURCE = { utmSource: "whatsapp" } as const satisfies EnquirySource;

/** What a message that is not text is shown as: one line naming what it was, with its media id. */
export const whatsappMentions = {
  image: (mediaId: string) => `[Image sent on WhatsApp, media id ${mediaId}]`,
  document: (mediaId: string, fileName: string | null) =>
    `[Document sent on WhatsApp${fileName ? ` (“${fileName}”)` : ""}, media id ${mediaId}]`,
  audio: (mediaId: string) => `[Voice note sent on WhatsApp, media id ${mediaId}]`,
  video: (mediaId: string) => `[Video sent on WhatsApp, media id ${mediaId}]`,
  sticker: (mediaId: string) => `[Sticker sent on WhatsApp, media id ${mediaId}]`,
  location: (latitude: number, longitude: number, name: string | null) =>
    `[Location sent on WhatsApp${name ? ` (“${name}”)` : ""}: ${latitude.toFixed(5)}, ${longitude.toFixed(5)}]`,
} as const;

/**
 * The customer-service window (Meta's rule): free text may be sent to a buyer for 24 hours after
 * their last WhatsApp message; outside it, only a template approved in WhatsApp Manager.
 */
export const WHATSAPP_WINDOW_HOURS = 24;

/** Whether the window is open at `now`, and until when (ISO 8601, UTC); closed with no message yet. */
export function whatsappWindow(
  lastBuyerMessageAt: string | null,
  now: Date,
): { open: boolean; until: string | null } {
  if (lastBuyerMessageAt === null) return { open: false, until: null };
  const until = Date.parse(lastBuyerMessageAt) + WHATSAPP_WINDOW_HOURS * 3_600_000;
  return { open: now.getTime() < until, until: new Date(until).toISOString() };
}

/**
 * Whether a buyer's message asks for no more WhatsApp messages: one of the opt-out words alone,
 * in any case, with spaces and an ending stop or exclamation around it ("Stop.", « बंद करें। »).
 * A sentence that merely contains one ("don't stop the order") is not.
 */
export function isWhatsAppOptOut(text: string): boolean {
  return (WHATSAPP_OPT_OUT_WORDS as readonly string[]).includes(bareWords(text));
}

/** A buyer's message, bare: without spaces and an ending stop or exclamation, in upper case. */
function bareWords(text: string): string {
  return text
    .normalize("NFC")
    .replace(/[\s.!।]+$/u, "")
    .trim()
    .replace(/\s+/gu, " ")
    .toUpperCase();
}

/** Whether a buyer's message lifts their opt-out: one of the restart words alone ("Start!", «शुरू करें।»). */
export function isWhatsAppRestart(text: string): boolean {
  return (WHATSAPP_RESTART_WORDS as readonly string[]).includes(bareWords(text));
}

/** Why a WhatsApp message is not sent, as the console shows it (the API answers 409 with it). */
export const whatsappSendMessages = {
  windowClosed:
    "More than 24 hours have passed since the buyer's last WhatsApp message: only an approved template can be sent now.",
  optedOut: "The buyer asked for no more WhatsApp messages (STOP): nothing more is sent to them on WhatsApp.",
  noConsent:
    "The buyer has not written on WhatsApp and gave no consent to WhatsApp messages: the company may not message them first.",
  notApproved:
    "This template has no approved WhatsApp template name: an owner sets it on the Templates page.",
  noTemplate: "There is no such WhatsApp template any more: someone may have removed it. Reload the page.",
  parameterMissing: (field: string) =>
    `This template needs {${field}}, and this enquiry has nothing to put in it: choose another template.`,
  notConfigured: "WhatsApp is not set up for the console: open the chat with the wa.me link instead.",
  tooLong: `A WhatsApp message may be at most ${WHATSAPP_TEXT_MAX_LENGTH.toLocaleString("en-IN")} characters.`,
  queued: "WhatsApp message queued. It goes out from the outbox in a moment.",
} as const;

/**
 * A WhatsApp message's Message-ID in the conversation, made from the member's click: held once in
 * the store, and how the page finds the message it is sending among the conversation's.
 */
export function whatsappClickMessageId(clickKey: string): string {
  return `whatsapp-out-${clickKey}`;
}

/** How a WhatsApp message the company sent stands, as Meta's status callbacks report it. */
export const WHATSAPP_STATUSES = ["sent", "delivered", "read", "failed"] as const;
export type WhatsAppStatusName = (typeof WHATSAPP_STATUSES)[number];

/** The last status Meta reported on a message we sent: when, and Meta's error when it failed. */
export interface WhatsAppDelivery {
  status: WhatsAppStatusName;
  at: string;
  error: { code: number; title: string } | null;
}

/** Why nothing may be sent to the buyer on WhatsApp: not set up, their STOP, or no consent. */
export type WhatsAppBlock = "not-configured" | "opted-out" | "no-consent";

/**
 * WhatsApp on an enquiry as the console's API answers it with the enquiry (docs/whatsapp.md, "The
 * enquiry's WhatsApp state"): decided by the server's rules, shown by the console as it is.
 */
export interface EnquiryWhatsApp {
  /** The five WHATSAPP_ variables are set; false: the console keeps its wa.me links. */
  configured: boolean;
  /** Something (free text inside the window, or a template) may be sent to the buyer now. */
  mayMessage: boolean;
  /** Why nothing may be sent; null when mayMessage. */
  reason: WhatsAppBlock | null;
  /** The reason in the server's words (whatsappSendMessages); null when mayMessage. */
  reasonText: string | null;
  /** The 24-hour customer-service window is open: free text may be sent (if mayMessage too). */
  windowOpen: boolean;
  /** When the window closes or closed (ISO 8601, UTC); null when the buyer never wrote on WhatsApp. */
  windowOpenUntil: string | null;
  /** The buyer's opt-out (STOP), its time and wording; null when they sent none. */
  optOut: { at: string; wording: string } | null;
  /** The approved templates that may be sent now, inside or outside the window; [] unless mayMessage. */
  templates: WhatsAppTemplateOffer[];
}

/** An approved template offered on the enquiry, merged for it. */
export interface WhatsAppTemplateOffer {
  /** The template's id on the Templates page: sent as `templateId`. */
  id: string;
  /** Its name on the Templates page. */
  title: string;
  /** Meta's approved name, e.g. "order_followup". */
  metaName: string;
  /** Meta's language code, e.g. "en", "hi". */
  language: string;
  /** Its text merged for this enquiry (and the member asking): what the buyer receives. */
  preview: string;
}
