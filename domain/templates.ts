import { rupees } from "./money";
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
import { z } from "zod";

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
  "senderName",
] as const;
export type MergeField = (typeof MERGE_FIELDS)[number];

/**
 * What a template is for: a reply the members pick on an enquiry, or the WhatsApp message that
 * carries a tax invoice or pro-forma, or a payment reminder, to the buyer outside the 24-hour
 * window (docs/whatsapp.md, "Invoices and payment reminders"). Absent: a reply.
 */
export const TEMPLATE_PURPOSES = ["reply", "invoice", "payment-reminder"] as const;
export type TemplatePurpose = (typeof TEMPLATE_PURPOSES)[number];

/**
 * A document's template's merge fields, merged from the document when it is sent: the buyer's
 * name on it, its number, what it asks for now (a reminder: the balance) and its payment page.
 */
export const DOCUMENT_MERGE_FIELDS = ["buyerName", "documentNumber", "amount", "paymentLink"] as const;
export type DocumentMergeField = (typeof DOCUMENT_MERGE_FIELDS)[number];
export type TemplateField = MergeField | DocumentMergeField;

/** A template's purpose, a reply when it has none. */
export function purposeOf(template: { purpose?: TemplatePurpose | undefined }): TemplatePurpose {
  return template.purpose ?? "reply";
}

/**
 * A stored purpose as the template carries it: none for a reply, stored as "reply" or, on every
 * template from before purposes, not at all.
 */
export function storedPurpose(stored: unknown): { purpose?: TemplatePurpose } {
  return typeof stored === "string" && stored !== "reply" ? { purpose: stored as TemplatePurpose } : {};
}

/** The merge fields a template of this purpose may use. */
export function fieldsFor(purpose: TemplatePurpose): readonly TemplateField[] {
  return purpose === "reply" ? MERGE_FIELDS : DOCUMENT_MERGE_FIELDS;
}

export const TEMPLATE_NAME_MAX_LENGTH = 60;
export const TEMPLATE_SUBJECT_MAX_LENGTH = 150;
/** An e-mail reply's message. */
export const TEMPLATE_BODY_MAX_LENGTH = 2_000;
/** A WhatsApp message: short enough to read on a phone, and to travel in a wa.me link. */
export const WHATSAPP_BODY_MAX_LENGTH = 1_000;
/** The most templates the console keeps, every channel and language together. */
export const TEMPLATES_MAX = 100;

/**
 * The language codes of WhatsApp Manager a template may be approved in, of the two languages the
 * site uses: English (plain, US or UK, as the company chose when it submitted the template) and
 * Hindi.
 */
export const WHATSAPP_TEMPLATE_LANGUAGES = ["en", "en_US", "en_GB", "hi"] as const;
export type WhatsAppTemplateLanguage = (typeof WHATSAPP_TEMPLATE_LANGUAGES)[number];

/** The most body parameters ({{1}}, {{2}}…) an approved template carries here. */
export const WHATSAPP_TEMPLATE_PARAMETERS_MAX = 10;

/**
 * A WhatsApp template as Meta approved it in WhatsApp Manager (docs/whatsapp.md, "Approved
 * templates"): its name, its language code, and its body's parameters in order, {{1}} first,
 * each one of the merge fields. Sent outside the 24-hour window.
 */
export interface WhatsAppApproval {
  name: string;
  language: WhatsAppTemplateLanguage;
  parameters: TemplateField[];
}

/**
 * What an owner writes. `subject` is an e-mail's; a WhatsApp message has none (null).
 * `whatsappTemplate`: a WhatsApp template's approval in WhatsApp Manager; absent or null: none.
 */
export interface TemplateInput {
  channel: TemplateChannel;
  language: Language;
  name: string;
  subject: string | null;
  body: string;
  whatsappTemplate?: WhatsAppApproval | null;
  /** What it is for; absent: a reply. Set when it is added, never changed afterwards. */
  purpose?: TemplatePurpose;
}

/** A template as stored and listed. */
export interface ReplyTemplate extends TemplateInput {
  whatsappTemplate: WhatsAppApproval | null;
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
export type TemplatePart =
  "name" | "subject" | "body" | "whatsappName" | "whatsappLanguage" | "whatsappParameters";
const PART_WORDS: Record<"name" | "subject" | "body", string> = {
  name: "name",
  subject: "subject",
  body: "message",
};

const fieldList = (fields: readonly string[] = MERGE_FIELDS) =>
  fields.map((field) => `{${field}}`).join(", ");

export const templateMessages = {
  unknownField: (
    part: keyof typeof PART_WORDS,
    token: string,
    suggestion?: TemplateField,
    fields: readonly TemplateField[] = MERGE_FIELDS,
  ) =>
    `The ${PART_WORDS[part]} uses {${token}}, which is not a merge field${
      suggestion ? `: did you mean {${suggestion}}?` : "."
    } The fields are ${fieldList(fields)}.`,
  strayBrace: (part: keyof typeof PART_WORDS) =>
    `The ${PART_WORDS[part]} has a { or } that is not part of a merge field such as {firstName}.`,
  /** A buyer would read a merged text otherwise than the owner wrote it, or see blanks and boxes. */
  unreadable: (part: keyof typeof PART_WORDS) =>
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
  whatsappOnly: "Only a WhatsApp template can carry a name approved in WhatsApp Manager.",
  whatsappNameEmpty: "Copy the template's name from WhatsApp Manager, e.g. order_followup.",
  whatsappNameFormat:
    "WhatsApp Manager's template name is lower-case letters, digits and underscores only (e.g. order_followup): copy it exactly as it is shown there.",
  whatsappNameTooLong: "WhatsApp Manager's template name may be at most 512 characters.",
  whatsappLanguage: `Choose the template's language as WhatsApp Manager shows it: ${WHATSAPP_TEMPLATE_LANGUAGES.join(", ")}.`,
  whatsappParameterUnknown: (token: string) =>
    `The parameter {${token}} is not a merge field. The fields are ${fieldList([...MERGE_FIELDS, ...DOCUMENT_MERGE_FIELDS])}.`,
  documentOnWhatsApp: "A template for an invoice or a payment reminder is a WhatsApp template.",
  whatsappParametersTooMany: `An approved template here carries at most ${WHATSAPP_TEMPLATE_PARAMETERS_MAX} parameters.`,
  whatsappParametersOrder: (fields: readonly string[]) =>
    `The approved template's parameters must be the message's merge fields in the order they appear (${
      fields.length ? fields.map((field) => `{${field}}`).join(", ") : "none"
    }): {{1}} in WhatsApp Manager is the first of them, {{2}} the second, and so on.`,
  saved: "Template saved.",
  added: "Template added.",
  removed: "Template removed.",
} as const;

/** A template's problem: the part it is in and what to say. */
export interface TemplateProblem {
  part: TemplatePart;
  message: string;
}

/**
 * An approval as sent: its shape, with a message for each way it can be wrong (the same check in
 * the Templates page and the API; checkTemplate runs it).
 */
export const whatsappApprovalSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, templateMessages.whatsappNameEmpty)
    .max(512, templateMessages.whatsappNameTooLong)
    .regex(/^[a-z0-9_]+$/, templateMessages.whatsappNameFormat),
  language: z.enum(WHATSAPP_TEMPLATE_LANGUAGES, { error: templateMessages.whatsappLanguage }),
  parameters: z
    .array(
      z
        .string()
        .refine((token) => [...MERGE_FIELDS, ...DOCUMENT_MERGE_FIELDS].some((field) => field === token), {
          error: (issue) => templateMessages.whatsappParameterUnknown(String(issue.input)),
        }),
    )
    .max(WHATSAPP_TEMPLATE_PARAMETERS_MAX, templateMessages.whatsappParametersTooMany),
});

const APPROVAL_PARTS: Record<string, TemplatePart> = {
  name: "whatsappName",
  language: "whatsappLanguage",
  parameters: "whatsappParameters",
};

/** The merge fields of a text, in the order they appear (a field used twice, twice). */
export function mergeFieldsIn(text: string, purpose: TemplatePurpose = "reply"): TemplateField[] {
  const fields = fieldsFor(purpose);
  return [...text.matchAll(TOKEN)]
    .map((match) => match[1] ?? "")
    .filter((token): token is TemplateField => (fields as readonly string[]).includes(token));
}

/** The approval as it will be kept, or its first problem (whatsappApprovalSchema, then the body's fields). */
function checkApproval(
  input: unknown,
  body: string,
  purpose: TemplatePurpose,
): { ok: true; approval: WhatsAppApproval } | ({ ok: false } & TemplateProblem) {
  const parsed = whatsappApprovalSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return {
      ok: false,
      part: APPROVAL_PARTS[String(issue.path[0])] ?? "whatsappName",
      message: issue.message,
    };
  }
  const approval = { ...parsed.data, parameters: parsed.data.parameters as TemplateField[] };
  const fields = mergeFieldsIn(body, purpose);
  if (
    fields.length !== approval.parameters.length ||
    fields.some((field, i) => approval.parameters[i] !== field)
  )
    return {
      ok: false,
      part: "whatsappParameters",
      message: templateMessages.whatsappParametersOrder(fields),
    };
  return { ok: true, approval };
}

export function bodyMaxLength(channel: TemplateChannel): number {
  return channel === "whatsapp" ? WHATSAPP_BODY_MAX_LENGTH : TEMPLATE_BODY_MAX_LENGTH;
}

/** `{name}`: any text up to the closing brace on the same line, so a misspelt field is named whole. */
const TOKEN = /\{([^{}\n]{0,40})\}/g;

/** The first problem with the merge fields of one part: an unknown field (named), or a stray brace. */
function fieldProblem(
  part: keyof typeof PART_WORDS,
  text: string,
  fields: readonly TemplateField[] = MERGE_FIELDS,
): TemplateProblem | null {
  for (const match of text.matchAll(TOKEN)) {
    const token = match[1] ?? "";
    if ((fields as readonly string[]).includes(token)) continue;
    const suggestion = fields.find(
      (field) => field.toLowerCase() === token.replace(/[\s_-]/g, "").toLowerCase(),
    );
    return { part, message: templateMessages.unknownField(part, token, suggestion, fields) };
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
  const purpose = purposeOf(input);
  const problem = ((): TemplateProblem | null => {
    if (purpose !== "reply" && input.channel !== "whatsapp")
      return { part: "body", message: templateMessages.documentOnWhatsApp };
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
    return fieldProblem("body", body, fieldsFor(purpose));
  })();
  if (problem) return { ok: false, ...problem };
  let whatsappTemplate: WhatsAppApproval | null = null;
  if (input.whatsappTemplate) {
    if (input.channel !== "whatsapp")
      return { ok: false, part: "whatsappName", message: templateMessages.whatsappOnly };
    const approval = checkApproval(input.whatsappTemplate, body, purpose);
    if (!approval.ok) return approval;
    whatsappTemplate = approval.approval;
  }
  return {
    ok: true,
    template: {
      channel: input.channel,
      language: input.language,
      name,
      subject,
      body,
      ...(whatsappTemplate ? { whatsappTemplate } : {}),
      ...(purpose !== "reply" ? { purpose } : {}),
    },
  };
}

/** What a template is merged with: the enquiry's id (for its reference) and three of its fields. */
export interface MergeEnquiry {
  id: string;
  /** Null where not given (an enquiry started on WhatsApp): the field merges to nothing. */
  Name: string | null;
  Quantity: number | null;
  RetailerSelfUse: BuyerType | null;
}

/** How a buyer type reads in a sentence of each language: "3 sachets as a retailer", «अपने इस्तेमाल के लिए». */
const BUYER_TYPE_PHRASES: Record<Language, Record<BuyerType, string>> = {
  en: { Retailer: "as a retailer", "Self Use": "for your own use" },
  hi: { Retailer: buyerTypeLabelsHi.Retailer, "Self Use": buyerTypeLabelsHi["Self Use"] },
};

const PRODUCT_NAMES: Record<Language, string> = { en: brand.productFullName, hi: brandHi.productFullName };

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
  sender?: { displayName: string | null },
): Record<MergeField, string> {
  return {
    // The member writing, as the buyer reads their signature; none set, the line goes.
    senderName: sender?.displayName ?? "",
    firstName:
      (enquiry.Name === null ? undefined : greetingName(enquiry.Name, language)) ??
      (language === "hi" ? HINDI_HONORIFIC : ""),
    reference: enquiryReference(enquiry.id),
    // Not given (an enquiry started on WhatsApp): nothing, so a WhatsApp template needing it is not offered.
    quantity: enquiry.Quantity === null ? "" : quantityText(enquiry.Quantity, language),
    buyerType: enquiry.RetailerSelfUse === null ? "" : BUYER_TYPE_PHRASES[language][enquiry.RetailerSelfUse],
    product: PRODUCT_NAMES[language],
    mrp: rupees(facts.product.mrpPaise / 100),
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
  return merged
    .replace(/^[ \t]*\uE000[ \t]*(?:\r?\n|$)/gm, "")
    .replace(/[ \t]?\uE000(?=[\s,.!?।:;]|$)/g, "")
    .replaceAll(EMPTY, "");
}

/**
 * A template merged with an enquiry: each field replaced by its value in the template's language
 * (a Hindi greeting carries «जी»; a template that already writes «{firstName} जी» gets it once, and
 * one that writes "{quantity} sachets" gets the unit once).
 * An English greeting without a name leaves out the space before it too: "Hello {firstName}," is
 * "Hello," then. {senderName} is the member writing (their display name); a line holding it
 * alone goes when they have none. Pure: the reply box, the WhatsApp button and tests use it alike.
 */
export function mergeTemplate(
  template: Pick<TemplateInput, "language" | "subject" | "body">,
  enquiry: MergeEnquiry,
  facts: CompanyFacts = PLACEHOLDER_FACTS,
  sender?: { displayName: string | null },
): { subject: string | null; body: string } {
  const values = mergeValues(enquiry, template.language, facts, sender);
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

/**
 * The words by which a template promises a better price than the MRP, in either language: the
 * trade price the company offers from its minimum order (`trade.minimumOrderSachets`).
 */
const BETTER_PRICE = /better price|trade price|बेहतर (?:कीमत|क़ीमत)|ट्रेड (?:कीमत|क़ीमत)/i;

/** Whether a template promises a better price than the MRP ("we can offer you a better price"). */
export function promisesBetterPrice(template: Pick<TemplateInput, "subject" | "body">): boolean {
  return BETTER_PRICE.test(`${template.subject ?? ""}\n${template.body}`);
}

/**
 * The templates a picker offers: one channel, in the visitor's language, by name. Given the
 * enquiry's quantity and the company's facts, a template that promises a better price is offered
 * only for a quantity at or above the minimum order for a trade price.
 */
export function templatesFor(
  templates: readonly ReplyTemplate[],
  channel: TemplateChannel,
  language: Language,
  /** A quantity not given (an enquiry started on WhatsApp) is not known to reach the trade's minimum. */
  forEnquiry?: { quantity: number | null; facts: CompanyFacts },
): ReplyTemplate[] {
  return templates
    .filter(
      (template) =>
        template.channel === channel && template.language === language && purposeOf(template) === "reply",
    )
    .filter(
      (template) =>
        !forEnquiry ||
        (forEnquiry.quantity !== null && forEnquiry.quantity >= forEnquiry.facts.trade.minimumOrderSachets) ||
        !promisesBetterPrice(template),
    )
    .sort((a, b) => a.name.localeCompare(b.name, language === "hi" ? "hi-IN" : "en-IN"));
}

/**
 * An approved WhatsApp template merged for one enquiry: what the Graph API is sent (Meta's name,
 * language code and the body's parameters, each merge field's value in the template's language)
 * and the text the buyer reads, shown in the conversation. A parameter with no value for this
 * enquiry (an English greeting without a plain name) cannot be sent: Meta refuses an empty one.
 */
export function approvedTemplateMessage(
  template: Pick<ReplyTemplate, "language" | "subject" | "body" | "whatsappTemplate">,
  enquiry: MergeEnquiry,
  facts: CompanyFacts = PLACEHOLDER_FACTS,
  sender?: { displayName: string | null },
):
  | { ok: true; name: string; language: WhatsAppTemplateLanguage; parameters: string[]; text: string }
  | { ok: false; missing: TemplateField | null } {
  const approval = template.whatsappTemplate;
  if (!approval) return { ok: false, missing: null };
  const values: Partial<Record<TemplateField, string>> = mergeValues(
    enquiry,
    template.language,
    facts,
    sender,
  );
  const missing = approval.parameters.find((field) => !(values[field] ?? "").trim());
  if (missing) return { ok: false, missing };
  return {
    ok: true,
    name: approval.name,
    language: approval.language,
    parameters: approval.parameters.map((field) => values[field] ?? ""),
    text: mergeTemplate(template, enquiry, facts, sender).body,
  };
}

/** A document's template merged for one document: what the Graph API is sent and the text the conversation keeps. */
export function documentTemplateMessage(
  template: Pick<ReplyTemplate, "body" | "whatsappTemplate">,
  values: Readonly<Record<DocumentMergeField, string>>,
): { name: string; language: WhatsAppTemplateLanguage; parameters: string[]; text: string } | null {
  const approval = template.whatsappTemplate;
  if (!approval) return null;
  const valueOf = (field: TemplateField) => (values as Partial<Record<TemplateField, string>>)[field] ?? "";
  return {
    name: approval.name,
    language: approval.language,
    parameters: approval.parameters.map(valueOf),
    text: mergeDocumentText(template.body, values),
  };
}

/** A document's template's text with the document's values in place of its fields. */
export function mergeDocumentText(
  body: string,
  values: Readonly<Record<DocumentMergeField, string>>,
): string {
  return body.replace(TOKEN, (whole, token: string) =>
    (DOCUMENT_MERGE_FIELDS as readonly string[]).includes(token)
      ? values[token as DocumentMergeField]
      : whole,
  );
}

/** What a document's template is called where a message names it: "an invoice", "a payment reminder". */
const PURPOSE_WORDS: Record<Exclude<TemplatePurpose, "reply">, string> = {
  invoice: "an invoice",
  "payment-reminder": "a payment reminder",
};
const LANGUAGE_WORDS: Record<Language, string> = { en: "English", hi: "Hindi" };

export const documentTemplateMessages = {
  none: (purpose: Exclude<TemplatePurpose, "reply">, language: Language) =>
    `The buyer's 24-hour WhatsApp window is closed, and there is no WhatsApp template for ${PURPOSE_WORDS[purpose]} in ${LANGUAGE_WORDS[language]}: an owner adds one on the Templates page and has WhatsApp Manager approve it.`,
  notApproved: (purpose: Exclude<TemplatePurpose, "reply">, language: Language, name: string) =>
    `The buyer's 24-hour WhatsApp window is closed, and the WhatsApp template for ${PURPOSE_WORDS[purpose]} in ${LANGUAGE_WORDS[language]} («${name}») is not approved yet: once WhatsApp Manager approves it, an owner records its approved name on the Templates page.`,
} as const;

/**
 * The template a document goes by on WhatsApp outside the 24-hour window: the approved WhatsApp
 * template for its purpose in the buyer's language (the first approved, by name, when an owner
 * keeps several), or what is missing, in words a member can act on.
 */
export function documentTemplateFor(
  templates: readonly ReplyTemplate[],
  purpose: Exclude<TemplatePurpose, "reply">,
  language: Language,
): { ok: true; template: ReplyTemplate } | { ok: false; error: string } {
  const kept = templates
    .filter(
      (template) =>
        template.channel === "whatsapp" && template.language === language && purposeOf(template) === purpose,
    )
    .sort((a, b) => a.name.localeCompare(b.name, "en-IN"));
  const approved = kept.find((template) => template.whatsappTemplate);
  if (approved) return { ok: true, template: approved };
  const first = kept[0];
  return {
    ok: false,
    error: first
      ? documentTemplateMessages.notApproved(purpose, language, first.name)
      : documentTemplateMessages.none(purpose, language),
  };
}
