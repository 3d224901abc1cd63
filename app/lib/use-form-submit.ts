import { type FormEvent, useRef, useState } from "react";
import { type ApiOutcome, postJson } from "./api-client";

export interface FormSubmitOptions {
  /** Where the form's JSON goes (an `API_PATHS` entry). */
  path: string;
  /**
   * Reads and checks what was typed. Returns the body to send, or `undefined` when a check
   * failed and the form has already said why: then nothing is sent.
   */
  prepare: (form: HTMLFormElement) => unknown;
  /** Says what came of the request; `form` is the form that was sent, to be reset on success. */
  onOutcome: (outcome: ApiOutcome, form: HTMLFormElement) => void;
}

/**
 * The submit state machine both forms share: the browser's own post is replaced by the API
 * call, a second submit while one is on its way does nothing, and `sending` is true meanwhile.
 */
export function useFormSubmit({ path, prepare, onOutcome }: FormSubmitOptions) {
  // A ref as well as state: two quick clicks arrive before React re-renders with `sending`.
  const sendingRef = useRef(false);
  const [sending, setSending] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sendingRef.current) return;
    const form = event.currentTarget;
    const body = prepare(form);
    if (body === undefined) return;

    sendingRef.current = true;
    setSending(true);
    const outcome = await postJson(path, body);
    sendingRef.current = false;
    setSending(false);
    onOutcome(outcome, form);
  };

  return { sending, onSubmit };
}
