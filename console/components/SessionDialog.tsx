import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { ADMIN_API_ROUTES, type StaffMember } from "../../domain/console";
import { ApiError, apiPath, callApi, errorMessage, sessionRenewal } from "../api";
import { sessionDialogText as text } from "../content";
import { ErrorNotice } from "./Notices";

const FOCUSABLE = "input:not([disabled]), button:not([disabled])";
/** How long focus waits to go back to a control the page disabled while its call waited (a button). */
const RETURN_FOCUS_WAIT_MS = 10_000;

/**
 * Puts focus back on `target` once the dialog has closed. A button the page disabled while its call
 * waited cannot take focus yet: focus goes to it as soon as it is enabled again, unless the person
 * has put it somewhere else meanwhile.
 */
function returnFocus(target: HTMLElement | null) {
  if (!target?.isConnected) return;
  target.focus();
  if (document.activeElement === target || !target.matches(":disabled")) return;
  const observer = new MutationObserver(() => {
    if (target.matches(":disabled")) return;
    observer.disconnect();
    window.clearTimeout(timer);
    if (document.activeElement === document.body || document.activeElement === null) target.focus();
  });
  const timer = window.setTimeout(() => observer.disconnect(), RETURN_FOCUS_WAIT_MS);
  observer.observe(target, { attributes: true, attributeFilter: ["disabled"] });
}

/**
 * Signs the person in again over the page they are on when their session ended, so the calls that
 * met the ended session go through (console/api.ts), and offers it again after a Cancel.
 */
export function SessionDialog() {
  const session = useSyncExternalStore(sessionRenewal.subscribe, sessionRenewal.snapshot);
  const dialog = useRef<HTMLDialogElement>(null);
  const lastFocused = useRef<HTMLElement | null>(null);
  const returnTo = useRef<HTMLElement | null>(null);
  const asking = session.phase === "asking";

  // The control the person last used on the page, even if the page has disabled it since.
  useEffect(() => {
    const remember = (event: FocusEvent) => {
      if (event.target instanceof HTMLElement && !dialog.current?.contains(event.target))
        lastFocused.current = event.target;
    };
    document.addEventListener("focusin", remember);
    return () => document.removeEventListener("focusin", remember);
  }, []);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (asking && !element.open) {
      const active = document.activeElement;
      returnTo.current =
        active instanceof HTMLElement && active !== document.body ? active : lastFocused.current;
      element.showModal();
      element.querySelector<HTMLInputElement>(session.email ? "[name=password]" : "[name=email]")?.focus();
    } else if (!asking && element.open) {
      element.close();
      returnFocus(returnTo.current);
      returnTo.current = null;
    }
  }, [asking, session.email]);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === "Escape") {
      event.preventDefault();
      sessionRenewal.cancel();
      return;
    }
    if (event.key !== "Tab") return;
    // Focus stays in the dialog: the page behind it is not to be worked until it is answered.
    const items = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <>
      {session.phase === "cancelled" && (
        <div className="session-ended" role="status">
          <p>{text.endedBanner}</p>
          <button type="button" className="button primary" onClick={() => sessionRenewal.ask()}>
            {text.signInAgain}
          </button>
        </div>
      )}
      {/* The browser's modal dialog keeps the page behind it out of reach (inert) while it is open. */}
      <dialog
        ref={dialog}
        className="session-dialog"
        aria-labelledby="session-dialog-title"
        aria-describedby="session-dialog-why"
        onKeyDown={onKeyDown}
        onCancel={(event) => {
          event.preventDefault();
          sessionRenewal.cancel();
        }}
        onClose={() => sessionRenewal.cancel()}
      >
        {asking && <SignInAgainForm key={session.opening} email={session.email} />}
      </dialog>
    </>
  );
}

function SignInAgainForm({ email }: { email: string }) {
  const [needsCode, setNeedsCode] = useState(false);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const codeInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (needsCode) codeInput.current?.focus();
  }, [needsCode]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const code = String(form.get("code") ?? "").trim();
    setBusy(true);
    setError("");
    try {
      const answer = await callApi<{ staff: StaffMember }>(apiPath(ADMIN_API_ROUTES.session), {
        method: "POST",
        keepOn401: true,
        body: {
          email: String(form.get("email") ?? ""),
          password: String(form.get("password") ?? ""),
          ...(code ? { code } : {}),
        },
      });
      void sessionRenewal.signedIn(answer.staff);
    } catch (caught) {
      if (caught instanceof ApiError && caught.needs === "code") setNeedsCode(true);
      setError(errorMessage(caught));
      setBusy(false);
    }
  };

  return (
    <form className="stack" onSubmit={submit} noValidate>
      <h2 id="session-dialog-title">{text.title}</h2>
      <p id="session-dialog-why">{text.why}</p>
      <div aria-live="polite">
        <ErrorNotice message={error} />
      </div>
      <label className="field">
        <span>{text.email}</span>
        <input
          name="email"
          type="email"
          autoComplete="username"
          defaultValue={email}
          required
          autoCapitalize="none"
          spellCheck={false}
        />
      </label>
      <label className="field">
        <span>{text.password}</span>
        <input name="password" type="password" autoComplete="current-password" required />
      </label>
      {needsCode && (
        <div className="field">
          <label htmlFor="session-dialog-code">{text.code}</label>
          <input
            ref={codeInput}
            id="session-dialog-code"
            name="code"
            autoComplete="one-time-code"
            inputMode="text"
            aria-describedby="session-dialog-code-hint"
            autoCapitalize="none"
            spellCheck={false}
          />
          <small id="session-dialog-code-hint">{text.codeHint}</small>
        </div>
      )}
      <div className="dialog-actions">
        <button type="button" className="button" onClick={() => sessionRenewal.cancel()}>
          {text.cancel}
        </button>
        <button type="submit" className="button primary" disabled={busy}>
          {text.signIn}
        </button>
      </div>
    </form>
  );
}
