import { createHmac } from "node:crypto";

/** The WhatsApp settings the tests run with; WHATSAPP_GRAPH_URL is replaced by a stand-in's where one runs. */
export const WHATSAPP_TEST_ENV = {
  WHATSAPP_GRAPH_URL: "http://127.0.0.1:9/v21.0",
  WHATSAPP_PHONE_NUMBER_ID: "106540352242922",
  WHATSAPP_ACCESS_TOKEN: "EAAtest-access-token-for-the-stand-in",
  WHATSAPP_APP_SECRET: "0123456789abcdef0123456789abcdef",
  WHATSAPP_VERIFY_TOKEN: "collarise-verify-token-2026",
} as const;

/** The header Meta sends with a delivery of `body`, signed with `appSecret` (X-Hub-Signature-256). */
export function signatureOf(
  body: string | Buffer,
  appSecret: string = WHATSAPP_TEST_ENV.WHATSAPP_APP_SECRET,
): string {
  return `sha256=${createHmac("sha256", appSecret).update(body).digest("hex")}`;
}

/** A buyer's message as Meta describes it in a webhook's `value.messages`. */
export function textMessage(
  wamid: string,
  from: string,
  body: string,
  timestamp = Math.floor(Date.now() / 1_000),
): Record<string, unknown> {
  return { from, id: wamid, timestamp: String(timestamp), type: "text", text: { body } };
}

/** A webhook body as Meta sends it: one entry, one change for the test's phone number. */
export function webhookBody(
  value: { messages?: unknown[]; statuses?: unknown[]; contacts?: unknown[] },
  phoneNumberId: string = WHATSAPP_TEST_ENV.WHATSAPP_PHONE_NUMBER_ID,
): string {
  return JSON.stringify({
    object: "whatsapp_business_account",
    entry: [
      {
        id: "102290129340398",
        changes: [
          {
            field: "messages",
            value: {
              messaging_product: "whatsapp",
              metadata: { display_phone_number: "15550783881", phone_number_id: phoneNumberId },
              ...value,
            },
          },
        ],
      },
    ],
  });
}
