/**
 * Meta's webhook body for the WhatsApp Business Platform (`object: whatsapp_business_account`,
 * `entry[].changes[].value` with `messages`, `statuses` and `contacts`), read strictly: what is
 * known is checked field by field, what is not known is passed over. A body that is not this
 * shape at all is refused; one item that is malformed is left out, and the rest are kept. No I/O.
 */
import { z } from "zod";
import { indianMobileOf } from "../../domain/buyer";
import {
  WHATSAPP_PROFILE_NAME_MAX_LENGTH,
  WHATSAPP_TEXT_MAX_LENGTH,
  whatsappMentions,
} from "../../domain/whatsapp";

/** A message id as Meta gives it (`wamid.…`): printable, short. */
const messageId = z
  .string()
  .min(1)
  .max(256)
  .regex(/^[A-Za-z0-9._=+/:-]+$/);
/** A WhatsApp number: its digits with the country code, no plus. */
const waNumber = z.string().regex(/^[1-9][0-9]{6,14}$/);
const unixSeconds = z.string().regex(/^[0-9]{1,12}$/);
const mediaId = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9._-]+$/);
const shortText = (max: number) =>
  z
    .string()
    .transform((value) => value.slice(0, max))
    .optional();

const media = z.object({ id: mediaId, caption: shortText(1_024) });

const messageSchema = z.object({
  id: messageId,
  from: waNumber,
  timestamp: unixSeconds,
  type: z.string().max(40),
  context: z.object({ id: messageId.optional() }).optional(),
  text: z.object({ body: z.string() }).optional(),
  button: z.object({ text: z.string() }).optional(),
  image: media.optional(),
  document: media.extend({ filename: shortText(200) }).optional(),
  audio: media.optional(),
  video: media.optional(),
  sticker: media.optional(),
  location: z
    .object({
      latitude: z.number().min(-90).max(90),
      longitude: z.number().min(-180).max(180),
      name: shortText(200),
    })
    .optional(),
});

const statusSchema = z.object({
  id: messageId,
  status: z.enum(["sent", "delivered", "read", "failed"]),
  timestamp: unixSeconds,
  recipient_id: waNumber.optional(),
  biz_opaque_callback_data: z.string().max(512).optional(),
  errors: z
    .array(z.object({ code: z.number().int(), title: z.string().max(300).optional() }).passthrough())
    .max(10)
    .optional(),
});

const contactSchema = z.object({
  wa_id: waNumber,
  profile: z.object({ name: z.string() }).optional(),
});

/** The body's frame: anything inside an item is checked item by item below. */
const bodySchema = z.object({
  object: z.literal("whatsapp_business_account"),
  entry: z
    .array(
      z.object({
        changes: z
          .array(
            z.object({
              field: z.string(),
              value: z.object({
                metadata: z.object({ phone_number_id: z.string() }).optional(),
                contacts: z.array(z.unknown()).max(100).optional(),
                messages: z.array(z.unknown()).max(100).optional(),
                statuses: z.array(z.unknown()).max(100).optional(),
              }),
            }),
          )
          .max(100),
      }),
    )
    .max(100),
});

/** A buyer's message as the conversation keeps it. */
export interface InboundWhatsAppMessage {
  /** Meta's message id (`wamid.…`): the conversation holds each once. */
  wamid: string;
  /** The sender's number, digits with the country code. */
  from: string;
  /** The sender's Indian mobile (10 digits) when it is one; else the whole number. */
  mobile: string;
  /** The sender's WhatsApp profile name, as they set it; null when Meta sent none. */
  profileName: string | null;
  /** When WhatsApp says it was sent (ISO 8601): the customer-service window runs from it. */
  sentAt: string;
  /** Its text, or a one-line mention of what it was (whatsappMentions); cut at WHATSAPP_TEXT_MAX_LENGTH. */
  text: string;
  /** Longer than WHATSAPP_TEXT_MAX_LENGTH (which WhatsApp itself does not send). */
  truncated: boolean;
  /** The message of ours (or theirs) it answers, when the buyer replied to one. */
  inReplyTo: string | null;
}

/** A delivery report on a message the company sent. */
export interface WhatsAppStatus {
  wamid: string;
  status: "sent" | "delivered" | "read" | "failed";
  at: string;
  /** Meta's error (its code and title) when the message failed. */
  error: { code: number; title: string } | null;
  /** What the message was sent with as `biz_opaque_callback_data`: our message's id; null without. */
  reference: string | null;
}

export interface WhatsAppWebhook {
  messages: InboundWhatsAppMessage[];
  statuses: WhatsAppStatus[];
  /** Items left out: malformed, of a kind not kept, or for another phone number. */
  ignored: number;
}

const isoOfSeconds = (seconds: string) => new Date(Number(seconds) * 1_000).toISOString();

/** What a message says, as one text: its body, or a mention of its media; null for a kind not kept. */
function textOf(message: z.infer<typeof messageSchema>): string | null {
  switch (message.type) {
    case "text":
      return message.text?.body ?? null;
    case "button":
      return message.button?.text ?? null;
    case "image":
    case "audio":
    case "video":
    case "sticker": {
      const item = message[message.type];
      if (!item) return null;
      const mention = whatsappMentions[message.type](item.id);
      return item.caption ? `${mention}\n${item.caption}` : mention;
    }
    case "document":
      return message.document
        ? whatsappMentions.document(message.document.id, message.document.filename ?? null) +
            (message.document.caption ? `\n${message.document.caption}` : "")
        : null;
    case "location":
      return message.location
        ? whatsappMentions.location(
            message.location.latitude,
            message.location.longitude,
            message.location.name ?? null,
          )
        : null;
    default:
      // Reactions, polls, orders, system notices and what Meta adds later: not a buyer's words.
      return null;
  }
}

/**
 * Reads a webhook body already parsed from JSON. Null when it is not Meta's WhatsApp webhook at
 * all; otherwise the messages and statuses for `phoneNumberId`, each well formed, and how many
 * items were passed over.
 */
export function readWhatsAppWebhook(body: unknown, phoneNumberId: string): WhatsAppWebhook | null {
  const frame = bodySchema.safeParse(body);
  if (!frame.success) return null;
  const result: WhatsAppWebhook = { messages: [], statuses: [], ignored: 0 };
  for (const entry of frame.data.entry) {
    for (const change of entry.changes) {
      const { value } = change;
      const items = (value.messages?.length ?? 0) + (value.statuses?.length ?? 0);
      if (change.field !== "messages" || value.metadata?.phone_number_id !== phoneNumberId) {
        result.ignored += items;
        continue;
      }
      const names = new Map<string, string>();
      for (const contact of value.contacts ?? []) {
        const parsed = contactSchema.safeParse(contact);
        if (parsed.success && parsed.data.profile) names.set(parsed.data.wa_id, parsed.data.profile.name);
      }
      for (const item of value.messages ?? []) {
        const parsed = messageSchema.safeParse(item);
        const text = parsed.success ? textOf(parsed.data) : null;
        if (!parsed.success || text === null || text.trim() === "") {
          result.ignored += 1;
          continue;
        }
        const message = parsed.data;
        const name = names.get(message.from)?.trim().slice(0, WHATSAPP_PROFILE_NAME_MAX_LENGTH) || null;
        result.messages.push({
          wamid: message.id,
          from: message.from,
          mobile: indianMobileOf(message.from),
          profileName: name,
          sentAt: isoOfSeconds(message.timestamp),
          text: text.slice(0, WHATSAPP_TEXT_MAX_LENGTH),
          truncated: text.length > WHATSAPP_TEXT_MAX_LENGTH,
          inReplyTo: message.context?.id ?? null,
        });
      }
      for (const item of value.statuses ?? []) {
        const parsed = statusSchema.safeParse(item);
        if (!parsed.success) {
          result.ignored += 1;
          continue;
        }
        const error = parsed.data.errors?.[0];
        result.statuses.push({
          wamid: parsed.data.id,
          status: parsed.data.status,
          at: isoOfSeconds(parsed.data.timestamp),
          error: error ? { code: error.code, title: error.title ?? "" } : null,
          reference: parsed.data.biz_opaque_callback_data ?? null,
        });
      }
    }
  }
  return result;
}
