/**
 * Reply and WhatsApp templates: what owners keep in the console (docs/console.md, Templates), what
 * the console's pages and its API agree on, the rule a template is checked by, and how one is
 * merged with an enquiry. No I/O: the Templates page, the enquiry page's pickers and the server
 * all import it.
 */
import { brand } from "./brand";
import { brandHi } from "./brand.hi";
import {
  displayPhone,
  PLACEHOLDER_FACTS,
  QUANTITY_UNIT,
  quantityText,
  type CompanyFacts,
} from "./company-facts";
import type { Language } from "./contract";
import { enquiryReference } from "./console";
import type { BuyerType } from "./enquiry";
import { buyerTypeLabelsHi } from "./enquiry.hi";
import { greetingName, HINDI_HONORIFIC } from "./names";
import { hasUnreadableCharacters } from "./unreadable";

/** An e-mail reply (a subject and a message) or a WhatsApp message. */
export const TEMPLATE_CHANNELS = ["email", "whatsapp"] as const;
export type TemplateChannel = (typeof TEMPLATE_CHANNELS)[number];

/**
 * The merge fields, written `{firstName}` in a template of either language: the tokens stay these
 * English words, and each is merged in the template's language. The company's own ({mrp},
 * {unitOfSale}, {company}, {phone}) come from its facts in force (domain/company-facts.ts), and
 * {quantity} carries its unit, the sachets the buyer asked for.
 */
export const MERGE_FIELDS = [
  "firstName",
  "reference",
  "quantity",
  "buyerType",
  "product",
  "mrp",
  "unitOfSale",
  "company",
  "phone",
] as const;
export type MergeField = (typeof MERGE_FIELDS)[number];

export const TEMPLATE_NAME_MAX_LENGTH = 60;
export const TEMPLATE_SUBJECT_MAX_LENGTH = 150;
/** An e-mail reply's message. */
export const TEMPLATE_BODY_MAX_LENGTH = 2_000;
/** A WhatsApp message: short enough to read on a phone, and to travel in a wa.me link. */
export const WHATSAPP_BODY_MAX_LENGTH = 1_000;
/** The most templates the console keeps, every channel and language together. */
export const TEMPLATES_MAX = 100;

/** What an owner writes. `subject` is an e-mail's; a WhatsApp message has none (null). */
export interface TemplateInput {
  channel: TemplateChannel;
  language: Language;
  name: string;
  subject: string | null;
  body: string;
}

/** A template as stored and listed. */
export interface ReplyTemplate extends TemplateInput {
  id: string;
  /** Increases with every change; a change based on an older one is refused (409). */
  version: number;
  updatedAt: string;
  /** Who last changed it (a member's e-mail); null for the templates the console starts with. */
  updatedBy: string | null;
}

/** The console's template routes, relative to ADMIN_API_PREFIX. */
export const TEMPLATE_API_ROUTES = {
  /** GET every template (any member); POST (owner) a TemplateInput: adds one. */
  templates: "/templates",
  /** PUT (owner) a TemplateInput with `version`; DELETE (owner) ?version=. */
  template: "/templates/:id",
} as const;

/** The Templates page (owners). */
export const TEMPLATES_PAGE_PATH = "/admin/templates";

/** Which part of a template a problem is in, as the form and the API name it. */
export type TemplatePart = "name" | "subject" | "body";
const PART_WORDS: Record<TemplatePart, string> = { name: "name", subject: "subject", body: "message" };

const fieldList = MERGE_FIELDS.map((field) => `{${field}}`).join(", ");

export const templateMessages = {
  unknownField: (part: TemplatePart, token: string, suggestion?: MergeField) =>
    `The ${PART_WORDS[part]} uses {${token}}, which is not a merge field${
      suggestion ? `: did you mean {${suggestion}}?` : "."
    } The fields are ${fieldList}.`,
  strayBrace: (part: TemplatePart) =>
    `The ${PART_WORDS[part]} has a { or } that is not part of a merge field such as {firstName}.`,
  /** A buyer would read a merged text otherwise than the owner wrote it, or see blanks and boxes. */
  unreadable: (part: TemplatePart) =>
    `The ${PART_WORDS[part]} holds an invisible character or one that changes the direction of the text: remove it.`,
  nameEmpty: "Give the template a name.",
  nameTooLong: `A template's name may be at most ${TEMPLATE_NAME_MAX_LENGTH} characters.`,
  subjectEmpty: "An e-mail template needs a subject.",
  subjectTooLong: `A subject may be at most ${TEMPLATE_SUBJECT_MAX_LENGTH} characters.`,
  bodyEmpty: "Write the template's message.",
  bodyTooLong: (max: number) => `The message may be at most ${max.toLocaleString("en-IN")} characters.`,
  tooMany: `The console keeps at most ${TEMPLATES_MAX} templates: remove one first.`,
  notFound: "There is no such template: someone may have removed it.",
  conflict:
    "Someone else saved this template since you opened it. What you typed is still here; their version is shown below it. Save again to keep yours.",
  saved: "Template saved.",
  added: "Template added.",
  removed: "Template removed.",
} as const;

/** A template's problem: the part it is in and what to say. */
export interface TemplateProblem {
  part: TemplatePart;
  message: string;
}

export function bodyMaxLength(channel: TemplateChannel): number {
  return channel === "whatsapp" ? WHATSAPP_BODY_MAX_LENGTH : TEMPLATE_BODY_MAX_LENGTH;
}

/** `{name}`: any text up to the closing brace on the same line, so a misspelt field is named whole. */
const TOKEN = /\{([^{}\n]{0,40})\}/g;

/** The first problem with the merge fields of one part: an unknown field (named), or a stray brace. */
function fieldProblem(part: TemplatePart, text: string): TemplateProblem | null {
  for (const match of text.matchAll(TOKEN)) {
    const token = match[1] ?? "";
    if ((MERGE_FIELDS as readonly string[]).includes(token)) continue;
    const suggestion = MERGE_FIELDS.find(
      (field) => field.toLowerCase() === token.replace(/[\s_-]/g, "").toLowerCase(),
    );
    return { part, message: templateMessages.unknownField(part, token, suggestion) };
  }
  if (/[{}]/.test(text.replace(TOKEN, ""))) return { part, message: templateMessages.strayBrace(part) };
  return null;
}

/**
 * The template as it will be kept (text trimmed; a WhatsApp message has no subject), or the first
 * problem with it: the same check in the form and in the API, which refuses with 400 and this
 * message, naming an unknown field.
 */
export function checkTemplate(
  input: TemplateInput,
): { ok: true; template: TemplateInput } | ({ ok: false } & TemplateProblem) {
  const name = input.name.trim();
  const body = input.body.trim();
  const subject = input.channel === "email" ? (input.subject ?? "").trim() : null;
  const problem = ((): TemplateProblem | null => {
    if (!name) return { part: "name", message: templateMessages.nameEmpty };
    if (name.length > TEMPLATE_NAME_MAX_LENGTH)
      return { part: "name", message: templateMessages.nameTooLong };
    if (hasUnreadableCharacters(name)) return { part: "name", message: templateMessages.unreadable("name") };
    if (subject !== null) {
      if (!subject) return { part: "subject", message: templateMessages.subjectEmpty };
      if (subject.length > TEMPLATE_SUBJECT_MAX_LENGTH)
        return { part: "subject", message: templateMessages.subjectTooLong };
      if (hasUnreadableCharacters(subject))
        return { part: "subject", message: templateMessages.unreadable("subject") };
      const inSubject = fieldProblem("subject", subject);
      if (inSubject) return inSubject;
    }
    if (!body) return { part: "body", message: templateMessages.bodyEmpty };
    const max = bodyMaxLength(input.channel);
    if (body.length > max) return { part: "body", message: templateMessages.bodyTooLong(max) };
    if (hasUnreadableCharacters(body)) return { part: "body", message: templateMessages.unreadable("body") };
    return fieldProblem("body", body);
  })();
  if (problem) return { ok: false, ...problem };
  return { ok: true, template: { channel: input.channel, language: input.language, name, subject, body } };
}

/** What a template is merged with: the enquiry's id (for its reference) and three of its fields. */
export interface MergeEnquiry {
  id: string;
  Name: string;
  Quantity: number;
  RetailerSelfUse: BuyerType;
}

/** How a buyer type reads in a sentence of each language: "3 sachets as a retailer", «अपने इस्तेमाल के लिए». */
const BUYER_TYPE_PHRASES: Record<Language, Record<BuyerType, string>> = {
  en: { Retailer: "as a retailer", "Self Use": "for your own use" },
  hi: { Retailer: buyerTypeLabelsHi.Retailer, "Self Use": buyerTypeLabelsHi["Self Use"] },
};

const PRODUCT_NAMES: Record<Language, string> = { en: brand.productFullName, hi: brandHi.productFullName };

/** "₹1,499": whole rupees, grouped the Indian way, as a price is quoted in a message; "₹1,499.50" with paise. */
export function quotedRupees(amount: number): string {
  const whole = Number.isInteger(amount);
  return new Intl.NumberFormat("en-IN", {
    style: "currency",
    currency: "INR",
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(amount);
}

/** What the MRP is for, in a sentence of each language: "a pack of 30 sachets", «30 सैशे का पैक». */
export function unitOfSaleText(facts: CompanyFacts, language: Language): string {
  const sachets = facts.product.sachetsPerUnit;
  if (language === "hi") return sachets === 1 ? "एक सैशे" : `${sachets} सैशे का पैक`;
  return sachets === 1 ? "one sachet" : `a pack of ${sachets} sachets`;
}

/**
 * Each field's value for one enquiry, in the template's language. A name that is not a plain one
 * greets nobody by name: in English the greeting is left out, in Hindi «जी» alone addresses the
 * buyer, as it does in speech.
 */
export function mergeValues(
  enquiry: MergeEnquiry,
  language: Language,
  facts: CompanyFacts = PLACEHOLDER_FACTS,
): Record<MergeField, string> {
  return {
    firstName: greetingName(enquiry.Name, language) ?? (language === "hi" ? HINDI_HONORIFIC : ""),
    reference: enquiryReference(enquiry.id),
    quantity: quantityText(enquiry.Quantity, language),
    buyerType: BUYER_TYPE_PHRASES[language][enquiry.RetailerSelfUse],
    product: PRODUCT_NAMES[language],
    mrp: quotedRupees(facts.product.mrpPaise / 100),
    unitOfSale: unitOfSaleText(facts, language),
    company: facts.shortName[language],
    phone: displayPhone(facts.phone),
  };
}

/**
 * A template written before {quantity} carried its unit may follow it with a unit itself
 * ("{quantity} sachets", «{quantity} सैशे», or the "packs" the console once wrongly called them):
 * the quantity's own unit is then merged once (docs/decisions/040-quantities-are-sachets.md).
 */
const UNIT_AFTER_QUANTITY = new RegExp(
  `\\{quantity\\}[ \\t]*(?:${[QUANTITY_UNIT.en.other, QUANTITY_UNIT.en.one, QUANTITY_UNIT.hi.other, "packs", "pack", "पैक"].join("|")})(?![\\p{L}\\p{M}])`,
  "giu",
);

/** Marks where a field merged to nothing, so the space before it can go ("Hello ," → "Hello,"). */
const EMPTY = "\uE000";

function mergeText(text: string, values: Record<MergeField, string>): string {
  const merged = text.replace(TOKEN, (whole, token: string) => {
    if (!(MERGE_FIELDS as readonly string[]).includes(token)) return whole;
    return values[token as MergeField] || EMPTY;
  });
  return merged.replace(/[ \t]?\uE000(?=[\s,.!?।:;]|$)/g, "").replaceAll(EMPTY, "");
}

/**
 * A template merged with an enquiry: each field replaced by its value in the template's language
 * (a Hindi greeting carries «जी»; a template that already writes «{firstName} जी» gets it once, and
 * one that writes "{quantity} sachets" gets the unit once).
 * An English greeting without a name leaves out the space before it too: "Hello {firstName}," is
 * "Hello," then. Pure: the reply box, the WhatsApp button and tests use it alike.
 */
export function mergeTemplate(
  template: Pick<TemplateInput, "language" | "subject" | "body">,
  enquiry: MergeEnquiry,
  facts: CompanyFacts = PLACEHOLDER_FACTS,
): { subject: string | null; body: string } {
  const values = mergeValues(enquiry, template.language, facts);
  const honorificOnce = (text: string) =>
    template.language === "hi"
      ? text.replace(
          new RegExp(`\\{firstName\\}\\s*${HINDI_HONORIFIC}(?![\\p{L}\\p{M}])`, "gu"),
          "{firstName}",
        )
      : text;
  const once = (text: string) => honorificOnce(text).replace(UNIT_AFTER_QUANTITY, "{quantity}");
  return {
    subject: template.subject === null ? null : mergeText(once(template.subject), values),
    body: mergeText(once(template.body), values),
  };
}

/** The templates a picker offers: one channel, in the visitor's language, by name. */
export function templatesFor(
  templates: readonly ReplyTemplate[],
  channel: TemplateChannel,
  language: Language,
): ReplyTemplate[] {
  return templates
    .filter((template) => template.channel === channel && template.language === language)
    .sort((a, b) => a.name.localeCompare(b.name, language === "hi" ? "hi-IN" : "en-IN"));
}
