import { useRef, useState } from "react";
import { Island } from "../islands/island";
import { API_PATHS, LANGUAGE_FIELD } from "../../domain/contract";
import { checkSubscriberEmail, subscriberMessages } from "../../domain/subscriber";
import { localMessage, usePageLanguage } from "../lib/page-language";
import { useFormSubmit } from "../lib/use-form-submit";

interface Status {
  /** A new id for every message, so that a repeated message is announced again. */
  id: number;
  text: string;
  /** The message is about the address typed: it is shown as the field's error. */
  invalid: boolean;
}

/**
 * The footer's newsletter box: an invalid address gets a message beside the field and
 * nothing is sent; a valid one goes to the API, and what came of it is said in a polite
 * live region beside the form.
 */
export function NewsletterForm() {
  return (
    <Island name="newsletter">
      <NewsletterFormView />
    </Island>
  );
}

export function NewsletterFormView() {
  const { language, text } = usePageLanguage();
  const { newsletterForm } = text;
  const { newsletter } = text.footer;
  const local = (message: string) =>
    localMessage(message, subscriberMessages, text.subscriberMessages, text.otherRefusal);
  const inputId = "newsletter-email";
  const statusId = `${inputId}-status`;
  const inputRef = useRef<HTMLInputElement>(null);
  const statusCount = useRef(0);
  const [status, setStatus] = useState<Status | null>(null);

  const say = (message: string, invalid = false) => {
    statusCount.current += 1;
    setStatus({ id: statusCount.current, text: local(message), invalid });
  };

  const { sending, onSubmit } = useFormSubmit({
    path: API_PATHS.subscribers,
    prepare(form) {
      const check = checkSubscriberEmail(new FormData(form).get("email"));
      if (check.ok) return { email: check.email, [LANGUAGE_FIELD]: language };
      say(check.error, true);
      inputRef.current?.focus();
      return undefined;
    },
    onOutcome(outcome, form) {
      if (outcome.kind === "ok") {
        form.reset();
        say(subscriberMessages.confirmationSent);
      } else if (outcome.kind === "refused") {
        say(outcome.error, outcome.status === 400);
        if (outcome.status === 400) inputRef.current?.focus();
      } else {
        say(subscriberMessages.failed);
      }
    },
  });

  const invalid = status?.invalid === true;

  return (
    <form
      className="newsletter-form"
      action={API_PATHS.subscribers}
      method="post"
      noValidate
      onSubmit={onSubmit}
      onInput={() => invalid && setStatus(null)}
    >
      <input type="hidden" name={LANGUAGE_FIELD} value={language} />
      <label htmlFor={inputId} className="visually-hidden">
        {newsletterForm.label}
      </label>
      <input
        ref={inputRef}
        id={inputId}
        className="newsletter-form__input"
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        spellCheck={false}
        autoCapitalize="off"
        placeholder={newsletter.placeholder}
        required
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? statusId : undefined}
      />
      <button type="submit" className="button" aria-disabled={sending || undefined}>
        {sending ? newsletterForm.sending : newsletter.button}
      </button>
      <p
        id={statusId}
        className="newsletter-form__status"
        role="status"
        aria-live="polite"
        aria-atomic="true"
      >
        {status ? <span key={status.id}>{status.text}</span> : null}
      </p>
    </form>
  );
}
