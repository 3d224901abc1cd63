/**
 * WhatsApp on one enquiry as the console's API answers it (docs/whatsapp.md, "The enquiry's
 * WhatsApp state"), and an approved template made ready to send: the store's reads, then the rules
 * of server/lifecycle/whatsapp.ts and the merge of domain/templates.ts. Nothing is decided here.
 */
import type { CompanyFacts } from "../../domain/company-facts";
import type { Language } from "../../domain/contract";
import {
  approvedTemplateMessage,
  purposeOf,
  type MergeEnquiry,
  type ReplyTemplate,
  type WhatsAppTemplateLanguage,
} from "../../domain/templates";
import {
  whatsappSendMessages,
  type EnquiryWhatsApp,
  type WhatsAppTemplateOffer,
} from "../../domain/whatsapp";
import { whatsappStateOf, type WhatsAppSendFacts } from "../lifecycle/whatsapp";
import type { StoredEnquiry } from "../store/store";
import type { TemplateStore } from "../store/templates";

/** What a template is merged with on an enquiry: its fields, the company's facts, the member writing. */
export interface TemplateMergeContext {
  enquiry: MergeEnquiry;
  /** The enquiry's language: its templates are offered first. */
  language: Language;
  facts: CompanyFacts;
  sender: { displayName: string | null };
}

/** The merge context of a stored enquiry, for the member signed in. */
export function mergeContextOf(
  stored: StoredEnquiry,
  facts: CompanyFacts,
  member: { displayName: string | null },
): TemplateMergeContext {
  return {
    enquiry: {
      id: stored.id,
      Name: stored.enquiry.Name,
      Quantity: stored.enquiry.Quantity,
      RetailerSelfUse: stored.enquiry.RetailerSelfUse,
    },
    language: stored.language,
    facts,
    sender: { displayName: member.displayName },
  };
}

/**
 * The approved WhatsApp templates that can be sent on this enquiry, merged for it: a template
 * with a parameter this enquiry has no value for is left out (Meta refuses an empty one). The
 * enquiry's language first, then by title.
 */
export function templateOffers(
  templates: readonly ReplyTemplate[],
  context: TemplateMergeContext,
): WhatsAppTemplateOffer[] {
  const offers: (WhatsAppTemplateOffer & { own: boolean })[] = [];
  for (const template of templates) {
    // A document's template is sent with its document (docs/whatsapp.md), never picked on its own.
    if (template.channel !== "whatsapp" || !template.whatsappTemplate || purposeOf(template) !== "reply")
      continue;
    const merged = approvedTemplateMessage(template, context.enquiry, context.facts, context.sender);
    if (!merged.ok) continue;
    offers.push({
      id: template.id,
      title: template.name,
      metaName: merged.name,
      language: merged.language,
      preview: merged.text,
      own: template.language === context.language,
    });
  }
  return offers
    .sort((a, b) => Number(b.own) - Number(a.own) || a.title.localeCompare(b.title, "en-IN"))
    .map(({ own: _own, ...offer }) => offer);
}

/** The enquiry's WhatsApp state: not set up, or the rules over the buyer's messages now. */
export async function enquiryWhatsApp(
  stores: {
    work: { whatsappFacts(enquiryId: string): Promise<WhatsAppSendFacts | null> };
    templates: TemplateStore;
  },
  input: { configured: boolean; enquiryId: string; context: TemplateMergeContext; now: Date },
): Promise<EnquiryWhatsApp> {
  if (!input.configured) return whatsappStateOf(null, [], input.now);
  const [facts, templates] = await Promise.all([
    stores.work.whatsappFacts(input.enquiryId),
    stores.templates.list(),
  ]);
  // An enquiry erased meanwhile is answered as one nothing may be sent on.
  const known = facts ?? { lastBuyerMessageAt: null, consentAt: null, optOut: null };
  return whatsappStateOf(known, templateOffers(templates, input.context), input.now);
}

/**
 * The template a member chose, merged for the enquiry at the time of the click: what the Graph
 * API is sent and the text the conversation keeps; or why it cannot be (409's message).
 */
export function templateToSend(
  templates: readonly ReplyTemplate[],
  templateId: string,
  context: TemplateMergeContext,
):
  | {
      ok: true;
      text: string;
      template: { name: string; language: WhatsAppTemplateLanguage; bodyParameters: string[] };
    }
  | { ok: false; error: string } {
  const template = templates.find((candidate) => candidate.id === templateId);
  if (!template || template.channel !== "whatsapp" || purposeOf(template) !== "reply")
    return { ok: false, error: whatsappSendMessages.noTemplate };
  if (!template.whatsappTemplate) return { ok: false, error: whatsappSendMessages.notApproved };
  const merged = approvedTemplateMessage(template, context.enquiry, context.facts, context.sender);
  if (!merged.ok)
    return {
      ok: false,
      error: merged.missing
        ? whatsappSendMessages.parameterMissing(merged.missing)
        : whatsappSendMessages.notApproved,
    };
  return {
    ok: true,
    text: merged.text,
    template: { name: merged.name, language: merged.language, bodyParameters: merged.parameters },
  };
}
