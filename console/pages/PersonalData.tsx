import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { StatusBadge } from "../components/StatusBadge";
import { ADMIN_API_ROUTES } from "../../domain/console";
import {
  checkPersonQuery,
  isEmptyReport,
  type ErasureReport,
  type PersonalDataReport,
  type PersonQuery,
} from "../../domain/personal-data";
import { apiPath, callApi, errorMessage } from "../api";
import {
  enquiryText,
  formatFullTime,
  notificationKindLabels,
  pageTitle,
  personalDataText as text,
} from "../content";
import { EmailAddress } from "../components/EmailAddress";
import { EnquiryFields, HistoryList } from "../components/EnquiryParts";
import { MessageList } from "../components/Conversation";
import { ErrorNotice } from "../components/Notices";

type Kind = "email" | "mobile";

const valueOf = (query: PersonQuery) => ("email" in query ? query.email : query.mobile);
const kindOf = (query: PersonQuery): Kind => ("email" in query ? "email" : "mobile");

function HeldEnquiries({ report }: { report: PersonalDataReport }) {
  return (
    <section aria-labelledby="held-enquiries">
      <h2 id="held-enquiries">{text.enquiries}</h2>
      {report.enquiries.length === 0 ? (
        <p className="empty">{text.noEnquiries}</p>
      ) : (
        <ol className="held">
          {report.enquiries.map((held) => (
            <li key={held.id} className="card">
              <div className="page-head">
                <h3>{held.enquiry.Name}</h3>
                <StatusBadge status={held.status} />
              </div>
              <p className="meta">
                Reference <strong className="reference">{held.reference}</strong> · received{" "}
                <time dateTime={held.receivedAt}>{formatFullTime(held.receivedAt)}</time>
              </p>
              {held.whatsappConsent && (
                <p className="whatsapp-consent">
                  {enquiryText.whatsappConsent(held.whatsappConsent.at)}{" "}
                  <span className="whatsapp-consent-wording">
                    {enquiryText.whatsappConsentWording}{" "}
                    <q lang={held.whatsappConsent.language}>{held.whatsappConsent.wording}</q>
                  </span>
                </p>
              )}
              <EnquiryFields enquiry={held.enquiry} />
              <h4>{text.history}</h4>
              <HistoryList history={held.history} empty={text.noHistory} />
              <h4>{text.conversation}</h4>
              <MessageList messages={held.conversation} empty={text.noConversation} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function HeldElsewhere({ report }: { report: PersonalDataReport }) {
  return (
    <div className="detail-grid held-elsewhere">
      <section className="card" aria-labelledby="held-subscriptions">
        <h2 id="held-subscriptions">{text.subscriptions}</h2>
        {report.subscriptions.length === 0 ? (
          <p className="empty">{text.noSubscriptions}</p>
        ) : (
          <ul className="notifications">
            {report.subscriptions.map((subscription) => (
              <li key={subscription.id}>
                <p className="wrap">
                  <strong>
                    <EmailAddress value={subscription.email} />
                  </strong>
                </p>
                <p className="history-who">
                  {subscription.status === "confirmed"
                    ? text.subscribedSince(formatFullTime(subscription.subscribedAt))
                    : text.awaitingConfirmation(formatFullTime(subscription.subscribedAt))}
                </p>
              </li>
            ))}
          </ul>
        )}
        {"mobile" in report.query && <p className="history-who">{text.byMobileSubscriptions}</p>}
      </section>
      <section className="card" aria-labelledby="held-mails">
        <h2 id="held-mails">{text.pendingMails}</h2>
        {report.pendingMails.length === 0 ? (
          <p className="empty">{text.noPendingMails}</p>
        ) : (
          <ul className="notifications">
            {report.pendingMails.map((mail) => (
              <li key={mail.id}>
                <p>
                  <strong>{notificationKindLabels[mail.kind]}</strong>
                  {mail.reference && (
                    <>
                      {" "}
                      · enquiry <span className="reference">{mail.reference}</span>
                    </>
                  )}
                </p>
                <p className="history-who">
                  {mail.attempts} {mail.attempts === 1 ? "attempt" : "attempts"},{" "}
                  {text.nextAttempt(formatFullTime(mail.nextAttemptAt))}
                </p>
                {mail.lastError && <p className="last-error">Last error: {mail.lastError}</p>}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function EraseStep({ query, onErased }: { query: PersonQuery; onErased: (erased: ErasureReport) => void }) {
  const [confirming, setConfirming] = useState(false);
  const [typed, setTyped] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const start = useRef<HTMLButtonElement>(null);
  const kind = kindOf(query);

  useEffect(() => {
    if (confirming) input.current?.focus();
  }, [confirming]);

  const cancel = () => {
    setConfirming(false);
    setTyped("");
    setError("");
    window.setTimeout(() => start.current?.focus());
  };

  const erase = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkPersonQuery({ [kind]: typed });
    if (!checked.ok || valueOf(checked.query) !== valueOf(query)) {
      setError(text.confirmMismatch);
      input.current?.focus();
      return;
    }
    setBusy(true);
    try {
      onErased(
        await callApi<ErasureReport>(apiPath(ADMIN_API_ROUTES.personalDataErasure), {
          method: "POST",
          body: query,
        }),
      );
    } catch (caught) {
      setError(errorMessage(caught));
      setBusy(false);
    }
  };

  return (
    <section className="card erase" aria-labelledby="erase-heading">
      <h2 id="erase-heading">{text.eraseHeading}</h2>
      <p>{text.eraseWarning}</p>
      {confirming ? (
        <form className="stack" onSubmit={erase} noValidate>
          <label className="field" htmlFor="erase-confirm">
            {text.confirmLabel(kind)}
          </label>
          <input
            id="erase-confirm"
            ref={input}
            type={kind === "email" ? "email" : "tel"}
            inputMode={kind === "email" ? "email" : "numeric"}
            autoComplete="off"
            spellCheck={false}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "erase-error" : undefined}
          />
          <ErrorNotice message={error} id="erase-error" />
          <div className="confirm">
            <button type="submit" className="button danger" disabled={busy}>
              {busy ? text.erasing : text.eraseForGood}
            </button>
            <button type="button" className="button quiet" onClick={cancel} disabled={busy}>
              {text.cancel}
            </button>
          </div>
        </form>
      ) : (
        <button ref={start} type="button" className="button danger" onClick={() => setConfirming(true)}>
          {text.erase}
        </button>
      )}
    </section>
  );
}

function PersonalDataRequests() {
  const [kind, setKind] = useState<Kind>("email");
  const [value, setValue] = useState("");
  const [fieldError, setFieldError] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<PersonalDataReport | null>(null);
  const [erased, setErased] = useState<ErasureReport | null>(null);
  const hintId = useId();
  const summaryRef = useRef<HTMLDivElement>(null);

  const find = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkPersonQuery({ [kind]: value });
    if (!checked.ok) {
      setFieldError(checked.error);
      return;
    }
    setFieldError("");
    setError("");
    setBusy(true);
    try {
      const query = new URLSearchParams({ [kind]: valueOf(checked.query) });
      const answer = await callApi<PersonalDataReport>(apiPath(ADMIN_API_ROUTES.personalData, {}, query));
      setReport(answer);
      setErased(null);
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  const nothingHeld = report !== null && isEmptyReport(report);
  const summary = erased
    ? erased.erased
      ? text.erased(
          erased.counts.enquiries,
          erased.counts.notifications,
          erased.counts.historyEntries,
          erased.counts.messages,
          erased.counts.subscriptions,
        )
      : text.nothingErased
    : report
      ? nothingHeld
        ? text.nothingHeld
        : text.held(
            valueOf(report.query),
            report.enquiries.length,
            report.subscriptions.length,
            report.pendingMails.length,
          )
      : "";

  return (
    <>
      <h1>{text.title}</h1>
      <p>{text.intro}</p>
      <form className="card stack person-form" onSubmit={find} noValidate>
        <fieldset className="choice">
          <legend>{text.findBy}</legend>
          {(["email", "mobile"] as const).map((each) => (
            <label key={each} className="field inline">
              <input
                type="radio"
                name="kind"
                value={each}
                checked={kind === each}
                onChange={() => {
                  setKind(each);
                  setFieldError("");
                }}
              />
              {each === "email" ? text.byEmail : text.byMobile}
            </label>
          ))}
        </fieldset>
        <div className="field">
          <label htmlFor="person-value">
            {kind === "email" ? "The person's e-mail address" : "The person's mobile number"}
          </label>
          <small id={hintId}>{kind === "email" ? text.emailHint : text.mobileHint}</small>
          <input
            id="person-value"
            type={kind === "email" ? "email" : "tel"}
            inputMode={kind === "email" ? "email" : "numeric"}
            autoComplete="off"
            spellCheck={false}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? `${hintId} person-error` : hintId}
          />
        </div>
        <ErrorNotice message={fieldError} id="person-error" />
        <button type="submit" className="button primary" disabled={busy}>
          {busy ? text.searching : text.show}
        </button>
      </form>

      <ErrorNotice message={error} />
      <div role="status" aria-live="polite" className="held-summary" ref={summaryRef} tabIndex={-1}>
        {summary && <p className={erased?.erased ? "notice" : undefined}>{summary}</p>}
      </div>

      {erased && erased.enquiries.length > 0 && (
        <section aria-labelledby="erased-references">
          <h2 id="erased-references">{text.erasedReferences}</h2>
          <ul className="rows">
            {erased.enquiries.map((each) => (
              <li key={each.id} className="row">
                <span className="reference">{each.reference}</span>
              </li>
            ))}
          </ul>
        </section>
      )}

      {erased && erased.kept.length > 0 && (
        <section aria-labelledby="kept-records">
          <h2 id="kept-records">{text.keptRecords}</h2>
          <p>{text.keptWhy}</p>
          <ul className="rows">
            {erased.kept.map((each) => (
              <li key={each.number} className="row">
                <span className="reference">{each.number}</span>{" "}
                {text.keptUntil(each.kind === "credit-note" ? "Credit note" : "Tax invoice", each.keptUntil)}
              </li>
            ))}
          </ul>
        </section>
      )}

      {report && !nothingHeld && (
        <>
          <HeldEnquiries report={report} />
          <HeldElsewhere report={report} />
          <EraseStep
            key={valueOf(report.query)}
            query={report.query}
            onErased={(answer) => {
              setErased(answer);
              setReport(null);
              // The erase form is gone: the person's focus moves to what happened.
              window.setTimeout(() => summaryRef.current?.focus());
            }}
          />
        </>
      )}
    </>
  );
}

export function Component() {
  useEffect(() => {
    document.title = pageTitle(text.title);
  }, []);
  return <PersonalDataRequests />;
}
