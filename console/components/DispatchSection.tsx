import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import type { HistoryEntry } from "../../domain/console";
import { formatRupees } from "../../domain/deal";
import {
  bestBeforeText,
  COD_CHANNEL_LABELS,
  COD_CHANNELS,
  COMMON_COURIERS,
  DISPATCH_API_ROUTES,
  DISPATCH_FIELDS,
  DISPATCH_STEP_LABELS,
  dispatchMessages,
  dispatchRefusal,
  EWAY_BILL_THRESHOLD_RUPEES,
  mayDispatch,
  needsEwayBill,
  nextDispatchSteps,
  PAYMENT_TERMS,
  PAYMENT_TERMS_LABELS,
  type DispatchField,
  type DispatchInput,
  type DispatchStep,
  type EnquiryDispatch,
} from "../../domain/dispatch";
import type { EnquiryStatus } from "../../domain/status";
import { ApiError, apiPath, callApi, errorMessage } from "../api";
import { dispatchText, formatShortTime } from "../content";
import { useFlash } from "../session";
import { ErrorNotice } from "./Notices";

/** What the dispatch route answers: the dispatch, and the enquiry's status and history after the step. */
interface DispatchAnswer {
  dispatch: EnquiryDispatch;
  status: EnquiryStatus;
  version: number;
  history: HistoryEntry[];
}

const OTHER = "other";

/** Today's IST day, as a date field wants it. */
function istToday(): string {
  return new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
}

/**
 * The order's steps on an enquiry's page, from Confirmed on (domain/dispatch.ts): what was
 * recorded so far, and a short form for the next step (packed; dispatched with courier, tracking,
 * the e-way bill only when the order's value needs one, and a cash on delivery's confirmation;
 * then delivered or returned to origin). The server decides; a refusal names its field, which
 * takes the focus.
 */
export function DispatchSection({
  enquiryId,
  status,
  dispatch,
  valueRupees,
  onChanged,
}: {
  enquiryId: string;
  status: EnquiryStatus;
  dispatch: EnquiryDispatch;
  valueRupees: number | null;
  /** A step was recorded, here or (a conflict) by someone else: the page reads the enquiry again. */
  onChanged: () => void;
}) {
  const flash = useFlash();
  const id = useId();
  const [error, setError] = useState<{ field: DispatchField | null; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [courier, setCourier] = useState<string>(COMMON_COURIERS[0]);
  const [payment, setPayment] = useState<string>("prepaid");
  const section = useRef<HTMLElement>(null);

  useEffect(() => {
    if (error?.field) {
      section.current?.querySelector<HTMLInputElement>(`[name="${error.field}"]`)?.focus();
    }
  }, [error]);

  if (!mayDispatch(status) && dispatch.step === null) return null;
  const next = nextDispatchSteps(status, dispatch.step);
  const again = dispatch.step === "returned";

  const send = async (event: FormEvent<HTMLFormElement>, step: DispatchStep) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const body: Record<string, unknown> = { version: dispatch.version, step };
    for (const [key, value] of data.entries()) body[key] = String(value);
    if (step === "dispatched" && body.courier === OTHER) body.courier = body.courierOther ?? "";
    delete body.courierOther;
    const refusal = dispatchRefusal(body as unknown as DispatchInput, {
      status,
      step: dispatch.step,
      valueRupees,
      at: new Date(),
    });
    if (refusal) {
      setError({ field: refusal.field, message: refusal.error });
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await callApi<DispatchAnswer>(apiPath(DISPATCH_API_ROUTES.dispatch, { id: enquiryId }), {
        method: "POST",
        body,
      });
      onChanged();
      flash(
        answer.dispatch.step
          ? `${dispatchMessages.saved} ${DISPATCH_STEP_LABELS[answer.dispatch.step]}.`
          : dispatchMessages.saved,
      );
    } catch (caught) {
      const answer = caught instanceof ApiError ? caught.answer : undefined;
      const field = typeof answer?.field === "string" ? (answer.field as DispatchField) : null;
      setError({
        field: field && DISPATCH_FIELDS.includes(field) ? field : null,
        message: errorMessage(caught),
      });
      // Someone recorded a step first: the page shows it, and the next step is based on it.
      if (caught instanceof ApiError && caught.status === 409) onChanged();
    } finally {
      setBusy(false);
    }
  };

  /** A field of a step's form, its refusal said beside it and read out with it. */
  const field = (
    name: DispatchField | "courierOther",
    label: string,
    input: (props: { name: string; "aria-invalid"?: true; "aria-describedby"?: string }) => ReactNode,
    hint?: string,
  ) => {
    const wrong = error?.field === name;
    const describedBy = [hint ? `${id}-${name}-hint` : null, wrong ? `${id}-error` : null]
      .filter(Boolean)
      .join(" ");
    return (
      <label className="field">
        <span>{label}</span>
        {input({
          name,
          ...(wrong ? { "aria-invalid": true as const } : {}),
          ...(describedBy ? { "aria-describedby": describedBy } : {}),
        })}
        {hint && <small id={`${id}-${name}-hint`}>{hint}</small>}
        {wrong && <ErrorNotice id={`${id}-error`} message={error.message} />}
      </label>
    );
  };
  const general = error && !error.field ? <ErrorNotice id={`${id}-error`} message={error.message} /> : null;
  const ewayNeeded = valueRupees !== null && needsEwayBill(valueRupees);

  return (
    <section ref={section} className="card dispatch" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{dispatchText.heading}</h2>
      {dispatch.step === null ? (
        <p className="empty">{dispatchText.none}</p>
      ) : (
        <dl className="fields">
          <dt>{dispatchText.step}</dt>
          <dd>
            <span className={`flag flag-dispatch flag-dispatch-${dispatch.step}`}>
              {DISPATCH_STEP_LABELS[dispatch.step]}
            </span>
          </dd>
          <dt>{dispatchText.batches}</dt>
          <dd className="batch">{dispatch.batches.join(", ")}</dd>
          {dispatch.bestBefore && (
            <>
              <dt>{dispatchText.bestBefore}</dt>
              <dd>{bestBeforeText(dispatch.bestBefore)}</dd>
            </>
          )}
          {dispatch.courier && (
            <>
              <dt>{dispatchText.courier}</dt>
              <dd>{dispatch.courier}</dd>
              <dt>{dispatchText.tracking}</dt>
              <dd className="batch">{dispatch.tracking}</dd>
            </>
          )}
          {dispatch.ewayBill && (
            <>
              <dt>{dispatchText.ewayBill}</dt>
              <dd className="batch">{dispatch.ewayBill}</dd>
            </>
          )}
          {dispatch.payment && (
            <>
              <dt>{dispatchText.payment}</dt>
              <dd>{PAYMENT_TERMS_LABELS[dispatch.payment]}</dd>
            </>
          )}
          {dispatch.cod && (
            <>
              <dt>{dispatchText.codConfirmed}</dt>
              <dd>
                {dispatchText.codLine(
                  dispatch.cod.by,
                  bestBeforeText(dispatch.cod.on),
                  COD_CHANNEL_LABELS[dispatch.cod.channel],
                )}
              </dd>
            </>
          )}
          {dispatch.dispatchedAt && (
            <>
              <dt>{dispatchText.dispatchedOn}</dt>
              <dd>{formatShortTime(dispatch.dispatchedAt)}</dd>
            </>
          )}
          {dispatch.deliveredAt && (
            <>
              <dt>{dispatchText.deliveredOn}</dt>
              <dd>{formatShortTime(dispatch.deliveredAt)}</dd>
            </>
          )}
          {dispatch.returnedAt && (
            <>
              <dt>{dispatchText.returnedOn}</dt>
              <dd>{formatShortTime(dispatch.returnedAt)}</dd>
            </>
          )}
          {dispatch.returnReason && (
            <>
              <dt>{dispatchText.returnReason}</dt>
              <dd>{dispatch.returnReason}</dd>
            </>
          )}
        </dl>
      )}

      {next.includes("packed") && (
        <form className="stack dispatch-form" onSubmit={(event) => void send(event, "packed")} noValidate>
          <h3>{again ? dispatchText.packAgainHeading : dispatchText.packHeading}</h3>
          {again && <p className="hint">{dispatchText.packAgainHint}</p>}
          {field(
            "batches",
            dispatchText.batches,
            (props) => (
              <input
                type="text"
                autoCapitalize="characters"
                autoComplete="off"
                spellCheck={false}
                maxLength={120}
                {...props}
              />
            ),
            dispatchText.batchesHint,
          )}
          {field(
            "bestBefore",
            dispatchText.bestBefore,
            (props) => (
              <input type="text" inputMode="numeric" autoComplete="off" maxLength={10} {...props} />
            ),
            dispatchText.bestBeforeHint,
          )}
          {general}
          <button type="submit" className="button primary" disabled={busy}>
            {dispatchText.pack}
          </button>
        </form>
      )}

      {next.includes("dispatched") && (
        <form className="stack dispatch-form" onSubmit={(event) => void send(event, "dispatched")} noValidate>
          <h3>{dispatchText.dispatchHeading}</h3>
          {field("courier", dispatchText.courier, (props) => (
            <select value={courier} onChange={(event) => setCourier(event.target.value)} {...props}>
              {COMMON_COURIERS.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
              <option value={OTHER}>{dispatchText.courierOther}</option>
            </select>
          ))}
          {courier === OTHER &&
            field("courierOther", dispatchText.courierOtherName, (props) => (
              <input type="text" autoComplete="off" maxLength={60} {...props} />
            ))}
          {field("tracking", dispatchText.tracking, (props) => (
            <input
              type="text"
              autoCapitalize="characters"
              autoComplete="off"
              spellCheck={false}
              maxLength={40}
              {...props}
            />
          ))}
          {ewayNeeded &&
            field(
              "ewayBill",
              dispatchText.ewayBill,
              (props) => (
                <input type="text" inputMode="numeric" autoComplete="off" maxLength={20} {...props} />
              ),
              dispatchText.ewayBillHint(formatRupees(EWAY_BILL_THRESHOLD_RUPEES)),
            )}
          {valueRupees === null && <p className="notice">{dispatchMessages.value}</p>}
          <fieldset className="choice">
            <legend>{dispatchText.payment}</legend>
            {PAYMENT_TERMS.map((terms) => (
              <label key={terms} className="field inline">
                <input
                  type="radio"
                  name="payment"
                  value={terms}
                  checked={payment === terms}
                  onChange={() => setPayment(terms)}
                />
                <span>{PAYMENT_TERMS_LABELS[terms]}</span>
              </label>
            ))}
          </fieldset>
          {payment === "cod" && (
            <>
              {field(
                "codConfirmedBy",
                dispatchText.codBy,
                (props) => (
                  <input type="text" autoComplete="off" maxLength={80} {...props} />
                ),
                dispatchText.codByHint,
              )}
              {field("codConfirmedOn", dispatchText.codOn, (props) => (
                <input type="date" max={istToday()} defaultValue={istToday()} {...props} />
              ))}
              {field("codChannel", dispatchText.codChannel, (props) => (
                <select defaultValue="call" {...props}>
                  {COD_CHANNELS.map((channel) => (
                    <option key={channel} value={channel}>
                      {COD_CHANNEL_LABELS[channel]}
                    </option>
                  ))}
                </select>
              ))}
            </>
          )}
          {general}
          <button type="submit" className="button primary" disabled={busy}>
            {dispatchText.dispatch}
          </button>
        </form>
      )}

      {next.includes("delivered") && (
        <div className="stack dispatch-form">
          <h3>{dispatchText.doneHeading}</h3>
          <form onSubmit={(event) => void send(event, "delivered")}>
            <button type="submit" className="button primary" disabled={busy}>
              {dispatchText.deliver}
            </button>
          </form>
          <form className="stack" onSubmit={(event) => void send(event, "returned")} noValidate>
            {field(
              "reason",
              dispatchText.returnReason,
              (props) => (
                <input type="text" autoComplete="off" maxLength={160} {...props} />
              ),
              dispatchText.returnReasonHint,
            )}
            <button type="submit" className="button quiet" disabled={busy}>
              {dispatchText.returned}
            </button>
          </form>
          {general}
        </div>
      )}
    </section>
  );
}
