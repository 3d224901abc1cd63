import {
  countInWords,
  daysInWords,
  type RetentionPeriods,
  UNCONFIRMED_SUBSCRIBER_DAYS,
} from "../../domain/retention";
import { retentionPeriods } from "./retention-periods";
import { companyFacts } from "../lib/company-facts";
import { company, product } from "./site";
import type { Translated } from "./translated";
import {
  WHATSAPP_OPT_OUT_WORDS,
  WHATSAPP_RESTART_WORDS,
  whatsappConsentWording,
} from "../../domain/whatsapp-consent";

/** A block of policy text: a paragraph, or a list of points each with an optional lead-in. */
export type PolicyBlock =
  { kind: "paragraph"; text: string } | { kind: "list"; items: readonly { lead?: string; text: string }[] };

export interface PolicySection {
  id: string;
  heading: string;
  blocks: readonly PolicyBlock[];
  /** Ends with the company's postal address, phone and e-mail. */
  contact?: boolean;
}

import {
  GRIEVANCE_ANSWER_DAYS,
  personalDataRequestSubject,
  quotedWords,
  REQUEST_ANSWER_DAYS,
  RETENTION_SECTION_ID,
  WHATSAPP_SECTION_ID,
} from "./privacy-policy-facts";

export {
  GRIEVANCE_ANSWER_DAYS,
  personalDataRequestSubject,
  REQUEST_ANSWER_DAYS,
  RETENTION_SECTION_ID,
  WHATSAPP_SECTION_ID,
};

/** How long each kind of data is kept, in the policy's words (domain/retention.ts). */
export function keptFor(periods: RetentionPeriods) {
  return {
    closedEnquiry: daysInWords(periods.closedEnquiryDays),
    vitals: daysInWords(periods.vitalsDays),
    unconfirmedSubscriber: daysInWords(UNCONFIRMED_SUBSCRIBER_DAYS),
    backups: countInWords(periods.backupKeep, "copy", "copies"),
  } as const;
}

/**
 * Added to the specification's policy (docs/decisions/031-one-policy-in-two-languages.md): the Hindi
 * page says the same, and a reader must know which text holds where a translation falls short.
 */
export const ONE_POLICY_IN_TWO_LANGUAGES =
  "The English and Hindi versions are one policy; where they differ, the English version prevails.";

/** The policy as it reads with these retention periods; the pages show `privacyPolicy`. */
export function privacyPolicyFor(periods: RetentionPeriods) {
  const kept = keptFor(periods);
  return {
    heading: "Privacy Policy",
    updated: "Last updated: 29 November 2026",
    intro: `${company.name} ("we", "us") makes ${product.fullName}. This policy explains what information we collect when you visit this website, send an order enquiry or join our newsletter, what we do with it, and the choices you have. It is written to meet India's Digital Personal Data Protection Act, 2023. ${ONE_POLICY_IN_TWO_LANGUAGES}`,
    sections: [
      {
        id: "information-we-collect",
        heading: "Information We Collect",
        blocks: [
          { kind: "paragraph", text: "We collect only what we need to answer you and to run this website:" },
          {
            kind: "list",
            items: [
              {
                lead: "Details you give us.",
                text: "Your name, email address and phone number, and anything else you choose to tell us when you contact us, send an order enquiry or make a purchase, such as the quantity you want and whether you buy as a retailer or for your own use.",
              },
              {
                lead: "Usage data.",
                text: "When you visit, our server records your IP address, your browser type and how the site is used (the pages you open and when). Your browser also reports how quickly each page loaded and responded (page-speed measurements such as loading time and layout stability), with the page's address and no personal details.",
              },
              {
                lead: "Where your visit came from.",
                text: "While you browse, your browser keeps for that visit only (in its session storage, not a cookie; it is gone when you close the tab) the campaign tags of the link you arrived by (utm_source, utm_medium and utm_campaign), the name of the website that linked to us and the first page you opened. If you send an order enquiry, they are sent and kept with it, so that we know which campaigns and websites bring enquiries. To keep out automated spam, the page also solves a small computing puzzle before it sends the form, and we check each enquiry for signs of spam (such as a link in the name, or one number sent many times a day) ourselves, without sending it to anyone else.",
              },
              {
                lead: "Cookies.",
                text: "The site itself sets no advertising or tracking cookies. Your browser may keep small files that remember technical settings; you can clear or block them in your browser's settings.",
              },
            ],
          },
        ],
      },
      {
        id: "how-we-use-the-information",
        heading: "How We Use the Information",
        blocks: [
          { kind: "paragraph", text: "We use your information to:" },
          {
            kind: "list",
            items: [
              { text: "process your order enquiries and transactions;" },
              { text: "deliver the products you order;" },
              { text: "give you customer support;" },
              { text: "send you updates about your order, and our newsletter if you asked for it;" },
              { text: "answer your enquiries and requests;" },
              { text: "prevent fraud and abuse of this website, and keep it fast and working." },
            ],
          },
          {
            kind: "paragraph",
            text: "We do not sell or rent your personal information. We share it only with the service providers who help us run this website, send email and deliver orders, and only as far as they need it to do that work for us, or where the law requires it.",
          },
          {
            kind: "paragraph",
            text: "When we connect our own business tools to this website, such as a spreadsheet, an automation service or a customer-management system, the details of your order enquiry are also sent to those tools over an encrypted connection, so that our team can handle your enquiry there, for the purposes above only.",
          },
        ],
      },
      {
        id: "our-newsletter",
        heading: "Our Newsletter",
        blocks: [
          {
            kind: "list",
            items: [
              {
                lead: "Only for the newsletter.",
                text: "If you give us your email address to join our newsletter, we use it only to send you the newsletter, and for nothing else.",
              },
              {
                lead: "Only once you confirm it.",
                text: `We add your address to the newsletter only after you confirm it: we send you an email with a confirmation link, and your address joins the list when you open that link. An address that is not confirmed within ${kept.unconfirmedSubscriber} is erased.`,
              },
              {
                lead: "Leave in one click.",
                text: "Every newsletter email has an unsubscribe link: one click, and we send you no more newsletters.",
              },
            ],
          },
        ],
      },
      {
        id: WHATSAPP_SECTION_ID,
        heading: "WhatsApp Messages",
        blocks: [
          {
            kind: "list",
            items: [
              {
                lead: "Only if you tick the box.",
                text: `The order form has a box that stays unticked unless you tick it: "${whatsappConsentWording.en}". If you tick it, we keep with your enquiry when you ticked it, the exact words of the box and the language you read them in. Our team may then send you WhatsApp messages, at the mobile number you gave, about that enquiry only: its price, payment and delivery. If you write to us on WhatsApp first, we answer you there too.`,
              },
              {
                lead: "For nothing else.",
                text: "We do not use this consent for advertising or for your other enquiries, and we do not give your number to anyone for marketing. The messages go through WhatsApp (Meta's WhatsApp Business Platform), and we keep them with your enquiry, as we keep our emails about it.",
              },
              {
                lead: "Stop at any time.",
                text: `Send us ${quotedWords(WHATSAPP_OPT_OUT_WORDS, "or")} on WhatsApp and we send you no more WhatsApp messages, about this enquiry or any other one sent with your number, until you write ${quotedWords(WHATSAPP_RESTART_WORDS, "or")} to us there, or tick the box again on a new enquiry. You can also withdraw your consent by emailing us at ${company.email}.`,
              },
            ],
          },
        ],
      },
      {
        id: RETENTION_SECTION_ID,
        heading: "How Long We Keep Your Information",
        blocks: [
          {
            kind: "paragraph",
            text: "We keep your information only as long as we need it for the purpose you gave it for. Our systems then erase it on their own:",
          },
          {
            kind: "list",
            items: [
              {
                lead: "Order enquiries.",
                text: `Until we have handled your enquiry, and then for ${kept.closedEnquiry} after we close it (when the order is fulfilled or declined, or the enquiry is marked as spam), so that we can answer questions about it. Then we erase it, with our notes on it and the emails we sent about it.`,
              },
              {
                lead: "Invoices, credit notes and payments.",
                text: "If you buy from us, the tax invoices and credit notes we issue to you, and the payments recorded against them, are tax records. India's GST law (section 36 of the CGST Act) requires us to keep them for 72 months from the due date of the annual GST return of the financial year they belong to: for a financial year ending in March 2027, until 31 December 2033. We keep them for that period even if you ask us to erase your information, and erase them after it. Quotations and pro-forma invoices are erased with your enquiry. The email or WhatsApp message that brings you an invoice or a pro-forma has a private link to its payment page, which shows our details, the document's number and date, your name, the amount and what is still owed, and lets you download it; anyone you pass the link to can open it. The page stops working when the invoice is cancelled by a credit note for all of it and when the document is erased.",
              },
              {
                lead: "Page-speed measurements.",
                text: `${capitalised(kept.vitals)} from when your browser sent them.`,
              },
              {
                lead: "Newsletter addresses.",
                text: `Until you unsubscribe. An address that is never confirmed, ${kept.unconfirmedSubscriber}.`,
              },
              {
                lead: "Backups.",
                text: `We keep backup copies of our records so that nothing is lost if a computer fails. We keep only the newest ${kept.backups}, and each new copy replaces the oldest, so information we have erased disappears from the backups as the older copies are replaced.`,
              },
            ],
          },
          {
            kind: "paragraph",
            text: "Where a law requires us to keep something for longer, we keep it for that period only.",
          },
        ],
      },
      {
        id: "data-security",
        heading: "Data Security",
        blocks: [
          {
            kind: "paragraph",
            text: "We are committed to keeping your information safe. It travels to us over an encrypted connection, is stored on systems that only authorised staff can reach, and is kept only as long as we need it for the purposes above or as the law requires. No method of sending or storing data is perfectly secure, but we review our safeguards regularly and will tell you and the authorities promptly if a breach affects your data.",
          },
        ],
      },
      {
        id: "your-rights",
        heading: "Your Rights",
        blocks: [
          {
            kind: "paragraph",
            text: "Under India's Digital Personal Data Protection Act, 2023, you have the rights of access and correction over the personal information we hold about you, and more:",
          },
          {
            kind: "list",
            items: [
              {
                lead: "Access.",
                text: "You may ask for a summary of the personal information we hold about you, of what we do with it, and of the people we have shared it with.",
              },
              {
                lead: "Correction and completion.",
                text: "You may ask us to correct information that is wrong, complete what is incomplete and update what is out of date.",
              },
              {
                lead: "Erasure.",
                text: "You may withdraw your consent and ask us to erase your information. We erase it unless a law requires us to keep it.",
              },
              {
                lead: "Nomination.",
                text: "You may name another person to use these rights for you if you die or become unable to use them yourself.",
              },
              {
                lead: "Grievance redressal.",
                text: "You may complain to us about how we handle your information, and we will answer you (see Grievance Officer below).",
              },
            ],
          },
          {
            kind: "paragraph",
            text: `To use any of these rights, email us at ${company.email} with "${personalDataRequestSubject}" as the subject, or write to us at our address in ${company.address.city} below. Please write from the email address you gave us, or tell us the email address or mobile number you used, so that we can find your information.`,
          },
          {
            kind: "paragraph",
            text: `We first check that the request comes from you, for example by writing back to that email address or calling that number. We then answer within ${REQUEST_ANSWER_DAYS} days. We answer a grievance within ${GRIEVANCE_ANSWER_DAYS} days at the latest, the longest the Digital Personal Data Protection Rules, 2025 allow. If you are not satisfied with our answer, you may complain to the Data Protection Board of India.`,
          },
        ],
      },
      {
        id: "grievance-officer",
        heading: "Grievance Officer",
        blocks: [
          {
            kind: "paragraph",
            text: `The Grievance Officer of ${company.name} is ${companyFacts.grievanceOfficer.name.en}, ${companyFacts.grievanceOfficer.designation.en}, who answers questions and complaints about how we handle your personal information. Write to them at ${company.grievanceEmail}, or by post, with "${personalDataRequestSubject}" as the subject, or call:`,
          },
        ],
        contact: true,
      },
      {
        id: "changes-to-this-policy",
        heading: "Changes To This Policy",
        blocks: [
          {
            kind: "paragraph",
            text: "We may change this policy from time to time, for example when the law or our services change. The new version will be published on this page with its date, and where a change matters to how we use your information we will tell you before it applies.",
          },
        ],
      },
      {
        id: "contact-us",
        heading: "Contact Us",
        blocks: [
          {
            kind: "paragraph",
            text: "For any question about this policy or your information, contact us:",
          },
        ],
        contact: true,
      },
    ] satisfies readonly PolicySection[],
  } as const;
}

/** The shape of the policy in every language: the English one's, with texts of their own. */
export type PrivacyPolicyContent = Translated<ReturnType<typeof privacyPolicyFor>>;

/** The policy with the periods the build was given (./retention-periods.ts). */
export const privacyPolicy = privacyPolicyFor(retentionPeriods);

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
