import { PLACEHOLDER_FACTS } from "../../domain/company-facts";
import { describe, expect, it } from "vitest";
import { correctedPhrasingsIn, textsOf } from "../../domain/hindi-corrections";
import { answerIn, hindiRefusals, resultWords } from "../routes/form-posts";
import { apiMessages } from "../routes/api-errors";
import { paymentPageWords } from "../../domain/payment-page";
import { DEFAULT_TEMPLATES } from "../templates/default-templates";
import {
  acknowledgementMail,
  newsletterConfirmationMail,
  newsletterWelcomeMail,
  replyMail,
  replySubject,
} from "./mail-content";

const enquiryId = "1a2b3c4d-0000-4000-8000-000000000000";
const links = { confirmUrl: "https://x.example/c", unsubscribeUrl: "https://x.example/u" };

describe("the Hindi mails and answer pages", () => {
  const mails = (["Retailer", "Self Use"] as const).map((type) =>
    acknowledgementMail(
      {
        enquiryId,
        enquiry: {
          Name: "आशा",
          Email: "a@example.in",
          Mobile: "9876543210",
          Quantity: 3,
          RetailerSelfUse: type,
        },
        language: "hi",
      },
      PLACEHOLDER_FACTS,
    ),
  );

  it("hold none of the phrasings an editor corrected", () => {
    const texts = textsOf({
      mails,
      confirmation: newsletterConfirmationMail(links, "hi"),
      welcome: newsletterWelcomeMail(links, "hi"),
      reply: replyMail({
        enquiryId,
        language: "hi",
        reply: { subject: "विषय", text: "नमस्ते", messageId: "<r@x>", inReplyTo: null, references: [] },
      }),
      answerPages: { ...resultWords.hi, thanks: resultWords.hi.thanks(PLACEHOLDER_FACTS.shortName.hi) },
      hindiRefusals,
      // The buyer's payment page (its words that take no value).
      paymentPage: paymentPageWords.hi,
      // The sales team's templates, as the console first offers them.
      templates: DEFAULT_TEMPLATES.filter((template) => template.language === "hi"),
    });
    expect(correctedPhrasingsIn(texts)).toEqual([]);
  });

  it("say the acknowledgement's subject as a Hindi reader expects it", () => {
    expect(mails[0]!.subject).toBe("Collarise: आपकी पूछताछ मिल गई (संदर्भ 1A2B3C4D)");
    expect(mails[1]!.text).toContain(
      "अपने इस्तेमाल के लिए Collarise कोलेजन पेप्टाइड के 3 सैशे के लिए पूछताछ भेजने का धन्यवाद।",
    );
  });

  it("thread a reply under the acknowledgement in the buyer's words, and close it in Hindi", () => {
    expect(replySubject({ enquiryId, language: "hi", lastSubject: null, acknowledged: true })).toBe(
      "Re: Collarise: आपकी पूछताछ मिल गई (संदर्भ 1A2B3C4D)",
    );
    expect(
      replySubject({
        enquiryId,
        language: "hi",
        lastSubject: "RE: Re: धन्यवाद (1A2B3C4D)",
        acknowledged: true,
      }),
    ).toBe("Re: धन्यवाद (1A2B3C4D)");
    expect(replySubject({ enquiryId, language: "en", lastSubject: null, acknowledged: false })).toBe(
      "Your enquiry 1A2B3C4D for Collarise",
    );
    const reply = replyMail({
      enquiryId,
      language: "hi",
      reply: { subject: "s", text: "नमस्ते <b>जी</b>", messageId: "<r@x>", inReplyTo: null, references: [] },
    });
    expect(reply.text).toMatch(/^नमस्ते <b>जी<\/b>\n\n-- \n/);
    expect(reply.text).toContain("आपकी पूछताछ का संदर्भ नंबर 1A2B3C4D है। हमें लिखने के लिए बस इसी ईमेल का जवाब दें।");
    expect(reply.html).toContain("नमस्ते &lt;b&gt;जी&lt;/b&gt;");
  });

  it("show no English refusal on a Hindi answer page", () => {
    const refusals = [
      { status: 413, message: apiMessages.tooLarge },
      { status: 429, message: apiMessages.tooManyRequests("1 minute") },
      { status: 503, message: apiMessages.storeUnavailable },
      { status: 500, message: apiMessages.unexpected },
      { status: 400, message: apiMessages.badRequest },
      { status: 422, message: apiMessages.idempotencyKeyReused },
    ];
    for (const refusal of refusals) {
      const hindi = answerIn("hi", refusal);
      expect(hindi, refusal.message).toMatch(/[\u0900-\u097F]/);
      expect(hindi, refusal.message).not.toMatch(/[A-Za-z]{3,}/);
      expect(answerIn("en", refusal)).toBe(refusal.message);
    }
  });
});
