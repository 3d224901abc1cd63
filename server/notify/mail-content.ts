import { displayMobile } from "../../domain/buyer";
import { plainFirstName } from "../../domain/names";
import { brand } from "../../domain/brand";
import { brandHi } from "../../domain/brand.hi";
import { displayPhone, PLACEHOLDER_FACTS, quantityText, type CompanyFacts } from "../../domain/company-facts";
import type { Language } from "../../domain/contract";
import { buyerTypeLabelsHi } from "../../domain/enquiry.hi";
import { enquiryReference } from "../../domain/console";
import { REPLY_SUBJECT_MAX_LENGTH } from "../../domain/conversation";
import { escapeHtml } from "../html";
import { istTime } from "./mail-time";
import {
  enquiryFieldText,
  isWhatsAppEnquiry,
  shownFields,
  type Enquiry,
  type StoredEnquiryFields,
  type WhatsAppEnquiry,
} from "../../domain/enquiry";
import { UNCONFIRMED_SUBSCRIBER_DAYS } from "../../domain/retention";
import { neutralise } from "../../domain/unreadable";
import type { PendingEnquiryNotification, PendingReplyNotification } from "../store/store";

/**
 * The enquiry's fields as a mail lists them, in the form's order, each with its label (the
 * descriptor's `mailLabel`): every required field, "not given" where WhatsApp gave none, and an
 * optional field only when the buyer filled it in.
 */
export function mailFieldRows(enquiry: StoredEnquiryFields): (readonly [label: string, value: string])[] {
  return shownFields(enquiry).map((spec) => [spec.mailLabel, enquiryFieldText(enquiry, spec.name)] as const);
}

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

/**
 * "Order enquiry: 12 sachets of Collarise, Retailer, from Asha Verma"; one started on WhatsApp,
 * with no quantity or buyer type: "WhatsApp enquiry for Collarise from Asha (+91 98765 43210)".
 */
export function enquirySubject(enquiry: StoredEnquiryFields): string {
  if (isWhatsAppEnquiry(enquiry))
    return singleLine(`WhatsApp enquiry for ${brand.productName} from ${whatsappSender(enquiry)}`);
  return singleLine(
    `Order enquiry: ${quantityText(enquiry.Quantity, "en")} of ${brand.productName}, ${enquiry.RetailerSelfUse}, from ${enquiry.Name}`,
  );
}

/** Who wrote on WhatsApp: their profile name with the number, or the number alone. */
function whatsappSender(enquiry: WhatsAppEnquiry): string {
  const number = displayMobile(enquiry.Mobile);
  return enquiry.Name === null ? number : `${enquiry.Name} (${number})`;
}

/**
 * The mail the company receives for one enquiry: every field, in plain text and in HTML, when it
 * arrived (IST), and the link to answer it in the console, where the conversation is kept (a reply
 * from a mail program would leave the console without it).
 */
export function enquiryMail(
  notification: Pick<PendingEnquiryNotification, "enquiryId" | "enquiry" | "receivedAt">,
  consoleLink: string,
) {
  const { enquiry, enquiryId, receivedAt } = notification;
  const rows = mailFieldRows(enquiry);
  const received = `Received ${istTime(receivedAt)} IST (enquiry ${enquiryReference(enquiryId)})`;
  const whom = isWhatsAppEnquiry(enquiry) ? "the buyer" : enquiry.Name;
  const replyNote = `Answer ${whom} from the console, where the conversation is kept: ${consoleLink}`;
  const intro = isWhatsAppEnquiry(enquiry)
    ? `A new enquiry for ${brand.productFullName} arrived on WhatsApp, from a number with no open enquiry. ` +
      `WhatsApp gives no e-mail address, quantity or buyer type: those are not given. Their message is on the enquiry's page.`
    : `A new order enquiry for ${brand.productFullName} arrived through the website.`;

  const text = [
    intro,
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
    `<p>${escapeHtml(intro)}</p>`,
    "<table>",
    ...rows.map(
      ([label, value]) =>
        `<tr><th scope="row" style="${cell}">${escapeHtml(label)}</th><td style="${cell}">${escapeHtml(value)}</td></tr>`,
    ),
    "</table>",
    `<p>${escapeHtml(received)}</p>`,
    `<p><a href="${escapeHtml(consoleLink)}">${escapeHtml(`Answer ${whom} in the console`)}</a>, where the conversation is kept.</p>`,
    "</body></html>",
  ].join("\n");

  return { subject: enquirySubject(enquiry), text, html } satisfies EnquiryMail;
}

/** "Your enquiry 1A2B3C4D for Collarise" */
export function acknowledgementSubject(enquiryId: string): string {
  return `Your enquiry ${enquiryReference(enquiryId)} for ${brand.productName}`;
}

/** How the acknowledgement greets: by a plain first name, else neutrally. */
export function acknowledgementGreeting(name: string, language: Language = "en"): string {
  const first = plainFirstName(name);
  if (language === "hi") return first ? `प्रिय ${first} जी,` : "नमस्ते,";
  return first ? `Dear ${first},` : "Hello,";
}

/** "Collarise: आपकी पूछताछ मिल गई (संदर्भ 1A2B3C4D)" */
function acknowledgementSubjectHi(enquiryId: string): string {
  return `${brand.productName}: आपकी पूछताछ मिल गई (संदर्भ ${enquiryReference(enquiryId)})`;
}

/**
 * The acknowledgement's words in each language: the visitor reads it in the language of the page
 * they used. It echoes no free text (a plain first name at most), nor the mobile number, which
 * anyone may have typed.
 */
const acknowledgementWords = {
  en: {
    subject: acknowledgementSubject,
    paragraphs: (enquiry: Enquiry, reference: string, facts: CompanyFacts) => [
      acknowledgementGreeting(enquiry.Name, "en"),
      `Thank you for your enquiry for ${quantityText(enquiry.Quantity, "en")} of ${brand.productFullName}, ${enquiry.RetailerSelfUse === "Retailer" ? "as a retailer" : "for your own use"}. Its reference is ${reference}.`,
      `What happens next: our sales team will call or message you on the mobile number you gave to confirm the price and delivery. Please quote ${reference} if you write to us at ${facts.email.mailbox} (or answer this email) or call ${displayPhone(facts.phone)}.`,
      facts.legalName.en,
    ],
  },
  hi: {
    subject: acknowledgementSubjectHi,
    paragraphs: (enquiry: Enquiry, reference: string, facts: CompanyFacts) => [
      acknowledgementGreeting(enquiry.Name, "hi"),
      `${buyerTypeLabelsHi[enquiry.RetailerSelfUse]} ${brandHi.productFullName} के ${quantityText(enquiry.Quantity, "hi")} के लिए पूछताछ भेजने का धन्यवाद। इसका संदर्भ नंबर ${reference} है।`,
      `आगे क्या होगा: क़ीमत और डिलीवरी पक्की करने के लिए हमारी सेल्स टीम आपको आपके दिए मोबाइल नंबर पर फ़ोन या मैसेज करेगी। अगर आप हमें ${facts.email.mailbox} पर लिखें (या इस ईमेल का जवाब दें) या ${displayPhone(facts.phone)} पर फ़ोन करें, तो कृपया ${reference} बताएँ।`,
      facts.legalName.hi,
    ],
  },
} as const satisfies Record<Language, unknown>;

/**
 * The visitor's acknowledgement, in the language of the page they used: the reference to quote,
 * and what happens next, with the company's name, phone and mailbox from its facts in force: the mailbox it names is the one the console reads, so that what the buyer writes reaches the enquiry's conversation.
 */
export function acknowledgementMail(
  notification: Pick<PendingEnquiryNotification, "enquiryId"> & { enquiry: Enquiry; language?: Language },
  facts: CompanyFacts = PLACEHOLDER_FACTS,
) {
  const { enquiry, enquiryId, language = "en" } = notification;
  const words = acknowledgementWords[language];
  const subject = words.subject(enquiryId);
  const paragraphs = words.paragraphs(enquiry, enquiryReference(enquiryId), facts);
  const text = `${paragraphs.join("\n\n")}\n`;
  const html = [
    "<!doctype html>",
    `<html lang="${language}"><head><meta charset="utf-8"><title>`,
    escapeHtml(subject),
    "</title></head><body>",
    ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    "</body></html>",
  ].join("\n");
  return { subject, text, html } satisfies EnquiryMail;
}

/** A mail of the newsletter's own, with the link that unsubscribes its address in one click. */
export interface NewsletterMail extends EnquiryMail {
  unsubscribeUrl: string;
}

/**
 * A newsletter mail of its paragraphs, in text and HTML: a link is a paragraph of its own in HTML,
 * and its address the line under the paragraph before it in text.
 */
function newsletterMail(
  subject: string,
  paragraphs: readonly (string | { text: string; href: string })[],
  language: Language,
  unsubscribeUrl: string,
): NewsletterMail {
  const textParagraphs: string[] = [];
  for (const paragraph of paragraphs) {
    if (typeof paragraph === "string") textParagraphs.push(paragraph);
    else textParagraphs.push(`${textParagraphs.pop() ?? ""}\n${paragraph.href}`);
  }
  const html = [
    "<!doctype html>",
    `<html lang="${language}"><head><meta charset="utf-8"><title>`,
    escapeHtml(subject),
    "</title></head><body>",
    ...paragraphs.map((paragraph) =>
      typeof paragraph === "string"
        ? `<p>${escapeHtml(paragraph)}</p>`
        : `<p><a href="${escapeHtml(paragraph.href)}">${escapeHtml(paragraph.text)}</a></p>`,
    ),
    "</body></html>",
  ].join("\n");
  return { subject, text: `${textParagraphs.join("\n\n")}\n`, html, unsubscribeUrl };
}

/** The newsletter's mails in each language: an address gets them in the language it was given in. */
const newsletterWords = {
  en: {
    confirmSubject: `Please confirm your subscription to the ${brand.productName} newsletter`,
    asked: `Someone (we hope it was you) asked for the ${brand.productFullName} newsletter to be sent to this address. It joins our list only once you confirm it.`,
    confirm: `To confirm, open this link within ${UNCONFIRMED_SUBSCRIBER_DAYS} days:`,
    notYou: `If it was not you, ignore this email: the address will be erased in ${UNCONFIRMED_SUBSCRIBER_DAYS} days and we will not write again. To erase it now, open:`,
    confirmLink: "Confirm my subscription",
    eraseLink: "Erase my address",
    welcomeSubject: `Welcome to the ${brand.productName} newsletter`,
    welcome: `Your subscription is confirmed. We will write now and then with new recipes, offers and news of ${brand.productFullName}, and use your address for nothing else.`,
    leave: "To unsubscribe at any time, in one click, open:",
    unsubscribeLink: "Unsubscribe",
  },
  hi: {
    confirmSubject: `कृपया ${brand.productName} न्यूज़लेटर की सदस्यता पक्की करें`,
    asked: `इस पते पर ${brandHi.productFullName} न्यूज़लेटर पाने का अनुरोध आया है; उम्मीद है, आपने ही किया है। आपके पक्का करने के बाद ही यह पता हमारी सूची में जुड़ेगा।`,
    confirm: `पक्का करने के लिए यह लिंक ${UNCONFIRMED_SUBSCRIBER_DAYS} दिन के भीतर खोलें:`,
    notYou: `अगर यह आपने नहीं किया, तो इस ईमेल को अनदेखा करें: यह पता ${UNCONFIRMED_SUBSCRIBER_DAYS} दिन में मिटा दिया जाएगा और हम फिर नहीं लिखेंगे। इसे अभी मिटाने के लिए खोलें:`,
    confirmLink: "मेरी सदस्यता पक्की करें",
    eraseLink: "मेरा पता मिटाएँ",
    welcomeSubject: `${brand.productName} न्यूज़लेटर में आपका स्वागत है`,
    welcome: `आपकी सदस्यता पक्की हो गई है। हम कभी-कभार नई रेसिपी, ऑफ़र और ${brandHi.productFullName} की ख़बरें भेजेंगे, और आपके पते का और कोई इस्तेमाल नहीं करेंगे।`,
    leave: "कभी भी, एक क्लिक में सदस्यता छोड़ने के लिए खोलें:",
    unsubscribeLink: "सदस्यता छोड़ें",
  },
} as const satisfies Record<Language, Record<string, string>>;

/** Asks the owner of an address to confirm it before it joins the newsletter, in the language it was given in. */
export function newsletterConfirmationMail(
  links: { confirmUrl: string; unsubscribeUrl: string },
  language: Language = "en",
  facts: CompanyFacts = PLACEHOLDER_FACTS,
): NewsletterMail {
  const words = { ...newsletterWords[language], signature: facts.legalName[language] };
  return newsletterMail(
    words.confirmSubject,
    [
      words.asked,
      words.confirm,
      { text: words.confirmLink, href: links.confirmUrl },
      words.notYou,
      { text: words.eraseLink, href: links.unsubscribeUrl },
      words.signature,
    ],
    language,
    links.unsubscribeUrl,
  );
}

/** Welcomes a confirmed address, and says how to leave. */
export function newsletterWelcomeMail(
  links: { unsubscribeUrl: string },
  language: Language = "en",
  facts: CompanyFacts = PLACEHOLDER_FACTS,
): NewsletterMail {
  const words = { ...newsletterWords[language], signature: facts.legalName[language] };
  return newsletterMail(
    words.welcomeSubject,
    [
      words.welcome,
      words.leave,
      { text: words.unsubscribeLink, href: links.unsubscribeUrl },
      words.signature,
    ],
    language,
    links.unsubscribeUrl,
  );
}

/** Leading answer markers a mail program adds: "Re:", "RE :", "Aw:" (German), "Sv:" (Nordic). */
const ANSWER_PREFIX = /^\s*(?:re|aw|sv)\s*(?:\[\d+\])?\s*:\s*/i;

/** "Re: " and the subject answered, without a second "Re:". */
export function answeringSubject(subject: string): string {
  let rest = subject;
  while (ANSWER_PREFIX.test(rest)) rest = rest.replace(ANSWER_PREFIX, "");
  return `Re: ${rest.trim()}`;
}

/**
 * The subject a new reply starts with: "Re:" and the subject of what it answers (the newest message
 * of the conversation, else the acknowledgement), or, with nothing to answer yet, the
 * acknowledgement's own subject; in the buyer's language, and carrying the reference either way.
 * A subject taken from a buyer's answer is neutralised, so the suggestion passes checkReply.
 */
export function replySubject(input: {
  enquiryId: string;
  language: Language;
  /** The newest message's subject; null when the conversation is empty. */
  lastSubject: string | null;
  acknowledged: boolean;
}): string {
  const first = acknowledgementWords[input.language].subject(input.enquiryId);
  const answered = input.lastSubject ?? (input.acknowledged ? first : null);
  return answered ? withinSubjectLimit(answeringSubject(neutralise(answered))) : first;
}

/**
 * A suggested subject within what checkReply takes: a buyer's subject may be longer (the mailbox
 * keeps 300 characters). Cut between characters, and neutralised again, since a cut may leave a
 * joiner with nothing after it.
 */
function withinSubjectLimit(subject: string): string {
  let cut = "";
  for (const char of subject) {
    if (cut.length + char.length > REPLY_SUBJECT_MAX_LENGTH) break;
    cut += char;
  }
  return neutralise(cut).trim();
}

/**
 * The words around a member's reply, in the buyer's language: who writes, how to reach the
 * company, and the reference to quote. The member's own words are sent as they typed them.
 */
const replyWords = {
  en: {
    closing: (reference: string, facts: CompanyFacts) => [
      `${facts.legalName.en} · ${displayPhone(facts.phone)}`,
      `Your enquiry's reference is ${reference}. To write to us, simply answer this email.`,
    ],
  },
  hi: {
    closing: (reference: string, facts: CompanyFacts) => [
      `${facts.legalName.hi} · ${displayPhone(facts.phone)}`,
      `आपकी पूछताछ का संदर्भ नंबर ${reference} है। हमें लिखने के लिए बस इसी ईमेल का जवाब दें।`,
    ],
  },
} as const satisfies Record<Language, unknown>;

/** A member's reply to the buyer: their text, then the company's closing lines in the buyer's language. */
export function replyMail(
  notification: Pick<PendingReplyNotification, "enquiryId" | "language" | "reply">,
  facts: CompanyFacts = PLACEHOLDER_FACTS,
) {
  const { reply, language } = notification;
  const closing = replyWords[language].closing(enquiryReference(notification.enquiryId), facts);
  const text = `${reply.text}\n\n-- \n${closing.join("\n")}\n`;
  const html = [
    "<!doctype html>",
    `<html lang="${language}"><head><meta charset="utf-8"><title>`,
    escapeHtml(reply.subject),
    "</title></head><body>",
    ...reply.text
      .split(/\n{2,}/)
      .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, "<br>")}</p>`),
    `<p style="color:#555">${closing.map(escapeHtml).join("<br>")}</p>`,
    "</body></html>",
  ].join("\n");
  return { subject: reply.subject, text, html } satisfies EnquiryMail;
}
