/**
 * What the WhatsApp composer shows, apart from React: the window's state in words, the counter
 * near WhatsApp's limit, and how a message the company sent stands. Whether anything may be sent
 * is the server's to decide (EnquiryWhatsApp); this only words it.
 */
import type { ConversationMessage, OutgoingMessage } from "../../domain/conversation";
import { WHATSAPP_TEXT_MAX_LENGTH, type EnquiryWhatsApp } from "../../domain/whatsapp";
import { conversationText, formatFullTime, formatWindowEnd, whatsappComposerText as text } from "../content";

/** From how many characters left the counter shows. */
export const COUNTER_FROM_LEFT = 500;

/** The window's state in words, and whether free text may be written now (the server's say). */
export function composerState(state: EnquiryWhatsApp, now = new Date()): { words: string; open: boolean } {
  if (state.reason === "opted-out" && state.optOut)
    return { words: text.optedOut(formatFullTime(state.optOut.at), state.optOut.wording), open: false };
  if (state.reason === "no-consent") return { words: text.noConsent, open: false };
  if (!state.mayMessage) return { words: state.reasonText ?? text.windowClosed, open: false };
  if (state.windowOpen && state.windowOpenUntil)
    return { words: text.openUntil(formatWindowEnd(state.windowOpenUntil, now)), open: true };
  return { words: text.windowClosed, open: false };
}

/**
 * The counter under the text box: nothing until COUNTER_FROM_LEFT characters are left, then how
 * many are left, or how many too many (the text is kept; sending waits until it is cut).
 */
export function characterCount(value: string): { words: string; over: boolean } | null {
  const left = WHATSAPP_TEXT_MAX_LENGTH - value.length;
  if (left > COUNTER_FROM_LEFT) return null;
  return left >= 0
    ? { words: text.charactersLeft(left), over: false }
    : { words: text.charactersOver(-left), over: true };
}

/**
 * A WhatsApp message the company sent, as its badge says: Meta's last status once one came
 * (sent, delivered, read, failed), else the outbox's: on its way ("Sending…"), sent, retried, or
 * refused for good.
 */
export function whatsappOutState(message: OutgoingMessage): { words: string; tone: string } {
  if (message.whatsapp)
    return {
      words: conversationText.whatsappStatus[message.whatsapp.status],
      tone: `whatsapp-${message.whatsapp.status}`,
    };
  if (message.delivery.state === "pending")
    return { words: conversationText.whatsappSending, tone: "sending" };
  return { words: conversationText.delivery[message.delivery.state], tone: message.delivery.state };
}

/** Whether the conversation holds the message of this click (its Message-ID is made from the key). */
export function holdsClick(messages: readonly ConversationMessage[], messageId: string): boolean {
  return messages.some((message) => message.direction === "out" && message.messageId === messageId);
}
