import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import type { IssuedDocument, MissingField } from "../../domain/invoice";
import { ApiError, apiPath, callApi, errorMessage } from "../api";
import { newClickKey, type DocumentBody } from "../documents";
import { creditNoteLine } from "../../domain/gst";
import { DOCUMENT_API_ROUTES } from "../../domain/invoice";
import { creditNoteText as text } from "../documents-content";
import { ErrorNotice } from "./Notices";

/**
 * A credit note for goods returned, from the invoice's row: how many sachets came back and why.
 * The note is the invoice's buyer, language and price, with its discount in proportion, for the
 * quantity returned (domain/gst.ts: creditNoteLine); the rules
 * refuse more than was invoiced, and notes that together would credit more than the invoice's
 * value, naming what can still be credited.
 */
export function CreditNoteForm({
  enquiryId,
  invoice,
  onIssued,
  onCancel,
}: {
  enquiryId: string;
  invoice: IssuedDocument;
  onIssued: (document: IssuedDocument) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const invoiced = invoice.lines.reduce((sum, line) => sum + line.quantity, 0);
  const [quantity, setQuantity] = useState("");
  const [reason, setReason] = useState("");
  const [error, setError] = useState<{ field: "quantity" | "reason" | null; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const clickKey = useRef<string | null>(null);
  const form = useRef<HTMLFormElement>(null);

  // Opened from the invoice's row: the quantity returned is asked first.
  useEffect(() => {
    form.current?.querySelector<HTMLInputElement>('[name="quantity"]')?.focus();
  }, []);

  const refuse = (field: "quantity" | "reason" | null, message: string) => {
    setError({ field, message });
    if (field) form.current?.querySelector<HTMLElement>(`[name="${field}"]`)?.focus();
  };

  const issue = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const returned = /^\d+$/.test(quantity.trim()) ? Number(quantity.trim()) : 0;
    if (returned < 1 || returned > invoiced) return refuse("quantity", text.quantityInvalid(invoiced));
    if (!reason.trim()) return refuse("reason", text.reasonRequired);
    const body: DocumentBody = {
      kind: "credit-note",
      language: invoice.language,
      buyer: invoice.buyer,
      lines: [creditNoteLine(invoice, returned)],
      againstId: invoice.id,
      reason: reason.trim(),
    };
    clickKey.current ??= newClickKey();
    setBusy(true);
    setError(null);
    try {
      const answer = await callApi<{ document: IssuedDocument }>(
        apiPath(DOCUMENT_API_ROUTES.enquiryDocuments, { id: enquiryId }),
        { method: "POST", body: { ...body, clickKey: clickKey.current } },
      );
      clickKey.current = null;
      onIssued(answer.document);
    } catch (caught) {
      if (caught instanceof ApiError && caught.status >= 400) clickKey.current = null;
      const missing = (caught instanceof ApiError ? caught.answer?.missing : undefined) as
        MissingField[] | undefined;
      const first = Array.isArray(missing) ? missing[0] : undefined;
      // Past what the invoice can still be credited: said beside the sachets, which is what changes it.
      const overCredit = caught instanceof ApiError && typeof caught.answer?.creditablePaise === "number";
      if (overCredit) refuse("quantity", errorMessage(caught));
      else if (first) {
        const field = /reason/.test(first.field)
          ? "reason"
          : /quantity|lines/.test(first.field)
            ? "quantity"
            : null;
        refuse(field, first.message);
      } else refuse(null, errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  const invalid = (field: "quantity" | "reason") => (error?.field === field ? true : undefined);
  const described = (field: "quantity" | "reason") => (error?.field === field ? `${id}-error` : undefined);
  return (
    <form
      ref={form}
      className="stack credit-note-form"
      onSubmit={issue}
      noValidate
      aria-labelledby={`${id}-heading`}
    >
      <h3 id={`${id}-heading`}>{text.heading(invoice.number)}</h3>
      <label className="field">
        <span>{text.quantity}</span>
        <input
          type="text"
          name="quantity"
          inputMode="numeric"
          value={quantity}
          onChange={(event) => {
            clickKey.current = null;
            setQuantity(event.target.value);
          }}
          autoComplete="off"
          maxLength={7}
          aria-invalid={invalid("quantity")}
          aria-describedby={described("quantity")}
        />
        {error?.field === "quantity" && <ErrorNotice id={`${id}-error`} message={error.message} />}
      </label>
      <label className="field">
        <span>{text.reason}</span>
        <input
          type="text"
          name="reason"
          value={reason}
          onChange={(event) => {
            clickKey.current = null;
            setReason(event.target.value);
          }}
          autoComplete="off"
          maxLength={200}
          aria-invalid={invalid("reason")}
          aria-describedby={described("reason")}
        />
        {error?.field === "reason" && <ErrorNotice id={`${id}-error`} message={error.message} />}
      </label>
      {error && !error.field && <ErrorNotice id={`${id}-error`} message={error.message} />}
      <div className="inline-actions">
        <button type="submit" className="button primary" disabled={busy}>
          {busy ? text.issuing : text.issue}
        </button>
        <button type="button" className="button quiet" onClick={onCancel} disabled={busy}>
          {text.cancel}
        </button>
      </div>
    </form>
  );
}
