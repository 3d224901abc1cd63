import { describe, expect, test } from "vitest";
import { readWhatsAppWebhook } from "./webhook-payload";
import { textMessage, webhookBody, WHATSAPP_TEST_ENV } from "../../tests/support/whatsapp";

const PHONE = WHATSAPP_TEST_ENV.WHATSAPP_PHONE_NUMBER_ID;
const read = (body: string) => readWhatsAppWebhook(JSON.parse(body), PHONE);

describe("reading Meta's webhook body", () => {
  test("a text with its sender's profile name, the Indian mobile made out of the number", () => {
    const webhook = read(
      webhookBody({
        contacts: [{ profile: { name: "  Meera Iyer " }, wa_id: "919876501234" }],
        messages: [
          {
            ...textMessage("wamid.T1", "919876501234", "Hello", 1_764_000_000),
            context: { id: "wamid.OURS" },
          },
        ],
      }),
    );
    expect(webhook).toEqual({
      messages: [
        {
          wamid: "wamid.T1",
          from: "919876501234",
          mobile: "9876501234",
          profileName: "Meera Iyer",
          sentAt: new Date(1_764_000_000_000).toISOString(),
          text: "Hello",
          truncated: false,
          inReplyTo: "wamid.OURS",
        },
      ],
      statuses: [],
      ignored: 0,
    });
  });

  test("statuses with Meta's error; unknown fields and kinds passed over, malformed items left out", () => {
    const webhook = read(
      webhookBody({
        statuses: [
          {
            id: "wamid.S1",
            status: "delivered",
            timestamp: "1764000000",
            recipient_id: "919876501234",
            biz_opaque_callback_data: "0190a1b2-message-of-ours",
            pricing: {},
          },
          {
            id: "wamid.S2",
            status: "failed",
            timestamp: "1764000001",
            errors: [{ code: 131047, title: "Re-engagement message", error_data: { details: "…" } }],
          },
          { id: "wamid.S3", status: "deleted", timestamp: "1764000002" },
        ],
        messages: [
          { from: "919876501234", id: "wamid.R", timestamp: "1764000000", type: "reaction", reaction: {} },
          { from: "not a number", id: "wamid.X", timestamp: "1764000000", type: "text", text: { body: "x" } },
          {
            from: "919876501234",
            id: "wamid.E",
            timestamp: "1764000000",
            type: "text",
            text: { body: "   " },
          },
        ],
      }),
    );
    expect(webhook?.messages).toEqual([]);
    expect(webhook?.statuses).toEqual([
      {
        wamid: "wamid.S1",
        status: "delivered",
        at: new Date(1_764_000_000_000).toISOString(),
        error: null,
        reference: "0190a1b2-message-of-ours",
      },
      {
        wamid: "wamid.S2",
        status: "failed",
        at: new Date(1_764_000_001_000).toISOString(),
        error: { code: 131047, title: "Re-engagement message" },
        reference: null,
      },
    ]);
    expect(webhook?.ignored).toBe(4);
  });

  test("a body that is not a WhatsApp Business Account webhook is refused whole", () => {
    expect(readWhatsAppWebhook({ object: "instagram", entry: [] }, PHONE)).toBeNull();
    expect(readWhatsAppWebhook({ object: "whatsapp_business_account", entry: "x" }, PHONE)).toBeNull();
    expect(readWhatsAppWebhook([], PHONE)).toBeNull();
  });
});
