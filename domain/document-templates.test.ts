import { describe, expect, it } from "vitest";
import {
  checkTemplate,
  documentTemplateFor,
  documentTemplateMessage,
  documentTemplateMessages,
  templateMessages,
  templatesFor,
  type ReplyTemplate,
  type TemplateInput,
} from "./templates";

const invoiceHi: TemplateInput = {
  channel: "whatsapp",
  language: "hi",
  name: "इनवॉइस (Invoice)",
  subject: null,
  body: "प्रिय {buyerName} जी, आपका इनवॉइस {documentNumber}, राशि {amount}: {paymentLink}",
  purpose: "invoice",
};
const approval = {
  name: "invoice_ready",
  language: "hi" as const,
  parameters: ["buyerName" as const, "documentNumber" as const, "amount" as const, "paymentLink" as const],
};
const kept = (template: TemplateInput, id: string): ReplyTemplate => ({
  ...template,
  whatsappTemplate: template.whatsappTemplate ?? null,
  id,
  version: 1,
  updatedAt: "2026-11-29T10:00:00.000Z",
  updatedBy: null,
});

describe("an invoice's or a reminder's WhatsApp template", () => {
  it("takes the document's fields, in the approval's order, and only on WhatsApp", () => {
    expect(checkTemplate({ ...invoiceHi, whatsappTemplate: approval })).toMatchObject({
      ok: true,
      template: { purpose: "invoice", whatsappTemplate: approval },
    });
    // An enquiry's field is not one of a document's, and a reply does not take a document's.
    expect(checkTemplate({ ...invoiceHi, body: `${invoiceHi.body} {firstName}` })).toMatchObject({
      ok: false,
      part: "body",
    });
    expect(checkTemplate({ ...invoiceHi, purpose: "reply" })).toMatchObject({ ok: false, part: "body" });
    expect(
      checkTemplate({
        ...invoiceHi,
        whatsappTemplate: {
          ...approval,
          parameters: ["documentNumber", "buyerName", "amount", "paymentLink"],
        },
      }),
    ).toMatchObject({ ok: false, part: "whatsappParameters" });
    expect(checkTemplate({ ...invoiceHi, channel: "email", subject: "Invoice" })).toEqual({
      ok: false,
      part: "body",
      message: templateMessages.documentOnWhatsApp,
    });
  });

  it("is found approved in the buyer's language, or what is missing is named", () => {
    const reply = kept({ ...invoiceHi, body: "नमस्ते {firstName}", purpose: "reply" }, "r");
    expect(documentTemplateFor([reply], "invoice", "hi")).toEqual({
      ok: false,
      error: documentTemplateMessages.none("invoice", "hi"),
    });
    const waiting = kept(invoiceHi, "w");
    expect(documentTemplateFor([reply, waiting], "invoice", "hi")).toEqual({
      ok: false,
      error: documentTemplateMessages.notApproved("invoice", "hi", "इनवॉइस (Invoice)"),
    });
    const approved = kept({ ...invoiceHi, name: "Invoice 2", whatsappTemplate: approval }, "a");
    expect(documentTemplateFor([reply, waiting, approved], "invoice", "hi")).toEqual({
      ok: true,
      template: approved,
    });
    // Another language's or another purpose's does not stand in for it.
    expect(documentTemplateFor([approved], "invoice", "en").ok).toBe(false);
    expect(documentTemplateFor([approved], "payment-reminder", "hi").ok).toBe(false);
    // Nor is it ever offered as a reply.
    expect(templatesFor([reply, approved], "whatsapp", "hi").map((template) => template.id)).toEqual(["r"]);
  });

  it("is merged from the document: Meta's parameters in order and the text the buyer reads", () => {
    expect(
      documentTemplateMessage(
        { body: invoiceHi.body, whatsappTemplate: approval },
        {
          buyerName: "Meera Stores",
          documentNumber: "SH/2627/T0001",
          amount: "₹10,710.00",
          paymentLink: "https://collarise.example/pay/abc",
        },
      ),
    ).toEqual({
      name: "invoice_ready",
      language: "hi",
      parameters: ["Meera Stores", "SH/2627/T0001", "₹10,710.00", "https://collarise.example/pay/abc"],
      text: "प्रिय Meera Stores जी, आपका इनवॉइस SH/2627/T0001, राशि ₹10,710.00: https://collarise.example/pay/abc",
    });
    expect(
      documentTemplateMessage(
        { body: invoiceHi.body, whatsappTemplate: null },
        {
          buyerName: "",
          documentNumber: "",
          amount: "",
          paymentLink: "",
        },
      ),
    ).toBeNull();
  });
});
