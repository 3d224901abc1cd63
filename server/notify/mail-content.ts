import { brand } from "../../domain/brand";
import { enquiryReference } from "../../domain/console";
import { escapeHtml } from "../html";
import { ENQUIRY_FIELDS, type Enquiry } from "../../domain/enquiry";
import { UNCONFIRMED_SUBSCRIBER_DAYS } from "../../domain/retention";
import type { PendingEnquiryNotification } from "../store/store";

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
export function enquiryMail(
  notification: Pick<PendingEnquiryNotification, "enquiryId" | "enquiry" | "receivedAt">,
) {
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

/**
 * How the acknowledgement greets: by the first word of the Name when it is a plain name (letters,
 * and the marks of scripts such as Devanagari, at most 30), else neutrally. Anyone can type any
 * address into the form, so the mail must carry nothing a stranger could use as a message.
 */
export function acknowledgementGreeting(name: string): string {
  const first = name.trim().split(/\s+/)[0] ?? "";
  return /^\p{L}[\p{L}\p{M}]{0,29}$/u.test(first) ? `Dear ${first},` : "Hello,";
}

/**
 * The visitor's acknowledgement: the reference to quote, and what happens next. It echoes no free
 * text (a plain first name at most), nor the mobile number, which anyone may have typed.
 */
export function acknowledgementMail(notification: Pick<PendingEnquiryNotification, "enquiryId" | "enquiry">) {
  const { enquiry, enquiryId } = notification;
  const reference = enquiryReference(enquiryId);
  const paragraphs = [
    acknowledgementGreeting(enquiry.Name),
    `Thank you for your enquiry for ${enquiry.Quantity} × ${brand.productFullName} (${enquiry.RetailerSelfUse}). Its reference is ${reference}.`,
    `What happens next: our sales team will call or message you on the mobile number you gave to confirm the price and delivery. Please quote ${reference} if you write to us at ${brand.companyEmail} or call ${brand.companyPhone.display}.`,
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

/** A mail of the newsletter's own, with the link that unsubscribes its address in one click. */
export interface NewsletterMail extends EnquiryMail {
  unsubscribeUrl: string;
}

function newsletterHtml(title: string, paragraphs: readonly (string | { text: string; href: string })[]) {
  return [
    "<!doctype html>",
    '<html lang="en"><head><meta charset="utf-8"><title>',
    escapeHtml(title),
    "</title></head><body>",
    ...paragraphs.map((paragraph) =>
      typeof paragraph === "string"
        ? `<p>${escapeHtml(paragraph)}</p>`
        : `<p><a href="${escapeHtml(paragraph.href)}">${escapeHtml(paragraph.text)}</a></p>`,
    ),
    "</body></html>",
  ].join("\n");
}

/** Asks the owner of an address to confirm it before it joins the newsletter. */
export function newsletterConfirmationMail(links: {
  confirmUrl: string;
  unsubscribeUrl: string;
}): NewsletterMail {
  const subject = `Please confirm your subscription to the ${brand.productName} newsletter`;
  const asked = `Someone, we hope you, asked for the ${brand.productFullName} newsletter to be sent to this address. It joins our list only once you confirm it.`;
  const confirm = `To confirm, open this link within ${UNCONFIRMED_SUBSCRIBER_DAYS} days:`;
  const notYou = `If it was not you, ignore this e-mail: the address will be erased in ${UNCONFIRMED_SUBSCRIBER_DAYS} days and we will not write again. To erase it now, open:`;
  const text = [
    asked,
    "",
    confirm,
    links.confirmUrl,
    "",
    notYou,
    links.unsubscribeUrl,
    "",
    brand.companyName,
    "",
  ].join("\n");
  const html = newsletterHtml(subject, [
    asked,
    confirm,
    { text: "Confirm my subscription", href: links.confirmUrl },
    notYou,
    { text: "Erase my address", href: links.unsubscribeUrl },
    brand.companyName,
  ]);
  return { subject, text, html, unsubscribeUrl: links.unsubscribeUrl };
}

/** Welcomes a confirmed address, and says how to leave. */
export function newsletterWelcomeMail(links: { unsubscribeUrl: string }): NewsletterMail {
  const subject = `Welcome to the ${brand.productName} newsletter`;
  const welcome = `Your subscription is confirmed. We will write now and then with new recipes, offers and news of ${brand.productFullName}, and use your address for nothing else.`;
  const leave = "To unsubscribe at any time, in one click, open:";
  const text = [welcome, "", leave, links.unsubscribeUrl, "", brand.companyName, ""].join("\n");
  const html = newsletterHtml(subject, [
    welcome,
    leave,
    { text: "Unsubscribe", href: links.unsubscribeUrl },
    brand.companyName,
  ]);
  return { subject, text, html, unsubscribeUrl: links.unsubscribeUrl };
}
