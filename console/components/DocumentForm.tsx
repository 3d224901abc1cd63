import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from "react";
import { GST_STATE_CODES } from "../../domain/company-facts";
import type { DocumentKind, IssuedDocument, MissingField } from "../../domain/invoice";
import { ApiError, apiPath, callApi, errorMessage } from "../api";
import {
  documentBody,
  inputFor,
  newClickKey,
  type DocumentBody,
  type TypedAddress,
  type TypedDocument,
} from "../documents";
import { DOCUMENT_API_ROUTES } from "../../domain/invoice";
import { documentKindLabels, documentLanguageLabels, documentsText } from "../documents-content";
import { DocumentTotals, type Totalled } from "./DocumentTotals";
import { ErrorNotice } from "./Notices";
import { draftsOf } from "../drafts";

const text = documentsText.form;

/** What was typed is kept in the tab: a reload, a lost connection or a refusal loses none of it. */
const drafts = draftsOf("document");

/** The form as it was left for this enquiry and kind, or `initial` when nothing was kept. */
export function keptOr(enquiryId: string, initial: TypedDocument): TypedDocument {
  try {
    const kept = JSON.parse(drafts.read(enquiryId) || "null") as TypedDocument | null;
    if (kept && kept.kind === initial.kind && typeof kept.name === "string" && kept.billing && kept.shipping)
      return kept;
  } catch {
    // Not what this form keeps: start from the enquiry.
  }
  return initial;
}

/** How long the typing rests before the totals are asked for again. */
export const PREVIEW_DELAY_MS = 400;

/** The inputs' names are the paths the rules name a refused field by (domain/gst.ts). */
const INPUTS = {
  name: "buyer.name",
  gstin: "buyer.gstin",
  quantity: "lines",
  discount: "lines.0.discountPaise",
} as const;
const addressInputs = (prefix: "buyer.address" | "buyer.shippingAddress") => ({
  line1: `${prefix}.lines`,
  line2: `${prefix}.lines.1`,
  city: `${prefix}.city`,
  stateCode: `${prefix}.stateCode`,
  pin: `${prefix}.pin`,
});
const BILLING = addressInputs("buyer.address");
const SHIPPING = addressInputs("buyer.shippingAddress");

/** The inputs in the page's order: the first refused one takes the focus. */
function inputsShown(typed: TypedDocument): string[] {
  return [
    INPUTS.name,
    ...Object.values(BILLING),
    INPUTS.gstin,
    ...(typed.shipElsewhere ? Object.values(SHIPPING) : []),
    INPUTS.quantity,
    INPUTS.discount,
  ];
}

const STATES = Object.entries(GST_STATE_CODES).sort(([, a], [, b]) => a.localeCompare(b));

type Preview =
  | { state: "waiting" }
  | { state: "ready"; draft: Totalled }
  | { state: "incomplete"; missing: MissingField[] }
  | { state: "failed"; message: string };

/**
 * Issuing a quotation, a pro-forma or a tax invoice from an enquiry: the form comes filled in from
 * the enquiry and its deal, and asks only for what is missing (the billing address, its state, a
 * shipping address only when the goods go elsewhere). The totals are the server's draft of the
 * document as typed, asked again each time the typing rests; a refusal names its fields, each
 * beside its input, and the first takes the focus. One click issues once, even when sent again.
 */
export function DocumentForm({
  enquiryId,
  initial,
  contact,
  onIssued,
  onCancel,
  previewDelayMs = PREVIEW_DELAY_MS,
}: {
  enquiryId: string;
  initial: TypedDocument;
  contact: { email: string | null; mobile: string };
  onIssued: (document: IssuedDocument) => void;
  onCancel: () => void;
  /** How long the typing rests before the totals are asked for. */
  previewDelayMs?: number;
}) {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [typed, setTyped] = useState<TypedDocument>(() => keptOr(enquiryId, initial));
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<{ fields: Record<string, string>; others: string[] } | null>(null);
  const [error, setError] = useState("");
  const [preview, setPreview] = useState<Preview>({ state: "waiting" });
  /** The click being issued, with the body it was for: sent again unchanged when its answer never came. */
  const clickKey = useRef<{ key: string; body: string } | null>(null);
  const body = useMemo(() => documentBody(typed, contact), [typed, contact]);
  const kind: DocumentKind = typed.kind;

  useEffect(() => {
    drafts.keep(enquiryId, JSON.stringify(typed));
  }, [enquiryId, typed]);

  // The totals as the server would issue them, once the typing rests.
  const bodyKey = JSON.stringify(body);
  useEffect(() => {
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      callApi<{ draft: Totalled }>(apiPath(DOCUMENT_API_ROUTES.draft, { id: enquiryId }), {
        method: "POST",
        body: JSON.parse(bodyKey) as DocumentBody,
        signal: controller.signal,
      }).then(
        (answer) => setPreview({ state: "ready", draft: answer.draft }),
        (caught: unknown) => {
          if (controller.signal.aborted) return;
          const missing = caught instanceof ApiError ? caught.answer?.missing : undefined;
          setPreview(
            caught instanceof ApiError && caught.status === 422 && Array.isArray(missing)
              ? { state: "incomplete", missing: missing as MissingField[] }
              : { state: "failed", message: errorMessage(caught) },
          );
        },
      );
    }, previewDelayMs);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [bodyKey, enquiryId, previewDelayMs]);

  // Opened, the form puts the focus where typing starts: the first input still empty.
  useEffect(() => {
    const inputs = form.current?.querySelectorAll<HTMLInputElement | HTMLSelectElement>(
      "input[type=text], select",
    );
    const empty = [...(inputs ?? [])].find((input) => !input.value);
    (empty ?? inputs?.[0])?.focus();
  }, []);

  // The first refused input takes the focus, so it can be put right at once.
  useEffect(() => {
    if (!refused) return;
    const first = inputsShown(typed).find((name) => refused.fields[name]);
    if (first) form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    // Only a new refusal moves the focus, not the typing after it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refused]);

  const change = (next: Partial<TypedDocument>) => {
    setTyped((current) => ({ ...current, ...next }));
  };
  const changeAddress = (which: "billing" | "shipping", next: Partial<TypedAddress>) => {
    setTyped((current) => ({ ...current, [which]: { ...current[which], ...next } }));
  };

  const issue = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    // A document changed since the click that got no answer is a new click.
    if (clickKey.current?.body !== bodyKey) clickKey.current = { key: newClickKey(), body: bodyKey };
    const key = clickKey.current.key;
    setBusy(true);
    setError("");
    try {
      const answer = await callApi<{ document: IssuedDocument }>(
        apiPath(DOCUMENT_API_ROUTES.enquiryDocuments, { id: enquiryId }),
        { method: "POST", body: { ...body, clickKey: key } },
      );
      clickKey.current = null;
      setRefused(null);
      drafts.keep(enquiryId, "");
      onIssued(answer.document);
    } catch (caught) {
      const missing = caught instanceof ApiError ? caught.answer?.missing : undefined;
      if (caught instanceof ApiError && caught.status === 422 && Array.isArray(missing)) {
        // Nothing was stored: the next click is a new one.
        clickKey.current = null;
        const shown = inputsShown(typed);
        const fields: Record<string, string> = {};
        const others: string[] = [];
        for (const each of missing as MissingField[]) {
          const input = inputFor(each.field, shown);
          if (input && !fields[input]) fields[input] = each.message;
          else if (!input) others.push(each.message);
        }
        setRefused({ fields, others });
        setError(text.refused);
      } else {
        if (caught instanceof ApiError && caught.status >= 400) clickKey.current = null;
        setError(errorMessage(caught));
      }
    } finally {
      setBusy(false);
    }
  };

  /** An input's refusal, and the attributes that tie it to its input. */
  const wrong = (name: string) => {
    const message = refused?.fields[name];
    return {
      invalid: message ? true : undefined,
      describedBy: message ? `${id}-${name}-error` : undefined,
      notice: message ? <ErrorNotice id={`${id}-${name}-error`} message={message} /> : null,
    };
  };

  const textInput = (
    name: string,
    label: string,
    value: string,
    onChange: (value: string) => void,
    options: {
      autoComplete?: string;
      inputMode?: "numeric" | "decimal";
      hint?: string;
      maxLength?: number;
    } = {},
  ) => {
    const state = wrong(name);
    const hintId = options.hint ? `${id}-${name}-hint` : undefined;
    const describedBy = [hintId, state.describedBy].filter(Boolean).join(" ") || undefined;
    return (
      <label className="field">
        <span>{label}</span>
        <input
          type="text"
          name={name}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          autoComplete={options.autoComplete ?? "off"}
          inputMode={options.inputMode}
          maxLength={options.maxLength ?? 120}
          spellCheck={false}
          aria-invalid={state.invalid}
          aria-describedby={describedBy}
        />
        {options.hint && <small id={hintId}>{options.hint}</small>}
        {state.notice}
      </label>
    );
  };

  const address = (which: "billing" | "shipping") => {
    const names = which === "billing" ? BILLING : SHIPPING;
    const value = typed[which];
    const set = (next: Partial<TypedAddress>) => changeAddress(which, next);
    const section = which === "billing" ? "billing" : "shipping";
    const state = wrong(names.stateCode);
    return (
      <fieldset className="address-fields">
        <legend>{which === "billing" ? text.billing : text.shipping}</legend>
        {textInput(names.line1, text.line1, value.line1, (line1) => set({ line1 }), {
          autoComplete: `section-${section} ${section} address-line1`,
        })}
        {textInput(names.line2, text.line2, value.line2, (line2) => set({ line2 }), {
          autoComplete: `section-${section} ${section} address-line2`,
        })}
        <div className="address-place">
          {textInput(names.city, text.city, value.city, (city) => set({ city }), {
            autoComplete: `section-${section} ${section} address-level2`,
            maxLength: 60,
          })}
          <label className="field">
            <span>{text.state}</span>
            <select
              name={names.stateCode}
              value={value.stateCode}
              onChange={(event) => set({ stateCode: event.target.value })}
              aria-invalid={state.invalid}
              aria-describedby={state.describedBy}
            >
              <option value="">{text.chooseState}</option>
              {STATES.map(([code, name]) => (
                <option key={code} value={code}>
                  {`${name} (${code})`}
                </option>
              ))}
            </select>
            {state.notice}
          </label>
          {textInput(names.pin, text.pin, value.pin, (pin) => set({ pin }), {
            autoComplete: `section-${section} ${section} postal-code`,
            inputMode: "numeric",
            maxLength: 7,
          })}
        </div>
      </fieldset>
    );
  };

  return (
    <form
      ref={form}
      className="stack document-form"
      onSubmit={issue}
      noValidate
      aria-labelledby={`${id}-heading`}
    >
      <h3 id={`${id}-heading`}>{documentKindLabels[kind]}</h3>
      <p className="hint">{text.prefilled}</p>
      {textInput(INPUTS.name, text.name, typed.name, (name) => change({ name }), { autoComplete: "off" })}
      {address("billing")}
      {textInput(INPUTS.gstin, text.gstin, typed.gstin, (gstin) => change({ gstin }), {
        hint: text.gstinHint,
        maxLength: 20,
      })}
      <label className="field inline">
        <input
          type="checkbox"
          name="shipElsewhere"
          checked={typed.shipElsewhere}
          onChange={(event) => change({ shipElsewhere: event.target.checked })}
        />
        <span>{text.shipElsewhere}</span>
      </label>
      {typed.shipElsewhere && address("shipping")}
      <div className="document-line">
        {textInput(INPUTS.quantity, text.quantity, typed.quantity, (quantity) => change({ quantity }), {
          inputMode: "numeric",
          maxLength: 7,
        })}
        {textInput(INPUTS.discount, text.discount, typed.discount ?? "", (discount) => change({ discount }), {
          inputMode: "decimal",
          maxLength: 12,
          hint: text.discountHint,
        })}
        <label className="field">
          <span>{text.language}</span>
          <select
            name="language"
            value={typed.language}
            onChange={(event) => change({ language: event.target.value === "hi" ? "hi" : "en" })}
            aria-describedby={`${id}-language-hint`}
          >
            {(["en", "hi"] as const).map((language) => (
              <option key={language} value={language}>
                {documentLanguageLabels[language]}
              </option>
            ))}
          </select>
          <small id={`${id}-language-hint`}>{text.languageHint}</small>
        </label>
      </div>
      <DraftPreview preview={preview} />
      {refused && refused.others.length > 0 && (
        <ul className="notice error refused-others" role="alert">
          {refused.others.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
      <ErrorNotice message={error} />
      <div className="inline-actions">
        <button type="submit" className="button primary" disabled={busy}>
          {busy ? text.issuing : `${text.issue} ${documentKindLabels[kind].toLowerCase()}`}
        </button>
        <button
          type="button"
          className="button quiet"
          onClick={() => {
            drafts.keep(enquiryId, "");
            onCancel();
          }}
          disabled={busy}
        >
          {text.cancel}
        </button>
      </div>
    </form>
  );
}

/** The totals of the document as typed, or how far it is from having them. */
export function DraftPreview({ preview }: { preview: Preview }) {
  const id = useId();
  const text = documentsText.preview;
  return (
    <section className="draft-preview" aria-labelledby={`${id}-heading`} aria-live="polite">
      <h4 id={`${id}-heading`}>{text.heading}</h4>
      {preview.state === "waiting" && <p className="muted">{text.waiting}</p>}
      {preview.state === "incomplete" && <p className="muted">{text.incomplete(preview.missing.length)}</p>}
      {preview.state === "failed" && <p className="muted">{preview.message}</p>}
      {preview.state === "ready" && <DocumentTotals document={preview.draft} />}
    </section>
  );
}
