import { type FormEvent, useEffect, useState } from "react";
import { useNavigate, useRevalidator, useSearchParams } from "react-router";
import { ADMIN_API_ROUTES, consoleMessages, TOTP_DIGITS, type TotpSetup } from "../../domain/console";
import { apiPath, callApi, errorMessage } from "../api";
import { consoleText, pageTitle, staffText } from "../content";
import { AwayForm } from "../components/AwayForm";
import { DisplayNameForm } from "../components/DisplayNameForm";
import { useFlash, useStaff, useTotpRequired } from "../session";
import { landingPath, safeNext, SIGN_IN_PARAMS } from "../paths";
import { CopyButton } from "../components/CopyableCommand";
import { ErrorNotice } from "../components/Notices";
import { PhoneNotifications } from "../components/PhoneNotifications";

type Step = { kind: "idle" } | ({ kind: "confirm" } & TotpSetup) | { kind: "codes"; codes: string[] };

const TITLE = "Security";

export function Component() {
  const staff = useStaff();
  const totpRequired = useTotpRequired();
  const navigate = useNavigate();
  const flash = useFlash();
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
      const answer = await callApi<TotpSetup>(apiPath(ADMIN_API_ROUTES.totp), {
        method: "POST",
      });
      setStep({ kind: "confirm", ...answer });
    } catch (caught) {
      setError(errorMessage(caught));
    }
  };

  const confirm = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = passwordAndCode(event.currentTarget);
    setError("");
    try {
      const answer = await callApi<{ recoveryCodes: string[] }>(apiPath(ADMIN_API_ROUTES.totp), {
        method: "PUT",
        body,
      });
      setStep({ kind: "codes", codes: answer.recoveryCodes });
      await revalidator.revalidate();
    } catch (caught) {
      setError(errorMessage(caught));
    }
  };

  const turnOff = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = passwordAndCode(event.currentTarget);
    setError("");
    try {
      await callApi(apiPath(ADMIN_API_ROUTES.totp), { method: "DELETE", body });
      await revalidator.revalidate();
    } catch (caught) {
      setError(errorMessage(caught));
    }
  };

  /** "Not now": remembered for the account; the dashboard reminds an owner instead. */
  const putOff = async () => {
    setError("");
    try {
      const answer = await callApi<{ message: string }>(apiPath(ADMIN_API_ROUTES.totpPrompt), {
        method: "POST",
      });
      await revalidator.revalidate();
      flash(answer.message);
      const asked = searchParams.get(SIGN_IN_PARAMS.next);
      navigate(asked ? safeNext(asked) : landingPath(staff.role), { replace: true });
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
            <p>{consoleText.totpChangeAsks}</p>
            <PasswordField />
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
            <TotpKey setup={step} />
            <p>{consoleText.totpChangeAsks}</p>
            <PasswordField />
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
            <p>{searchParams.has("offer") ? consoleText.totpOffer : consoleText.totpOff}</p>
            {totpRequired && <p>{consoleMessages.totpRequired}</p>}
            {errorNotice}
            <div className="actions">
              <button type="button" className="button primary" onClick={start}>
                Set up two-step sign-in
              </button>
              {searchParams.has("offer") && !totpRequired && (
                <button type="button" className="button quiet" onClick={putOff}>
                  Not now
                </button>
              )}
            </div>
          </div>
        )}
      </section>
      <section className="card narrow own-name" aria-labelledby="own-name-heading">
        <h2 id="own-name-heading">{staffText.ownNameHeading}</h2>
        <DisplayNameForm
          member={staff}
          label={staffText.ownName}
          onSaved={async (message) => {
            await revalidator.revalidate();
            flash(message);
          }}
        />
      </section>
      <section className="card narrow own-away" aria-labelledby="own-away-heading">
        <h2 id="own-away-heading">{staffText.ownAwayHeading}</h2>
        <AwayForm
          member={staff}
          label={staffText.awayUntil}
          onSaved={async (message) => {
            await revalidator.revalidate();
            flash(message);
          }}
        />
      </section>
      <PhoneNotifications />
    </>
  );
}

/** What turning two-step sign-in on or off sends: the password as typed, and the code. */
function passwordAndCode(form: HTMLFormElement): { password: string; code: string } {
  const data = new FormData(form);
  return { password: String(data.get("password") ?? ""), code: String(data.get("code") ?? "").trim() };
}

/** The account's password, asked for again before the second factor changes. */
function PasswordField() {
  return (
    <label className="field">
      <span>{consoleText.totpPassword}</span>
      <input name="password" type="password" autoComplete="current-password" required />
    </label>
  );
}

/** The key in groups of four, as authenticator apps show and take it. */
function grouped(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(" ") ?? secret;
}

/** The three ways to give an authenticator app the key: scan it, open it on this phone, or type it. */
function TotpKey({ setup }: { setup: TotpSetup }) {
  return (
    <div className="totp-key">
      <p>{consoleText.totpScan}</p>
      <img
        className="qr-code"
        src={`data:image/svg+xml,${encodeURIComponent(setup.qrCodeSvg)}`}
        alt={consoleText.totpQrAlt}
        width={200}
        height={200}
      />
      <p>
        <a className="button quiet" href={setup.otpauthUrl}>
          {consoleText.totpOpenApp}
        </a>
      </p>
      <p>{consoleText.totpTypeKey}</p>
      <div className="secret-row">
        <code className="secret">{grouped(setup.secret)}</code>
        <CopyButton text={setup.secret} copiedMessage="Key copied." />
      </div>
      <p>{consoleText.totpEnterCode}</p>
    </div>
  );
}
