import { type FormEvent, useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { ADMIN_API_ROUTES } from "../../domain/console";
import { apiPath, callApi, errorMessage } from "../api";
import { pageTitle, staffText } from "../content";
import { appPaths } from "../paths";
import { ErrorNotice } from "../components/Notices";
import { EmailAddress } from "../components/EmailAddress";
import type { SignInState } from "./SignIn";

type LinkState =
  | { kind: "checking" }
  | { kind: "refused"; message: string }
  | { kind: "ready"; purpose: "invitation" | "reset"; email: string }
  | { kind: "done"; message: string; email: string };

/**
 * Where a link from an invitation or a reset mail lands, with no session: the person chooses a
 * password, then signs in. A link used, run out or altered is refused with the server's message.
 */
export function Component() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token") ?? "";
  const [state, setState] = useState<LinkState>({ kind: "checking" });
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    document.title = pageTitle(staffText.welcomeTitle);
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    callApi<{ purpose: "invitation" | "reset"; email: string }>(
      apiPath(ADMIN_API_ROUTES.staffLink, {}, new URLSearchParams({ token })),
      { signal: controller.signal, keepOn401: true },
    ).then(
      (answer) => setState({ kind: "ready", ...answer }),
      (caught: unknown) => {
        if (!controller.signal.aborted) setState({ kind: "refused", message: errorMessage(caught) });
      },
    );
    return () => controller.abort();
  }, [token]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const password = String(data.get("password") ?? "");
    if (password !== String(data.get("again") ?? "")) {
      setError(staffText.passwordsDiffer);
      return;
    }
    setBusy(true);
    setError("");
    try {
      const answer = await callApi<{ message: string }>(apiPath(ADMIN_API_ROUTES.staffLink), {
        method: "POST",
        keepOn401: true,
        body: { token, password },
      });
      setState({ kind: "done", message: answer.message, email: state.kind === "ready" ? state.email : "" });
    } catch (caught) {
      setError(errorMessage(caught));
      setBusy(false);
    }
  };

  return (
    <main id="main" className="sign-in">
      <div className="card sign-in-card">
        <h1>
          Collarise <span className="brand-sub">console</span>
        </h1>
        <h2 className="welcome-title">{staffText.welcomeTitle}</h2>
        <div className="welcome-status" aria-live="polite">
          {state.kind === "checking" && <p className="loading">{staffText.checking}</p>}
          {state.kind === "refused" && <ErrorNotice message={state.message} />}
          {state.kind === "done" && <p className="notice">{state.message}</p>}
        </div>
        {state.kind === "ready" && (
          <form className="stack" onSubmit={submit} noValidate>
            <p>
              {state.purpose === "invitation"
                ? staffText.welcomeInvitationBefore
                : staffText.welcomeResetBefore}
              <EmailAddress value={state.email} />
              {state.purpose === "invitation"
                ? staffText.welcomeInvitationAfter
                : staffText.welcomeResetAfter}
            </p>
            {/* For password managers: the account the new password belongs to. */}
            <input type="hidden" name="username" autoComplete="username" value={state.email} readOnly />
            <label className="field">
              <span>New password</span>
              <input
                name="password"
                type="password"
                autoComplete="new-password"
                required
                aria-describedby="password-hint"
              />
              <small id="password-hint">{staffText.passwordHint}</small>
            </label>
            <label className="field">
              <span>The same password again</span>
              <input name="again" type="password" autoComplete="new-password" required />
            </label>
            <ErrorNotice message={error} id="welcome-error" />
            <button type="submit" className="button primary wide" disabled={busy}>
              {staffText.setPassword}
            </button>
          </form>
        )}
        {(state.kind === "done" || state.kind === "refused") && (
          <Link
            className={state.kind === "done" ? "button primary wide" : "button wide"}
            to={appPaths.signIn}
            state={
              state.kind === "done" && state.email ? ({ email: state.email } satisfies SignInState) : null
            }
          >
            {staffText.signIn}
          </Link>
        )}
      </div>
    </main>
  );
}
