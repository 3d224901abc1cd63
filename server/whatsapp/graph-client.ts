/**
 * Sending one WhatsApp message through the WhatsApp Business Platform's Cloud API
 * (docs/whatsapp.md): the Graph JSON made from a message, the POST to
 * `{WHATSAPP_GRAPH_URL}/{phone-number-id}/messages` with the access token, and what Meta's answer
 * means for the outbox: accepted (with the `wamid` status callbacks will name), refused for good
 * (ended with a reason a member can act on, never retried), or failed for now (retried with the
 * outbox's backoff). No buyer's number or text reaches an error, a log line or a metric.
 */
import { WHATSAPP_TEXT_MAX_LENGTH } from "../../domain/whatsapp";
import type { WhatsAppSettings } from "../config";
import { NotificationFailedError } from "../notify/notifier";
import { NotificationRefusedError } from "../notify/send-outcome";

/** A message to one buyer: free text (inside the 24-hour window) or an approved template. */
export type WhatsAppOutgoing =
  | { type: "text"; to: string; text: string; reference?: string }
  | {
      type: "template";
      to: string;
      template: { name: string; language: string; bodyParameters: readonly string[] };
      reference?: string;
    };

/** The most of Meta's answer read: an error's JSON is far smaller. */
const ANSWER_MAX_BYTES = 16 * 1024;

/**
 * Meta's errors that end a message for good, each with what the member reads on it: resending
 * the same message cannot succeed. Every other error (131056's pair rate limit, 130429's
 * throughput, 131000 and 5xx, no answer) is retried.
 */
export const WHATSAPP_REFUSALS: Readonly<Record<number, string>> = {
  131047:
    "Not sent: more than 24 hours have passed since the buyer's last WhatsApp message. Only an approved template can be sent now.",
  131026:
    "Not sent: WhatsApp could not deliver to this number (it may not be on WhatsApp, or the buyer has not accepted WhatsApp's terms).",
  131009: "Not sent: WhatsApp refused the number or a value of the message as not valid.",
  100: "Not sent: WhatsApp refused the number or a value of the message as not valid.",
  131051: "Not sent: WhatsApp does not take this kind of message.",
  132000:
    "Not sent: the template's parameters do not match the template approved in WhatsApp Manager. An owner corrects them on the Templates page.",
  132001:
    "Not sent: WhatsApp Manager has no approved template by this name and language. An owner checks the name and language on the Templates page.",
  132005:
    "Not sent: the template's text with the enquiry's details is too long for WhatsApp. Choose another template or write inside the 24-hour window.",
  132007:
    "Not sent: WhatsApp refused the template's text with the enquiry's details under its content rules. Choose another template.",
  132012:
    "Not sent: a value put in the template does not have the format approved in WhatsApp Manager. An owner corrects the parameters on the Templates page.",
  132015:
    "Not sent: the template is paused in WhatsApp Manager (buyers' feedback lowered its quality). Choose another template.",
  132016:
    "Not sent: the template is disabled in WhatsApp Manager. Choose another template; an owner removes it from the Templates page.",
  131050: "Not sent: the buyer has stopped marketing messages from the company on WhatsApp.",
};

/** The Graph API's JSON for a message (POST /{phone-number-id}/messages). */
export function graphMessageJson(message: WhatsAppOutgoing): Record<string, unknown> {
  const common = {
    messaging_product: "whatsapp",
    recipient_type: "individual",
    to: message.to,
    // Meta returns it on the message's status callbacks: our own message's id.
    ...(message.reference ? { biz_opaque_callback_data: message.reference } : {}),
  };
  if (message.type === "text") {
    if (message.text.length > WHATSAPP_TEXT_MAX_LENGTH) throw new Error("A WhatsApp text is too long");
    return { ...common, type: "text", text: { preview_url: false, body: message.text } };
  }
  const { name, language, bodyParameters } = message.template;
  return {
    ...common,
    type: "template",
    template: {
      name,
      language: { code: language },
      ...(bodyParameters.length > 0
        ? {
            components: [
              { type: "body", parameters: bodyParameters.map((text) => ({ type: "text", text })) },
            ],
          }
        : {}),
    },
  };
}

/** A message Meta refused for good: ended, with the reason a member reads (WHATSAPP_REFUSALS). */
export class WhatsAppRefusedError extends NotificationRefusedError {
  constructor(code: number) {
    super(WHATSAPP_REFUSALS[code] ?? `Not sent: WhatsApp refused the message (error ${code}).`, code);
    this.name = "WhatsAppRefusedError";
  }
}

/** Meta's error code and title from an error answer; nulls when it is not one. */
function metaErrorOf(text: string): { code: number | null; title: string | null } {
  try {
    const parsed = JSON.parse(text) as { error?: { code?: unknown; message?: unknown } };
    const code = typeof parsed.error?.code === "number" ? parsed.error.code : null;
    // Meta's message is "(#code) Title": its title is a fixed text, the details may name the buyer.
    const message = typeof parsed.error?.message === "string" ? parsed.error.message : "";
    const title = message.replace(/^\(#\d+\)\s*/, "").slice(0, 120) || null;
    return { code, title };
  } catch {
    return { code: null, title: null };
  }
}

/** Reads at most ANSWER_MAX_BYTES of the answer as text. */
async function answerText(response: Response): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
    if (size >= ANSWER_MAX_BYTES) {
      await reader.cancel();
      break;
    }
  }
  return Buffer.concat(chunks).toString("utf8").slice(0, ANSWER_MAX_BYTES);
}

/**
 * Sends one message; answers the `wamid` Meta gave it. Throws a WhatsAppRefusedError when Meta
 * refused it for good (WHATSAPP_REFUSALS), a NotificationFailedError for anything to try again:
 * an error not listed, a refused access token (the company's setting to fix, not the message's),
 * an answer without a wamid, no answer before `signal` aborts.
 */
export async function sendWhatsAppMessage(
  settings: Pick<WhatsAppSettings, "graphUrl" | "phoneNumberId" | "accessToken">,
  message: WhatsAppOutgoing,
  signal: AbortSignal,
): Promise<{ wamid: string }> {
  const body = JSON.stringify(graphMessageJson(message));
  let response: Response;
  try {
    response = await fetch(`${settings.graphUrl}/${settings.phoneNumberId}/messages`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${settings.accessToken}`,
        "content-type": "application/json",
        accept: "application/json",
      },
      body,
      signal,
      redirect: "error",
    });
  } catch (error) {
    const why = signal.aborted ? "gave no answer in time" : "could not be reached";
    throw new NotificationFailedError(`WhatsApp's Graph API ${why}`, { cause: error });
  }
  const text = await answerText(response).catch(() => "");
  if (response.ok) {
    try {
      const parsed = JSON.parse(text) as { messages?: { id?: unknown }[] };
      const wamid = parsed.messages?.[0]?.id;
      if (typeof wamid === "string" && wamid.length > 0 && wamid.length <= 256) return { wamid };
    } catch {
      // Not JSON: failed below.
    }
    throw new NotificationFailedError(
      `WhatsApp's Graph API answered ${response.status} without a message id`,
    );
  }
  const { code, title } = metaErrorOf(text);
  if (
    code !== null &&
    Object.hasOwn(WHATSAPP_REFUSALS, code) &&
    response.status < 500 &&
    response.status !== 429
  )
    throw new WhatsAppRefusedError(code);
  throw new NotificationFailedError(
    `WhatsApp's Graph API answered ${response.status}${code !== null ? ` (error ${code}${title ? `: ${title}` : ""})` : ""}`,
  );
}
