import { describe, expect, it } from "vitest";
import { buyerTypeLabelsHi, enquiryMessagesHi } from "../../domain/enquiry.hi";
import { correctedHindiPhrasings, correctedPhrasingsIn, textsOf } from "../../domain/hindi-corrections";
import {
  newsletterLinkLabelsHi,
  newsletterLinkPagesHi,
  subscriberMessagesHi,
} from "../../domain/subscriber.hi";
import { whatsappConsentWording } from "../../domain/whatsapp-consent";
import { faqHi } from "./faq.hi";
import { landingHi } from "./landing.hi";
import { privacyPolicyHi } from "./privacy-policy.hi";
import { productHi, siteTextHi } from "./site.hi";

const hindiTexts = textsOf({
  landingHi,
  siteTextHi,
  productHi,
  privacyPolicyHi,
  faqHi,
  enquiryMessagesHi,
  buyerTypeLabelsHi,
  subscriberMessagesHi,
  newsletterLinkPagesHi,
  newsletterLinkLabelsHi,
  whatsappConsentHi: whatsappConsentWording.hi,
});

describe("the Hindi pages, form and messages", () => {
  it("hold none of the phrasings an editor corrected", () => {
    expect(correctedPhrasingsIn(hindiTexts)).toEqual([]);
  });

  it("are checked by a test that finds a corrected phrasing where one comes back", () => {
    const examples: Record<string, string> = {
      "/^वे कोलेजन पेप्टाइड देता है/": "वे कोलेजन पेप्टाइड देता है",
      "/(?:ग्लूटेन|नट्स|डेयरी|सोया)-मुक्त|सोया से मुक्त/": "कुछ सोया-मुक्त और",
      "/\\bBack\\b/": "ब्राउज़र का Back बटन",
      "/आपकी पूछताछ [0-9A-F]{8},/": "आपकी पूछताछ 1A2B3C4D, Collarise के लिए",
      "/प्रिय [^\\s,]+,/": "प्रिय रवि,",
    };
    const planted = correctedHindiPhrasings.map(({ phrasing }, index) => ({
      place: `planted.${index}`,
      text: typeof phrasing === "string" ? `कुछ ${phrasing} और` : (examples[String(phrasing)] ?? ""),
    }));
    expect(correctedPhrasingsIn(planted).map((found) => found.place)).toEqual(
      planted.map((each) => each.place),
    );
  });

  it("name the product, Self use and the enquiry one way each", () => {
    const texts = hindiTexts.map(({ text }) => text).join("\n");
    expect(texts).not.toContain("Collarise Collagen Peptide");
    expect(buyerTypeLabelsHi["Self Use"]).toBe("अपने इस्तेमाल के लिए");
    expect(enquiryMessagesHi.stored).toContain("पूछताछ");
  });
});
