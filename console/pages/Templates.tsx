import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from "react";
import type { Language } from "../../domain/contract";
import type { CompanyFacts } from "../../domain/company-facts";
import {
  bodyMaxLength,
  checkTemplate,
  DOCUMENT_MERGE_FIELDS,
  fieldsFor,
  MERGE_FIELDS,
  mergeDocumentText,
  mergeFieldsIn,
  mergeTemplate,
  TEMPLATE_API_ROUTES,
  TEMPLATE_CHANNELS,
  TEMPLATE_NAME_MAX_LENGTH,
  TEMPLATE_PURPOSES,
  TEMPLATE_SUBJECT_MAX_LENGTH,
  templateMessages,
  purposeOf,
  type ReplyTemplate,
  type TemplateChannel,
  type TemplateInput,
  type TemplateField,
  type TemplatePart,
  WHATSAPP_TEMPLATE_LANGUAGES,
  type WhatsAppTemplateLanguage,
} from "../../domain/templates";
import { ApiError, apiPath, callApi, errorMessage } from "../api";
import { formatFullTime, languageLabels, navLabels, pageTitle, templatesText } from "../content";
import { useFlash } from "../session";
import { ErrorNotice, Loading } from "../components/Notices";
import { forgetLoadedTemplates, type LoadedTemplates } from "../components/TemplatePicker";

const TITLE = navLabels.templates;
const LANGUAGES: readonly Language[] = ["en", "hi"];

/** The enquiry a template's preview is merged with: a doctor buying as a retailer greets as "Dr. Mehta". */
const EXAMPLE = {
  id: "3f2a9c1e-0b7d-4e21-9a55-1c2d3e4f5a6b",
  Name: "Dr. Anil Mehta",
  Quantity: 24,
  RetailerSelfUse: "Retailer" as const,
};

/** The invoice a document's template's preview is merged with. */
const EXAMPLE_DOCUMENT = {
  buyerName: "Meera Stores",
  documentNumber: "SH/2627/T0001",
  amount: "₹10,710.00",
  paymentLink: "https://collarise.in/pay/…",
} as const;

/** The member whose signature the preview shows. */
const EXAMPLE_SENDER = "Asha";

const blank = (channel: TemplateChannel, language: Language): TemplateInput => ({
  channel,
  language,
  name: "",
  subject: channel === "email" ? "" : null,
  body: "",
});

/** The text controls a field can be inserted into. */
type TextPart = "subject" | "body";

/**
 * One template being written: a new one, or one changed from `original` (with the version the
 * owner saw). Checked as the server checks it, merged with an example enquiry as it is typed, and
 * never lost: a refusal or a conflict keeps what was typed, showing the other owner's version.
 */
function TemplateForm({
  original,
  startWith,
  facts,
  onSaved,
  onCancel,
}: {
  original: ReplyTemplate | null;
  startWith: TemplateInput;
  /** The company's facts in force, which the preview merges. */
  facts: CompanyFacts | null;
  onSaved: (template: ReplyTemplate, message: string) => void;
  onCancel: () => void;
}) {
  const ids = useId();
  const [draft, setDraft] = useState<TemplateInput>(startWith);
  const [version, setVersion] = useState(original?.version ?? 0);
  const [problem, setProblem] = useState<{ part: TemplatePart | null; message: string } | null>(null);
  const [theirs, setTheirs] = useState<ReplyTemplate | null>(null);
  const [busy, setBusy] = useState(false);
  const nameControl = useRef<HTMLInputElement>(null);
  const subjectControl = useRef<HTMLInputElement>(null);
  const bodyControl = useRef<HTMLTextAreaElement>(null);
  const approvedNameControl = useRef<HTMLInputElement>(null);
  const approvedLanguageControl = useRef<HTMLSelectElement>(null);
  const lastText = useRef<TextPart>("body");
  /** The control of a part, for the handlers (never read while rendering). */
  const controlOf = (part: TemplatePart) => {
    switch (part) {
      case "name":
        return nameControl.current;
      case "subject":
        return subjectControl.current;
      case "whatsappName":
        return approvedNameControl.current;
      case "whatsappLanguage":
        return approvedLanguageControl.current;
      default:
        return bodyControl.current;
    }
  };

  const change = (next: Partial<TemplateInput>) => {
    // A refusal about the part being changed has been seen to; a conflict stays until saved.
    const approvalPart = problem?.part?.startsWith("whatsapp") && "whatsappTemplate" in next;
    if ((problem?.part && problem.part in next) || approvalPart) setProblem(null);
    setDraft((current) => {
      const merged = { ...current, ...next };
      // A WhatsApp message has no subject; an e-mail reply keeps what was typed, and no approval.
      if (merged.channel === "whatsapp") return { ...merged, subject: null };
      // An e-mail template is a reply.
      return { ...merged, subject: merged.subject ?? "", whatsappTemplate: null, purpose: undefined };
    });
  };
  const approval = draft.whatsappTemplate ?? null;
  /** The approval's parameters are the message's fields, in the order they appear. */
  const purpose = purposeOf(draft);
  const parameters = mergeFieldsIn(draft.body, purpose);
  const changeApproval = (next: { name?: string; language?: WhatsAppTemplateLanguage }) =>
    change({ whatsappTemplate: { name: "", language: "en", parameters: [], ...approval, ...next } });

  /** Puts `{field}` where the caret is in the subject or message last typed in. */
  const insert = (field: TemplateField) => {
    const part: TextPart = draft.channel === "email" ? lastText.current : "body";
    const control = part === "subject" ? subjectControl.current : bodyControl.current;
    const token = `{${field}}`;
    const text = (part === "subject" ? draft.subject : draft.body) ?? "";
    const start = control?.selectionStart ?? text.length;
    const end = control?.selectionEnd ?? text.length;
    change({ [part]: `${text.slice(0, start)}${token}${text.slice(end)}` });
    requestAnimationFrame(() => {
      control?.focus();
      control?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkTemplate(
      approval
        ? { ...draft, whatsappTemplate: { ...approval, parameters } }
        : { ...draft, whatsappTemplate: null },
    );
    if (!checked.ok) {
      setProblem({ part: checked.part, message: checked.message });
      controlOf(checked.part)?.focus();
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const answer = original
        ? await callApi<{ template: ReplyTemplate }>(
            apiPath(TEMPLATE_API_ROUTES.template, { id: original.id }),
            {
              method: "PUT",
              body: { ...checked.template, version },
            },
          )
        : await callApi<{ template: ReplyTemplate }>(apiPath(TEMPLATE_API_ROUTES.templates), {
            method: "POST",
            body: checked.template,
          });
      onSaved(answer.template, original ? templateMessages.saved : templateMessages.added);
    } catch (caught) {
      const answer = caught instanceof ApiError ? caught.answer : undefined;
      const field = answer?.field;
      const parts: readonly TemplatePart[] = [
        "name",
        "subject",
        "body",
        "whatsappName",
        "whatsappLanguage",
        "whatsappParameters",
      ];
      const part = parts.find((known) => known === field) ?? null;
      setProblem({ part, message: errorMessage(caught) });
      if (caught instanceof ApiError && caught.status === 409 && answer?.template) {
        // Saving again overwrites theirs knowingly: the form now holds their version's number.
        const current = answer.template as ReplyTemplate;
        setTheirs(current);
        setVersion(current.version);
      }
      if (part) controlOf(part)?.focus();
    } finally {
      setBusy(false);
    }
  };

  const preview =
    purpose === "reply"
      ? mergeTemplate(draft, EXAMPLE, facts ?? undefined, { displayName: EXAMPLE_SENDER })
      : { subject: null, body: mergeDocumentText(draft.body, EXAMPLE_DOCUMENT) };
  const invalid = (part: TemplatePart) => (problem?.part === part ? true : undefined);
  const described = (part: TemplatePart) => (problem?.part === part ? `${ids}-problem` : undefined);
  const heading = original ? `${templatesText.edit}: ${original.name}` : templatesText.add;
  return (
    <form className="card stack template-form" onSubmit={save} noValidate aria-labelledby={`${ids}-heading`}>
      <h3 id={`${ids}-heading`}>{heading}</h3>
      <label className="field">
        <span>{templatesText.name}</span>
        <input
          ref={nameControl}
          value={draft.name}
          maxLength={TEMPLATE_NAME_MAX_LENGTH}
          onChange={(event) => change({ name: event.target.value })}
          aria-invalid={invalid("name")}
          aria-describedby={described("name")}
        />
      </label>
      <fieldset className="choice">
        <legend>{templatesText.channel}</legend>
        {TEMPLATE_CHANNELS.map((channel) => (
          <label key={channel} className="field inline">
            <input
              type="radio"
              name={`${ids}-channel`}
              checked={draft.channel === channel}
              onChange={() => change({ channel })}
            />
            {templatesText.channelOne[channel]}
          </label>
        ))}
      </fieldset>
      {/* A document's template is a WhatsApp one; what it is for is chosen when it is added. */}
      {!original && draft.channel === "whatsapp" && (
        <fieldset className="choice">
          <legend>{templatesText.purpose}</legend>
          {TEMPLATE_PURPOSES.map((each) => (
            <label key={each} className="field inline">
              <input
                type="radio"
                name={`${ids}-purpose`}
                checked={purpose === each}
                onChange={() => change({ purpose: each === "reply" ? undefined : each })}
              />
              {templatesText.purposeChoice[each]}
            </label>
          ))}
        </fieldset>
      )}
      <fieldset className="choice">
        <legend>{templatesText.language}</legend>
        {LANGUAGES.map((language) => (
          <label key={language} className="field inline">
            <input
              type="radio"
              name={`${ids}-language`}
              checked={draft.language === language}
              onChange={() => change({ language })}
            />
            {languageLabels[language]}
          </label>
        ))}
      </fieldset>
      {draft.channel === "email" && (
        <label className="field">
          <span>{templatesText.subject}</span>
          <input
            ref={subjectControl}
            value={draft.subject ?? ""}
            lang={draft.language}
            maxLength={TEMPLATE_SUBJECT_MAX_LENGTH}
            onFocus={() => (lastText.current = "subject")}
            onChange={(event) => change({ subject: event.target.value })}
            aria-invalid={invalid("subject")}
            aria-describedby={described("subject")}
          />
        </label>
      )}
      <label className="field">
        <span>{templatesText.body}</span>
        <textarea
          ref={bodyControl}
          value={draft.body}
          lang={draft.language}
          rows={draft.channel === "email" ? 10 : 5}
          maxLength={bodyMaxLength(draft.channel)}
          onFocus={() => (lastText.current = "body")}
          onChange={(event) => change({ body: event.target.value })}
          aria-invalid={invalid("body")}
          aria-describedby={described("body")}
        />
      </label>
      <div className="insert-fields" role="group" aria-label={templatesText.insert}>
        <span aria-hidden="true">{templatesText.insert}:</span>
        {fieldsFor(purpose).map((field) => (
          <button
            key={field}
            type="button"
            className="button quiet small"
            aria-label={templatesText.insertLabel(field)}
            onClick={() => insert(field)}
          >
            {`{${field}}`}
          </button>
        ))}
      </div>
      {draft.channel === "whatsapp" && (
        <fieldset className="approval stack">
          <legend>{templatesText.approvedHeading}</legend>
          <label className="field inline">
            <input
              type="checkbox"
              checked={approval !== null}
              onChange={(event) =>
                change({
                  whatsappTemplate: event.target.checked
                    ? { name: "", language: draft.language === "hi" ? "hi" : "en", parameters }
                    : null,
                })
              }
            />
            {templatesText.approvedToggle}
          </label>
          {approval && (
            <>
              <label className="field">
                <span>{templatesText.approvedName}</span>
                <input
                  ref={approvedNameControl}
                  value={approval.name}
                  lang="en"
                  inputMode="text"
                  autoCapitalize="none"
                  autoCorrect="off"
                  spellCheck={false}
                  maxLength={512}
                  onChange={(event) => changeApproval({ name: event.target.value })}
                  aria-invalid={invalid("whatsappName")}
                  aria-describedby={[`${ids}-approved-name-hint`, described("whatsappName")]
                    .filter(Boolean)
                    .join(" ")}
                />
              </label>
              <p id={`${ids}-approved-name-hint`} className="hint approval-hint">
                {templatesText.approvedNameHint}
              </p>
              <label className="field">
                <span>{templatesText.approvedLanguage}</span>
                <select
                  ref={approvedLanguageControl}
                  value={approval.language}
                  onChange={(event) =>
                    changeApproval({ language: event.target.value as WhatsAppTemplateLanguage })
                  }
                  aria-invalid={invalid("whatsappLanguage")}
                  aria-describedby={described("whatsappLanguage")}
                >
                  {WHATSAPP_TEMPLATE_LANGUAGES.map((code) => (
                    <option key={code} value={code}>
                      {templatesText.approvedLanguages[code]}
                    </option>
                  ))}
                </select>
              </label>
              <div className="approval-parameters" aria-describedby={described("whatsappParameters")}>
                <h4 id={`${ids}-parameters`}>{templatesText.approvedParameters}</h4>
                <p className="hint">{templatesText.approvedParametersHint}</p>
                {parameters.length === 0 ? (
                  <p>{templatesText.approvedNoParameters}</p>
                ) : (
                  <ol aria-labelledby={`${ids}-parameters`}>
                    {parameters.map((field, index) => (
                      <li key={`${field}-${index}`}>
                        <code>{templatesText.approvedParameter(index + 1, field)}</code>
                      </li>
                    ))}
                  </ol>
                )}
              </div>
            </>
          )}
        </fieldset>
      )}
      <div className="template-preview" aria-live="polite">
        <h4>{templatesText.preview}</h4>
        <p className="hint">
          {purpose === "reply" ? templatesText.previewNote : templatesText.previewDocumentNote}
        </p>
        <div lang={draft.language}>
          {preview.subject !== null && <p className="preview-subject">{preview.subject}</p>}
          <p className="preview-body">{preview.body}</p>
        </div>
      </div>
      {problem && (
        <p id={`${ids}-problem`} className="notice error" role="alert">
          {problem.message}
        </p>
      )}
      {theirs && (
        <div className="theirs">
          <p>{templatesText.theirs}</p>
          <div lang={theirs.language}>
            <p className="preview-title">{theirs.name}</p>
            {theirs.subject !== null && <p className="preview-subject">{theirs.subject}</p>}
            <p className="preview-body">{theirs.body}</p>
          </div>
        </div>
      )}
      <div className="actions">
        <button type="submit" className="button primary" disabled={busy}>
          {templatesText.save}
        </button>
        <button type="button" className="button quiet" onClick={onCancel}>
          {templatesText.cancel}
        </button>
      </div>
    </form>
  );
}

/** One template as the list shows it: what it says, when it last changed, and its actions. */
function TemplateCard({
  template,
  onEdit,
  onRemoved,
}: {
  template: ReplyTemplate;
  onEdit: () => void;
  onRemoved: (message: string, failed?: boolean) => void;
}) {
  const [asking, setAsking] = useState(false);
  const remove = async () => {
    try {
      await callApi(
        apiPath(
          TEMPLATE_API_ROUTES.template,
          { id: template.id },
          new URLSearchParams({ version: String(template.version) }),
        ),
        { method: "DELETE" },
      );
      onRemoved(templateMessages.removed);
    } catch (caught) {
      onRemoved(errorMessage(caught), true);
    }
  };
  return (
    <li className="row template-row">
      <span className="row-main">
        <span className="template-name" lang={template.language}>
          {template.name}
        </span>{" "}
        <span className="role">{languageLabels[template.language]}</span>
      </span>
      <div className="template-text" lang={template.language}>
        {template.subject !== null && <p className="preview-subject">{template.subject}</p>}
        <p className="preview-body">{template.body}</p>
      </div>
      {purposeOf(template) !== "reply" && (
        <span className="row-meta">{templatesText.purposes[purposeOf(template)]}</span>
      )}
      {template.whatsappTemplate && (
        <span className="row-meta approved">
          {templatesText.approvedAs(template.whatsappTemplate.name, template.whatsappTemplate.language)}
        </span>
      )}
      <span className="row-meta">
        {template.updatedBy === null && template.version === 1
          ? templatesText.firstTemplates
          : templatesText.lastChanged(formatFullTime(template.updatedAt), template.updatedBy)}
      </span>
      {asking ? (
        <span className="confirm" role="group" aria-label={templatesText.confirmRemove(template.name)}>
          <span>{templatesText.confirmRemove(template.name)}</span>
          <button type="button" className="button danger" onClick={() => void remove()}>
            {templatesText.confirmYes}
          </button>
          <button type="button" className="button quiet" onClick={() => setAsking(false)}>
            {templatesText.cancel}
          </button>
        </span>
      ) : (
        <span className="actions">
          <button
            type="button"
            className="button quiet"
            aria-label={templatesText.editLabel(template.name)}
            onClick={onEdit}
          >
            {templatesText.edit}
          </button>
          <button
            type="button"
            className="button quiet"
            aria-label={templatesText.removeLabel(template.name)}
            onClick={() => setAsking(true)}
          >
            {templatesText.remove}
          </button>
        </span>
      )}
    </li>
  );
}

/** What is open for writing: nothing, a new template (of a kind), or one of the list. */
type Editing = { kind: "none" } | { kind: "new"; channel: TemplateChannel } | { kind: "edit"; id: string };

function TemplateList() {
  const flash = useFlash();
  const [items, setItems] = useState<ReplyTemplate[] | null>(null);
  const [facts, setFacts] = useState<CompanyFacts | null>(null);
  const [loadError, setLoadError] = useState("");
  const [editing, setEditing] = useState<Editing>({ kind: "none" });
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);

  const load = useCallback((signal?: AbortSignal) => {
    forgetLoadedTemplates();
    return callApi<LoadedTemplates>(apiPath(TEMPLATE_API_ROUTES.templates), { signal }).then(
      (answer) => {
        setItems(answer.items);
        setFacts(answer.facts);
        setLoadError("");
      },
      (caught: unknown) => {
        if (!signal?.aborted) setLoadError(errorMessage(caught));
      },
    );
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const saved = async (text: string) => {
    setEditing({ kind: "none" });
    setMessage(null);
    flash(text);
    await load();
  };

  if (loadError && !items) return <ErrorNotice message={loadError} />;
  if (!items) return <Loading />;
  return (
    <>
      <div aria-live="polite" role="status">
        {message && <p className={message.error ? "notice error" : "notice"}>{message.text}</p>}
      </div>
      {TEMPLATE_CHANNELS.map((channel) => {
        const ofChannel = items
          .filter((template) => template.channel === channel)
          .sort(
            (a, b) =>
              LANGUAGES.indexOf(a.language) - LANGUAGES.indexOf(b.language) ||
              a.name.localeCompare(b.name, "en-IN"),
          );
        return (
          <section key={channel} className="template-section" aria-labelledby={`templates-${channel}`}>
            <div className="section-head">
              <h2 id={`templates-${channel}`}>{templatesText.channels[channel]}</h2>
              <button
                type="button"
                className="button quiet"
                onClick={() => setEditing({ kind: "new", channel })}
                aria-label={`${templatesText.add}: ${templatesText.channelOne[channel]}`}
              >
                {templatesText.add}
              </button>
            </div>
            {editing.kind === "new" && editing.channel === channel && (
              <TemplateForm
                original={null}
                startWith={blank(channel, "en")}
                facts={facts}
                onSaved={(_template, text) => void saved(text)}
                onCancel={() => setEditing({ kind: "none" })}
              />
            )}
            {ofChannel.length === 0 && <p className="empty">{templatesText.none}</p>}
            <ul className="rows template-rows">
              {ofChannel.map((template) =>
                editing.kind === "edit" && editing.id === template.id ? (
                  <li key={template.id} className="template-editing">
                    <TemplateForm
                      original={template}
                      startWith={template}
                      facts={facts}
                      onSaved={(_saved, text) => void saved(text)}
                      onCancel={() => setEditing({ kind: "none" })}
                    />
                  </li>
                ) : (
                  <TemplateCard
                    key={template.id}
                    template={template}
                    onEdit={() => setEditing({ kind: "edit", id: template.id })}
                    onRemoved={(text, failed) => {
                      setMessage({ text, error: failed === true });
                      void load();
                    }}
                  />
                ),
              )}
            </ul>
          </section>
        );
      })}
    </>
  );
}

function MergeFields() {
  return (
    <details className="card merge-fields">
      <summary>{templatesText.fieldsHeading}</summary>
      <dl>
        {[...MERGE_FIELDS, ...DOCUMENT_MERGE_FIELDS].map((field) => (
          <div key={field}>
            <dt>
              <code>{`{${field}}`}</code>
            </dt>
            <dd>{templatesText.fields[field]}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

export function Component() {
  useEffect(() => {
    document.title = pageTitle(TITLE);
  }, []);
  return (
    <>
      <h1>{TITLE}</h1>
      <p>{templatesText.intro}</p>
      <MergeFields />
      <TemplateList />
    </>
  );
}
