import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import {
  DOCUMENT_API_ROUTES,
  PAYMENT_METHODS,
  PAYMENT_METHOD_WORDS,
  type IssuedDocument,
  type PaymentMethod,
  type RecordedPayment,
} from "../../domain/invoice";
import { istDate } from "../../domain/working-hours";
import { ApiError, apiPath, callApi, errorMessage } from "../api";
import { newClickKey, paise, paiseOf, typedRupees } from "../documents";
import { paymentText as text } from "../documents-content";
import { ErrorNotice } from "./Notices";

type PaymentField = "amountPaise" | "method" | "reference" | "receivedOn";

/**
 * Recording money received against a tax invoice: the amount (the balance to begin with), how it
 * was paid, its reference (a UPI payment's 12-digit reference, a transfer's UTR) and the day it
 * came (today to begin with). A refusal (more than is owed, a reference that is not one) names
 * its field; one click records once, even when sent again.
 */
export function PaymentForm({
  invoice,
  balancePaise,
  onRecorded,
  onCancel,
}: {
  invoice: IssuedDocument;
  balancePaise: number;
  onRecorded: (answer: { payment: RecordedPayment; balancePaise: number }) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [amount, setAmount] = useState(typedRupees(balancePaise));
  const [method, setMethod] = useState<PaymentMethod>("upi");
  const [reference, setReference] = useState("");
  const [receivedOn, setReceivedOn] = useState(() => istDate(new Date()));
  const [error, setError] = useState<{ field: PaymentField | null; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const clickKey = useRef<string | null>(null);
  const amountInput = useRef<HTMLInputElement>(null);
  const form = useRef<HTMLFormElement>(null);

  // Opened from the invoice's row: the amount, the one thing usually checked, has the focus.
  useEffect(() => {
    amountInput.current?.focus();
  }, []);

  const edited = () => {
    clickKey.current = null;
  };

  const record = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const amountPaise = paiseOf(amount);
    if (amountPaise === null || amountPaise === 0) {
      setError({ field: "amountPaise", message: text.amountInvalid });
      amountInput.current?.focus();
      return;
    }
    clickKey.current ??= newClickKey();
    setBusy(true);
    setError(null);
    try {
      const answer = await callApi<{ payment: RecordedPayment; balancePaise: number }>(
        apiPath(DOCUMENT_API_ROUTES.payments, { id: invoice.id }),
        {
          method: "POST",
          body: {
            amountPaise,
            method,
            reference: reference.trim() || null,
            receivedOn,
            clickKey: clickKey.current,
          },
        },
      );
      clickKey.current = null;
      onRecorded(answer);
    } catch (caught) {
      if (caught instanceof ApiError && caught.status >= 400) clickKey.current = null;
      const missing = caught instanceof ApiError ? caught.answer?.missing : undefined;
      const named = Array.isArray(missing)
        ? (missing[0] as { field?: unknown } | undefined)?.field
        : undefined;
      // More than is owed comes back with the balance: it is the amount to put right.
      const overBalance = caught instanceof ApiError && typeof caught.answer?.balancePaise === "number";
      const field = overBalance ? "amountPaise" : fieldOf(typeof named === "string" ? named : null);
      const message =
        Array.isArray(missing) && missing.length > 0
          ? String((missing[0] as { message?: unknown }).message ?? errorMessage(caught))
          : errorMessage(caught);
      setError({ field, message });
      if (field) form.current?.querySelector<HTMLElement>(`[name="${field}"]`)?.focus();
    } finally {
      setBusy(false);
    }
  };

  const described = (field: PaymentField, hint?: string) =>
    [hint, error?.field === field ? `${id}-error` : undefined].filter(Boolean).join(" ") || undefined;
  const notice = (field: PaymentField) =>
    error?.field === field ? <ErrorNotice id={`${id}-error`} message={error.message} /> : null;

  return (
    <form
      ref={form}
      className="stack payment-form"
      onSubmit={record}
      noValidate
      aria-labelledby={`${id}-heading`}
    >
      <h3 id={`${id}-heading`}>{text.heading(invoice.number)}</h3>
      <label className="field">
        <span>{text.amount}</span>
        <input
          ref={amountInput}
          type="text"
          name="amountPaise"
          inputMode="decimal"
          value={amount}
          onChange={(event) => {
            edited();
            setAmount(event.target.value);
          }}
          autoComplete="off"
          maxLength={16}
          aria-invalid={error?.field === "amountPaise" ? true : undefined}
          aria-describedby={described("amountPaise", `${id}-amount-hint`)}
        />
        <small id={`${id}-amount-hint`}>{text.amountHint(paise(balancePaise))}</small>
        {notice("amountPaise")}
      </label>
      <label className="field">
        <span>{text.method}</span>
        <select
          name="method"
          value={method}
          onChange={(event) => {
            edited();
            setMethod(event.target.value as PaymentMethod);
          }}
          aria-invalid={error?.field === "method" ? true : undefined}
          aria-describedby={described("method")}
        >
          {PAYMENT_METHODS.map((each) => (
            <option key={each} value={each}>
              {PAYMENT_METHOD_WORDS[each].label}
            </option>
          ))}
        </select>
        {notice("method")}
      </label>
      <label className="field">
        <span>{text.reference}</span>
        <input
          type="text"
          name="reference"
          value={reference}
          inputMode={method === "upi" ? "numeric" : undefined}
          onChange={(event) => {
            edited();
            setReference(event.target.value);
          }}
          autoComplete="off"
          spellCheck={false}
          maxLength={40}
          aria-invalid={error?.field === "reference" ? true : undefined}
          aria-describedby={described("reference", `${id}-reference-hint`)}
        />
        <small id={`${id}-reference-hint`}>{text.referenceHint[method]}</small>
        {notice("reference")}
      </label>
      <label className="field">
        <span>{text.receivedOn}</span>
        <input
          type="date"
          name="receivedOn"
          value={receivedOn}
          max={istDate(new Date())}
          onChange={(event) => {
            edited();
            setReceivedOn(event.target.value);
          }}
          aria-invalid={error?.field === "receivedOn" ? true : undefined}
          aria-describedby={described("receivedOn")}
        />
        {notice("receivedOn")}
      </label>
      {error && !error.field && <ErrorNotice id={`${id}-error`} message={error.message} />}
      <div className="inline-actions">
        <button type="submit" className="button primary" disabled={busy}>
          {busy ? text.saving : text.save}
        </button>
        <button type="button" className="button quiet" onClick={onCancel} disabled={busy}>
          {text.cancel}
        </button>
      </div>
    </form>
  );
}

const PAYMENT_FIELDS: readonly PaymentField[] = ["amountPaise", "method", "reference", "receivedOn"];

/** The form's input a refusal names ("amountPaise", "payment.reference"…), or null. */
function fieldOf(named: string | null): PaymentField | null {
  if (!named) return null;
  return PAYMENT_FIELDS.find((field) => named === field || named.endsWith(`.${field}`)) ?? null;
}
