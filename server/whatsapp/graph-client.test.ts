import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { NotificationFailedError } from "../notify/notifier";
import { NotificationRefusedError } from "../notify/send-outcome";
import { startGraphApiStandIn, type GraphApiStandIn } from "../../tests/support/graph-api-stand-in";
import { WHATSAPP_TEST_ENV } from "../../tests/support/whatsapp";
import { sendWhatsAppMessage, WHATSAPP_REFUSALS, type WhatsAppOutgoing } from "./graph-client";

// Meta's Graph API cannot be reached from here: the messages go to a stand-in of it.
let graph: GraphApiStandIn;
const settings = () => ({
  graphUrl: graph.graphUrl,
  phoneNumberId: WHATSAPP_TEST_ENV.WHATSAPP_PHONE_NUMBER_ID,
  accessToken: WHATSAPP_TEST_ENV.WHATSAPP_ACCESS_TOKEN,
});
const BUYER = "919810012345";
const text: WhatsAppOutgoing = {
  type: "text",
  to: BUYER,
  text: "Namaste Asha ji, the samples left today.",
  reference: "msg-1",
};
const send = (message: WhatsAppOutgoing = text, signal = AbortSignal.timeout(5_000)) =>
  sendWhatsAppMessage(settings(), message, signal);

beforeAll(async () => {
  graph = await startGraphApiStandIn({
    phoneNumberId: WHATSAPP_TEST_ENV.WHATSAPP_PHONE_NUMBER_ID,
    accessToken: WHATSAPP_TEST_ENV.WHATSAPP_ACCESS_TOKEN,
  });
});
afterAll(() => graph.close());
beforeEach(() => {
  graph.received.length = 0;
  graph.refused.length = 0;
});

describe("sending a WhatsApp message through the Graph API (a stand-in)", () => {
  test("a text arrives as the Cloud API's JSON with the bearer token, and the wamid it was given comes back", async () => {
    const { wamid } = await send();
    expect(graph.received).toEqual([
      {
        wamid,
        body: {
          messaging_product: "whatsapp",
          recipient_type: "individual",
          to: BUYER,
          biz_opaque_callback_data: "msg-1",
          type: "text",
          text: { preview_url: false, body: "Namaste Asha ji, the samples left today." },
        },
      },
    ]);
    expect(wamid).toMatch(/^wamid\./);
  });

  test("a template arrives with its name, language and body parameters in order", async () => {
    await send({
      type: "template",
      to: BUYER,
      template: { name: "enquiry_follow_up", language: "hi", bodyParameters: ["Asha", "3A9F0C12"] },
    });
    expect(graph.received[0]?.body).toEqual({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: BUYER,
      type: "template",
      template: {
        name: "enquiry_follow_up",
        language: { code: "hi" },
        components: [
          {
            type: "body",
            parameters: [
              { type: "text", text: "Asha" },
              { type: "text", text: "3A9F0C12" },
            ],
          },
        ],
      },
    });
  });

  test("outside the 24-hour window (131047) and an undeliverable number (131026) end the message with a reason, never naming the buyer", async () => {
    graph.answerNext("131047", "131026");
    const outside = await send().catch((error: unknown) => error);
    const undeliverable = await send().catch((error: unknown) => error);
    expect(outside).toBeInstanceOf(NotificationRefusedError);
    expect(outside).toMatchObject({ responseCode: 131047, message: WHATSAPP_REFUSALS[131047] });
    expect((outside as Error).message).toMatch(/Only an approved template can be sent now/);
    expect(undeliverable).toMatchObject({ responseCode: 131026 });
    expect((undeliverable as Error).message).toMatch(/could not deliver to this number/);
    for (const error of [outside, undeliverable]) expect((error as Error).message).not.toContain(BUYER);
    expect(graph.received).toHaveLength(0);
  });

  test("the pair rate limit (131056), 429, 500 and no answer in time are failures to retry, with Meta's code and title", async () => {
    graph.answerNext("131056", "429", "500", "timeout");
    const errors = [];
    for (const signal of [undefined, undefined, undefined, AbortSignal.timeout(300)])
      errors.push(await send(text, signal).catch((error: unknown) => error));
    for (const error of errors) {
      expect(error).toBeInstanceOf(NotificationFailedError);
      expect(error).not.toBeInstanceOf(NotificationRefusedError);
    }
    expect(errors.map((error) => (error as Error).message)).toEqual([
      "WhatsApp's Graph API answered 400 (error 131056: (Business Account, Consumer Account) pair rate limit hit)",
      "WhatsApp's Graph API answered 429 (error 130429: Rate limit hit)",
      "WhatsApp's Graph API answered 500 (error 131000: Something went wrong)",
      "WhatsApp's Graph API gave no answer in time",
    ]);
    // Tried again, the next one goes through.
    await send();
    expect(graph.received).toHaveLength(1);
  });

  test("a refused access token is retried, not ended: it is the company's setting to fix, not the message's fault", async () => {
    const error = await sendWhatsAppMessage(
      { ...settings(), accessToken: "EAAwrong-token-of-another-app" },
      text,
      AbortSignal.timeout(5_000),
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NotificationFailedError);
    expect((error as Error).message).toBe(
      "WhatsApp's Graph API answered 401 (error 190: Invalid OAuth access token)",
    );
    expect(graph.refused).toMatchObject([{ status: 401, reason: "wrong or no bearer token" }]);
  });

  test("a text longer than WhatsApp's 4,096 characters is never posted", async () => {
    await expect(send({ ...text, text: "क".repeat(4_097) })).rejects.toThrow(/too long/);
    expect(graph.received).toHaveLength(0);
    expect(graph.refused).toHaveLength(0);
  });
});
