import { describe, expect, it } from "vitest";
import { correctedPhrasingsIn, textsOf } from "../../domain/hindi-corrections";
import { checkTemplate, mergeFieldsIn, mergeTemplate, purposeOf } from "../../domain/templates";
import { DEFAULT_TEMPLATES } from "./default-templates";

const enquiry = {
  id: "1a2b3c4d-0000-4000-8000-000000000000",
  Name: "Dr. Anil Mehta",
  Quantity: 24,
  RetailerSelfUse: "Retailer" as const,
};

describe("the templates the console starts with", () => {
  it("are a first reply, the price and delivery, and a follow-up, by e-mail and WhatsApp, in both languages", () => {
    for (const channel of ["email", "whatsapp"] as const) {
      for (const language of ["en", "hi"] as const) {
        expect(
          DEFAULT_TEMPLATES.filter(
            (template) =>
              template.channel === channel &&
              template.language === language &&
              purposeOf(template) === "reply",
          ),
          `${channel} ${language}`,
        ).toHaveLength(3);
      }
    }
  });

  it("and on WhatsApp an invoice and a payment reminder in both languages, each with the buyer's name, the number, the amount and the payment page", () => {
    for (const purpose of ["invoice", "payment-reminder"] as const) {
      for (const language of ["en", "hi"] as const) {
        const found = DEFAULT_TEMPLATES.filter(
          (template) => template.language === language && purposeOf(template) === purpose,
        );
        expect(found.map((template) => template.channel)).toEqual(["whatsapp"]);
        expect(mergeFieldsIn(found[0]!.body, purpose).toSorted()).toEqual([
          "amount",
          "buyerName",
          "documentNumber",
          "paymentLink",
        ]);
      }
    }
  });

  it("each pass the check owners' templates pass, unchanged", () => {
    for (const template of DEFAULT_TEMPLATES) {
      expect(checkTemplate(template), template.name).toEqual({ ok: true, template });
    }
  });

  it("hold none of the Hindi phrasings an editor corrected, and merge into Hindi a buyer reads", () => {
    const hindi = DEFAULT_TEMPLATES.filter((template) => template.language === "hi");
    const merged = hindi.map((template) => mergeTemplate(template, enquiry));
    expect(correctedPhrasingsIn(textsOf({ hindi, merged }))).toEqual([]);
    expect(merged[0]).toEqual({
      subject: "Collarise कोलेजन पेप्टाइड: आपकी पूछताछ (संदर्भ 1A2B3C4D)",
      body: expect.stringMatching(/^नमस्ते Dr\. Mehta जी,\n/),
    });
    expect(merged[1]?.body).toContain(
      "इसका MRP ₹1,499.00 है (30 सैशे का पैक, सभी करों सहित)। रिटेलर के रूप में 24 सैशे लेने पर",
    );
  });

  it("greet an English buyer by name and quote the MRP", () => {
    const price = DEFAULT_TEMPLATES.find(
      (template) => template.channel === "whatsapp" && template.name === "Price and delivery",
    );
    expect(mergeTemplate(price!, { ...enquiry, Name: "asha verma", RetailerSelfUse: "Self Use" }).body).toBe(
      "Hello Asha, the MRP of Collarise Collagen Peptide is ₹1,499.00 for a pack of 30 sachets, inclusive of all taxes. For 24 sachets, bought for your own use, we can offer a better price. Please send us your city and PIN code and we will tell you the total with delivery.",
    );
  });
});
