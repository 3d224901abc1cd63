import { describe, expect, it } from "vitest";
import { documentWhatsAppForm, type WhatsAppSendFacts } from "./whatsapp";

const now = new Date("2026-11-29T10:00:00.000Z");
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000).toISOString();
const facts = (overrides: Partial<WhatsAppSendFacts>): WhatsAppSendFacts => ({
  lastBuyerMessageAt: null,
  consentAt: null,
  optOut: null,
  ...overrides,
});

describe("how a document goes on WhatsApp", () => {
  it("as free text while the buyer's 24-hour window is open", () => {
    expect(documentWhatsAppForm(facts({ lastBuyerMessageAt: hoursAgo(23) }), now)).toBe("text");
  });

  it("by its template once the window has closed, or to a buyer who consented on the form and never wrote", () => {
    expect(documentWhatsAppForm(facts({ lastBuyerMessageAt: hoursAgo(25) }), now)).toBe("template");
    expect(documentWhatsAppForm(facts({ consentAt: hoursAgo(48) }), now)).toBe("template");
  });

  it("as free text, to be refused with why, to a buyer who sent STOP or never wrote nor consented", () => {
    expect(
      documentWhatsAppForm(
        facts({ lastBuyerMessageAt: hoursAgo(30), optOut: { at: hoursAgo(30), wording: "STOP" } }),
        now,
      ),
    ).toBe("text");
    expect(documentWhatsAppForm(facts({}), now)).toBe("text");
  });
});
