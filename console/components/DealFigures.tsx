import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import type { HistoryEntry } from "../../domain/console";
import {
  checkDeal,
  DEAL_API_ROUTES,
  DEAL_FIELDS,
  dealMessages,
  dealSummary,
  formatRupees,
  hasFigures,
  isLostReason,
  LOST_REASON_KEYS,
  LOST_REASONS,
  type DealField,
  type EnquiryDeal,
  type LostReason,
} from "../../domain/deal";
import type { BuyerType } from "../../domain/enquiry";
import { ApiError, apiPath, callApi, errorMessage } from "../api";
import { dealText } from "../content";
import { useFlash } from "../session";
import { ErrorNotice } from "./Notices";

/** What the deal's route answers: the figures saved, and the enquiry's history with their line. */
export interface DealAnswer {
  deal: EnquiryDeal;
  history: HistoryEntry[];
}

type Typed = Record<DealField, string>;

/** The figures as the form shows them: rupees with India's grouping, the rest as stored. */
function typedOf(deal: EnquiryDeal): Typed {
  return {
    quantity: deal.quantity === null ? "" : String(deal.quantity),
    value: deal.valueRupees === null ? "" : deal.valueRupees.toLocaleString("en-IN"),
    city: deal.city ?? "",
    pinCode: deal.pinCode ?? "",
    gstin: deal.gstin ?? "",
  };
}

/** The field's label, and how a phone's keyboard should open for it. */
const FIELDS: Record<
  DealField,
  { label: string; hint?: string; inputMode?: "numeric"; autoComplete?: string }
> = {
  quantity: { label: dealText.quantity, inputMode: "numeric" },
  value: { label: dealText.value, hint: dealText.valueHint, inputMode: "numeric" },
  city: { label: dealText.city, autoComplete: "address-level2" },
  pinCode: { label: dealText.pinCode, inputMode: "numeric", autoComplete: "postal-code" },
  gstin: { label: dealText.gstin, hint: dealText.gstinHint },
};

/**
 * The deal's figures on an enquiry's page: what was agreed, for how much, where to, a retailer's
 * GSTIN, and why a Declined sale was lost. The form checks with the API's own rules before it
 * sends; a refusal names its field, and a save based on figures someone changed meanwhile shows
 * theirs and keeps what was typed, to check and save again.
 */
export function DealFigures({
  enquiryId,
  deal,
  buyerType,
  lostReason,
  onSaved,
}: {
  enquiryId: string;
  deal: EnquiryDeal;
  /** Null: not given (an enquiry started on WhatsApp). */
  buyerType: BuyerType | null;
  lostReason: LostReason | null;
  onSaved: (answer: DealAnswer) => void;
}) {
  const flash = useFlash();
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [typed, setTyped] = useState<Typed>(() => typedOf(deal));
  const [version, setVersion] = useState(deal.version);
  const [error, setError] = useState<{ field: DealField | null; message: string } | null>(null);
  const [theirs, setTheirs] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const showGstin = buyerType === "Retailer" || deal.gstin !== null;

  // The field that was refused takes the focus, so it can be put right at once.
  useEffect(() => {
    if (error?.field) form.current?.querySelector<HTMLInputElement>(`[name="${error.field}"]`)?.focus();
  }, [error]);

  const open = () => {
    setTyped(typedOf(deal));
    setVersion(deal.version);
    setError(null);
    setTheirs(null);
    setEditing(true);
  };

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkDeal(typed);
    if (!checked.ok) {
      setError({ field: checked.field, message: checked.error });
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await callApi<DealAnswer & { outcome: "changed" | "unchanged" }>(
        apiPath(DEAL_API_ROUTES.deal, { id: enquiryId }),
        { method: "PUT", body: { version, ...typed } },
      );
      setTheirs(null);
      setEditing(false);
      onSaved(answer);
      flash(answer.outcome === "unchanged" ? dealMessages.unchanged : dealMessages.saved);
    } catch (caught) {
      const answer = caught instanceof ApiError ? caught.answer : undefined;
      if (caught instanceof ApiError && caught.status === 409 && answer?.deal) {
        // Someone saved first: their figures are shown, what was typed stays, and the next save is based on theirs.
        const current = answer.deal as EnquiryDeal;
        setVersion(current.version);
        setTheirs(dealText.theirFigures(dealSummary(current)));
      }
      const field = typeof answer?.field === "string" ? (answer.field as DealField) : null;
      setError({
        field: DEAL_FIELDS.includes(field as DealField) ? field : null,
        message: errorMessage(caught),
      });
    } finally {
      setBusy(false);
    }
  };

  const shown = (value: string | null) => value ?? dealText.notRecorded;
  return (
    <section className="card deal" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{dealText.heading}</h2>
      {!editing && (
        <>
          {hasFigures(deal) || lostReason ? (
            <dl className="fields">
              <dt>{dealText.quantity}</dt>
              <dd>{shown(deal.quantity === null ? null : deal.quantity.toLocaleString("en-IN"))}</dd>
              <dt>{dealText.valueShown}</dt>
              <dd className="deal-value">
                {shown(deal.valueRupees === null ? null : formatRupees(deal.valueRupees))}
              </dd>
              <dt>{dealText.city}</dt>
              <dd>{shown(deal.city)}</dd>
              <dt>{dealText.pinCode}</dt>
              <dd>{shown(deal.pinCode)}</dd>
              {showGstin && (
                <>
                  <dt>{dealText.gstin}</dt>
                  <dd className="gstin">{shown(deal.gstin)}</dd>
                </>
              )}
              {lostReason && (
                <>
                  <dt>{dealText.lostBecause}</dt>
                  <dd>{LOST_REASONS[lostReason]}</dd>
                </>
              )}
            </dl>
          ) : (
            <p className="empty">{dealText.none}</p>
          )}
          <p className="deal-actions">
            <button type="button" className="button quiet" onClick={open}>
              {hasFigures(deal) ? dealText.edit : dealText.record}
            </button>
          </p>
        </>
      )}
      {editing && (
        <form ref={form} className="stack deal-form" onSubmit={save} noValidate>
          {DEAL_FIELDS.filter((field) => field !== "gstin" || showGstin).map((field) => {
            const { label, hint, inputMode, autoComplete } = FIELDS[field];
            const wrong = error?.field === field;
            const describedBy = [hint ? `${id}-${field}-hint` : null, wrong ? `${id}-error` : null]
              .filter(Boolean)
              .join(" ");
            return (
              <label key={field} className="field">
                <span>{label}</span>
                <input
                  type="text"
                  name={field}
                  value={typed[field]}
                  onChange={(event) => setTyped((current) => ({ ...current, [field]: event.target.value }))}
                  inputMode={inputMode}
                  autoComplete={autoComplete ?? "off"}
                  autoCapitalize={field === "gstin" ? "characters" : undefined}
                  spellCheck={false}
                  maxLength={field === "city" ? 80 : 40}
                  aria-invalid={wrong ? true : undefined}
                  aria-describedby={describedBy || undefined}
                />
                {hint && <small id={`${id}-${field}-hint`}>{hint}</small>}
                {wrong && <ErrorNotice id={`${id}-error`} message={error.message} />}
              </label>
            );
          })}
          <small className="deal-clear-hint">{dealText.clearHint}</small>
          {theirs && <p className="notice">{theirs}</p>}
          {error && !error.field && <ErrorNotice id={`${id}-error`} message={error.message} />}
          <div className="inline-actions">
            <button type="submit" className="button primary" disabled={busy}>
              {dealText.save}
            </button>
            <button type="button" className="button quiet" onClick={() => setEditing(false)} disabled={busy}>
              {dealText.cancel}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

/**
 * The status form's question when a sale is lost: shown while Declined is chosen, with the reason
 * recorded so far chosen to begin with. The form sends it as `lostReason`.
 */
export function LostReasonField({
  value,
  onChange,
}: {
  value: LostReason | "";
  onChange: (reason: LostReason | "") => void;
}) {
  return (
    <label className="field">
      <span>{dealText.lostReason}</span>
      <select
        name="lostReason"
        value={value}
        onChange={(event) => onChange(isLostReason(event.target.value) ? event.target.value : "")}
      >
        <option value="" disabled>
          {dealText.lostReasonChoose}
        </option>
        {LOST_REASON_KEYS.map((reason) => (
          <option key={reason} value={reason}>
            {LOST_REASONS[reason]}
          </option>
        ))}
      </select>
    </label>
  );
}
