import { type FormEvent, useRef, useState } from "react";
import { IDEMPOTENCY_KEY_HEADER } from "../../domain/contract";
import { type ApiOutcome, postJson } from "./api-client";

export interface FormSubmitOptions {
  /** Where the form's JSON goes (an `API_PATHS` entry). */
  path: string;
  /**
   * Reads and checks what was typed. Returns the body to send, or `undefined` when a check
   * failed and the form has already said why: then nothing is sent.
   */
  prepare: (form: HTMLFormElement) => unknown;
  /**
   * Adds what takes a moment to the checked body (the order form's proof of work) once the form
   * shows it is sending. A retry of the same body sends what it made the first time.
   */
  complete?: (body: unknown) => Promise<unknown>;
  /** Says what came of the request; `form` is the form that was sent, to be reset on success. */
  onOutcome: (outcome: ApiOutcome, form: HTMLFormElement) => void;
  /**
   * Send an Idempotency-Key: one per attempt, sent again when the same body is retried after
   * no answer came (a network error, a timeout, a 5xx); a new one once the server has answered
   * or the body changed. The server then recognises a retry of a request it already stored.
   */
  idempotent?: boolean;
}

/** The key of the attempt under way, with the body it was made for. */
interface Attempt {
  key: string;
  body: string;
  /** What was sent: the body as completed. */
  sent: unknown;
}

/**
 * The submit state machine both forms share: the browser's own post is replaced by the API
 * call, a second submit while one is on its way does nothing, and `sending` is true meanwhile.
 */
export function useFormSubmit({ path, prepare, complete, onOutcome, idempotent = false }: FormSubmitOptions) {
  // A ref as well as state: two quick clicks arrive before React re-renders with `sending`.
  const sendingRef = useRef(false);
  const [sending, setSending] = useState(false);
  const attempt = useRef<Attempt | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sendingRef.current) return;
    const form = event.currentTarget;
    const body = prepare(form);
    if (body === undefined) return;

    sendingRef.current = true;
    setSending(true);
    let headers: Record<string, string> = {};
    let sent: unknown;
    if (idempotent) {
      const serialized = JSON.stringify(body);
      if (attempt.current?.body !== serialized) {
        const completed = complete ? await complete(body) : body;
        attempt.current = { key: crypto.randomUUID(), body: serialized, sent: completed };
      }
      headers = { [IDEMPOTENCY_KEY_HEADER]: attempt.current.key };
      sent = attempt.current.sent;
    } else {
      sent = complete ? await complete(body) : body;
    }
    const outcome = await postJson(path, sent, { headers });
    // The API's answer ends the attempt. Without one (no connection, a timeout, a 5xx or a
    // proxy's page) it may have been stored all the same: the key stays for the retry.
    if (outcome.kind !== "failed") attempt.current = null;
    sendingRef.current = false;
    setSending(false);
    onOutcome(outcome, form);
  };

  return { sending, onSubmit };
}
