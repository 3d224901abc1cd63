import { brand } from "../../domain/brand";
import { enquiryReference } from "../../domain/console";
import { escapeHtml } from "../html";
import { ENQUIRY_FIELDS, type Enquiry } from "../../domain/enquiry";
import type { PendingNotification } from "../store/store";

/** How each stored field is named to the person reading the mail, in the form's order. */
export const fieldLabels: Record<keyof Enquiry, string> = {
  Name: "Name",
  Email: "Email",
  Mobile: "Mobile",
  Quantity: "Quantity",
  RetailerSelfUse: "Retailer / Self Use",
};

// eslint-disable-next-line no-control-regex
const LINE_BREAKS_AND_CONTROLS = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]+/g;

/** One line of text: no CR, LF or other control character can reach a header. */
export function singleLine(value: string): string {
  return value.replace(LINE_BREAKS_AND_CONTROLS, " ").replace(/\s+/g, " ").trim();
}

export interface EnquiryMail {
  subject: string;
  text: string;
  html: string;
}

/** "Order enquiry: 12 × Collarise, Retailer, from Asha Verma" */
export function enquirySubject(enquiry: Enquiry): string {
  return singleLine(
    `Order enquiry: ${enquiry.Quantity} × ${brand.productName}, ${enquiry.RetailerSelfUse}, from ${enquiry.Name}`,
  );
}

/** The mail the company receives for one enquiry: every field, in plain text and in HTML. */
export function enquiryMail(notification: Pick<PendingNotification, "enquiryId" | "enquiry" | "receivedAt">) {
  const { enquiry, enquiryId, receivedAt } = notification;
  const rows = ENQUIRY_FIELDS.map((field) => [fieldLabels[field], String(enquiry[field])] as const);
  const received = `Received ${receivedAt} (enquiry ${enquiryId})`;
  const replyNote = `Reply to this e-mail to answer ${enquiry.Name} at ${enquiry.Email}.`;

  const text = [
    `A new order enquiry for ${brand.productFullName} arrived through the website.`,
    "",
    ...rows.map(([label, value]) => `${label}: ${value}`),
    "",
    received,
    replyNote,
    "",
  ].join("\n");

  const cell = "padding:4px 12px 4px 0;text-align:left;vertical-align:top";
  const html = [
    "<!doctype html>",
    '<html lang="en"><head><meta charset="utf-8"><title>',
    escapeHtml(enquirySubject(enquiry)),
    "</title></head><body>",
    `<p>A new order enquiry for ${escapeHtml(brand.productFullName)} arrived through the website.</p>`,
    "<table>",
    ...rows.map(
      ([label, value]) =>
        `<tr><th scope="row" style="${cell}">${escapeHtml(label)}</th><td style="${cell}">${escapeHtml(value)}</td></tr>`,
    ),
    "</table>",
    `<p>${escapeHtml(received)}</p>`,
    `<p>${escapeHtml(replyNote)}</p>`,
    "</body></html>",
  ].join("\n");

  return { subject: enquirySubject(enquiry), text, html } satisfies EnquiryMail;
}

/** "Your enquiry 1A2B3C4D for Collarise" */
export function acknowledgementSubject(enquiryId: string): string {
  return `Your enquiry ${enquiryReference(enquiryId)} for ${brand.productName}`;
}

/** The visitor's acknowledgement: the reference to quote, and what happens next. Nothing they did not type. */
export function acknowledgementMail(notification: Pick<PendingNotification, "enquiryId" | "enquiry">) {
  const { enquiry, enquiryId } = notification;
  const reference = enquiryReference(enquiryId);
  const paragraphs = [
    `Dear ${singleLine(enquiry.Name)},`,
    `Thank you for your enquiry for ${enquiry.Quantity} × ${brand.productFullName} (${enquiry.RetailerSelfUse}). Its reference is ${reference}.`,
    `What happens next: our sales team will call or message you on ${enquiry.Mobile} to confirm the price and delivery. Please quote ${reference} if you write to us at ${brand.companyEmail} or call ${brand.companyPhone.display}.`,
    `${brand.companyName}`,
  ];
  const text = `${paragraphs.join("\n\n")}\n`;
  const html = [
    "<!doctype html>",
    '<html lang="en"><head><meta charset="utf-8"><title>',
    escapeHtml(acknowledgementSubject(enquiryId)),
    "</title></head><body>",
    ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    "</body></html>",
  ].join("\n");
  return { subject: acknowledgementSubject(enquiryId), text, html } satisfies EnquiryMail;
}
