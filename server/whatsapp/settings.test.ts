import { describe, expect, test } from "vitest";
import { loadConfig, whatsappOf } from "../config";
import { launchCheck } from "../launch/launch-check";
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

  test("the launch check names a Graph API that is not Meta's, and nothing when WhatsApp is Meta's or off", () => {
    const fields = (env: Record<string, string>) =>
      launchCheck(loadConfig({ ...base, ...env }), { facts: [] }, null)
        .filter((item) => item.field.startsWith("WHATSAPP_"))
        .map((item) => `${item.field}: ${item.problem}`);
    expect(fields(WHATSAPP_TEST_ENV)).toEqual([
      "WHATSAPP_GRAPH_URL: 'http://127.0.0.1:9' is not Meta's Graph API (https://graph.facebook.com): WhatsApp messages go nowhere real (docs/whatsapp.md)",
    ]);
    expect(fields({ ...WHATSAPP_TEST_ENV, WHATSAPP_GRAPH_URL: "https://graph.facebook.com/v21.0" })).toEqual(
      [],
    );
    expect(fields({})).toEqual([]);
  });
});
