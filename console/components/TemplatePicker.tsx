import { useEffect, useId, useState } from "react";
import type { Language } from "../../domain/contract";
import {
  mergeTemplate,
  TEMPLATE_API_ROUTES,
  templatesFor,
  type MergeEnquiry,
  type ReplyTemplate,
  type TemplateChannel,
} from "../../domain/templates";
import type { CompanyFacts } from "../../domain/company-facts";
import { apiPath, callApi, errorMessage } from "../api";
import { languageLabels, templatesText } from "../content";
import { useStaff } from "../session";

/** The templates and the company's facts they merge with, as the templates' route lists them. */
export interface LoadedTemplates {
  items: ReplyTemplate[];
  facts: CompanyFacts;
}

/** The templates as last loaded, shared by every picker on the page; dropped when an owner changes one. */
let loaded: Promise<LoadedTemplates> | null = null;

export function loadTemplates(): Promise<LoadedTemplates> {
  loaded ??= callApi<LoadedTemplates>(apiPath(TEMPLATE_API_ROUTES.templates)).then(
    (answer) => answer,
    (error: unknown) => {
      loaded = null;
      throw error;
    },
  );
  return loaded;
}

/** The next picker loads the templates afresh (the Templates page changed them). */
export function forgetLoadedTemplates(): void {
  loaded = null;
}

/**
 * The templates of one channel in the visitor's language, by name: null while they load, and the
 * reason they could not be.
 */
export function useTemplates(
  channel: TemplateChannel,
  language: Language,
  quantity: number | null,
): { templates: ReplyTemplate[] | null; facts: CompanyFacts | null; error: string } {
  const [all, setAll] = useState<LoadedTemplates | null>(null);
  const [error, setError] = useState("");
  useEffect(() => {
    let current = true;
    loadTemplates().then(
      (items) => current && setAll(items),
      (caught: unknown) => current && setError(`${templatesText.loadFailed} ${errorMessage(caught)}`),
    );
    return () => {
      current = false;
    };
  }, []);
  const templates = all && templatesFor(all.items, channel, language, { quantity, facts: all.facts });
  return { templates, facts: all?.facts ?? null, error };
}

/** A merged template: what the reply box or the chat starts with. */
export interface MergedTemplate {
  subject: string | null;
  body: string;
}

/**
 * "Start from a template": the templates of `channel` in the enquiry's language; choosing one
 * hands the caller the template merged with the enquiry (domain/templates.ts: mergeTemplate), to
 * fill the reply box's subject and message. The choice then goes back to the prompt, so the same
 * template can be chosen again after editing.
 */
export function TemplatePicker({
  channel,
  enquiry,
  onPick,
  disabled = false,
}: {
  channel: TemplateChannel;
  enquiry: MergeEnquiry & { language: Language };
  onPick: (merged: MergedTemplate, template: ReplyTemplate) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const staff = useStaff();
  const { templates, facts, error } = useTemplates(channel, enquiry.language, enquiry.Quantity);
  if (error) return <p className="notice error">{error}</p>;
  if (templates && templates.length === 0) {
    return <p className="hint">{templatesText.noneInLanguage(languageLabels[enquiry.language])}</p>;
  }
  return (
    <label className="field" htmlFor={id}>
      <span>{templatesText.picker}</span>
      <select
        id={id}
        value=""
        disabled={disabled || templates === null}
        onChange={(event) => {
          const template = templates?.find((each) => each.id === event.target.value);
          if (template && facts) onPick(mergeTemplate(template, enquiry, facts, staff), template);
        }}
      >
        <option value="">{templatesText.pickerNone}</option>
        {templates?.map((template) => (
          <option key={template.id} value={template.id} lang={template.language === "hi" ? "hi" : undefined}>
            {template.name}
          </option>
        ))}
      </select>
    </label>
  );
}
