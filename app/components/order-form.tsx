import { type ComponentType, type FormEvent, useEffect, useRef, useState } from "react";
import {
  BUYER_TYPES,
  checkEnquiry,
  ENQUIRY_FIELD_SPECS,
  ENQUIRY_FIELDS,
  type EnquiryField,
  enquiryMessages,
  QUANTITY_MIN,
} from "../../domain/enquiry";
import { API_PATHS, HONEYPOT_FIELD, LANGUAGE_FIELD } from "../../domain/contract";
import { SOURCE_FIELD } from "../../domain/enquiry-source";
import { PROOF_OF_WORK_FIELD } from "../../domain/spam";
import { WHATSAPP_CONSENT_FIELD, WHATSAPP_CONSENT_VALUE } from "../../domain/whatsapp-consent";
import type { OrderFormText } from "../content/order-form";
import { Island } from "../islands/island";
import { product } from "../content/site";
import { localMessage, usePageLanguage } from "../lib/page-language";
import { useFormSubmit } from "../lib/use-form-submit";
import { visitSource } from "../lib/visit-source";
import type * as Toasts from "./toasts";
import type { ToastKind } from "./toasts";
import "./order-form.css";

/** Room kept above a focused field for the sticky header, and below it for a toast. */
const CLEAR_OF_HEADER_PX = 96;
const CLEAR_OF_TOAST_PX = 160;

type ToastsModule = typeof Toasts;
let toastsModule: Promise<ToastsModule> | undefined;

/** Sonner and its styles arrive only when the form is first used. */
function loadToasts(): Promise<ToastsModule> {
  toastsModule ??= import("./toasts").catch((error: unknown) => {
    toastsModule = undefined; // let a later attempt try again
    throw error;
  });
  return toastsModule;
}

/** How long Place Order waits for the proof of work still being solved before sending without it. */
const PROOF_WAIT_MS = 8_000;
let proofOfWork: Promise<string | undefined> | undefined;

/** ALTCHA's solver and the challenge are fetched only once the visitor starts on the form. */
function startProofOfWork(): void {
  proofOfWork ??= import("../lib/proof-of-work").then(
    (module) => module.solveProofOfWork(),
    () => undefined,
  );
}

/** The proof solved for this enquiry (each is used once), or undefined if it is not there in time. */
function takeProofOfWork(): Promise<string | undefined> {
  startProofOfWork();
  const proof = proofOfWork;
  proofOfWork = undefined;
  return Promise.race([proof, new Promise<undefined>((resolve) => setTimeout(resolve, PROOF_WAIT_MS))]);
}

interface FieldError {
  field: EnquiryField;
  message: string;
}

interface Notice {
  id: number;
  kind: ToastKind;
  text: string;
}

function isEnquiryField(value: unknown): value is EnquiryField {
  return ENQUIRY_FIELDS.some((field) => field === value);
}

/**
 * The order enquiry form. Place Order runs the specification's checks in order and stops at
 * the first failure (a warning toast, the message beside its field, focus on that field); a
 * valid enquiry goes to the API, and the form is cleared only once it has been stored.
 */
export function OrderForm({ text }: { text: OrderFormText }) {
  return (
    <Island name="order-form" props={{ text }}>
      <OrderFormView text={text} />
    </Island>
  );
}

/**
 * The form itself, what its island hydrates. Its fields are the browser's own (uncontrolled): what
 * a visitor types before the island has hydrated stays in them, and is what Place Order reads.
 */
export function OrderFormView({ text: orderForm }: { text: OrderFormText }) {
  const { language, text } = usePageLanguage();
  /** A message of the rules or the API, in the page's language. */
  const local = (message: string) =>
    localMessage(message, enquiryMessages, orderForm.messages, text.otherRefusal);
  const baseId = "order";
  const idOf = (name: string) => `${baseId}-${name}`;
  const errorIdOf = (field: EnquiryField) => `${baseId}-${field}-error`;

  const fieldRefs = useRef<Partial<Record<EnquiryField, HTMLInputElement | HTMLSelectElement | null>>>({});
  const focusAfterRender = useRef<EnquiryField | null>(null);
  const noticeCount = useRef(0);
  const submitRef = useRef<HTMLButtonElement | null>(null);

  const [fieldError, setFieldError] = useState<FieldError | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [ToastViewport, setToastViewport] = useState<ComponentType<{ labels: Toasts.ToastLabels }> | null>(
    null,
  );
  const [toastsUnavailable, setToastsUnavailable] = useState(false);

  // Focus moves once the message is beside the field, so that it is read with the field.
  useEffect(() => {
    const field = focusAfterRender.current;
    if (!field) return;
    focusAfterRender.current = null;
    const element = fieldRefs.current[field];
    if (!element) return;
    element.focus({ preventScroll: true });
    // Keep the field clear of the sticky header above and of the toast below it.
    const { top, bottom } = element.getBoundingClientRect();
    if (top < CLEAR_OF_HEADER_PX || bottom > window.innerHeight - CLEAR_OF_TOAST_PX) {
      element.scrollIntoView({ block: "center" });
    }
  }, [fieldError]);

  const prepareToasts = () =>
    loadToasts().then(
      (module) => {
        setToastViewport(() => module.ToastViewport);
        return module;
      },
      () => {
        setToastsUnavailable(true);
        return undefined;
      },
    );

  /** After an answer the toast rises from the bottom edge: the button is kept above it, to be pressed again. */
  const keepSubmitClearOfToast = () => {
    const button = submitRef.current;
    if (!button) return;
    const overlap = button.getBoundingClientRect().bottom - (window.innerHeight - CLEAR_OF_TOAST_PX);
    if (overlap > 0) window.scrollBy({ top: overlap, behavior: "instant" });
  };

  const announce = (kind: ToastKind, text: string) => {
    noticeCount.current += 1;
    setNotice({ id: noticeCount.current, kind, text });
    void prepareToasts().then((module) => module?.showToast(kind, text));
  };

  const showFieldError = (field: EnquiryField, message: string) => {
    focusAfterRender.current = field;
    setFieldError({ field, message });
    announce("warning", message);
  };

  const { sending, onSubmit } = useFormSubmit({
    path: API_PATHS.enquiries,
    idempotent: true,
    prepare(form) {
      const data = new FormData(form);
      const read = (name: string) => {
        const value = data.get(name);
        return typeof value === "string" ? value : "";
      };
      const check = checkEnquiry(Object.fromEntries(ENQUIRY_FIELDS.map((field) => [field, read(field)])));
      if (!check.ok) {
        showFieldError(check.field, local(check.error));
        return undefined;
      }
      setFieldError(null);
      // productName stays in the page: it is not among the fields stored.
      const source = visitSource();
      return {
        ...check.enquiry,
        [HONEYPOT_FIELD]: read(HONEYPOT_FIELD),
        [LANGUAGE_FIELD]: language,
        // Ticked by the visitor only: the server records the box's words in this language with it.
        [WHATSAPP_CONSENT_FIELD]: read(WHATSAPP_CONSENT_FIELD) === WHATSAPP_CONSENT_VALUE,
        ...(source ? { [SOURCE_FIELD]: source } : {}),
      };
    },
    async complete(body) {
      const proof = await takeProofOfWork();
      return proof ? { ...(body as object), [PROOF_OF_WORK_FIELD]: proof } : body;
    },
    onOutcome(outcome, form) {
      if (!(outcome.kind === "refused" && outcome.status === 400 && isEnquiryField(outcome.field)))
        keepSubmitClearOfToast();
      if (outcome.kind === "ok") {
        // The specification's words, then what was asked for in the unit the form asked it in.
        const quantity = Number(new FormData(form).get("Quantity"));
        const asked = orderForm.quantityStored[quantity === 1 ? "one" : "other"].replace(
          "{quantity}",
          quantity.toLocaleString("en-IN"),
        );
        form.reset();
        announce("success", `${orderForm.messages.stored}: ${asked}`);
      } else if (outcome.kind === "refused") {
        if (outcome.status === 400 && isEnquiryField(outcome.field))
          showFieldError(outcome.field, local(outcome.error));
        else announce("warning", local(outcome.error));
      } else {
        // Not stored: what was typed stays, so the visitor can send it again.
        announce("warning", orderForm.messages.notStored);
      }
    },
  });

  const clearErrorOnEdit = (event: FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLInputElement | HTMLSelectElement;
    if (fieldError && target.name === fieldError.field) setFieldError(null);
  };

  const errorProps = (field: EnquiryField) =>
    fieldError?.field === field
      ? { "aria-invalid": true as const, "aria-describedby": errorIdOf(field) }
      : { "aria-invalid": undefined, "aria-describedby": undefined };

  const errorText = (field: EnquiryField) =>
    fieldError?.field === field ? (
      <p id={errorIdOf(field)} className="order-form__error">
        {fieldError.message}
      </p>
    ) : null;

  const liveRegionClass = toastsUnavailable ? "order-form__status" : "visually-hidden";

  return (
    <>
      {/* Without JavaScript the browser posts the form: never a GET with the data in the URL. */}
      <form
        className="order-form"
        method="post"
        action={API_PATHS.enquiries}
        noValidate
        onSubmit={onSubmit}
        onInput={clearErrorOnEdit}
        onFocus={() => {
          void prepareToasts();
          startProofOfWork();
        }}
      >
        <div className="order-form__fields">
          {/* The fields in the form's order (domain/enquiry.ts: ENQUIRY_FIELD_SPECS); the buyer type is the one choice. */}
          {ENQUIRY_FIELD_SPECS.map(({ name, required, input }) => (
            <div className="order-form__field" key={name}>
              <label htmlFor={idOf(name)} className="order-form__label">
                {orderForm.labels[name]}
              </label>
              {input.type === "select" ? (
                <select
                  ref={(element) => {
                    fieldRefs.current[name] = element;
                  }}
                  id={idOf(name)}
                  className="order-form__input order-form__select"
                  name={name}
                  defaultValue=""
                  required={required}
                  {...errorProps(name)}
                >
                  <option value="">{orderForm.buyerTypePlaceholder}</option>
                  {BUYER_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {orderForm.buyerTypes[type]}
                    </option>
                  ))}
                </select>
              ) : (
                <input
                  ref={(element) => {
                    fieldRefs.current[name] = element;
                  }}
                  id={idOf(name)}
                  className="order-form__input"
                  name={name}
                  type={input.type}
                  autoComplete={input.autoComplete}
                  inputMode={input.inputMode}
                  required={required}
                  {...(input.type === "number" ? { min: QUANTITY_MIN, step: 1 } : {})}
                  {...(input.type === "email" ? { spellCheck: false, autoCapitalize: "off" } : {})}
                  {...errorProps(name)}
                />
              )}
              {errorText(name)}
            </div>
          ))}
        </div>

        {/* Optional and never ticked for the visitor (docs/decisions/043). */}
        <div className="order-form__consent">
          <input
            id={idOf(WHATSAPP_CONSENT_FIELD)}
            className="order-form__checkbox"
            type="checkbox"
            name={WHATSAPP_CONSENT_FIELD}
            value={WHATSAPP_CONSENT_VALUE}
            defaultChecked={false}
          />
          <label htmlFor={idOf(WHATSAPP_CONSENT_FIELD)}>{orderForm.whatsappConsent}</label>
        </div>

        <input type="hidden" name="productName" value={product.name} />
        {/* The server answers a post without JavaScript, and mails the visitor, in this language. */}
        <input type="hidden" name={LANGUAGE_FIELD} value={language} />

        {/* For bots only: people neither see it nor reach it; the server refuses a filled one. */}
        <div className="visually-hidden" aria-hidden="true">
          <label htmlFor={idOf(HONEYPOT_FIELD)}>{orderForm.honeypotLabel}</label>
          <input
            id={idOf(HONEYPOT_FIELD)}
            name={HONEYPOT_FIELD}
            type="text"
            tabIndex={-1}
            autoComplete="off"
            defaultValue=""
          />
        </div>

        <button
          ref={submitRef}
          type="submit"
          className="button order-form__submit"
          aria-disabled={sending || undefined}
        >
          {sending ? orderForm.sending : orderForm.submit}
        </button>

        <div className={liveRegionClass} role="status" aria-live="polite" aria-atomic="true">
          {notice?.kind === "success" ? <p key={notice.id}>{notice.text}</p> : null}
        </div>
        <div className={liveRegionClass} role="alert" aria-live="assertive" aria-atomic="true">
          {notice?.kind === "warning" ? <p key={notice.id}>{notice.text}</p> : null}
        </div>
      </form>
      {ToastViewport ? <ToastViewport labels={orderForm} /> : null}
    </>
  );
}
