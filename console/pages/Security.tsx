import { type FormEvent, useEffect, useState } from "react";
import { useRevalidator, useSearchParams } from "react-router";
import { ADMIN_API_ROUTES, TOTP_DIGITS } from "../../domain/console";
import { apiPath, callApi, errorMessage } from "../api";
import { consoleText, pageTitle } from "../content";
import { useStaff } from "../session";
import { ErrorNotice } from "../components/Notices";

type Step =
  | { kind: "idle" }
  | { kind: "confirm"; secret: string; otpauthUrl: string }
  | { kind: "codes"; codes: string[] };

const TITLE = "Security";

export function Component() {
  const staff = useStaff();
  const revalidator = useRevalidator();
  const [searchParams] = useSearchParams();
  const [step, setStep] = useState<Step>({ kind: "idle" });
  const [error, setError] = useState("");

  useEffect(() => {
    document.title = pageTitle(TITLE);
  }, []);

  const start = async () => {
    setError("");
    try {
      const answer = await callApi<{ secret: string; otpauthUrl: string }>(apiPath(ADMIN_API_ROUTES.totp), {
        method: "POST",
      });
      setStep({ kind: "confirm", ...answer });
    } catch (caught) {
      setError(errorMessage(caught));
    }
  };

  const confirm = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get("code") ?? "").trim();
    setError("");
    try {
      const answer = await callApi<{ recoveryCodes: string[] }>(apiPath(ADMIN_API_ROUTES.totp), {
        method: "PUT",
        body: { code },
      });
      setStep({ kind: "codes", codes: answer.recoveryCodes });
      await revalidator.revalidate();
    } catch (caught) {
      setError(errorMessage(caught));
    }
  };

  const turnOff = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get("code") ?? "").trim();
    setError("");
    try {
      await callApi(apiPath(ADMIN_API_ROUTES.totp), { method: "DELETE", body: { code } });
      await revalidator.revalidate();
    } catch (caught) {
      setError(errorMessage(caught));
    }
  };

  const errorNotice = <ErrorNotice message={error} />;

  return (
    <>
      <h1>{TITLE}</h1>
      <section className="card narrow" aria-labelledby="totp-heading">
        <h2 id="totp-heading">Two-step sign-in</h2>
        {step.kind === "codes" ? (
          <>
            <p className="notice">{consoleText.totpOn}</p>
            <p>{consoleText.recoveryCodesOnce}</p>
            <ul className="codes">
              {step.codes.map((code) => (
                <li key={code}>
                  <code>{code}</code>
                </li>
              ))}
            </ul>
          </>
        ) : staff.totpEnabled ? (
          <form onSubmit={turnOff} className="stack">
            <p>{consoleText.totpOn}</p>
            <label className="field">
              <span>Code to turn it off</span>
              <input
                name="code"
                autoComplete="one-time-code"
                autoCapitalize="none"
                spellCheck={false}
                required
              />
            </label>
            {errorNotice}
            <button type="submit" className="button quiet">
              Turn off two-step sign-in
            </button>
          </form>
        ) : step.kind === "confirm" ? (
          <form onSubmit={confirm} className="stack">
            <p>
              Add this account to your authenticator app with the key or the link below, then enter the code
              it shows.
            </p>
            <p>
              Key: <code className="secret">{step.secret}</code>
            </p>
            <p className="wrap">
              Link: <code>{step.otpauthUrl}</code>
            </p>
            <label className="field">
              <span>Code</span>
              <input
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={TOTP_DIGITS}
                pattern={`[0-9]{${TOTP_DIGITS}}`}
                required
              />
            </label>
            {errorNotice}
            <button type="submit" className="button primary">
              Turn on
            </button>
          </form>
        ) : (
          <div className="stack">
            <p>
              {searchParams.has("offer")
                ? consoleText.totpOffer
                : "Two-step sign-in is off for this account."}
            </p>
            {errorNotice}
            <button type="button" className="button primary" onClick={start}>
              Set up two-step sign-in
            </button>
          </div>
        )}
      </section>
    </>
  );
}
