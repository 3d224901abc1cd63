import { describe, expect, test } from "vitest";
import { loadConfig, whatsappOf } from "../config";
import { WHATSAPP_TEST_ENV } from "../../tests/support/whatsapp";

const base = { DATABASE_URL: "sqlite:./data/test.db" };

describe("the WhatsApp settings", () => {
  test("unset, WhatsApp is off and the console keeps its wa.me links", () => {
    expect(whatsappOf(loadConfig(base))).toBeNull();
  });

  test("all five set, the Graph API's base loses its trailing slash", () => {
    const settings = whatsappOf(
      loadConfig({ ...base, ...WHATSAPP_TEST_ENV, WHATSAPP_GRAPH_URL: "https://graph.facebook.com/v21.0/" }),
    );
    expect(settings).toMatchObject({
      graphUrl: "https://graph.facebook.com/v21.0",
      phoneNumberId: WHATSAPP_TEST_ENV.WHATSAPP_PHONE_NUMBER_ID,
    });
  });

  test("half set, the server refuses to start and names what is missing or wrong", () => {
    const { WHATSAPP_VERIFY_TOKEN: _unset, ...four } = WHATSAPP_TEST_ENV;
    expect(() => loadConfig({ ...base, ...four })).toThrow(
      /WHATSAPP_VERIFY_TOKEN: is required when any WHATSAPP_/,
    );
    expect(() =>
      loadConfig({ ...base, ...WHATSAPP_TEST_ENV, WHATSAPP_GRAPH_URL: "https://graph.facebook.com" }),
    ).toThrow(/WHATSAPP_GRAPH_URL: must be the Graph API's base with its version/);
    expect(() => loadConfig({ ...base, ...WHATSAPP_TEST_ENV, WHATSAPP_APP_SECRET: "secret" })).toThrow(
      /WHATSAPP_APP_SECRET: must be the app secret/,
    );
  });
});
