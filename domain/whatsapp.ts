/**
 * WhatsApp on the enquiry (docs/whatsapp.md): what the server and the console agree on about the
 * WhatsApp Business Platform's messages: the webhook's path, the channel a message came by, and
 * the limits. No I/O; the webhook's parsing is in server/whatsapp/.
 */

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
