import { type FormEvent, useEffect, useRef, useState } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { ADMIN_API_ROUTES, consoleMessages, type StaffMember } from "../../domain/console";
import { ApiError, apiPath, callApi, errorMessage } from "../api";
import { NoOwner } from "../components/Layout";
import { CONSOLE_TITLE, pageTitle } from "../content";
import { appPaths, landingPath, SIGN_IN_PARAMS, safeNext } from "../paths";
import { ErrorNotice } from "../components/Notices";

/** The state a link to the sign-in page may carry: the e-mail to fill in (never in the address). */
export interface SignInState {
  email: string;
}

function emailFromState(state: unknown): string {
  const email = (state as Partial<SignInState> | null)?.email;
  return typeof email === "string" ? email : "";
}

export function Component() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  // The address a member just set a password for (the welcome page passes it), so they need not type it.
  const knownEmail = emailFromState(useLocation().state);
  const [ownerExists, setOwnerExists] = useState<boolean | null>(null);
  const [needsCode, setNeedsCode] = useState(false);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const codeInput = useRef<HTMLInputElement>(null);

  const notice = searchParams.has(SIGN_IN_PARAMS.ended)
    ? consoleMessages.sessionEnded
    : searchParams.has(SIGN_IN_PARAMS.signedOut)
      ? consoleMessages.signedOut
      : "";

  useEffect(() => {
    document.title = pageTitle("Sign in");
    const controller = new AbortController();
    callApi<{ ownerExists: boolean }>(apiPath(ADMIN_API_ROUTES.setup), { signal: controller.signal }).then(
      (answer) => setOwnerExists(answer.ownerExists),
      () => setOwnerExists(true),
    );
    return () => controller.abort();
  }, []);

  useEffect(() => {
    if (needsCode) codeInput.current?.focus();
  }, [needsCode]);

  if (ownerExists === false) return <NoOwner />;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const code = String(form.get("code") ?? "").trim();
    setBusy(true);
    setError("");
    try {
      const answer = await callApi<{ staff: StaffMember; offerTotp: boolean }>(
        apiPath(ADMIN_API_ROUTES.session),
        {
          method: "POST",
          keepOn401: true,
          body: {
            email: String(form.get("email") ?? ""),
            password: String(form.get("password") ?? ""),
            ...(code ? { code } : {}),
          },
        },
      );
      const asked = searchParams.get(SIGN_IN_PARAMS.next);
      const next = asked ? safeNext(asked) : landingPath(answer.staff.role);
      // An owner offered two-step sign-in first goes on to where they were going once they answer.
      const offer = new URLSearchParams({ offer: "1" });
      if (asked) offer.set(SIGN_IN_PARAMS.next, next);
      navigate(answer.offerTotp ? `${appPaths.security}?${offer.toString()}` : next, { replace: true });
    } catch (caught) {
      if (caught instanceof ApiError && caught.needs === "code") setNeedsCode(true);
      setError(errorMessage(caught));
      setBusy(false);
    }
  };

  return (
    <main id="main" className="sign-in">
      <form className="card sign-in-card" onSubmit={submit} noValidate aria-describedby="sign-in-messages">
        <h1>
          Collarise <span className="brand-sub">console</span>
        </h1>
        <p className="visually-hidden">{CONSOLE_TITLE}</p>
        <div id="sign-in-messages" aria-live="polite">
          {notice && !error && <p className="notice">{notice}</p>}
          <ErrorNotice message={error} />
        </div>
        <label className="field">
          <span>Email</span>
          <input
            name="email"
            type="email"
            autoComplete="username"
            required
            autoCapitalize="none"
            spellCheck={false}
            defaultValue={knownEmail}
          />
        </label>
        <label className="field">
          <span>Password</span>
          <input name="password" type="password" autoComplete="current-password" required />
        </label>
        {needsCode && (
          <div className="field">
            <label htmlFor="sign-in-code">Code</label>
            <input
              ref={codeInput}
              id="sign-in-code"
              name="code"
              autoComplete="one-time-code"
              inputMode="text"
              aria-describedby="code-hint"
              autoCapitalize="none"
              spellCheck={false}
            />
            <small id="code-hint">The 6-digit code from your authenticator app, or a recovery code.</small>
          </div>
        )}
        <button type="submit" className="button primary wide" disabled={busy}>
          Sign in
        </button>
      </form>
    </main>
  );
}
