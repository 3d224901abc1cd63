import type { CompanyFacts } from "../../domain/company-facts";
import type { DocumentKind, DocumentLanguage, IssuedDocument } from "../../domain/invoice";
import { rupees } from "../../domain/money";
import type { PaymentReminder } from "../../domain/payment-reminder";
import { escapeHtml } from "../html";
import type { EnquiryMail } from "./mail-content";

/** What each kind is called in the mail, in each language. */
const KIND_NAMES: Record<DocumentLanguage, Record<DocumentKind, string>> = {
  en: {
    quotation: "Quotation",
    proforma: "Pro-forma invoice",
    "tax-invoice": "Tax invoice",
    "credit-note": "Credit note",
  },
  hi: {
    quotation: "कोटेशन",
    proforma: "प्रोफ़ॉर्मा इनवॉइस",
    "tax-invoice": "टैक्स इनवॉइस",
    "credit-note": "क्रेडिट नोट",
  },
};

const words = {
  en: {
    subject: (kind: string, number: string, company: string) => `${kind} ${number} from ${company}`,
    greeting: (name: string) => `Dear ${name},`,
    attached: (kind: string, number: string) => `Please find attached our ${kind.toLowerCase()} ${number}.`,
    amount: (amount: string) => `Amount: ${amount}`,
    pay: "To pay by UPI from your phone, open this link in any UPI app (or scan the QR code on the invoice):",
    payPage: "To see what is owed and pay by UPI or bank transfer, open this page:",
    credit: (amount: string) => `This credit note reduces what you owe by ${amount}.`,
    closing: (company: string) => [`Thank you,`, company],
  },
  hi: {
    subject: (kind: string, number: string, company: string) => `${company} की ओर से ${kind} ${number}`,
    greeting: (name: string) => `प्रिय ${name},`,
    attached: (kind: string, number: string) => `हमारा ${kind} ${number} इस ईमेल के साथ संलग्न है।`,
    amount: (amount: string) => `राशि: ${amount}`,
    pay: "फ़ोन से UPI द्वारा भुगतान के लिए यह लिंक किसी भी UPI ऐप में खोलें (या इनवॉइस पर दिया QR कोड स्कैन करें):",
    payPage: "बकाया राशि देखने और UPI या बैंक ट्रांसफ़र से भुगतान के लिए यह पेज खोलें:",
    credit: (amount: string) => `यह क्रेडिट नोट आपकी देय राशि ${amount} से कम करता है।`,
    closing: (company: string) => [`धन्यवाद,`, company],
  },
} as const;

/**
 * How a document asks to be paid, as lines of a mail or message: its payment page's link when it
 * has one (an https link every mail program and WhatsApp open; most mail programs, Gmail among
 * them, do not make a `upi://` link clickable), else the bare `upi://pay` link.
 */
function payLines(document: IssuedDocument, payPageUrl: string | null): string[] {
  const say = words[document.language];
  if (payPageUrl) return [say.payPage, payPageUrl];
  return document.upiUri ? [say.pay, document.upiUri] : [];
}

/** A line that is a link in the mail's HTML. */
const isLink = (line: string) => /^(?:upi:\/\/|https?:\/\/)\S+$/.test(line);

/**
 * The mail that carries a document to its buyer, in the document's language: what it is, the
 * amount, and for a document to be paid its payment page's link (docs/invoices.md), or without
 * one the `upi://pay` link (the PDF attached carries its QR).
 */
export function documentMail(
  document: IssuedDocument,
  facts: CompanyFacts,
  payPageUrl: string | null = null,
): EnquiryMail {
  const language = document.language;
  const say = words[language];
  const kind = KIND_NAMES[language][document.kind];
  const company = facts.legalName[language] || facts.legalName.en;
  const amount = rupees(document.totals.totalPaise / 100);
  const paragraphs: string[][] = [
    [say.greeting(document.buyer.name)],
    [say.attached(kind, document.number)],
    [document.kind === "credit-note" ? say.credit(amount) : say.amount(amount)],
    ...(document.kind === "credit-note"
      ? []
      : [payLines(document, payPageUrl)].filter((lines) => lines.length > 0)),
    [...say.closing(company)],
  ];
  const text = `${paragraphs.map((lines) => lines.join("\n")).join("\n\n")}\n`;
  const html = [
    "<!doctype html>",
    `<html lang="${language}"><head><meta charset="utf-8"><title>`,
    escapeHtml(say.subject(kind, document.number, company)),
    "</title></head><body>",
    ...paragraphs.map(
      (lines) =>
        `<p>${lines
          .map((line) =>
            isLink(line) ? `<a href="${escapeHtml(line)}">${escapeHtml(line)}</a>` : escapeHtml(line),
          )
          .join("<br>")}</p>`,
    ),
    "</body></html>",
  ].join("\n");
  return { subject: say.subject(kind, document.number, company), text, html };
}

/** The text of a WhatsApp message that carries a document's amount and how to pay it, in its language. */
export function documentWhatsAppText(
  document: IssuedDocument,
  facts: CompanyFacts,
  payPageUrl: string | null = null,
): string {
  const language = document.language;
  const say = words[language];
  const kind = KIND_NAMES[language][document.kind];
  const amount = rupees(document.totals.totalPaise / 100);
  const company = facts.legalName[language] || facts.legalName.en;
  return [
    say.subject(kind, document.number, company),
    say.amount(amount),
    ...(document.kind === "credit-note" ? [] : payLines(document, payPageUrl)),
  ].join("\n");
}

/**
 * A payment reminder's mail (domain/payment-reminder.ts): its text as is, and the same paragraphs
 * as HTML with the `upi://pay` link made a link.
 */
export function reminderMail(reminder: PaymentReminder, language: DocumentLanguage): EnquiryMail {
  const paragraphs = reminder.text.trim().split("\n\n");
  const html = [
    "<!doctype html>",
    `<html lang="${language}"><head><meta charset="utf-8"><title>`,
    escapeHtml(reminder.subject),
    "</title></head><body>",
    ...paragraphs.map(
      (paragraph) =>
        `<p>${paragraph
          .split("\n")
          .map((line) =>
            isLink(line) ? `<a href="${escapeHtml(line)}">${escapeHtml(line)}</a>` : escapeHtml(line),
          )
          .join("<br>")}</p>`,
    ),
    "</body></html>",
  ].join("\n");
  return { subject: reminder.subject, text: reminder.text, html };
}
