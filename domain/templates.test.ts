import { describe, expect, test } from "vitest";
import { BASELESS_MARKS, UNREADABLE_CHARACTERS } from "../tests/support/unreadable-characters";
import { greetingName } from "./names";
import { PLACEHOLDER_FACTS, type CompanyFacts } from "./company-facts";
import {
  approvedTemplateMessage,
  checkTemplate,
  mergeTemplate,
  promisesBetterPrice,
  templatesFor,
  type ReplyTemplate,
  templateMessages,
  TEMPLATE_BODY_MAX_LENGTH,
  WHATSAPP_BODY_MAX_LENGTH,
  type TemplateInput,
} from "./templates";

const enquiry = (Name: string) => ({
  id: "3f2a9c1e-0b7d-4e21-9a55-1c2d3e4f5a6b",
  Name,
  Quantity: 1200,
  RetailerSelfUse: "Retailer" as const,
});

describe("the name a buyer is greeted by", () => {
  test.each([
    ["Asha Verma", "Asha", "Asha जी"],
    ["Dr. Mehta", "Dr. Mehta", "Dr. Mehta जी"],
    ["Dr. Anil Mehta", "Dr. Mehta", "Dr. Mehta जी"],
    ["dr anil mehta", "Dr. Mehta", "Dr. Mehta जी"],
    ["Prof. Kavita Rao", "Prof. Rao", "Prof. Rao जी"],
    ["Mr. Ravi Kumar", "Ravi", "Ravi जी"],
    ["Mr. Kumar", "Mr. Kumar", "Mr. Kumar जी"],
    ["Smt Sunita Devi", "Sunita", "Sunita जी"],
    ["R. K. Sharma", "R. K. Sharma", "R. K. Sharma जी"],
    ["RAVI KUMAR", "Ravi", "Ravi जी"],
    ["ravi", "Ravi", "Ravi जी"],
    ["McIntyre Fernandes", "McIntyre", "McIntyre जी"],
    ["रवि कुमार", "रवि", "रवि जी"],
    ["Asha 🙂", "Asha", "Asha जी"],
    ["Meera Iyer lx3k9a", "Meera", "Meera जी"],
    ["डॉ. अनिल मेहता", "डॉ. मेहता", "डॉ. मेहता जी"],
    ["श्रीमती सुनीता देवी", "सुनीता", "सुनीता जी"],
  ])("%s: %s, in Hindi %s", (name, english, hindi) => {
    expect(greetingName(name, "en")).toBe(english);
    expect(greetingName(name, "hi")).toBe(hindi);
  });

  test.each(["Dr.", "Mr", "", "   ", "Ravi2", "www.example.com", "🙂 Asha"])(
    "'%s' gives no name to greet",
    (name) => {
      expect(greetingName(name, "en")).toBeUndefined();
    },
  );
});

describe("a template merged with an enquiry", () => {
  test("every field is merged, in English", () => {
    const merged = mergeTemplate(
      {
        language: "en",
        subject: "Your enquiry {reference}",
        body: "Hello {firstName}, {quantity} × {product} {buyerType} at MRP {mrp}.",
      },
      enquiry("Dr. Anil Mehta"),
    );
    expect(merged).toEqual({
      subject: "Your enquiry 3F2A9C1E",
      body: "Hello Dr. Mehta, 1,200 sachets × Collarise Collagen Peptide as a retailer at MRP ₹1,499.00.",
    });
  });

  test("in Hindi the greeting carries «जी» once, and the product and buyer type are in Hindi", () => {
    const merged = mergeTemplate(
      {
        language: "hi",
        subject: null,
        body: "नमस्ते {firstName}, {product} के {quantity} सैशे {buyerType}। {firstName} जी!",
      },
      { ...enquiry("Mr. Ravi Kumar"), RetailerSelfUse: "Self Use" },
    );
    expect(merged.body).toBe("नमस्ते Ravi जी, Collarise कोलेजन पेप्टाइड के 1,200 सैशे अपने इस्तेमाल के लिए। Ravi जी!");
    expect(merged.subject).toBeNull();
  });

  test("a name that gives no greeting leaves none in English, and «जी» alone in Hindi", () => {
    expect(
      mergeTemplate({ language: "en", subject: null, body: "Hello {firstName}, thanks." }, enquiry("Ravi2"))
        .body,
    ).toBe("Hello, thanks.");
    expect(
      mergeTemplate({ language: "hi", subject: null, body: "नमस्ते {firstName}," }, enquiry("Ravi2")).body,
    ).toBe("नमस्ते जी,");
  });

  test("what a visitor typed is merged as text, never read as a field", () => {
    expect(
      mergeTemplate({ language: "en", subject: null, body: "Hi {firstName}" }, enquiry("Reference")).body,
    ).toBe("Hi Reference");
  });

  test("the company's own fields come from its facts in force, and the quantity carries its unit once", () => {
    const facts: CompanyFacts = {
      ...PLACEHOLDER_FACTS,
      shortName: { en: "Aarogya Nutrition", hi: "आरोग्य न्यूट्रिशन" },
      phone: "+919812345678",
      product: { ...PLACEHOLDER_FACTS.product, mrpPaise: 159_950, sachetsPerUnit: 20 },
    };
    const english = mergeTemplate(
      {
        language: "en",
        subject: null,
        body: "{company} ({phone}): {mrp} for {unitOfSale}; you asked for {quantity}, {quantity} sachets, {quantity} packs.",
      },
      { ...enquiry("Asha Verma"), Quantity: 1 },
      facts,
    );
    expect(english.body).toBe(
      "Aarogya Nutrition (+91 98123 45678): ₹1,599.50 for a pack of 20 sachets; you asked for 1 sachet, 1 sachet, 1 sachet.",
    );
    const hindi = mergeTemplate(
      { language: "hi", subject: null, body: "{company}: {mrp} ({unitOfSale}), {quantity} सैशे" },
      enquiry("Asha Verma"),
      { ...facts, product: { ...facts.product, sachetsPerUnit: 1, mrpPaise: 5_000 } },
    );
    expect(hindi.body).toBe("आरोग्य न्यूट्रिशन: ₹50.00 (एक सैशे), 1,200 सैशे");
  });
});

describe("a template is checked before it is kept", () => {
  const email = (change: Partial<TemplateInput> = {}): TemplateInput => ({
    channel: "email",
    language: "en",
    name: "First reply",
    subject: "Your enquiry {reference}",
    body: "Hello {firstName}",
    ...change,
  });

  test("an unknown field is refused with the field named, in either part and either language", () => {
    expect(checkTemplate(email({ body: "Hello {fristName}" }))).toEqual({
      ok: false,
      part: "body",
      message: templateMessages.unknownField("body", "fristName"),
    });
    expect(checkTemplate(email({ language: "hi", subject: "पूछताछ {Reference}" }))).toMatchObject({
      ok: false,
      part: "subject",
      message: expect.stringContaining("{Reference}, which is not a merge field: did you mean {reference}?"),
    });
  });

  test("a brace that is not part of a field is refused", () => {
    expect(checkTemplate(email({ body: "Hello {firstName" }))).toMatchObject({
      ok: false,
      message: templateMessages.strayBrace("body"),
    });
  });

  test("empty and too long parts are refused; a WhatsApp message keeps no subject", () => {
    expect(checkTemplate(email({ name: " " }))).toMatchObject({ ok: false, part: "name" });
    expect(checkTemplate(email({ subject: "" }))).toMatchObject({ ok: false, part: "subject" });
    expect(checkTemplate(email({ body: "x".repeat(TEMPLATE_BODY_MAX_LENGTH + 1) }))).toMatchObject({
      ok: false,
      part: "body",
    });
    expect(
      checkTemplate(email({ channel: "whatsapp", body: "x".repeat(WHATSAPP_BODY_MAX_LENGTH + 1) })),
    ).toMatchObject({ ok: false, part: "body" });
    expect(checkTemplate(email({ channel: "whatsapp", subject: "ignored", body: "  Hi  " }))).toEqual({
      ok: true,
      template: { channel: "whatsapp", language: "en", name: "First reply", subject: null, body: "Hi" },
    });
  });

  test("a name, subject or message hiding an invisible or direction-changing character is refused, naming the part", () => {
    for (const [char, what] of UNREADABLE_CHARACTERS) {
      expect(checkTemplate(email({ name: `First${char}reply` })), what).toEqual({
        ok: false,
        part: "name",
        message: templateMessages.unreadable("name"),
      });
      expect(checkTemplate(email({ subject: `Your enquiry ${char}{reference}` })), what).toEqual({
        ok: false,
        part: "subject",
        message: templateMessages.unreadable("subject"),
      });
      expect(checkTemplate(email({ channel: "whatsapp", body: `Hello\n${char}4321 0987` })), what).toEqual({
        ok: false,
        part: "body",
        message: templateMessages.unreadable("body"),
      });
    }
    for (const [mark, what] of BASELESS_MARKS) {
      expect(checkTemplate(email({ body: `Hello,\n${mark} thanks` })), what).toMatchObject({ part: "body" });
    }
    expect(templateMessages.unreadable("body")).toBe(
      "The message holds an invisible character or one that changes the direction of the text: remove it.",
    );
  });

  test("a Hindi template with its joiners, and emoji, passes the rule", () => {
    for (const template of [
      email({
        language: "hi",
        subject: "आपकी पूछताछ क्\u200Dष {reference}",
        body: "नमस्ते {firstName} ❤\uFE0F\n\nधन्यवाद।",
      }),
    ]) {
      expect(checkTemplate(template), template.name).toMatchObject({ ok: true });
    }
  });
});

describe("a reply signed by the member who writes it", () => {
  const template = {
    language: "en" as const,
    subject: "Your enquiry {reference}",
    body: "Hello {firstName},\n\nThank you.\n\nWarm regards,\n{senderName}\nThe Collarise sales team",
  };
  const enquiry = {
    id: "3f2a9c1e-0b7d-4e21-9a55-1c2d3e4f5a6b",
    Name: "Mohd. Imran Khan",
    Quantity: 6,
    RetailerSelfUse: "Retailer" as const,
  };

  test("names the member above the company's team", () => {
    expect(mergeTemplate(template, enquiry, undefined, { displayName: "Asha" }).body).toBe(
      "Hello Imran,\n\nThank you.\n\nWarm regards,\nAsha\nThe Collarise sales team",
    );
  });

  test("leaves the line out for a member with no display name, keeping the company's", () => {
    expect(mergeTemplate(template, enquiry, undefined, { displayName: null }).body).toBe(
      "Hello Imran,\n\nThank you.\n\nWarm regards,\nThe Collarise sales team",
    );
  });
});

describe("the templates a picker offers", () => {
  const template = (name: string, language: "en" | "hi", body: string): ReplyTemplate => ({
    id: name,
    whatsappTemplate: null,
    channel: "whatsapp",
    language,
    name,
    subject: null,
    body,
    version: 1,
    updatedAt: "2030-05-01T04:30:00.000Z",
    updatedBy: null,
  });
  const kept = [
    template("Price", "en", "For {quantity} we can offer a better price."),
    template("Follow-up", "en", "Hello {firstName}, following up on {reference}."),
    template("कीमत", "hi", "{quantity} की मात्रा पर हम इससे बेहतर कीमत दे सकते हैं।"),
    template("फ़ॉलो-अप", "hi", "नमस्ते {firstName}"),
  ];
  const names = (templates: ReplyTemplate[]) => templates.map((each) => each.name);

  test("a template that promises a better price is offered only from the minimum order for a trade price", () => {
    const facts = { ...PLACEHOLDER_FACTS, trade: { ...PLACEHOLDER_FACTS.trade, minimumOrderSachets: 300 } };
    expect(names(templatesFor(kept, "whatsapp", "en", { quantity: 299, facts }))).toEqual(["Follow-up"]);
    expect(names(templatesFor(kept, "whatsapp", "en", { quantity: 300, facts }))).toEqual([
      "Follow-up",
      "Price",
    ]);
    expect(names(templatesFor(kept, "whatsapp", "hi", { quantity: 36, facts }))).toEqual(["फ़ॉलो-अप"]);
    expect(
      names(
        templatesFor(kept, "whatsapp", "hi", {
          quantity: 36,
          facts: { ...facts, trade: { ...facts.trade, minimumOrderSachets: 30 } },
        }),
      ),
    ).toEqual(["कीमत", "फ़ॉलो-अप"]);
    expect(promisesBetterPrice({ subject: "A trade price for you", body: "Hello" })).toBe(true);
    expect(promisesBetterPrice({ subject: null, body: "इसका MRP {mrp} है।" })).toBe(false);
  });
});

describe("an approved WhatsApp template merged for an enquiry", () => {
  const approved = {
    language: "en" as const,
    subject: null,
    body: "Hello {firstName}, about your {quantity}: {company} can deliver this week.",
    whatsappTemplate: {
      name: "order_followup",
      language: "en" as const,
      parameters: ["firstName" as const, "quantity" as const, "company" as const],
    },
  };

  test("its parameters are the fields' values in order, and its text what the buyer reads", () => {
    expect(approvedTemplateMessage(approved, enquiry("Dr. Anil Mehta"))).toEqual({
      ok: true,
      name: "order_followup",
      language: "en",
      parameters: ["Dr. Mehta", "1,200 sachets", PLACEHOLDER_FACTS.shortName.en],
      text: `Hello Dr. Mehta, about your 1,200 sachets: ${PLACEHOLDER_FACTS.shortName.en} can deliver this week.`,
    });
  });

  test("a parameter with nothing to put in it (no plain name to greet) cannot be sent, naming the field", () => {
    expect(approvedTemplateMessage(approved, enquiry("M/s Sharma Traders 2"))).toEqual({
      ok: false,
      missing: "firstName",
    });
    expect(approvedTemplateMessage({ ...approved, whatsappTemplate: null }, enquiry("Anil"))).toEqual({
      ok: false,
      missing: null,
    });
  });

  test("an approval is kept only on a WhatsApp template, with its parameters the message's fields in order", () => {
    const input: TemplateInput = {
      channel: "whatsapp",
      name: "Follow-up",
      ...approved,
    };
    expect(checkTemplate(input)).toEqual({ ok: true, template: { ...input, name: "Follow-up" } });
    expect(
      checkTemplate({
        ...input,
        whatsappTemplate: { ...approved.whatsappTemplate, parameters: ["firstName"] },
      }),
    ).toEqual({
      ok: false,
      part: "whatsappParameters",
      message: templateMessages.whatsappParametersOrder(["firstName", "quantity", "company"]),
    });
    expect(
      checkTemplate({ ...input, whatsappTemplate: { ...approved.whatsappTemplate, name: "order followup" } }),
    ).toEqual({ ok: false, part: "whatsappName", message: templateMessages.whatsappNameFormat });
  });
});
