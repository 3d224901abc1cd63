import { useCallback, useEffect, useId, useMemo, useState, type FormEvent, type ReactNode } from "react";
import { factsProblems, GST_STATE_CODES, type FactsProblem } from "../../domain/company-facts";
import {
  COMPANY_API_ROUTES,
  COMPANY_PREVIEW_PATH,
  PREVIEW_PAGES,
  type FactsInForce,
  type FactsVersionSummary,
  type PreviewPage,
} from "../../domain/company-facts-api";
import { ApiError, apiPath, callApi, errorMessage } from "../api";
import { factsOf, formOf, type FactsForm } from "../company-form";
import { LoadState } from "../components/Notices";
import { companyText as text, formatFullTime, pageTitle } from "../content";
import { useStaff } from "../session";

/** The first message for each field, by its path. */
function byField(problems: readonly FactsProblem[]): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const problem of problems) messages[problem.field] ??= problem.message;
  return messages;
}

const domId = (path: string) => `company-${path.replace(/\./g, "-")}`;

interface FieldContext {
  form: FactsForm;
  problemOf: (path: string) => string | undefined;
  change: (path: string, value: string) => void;
  touch: (path: string) => void;
  readOnly: boolean;
}

function Problem({ path, message }: { path: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <span id={`${domId(path)}-problem`} className="notice error field-problem">
      {message}
    </span>
  );
}

/** One text field: its label, hint, control and the message of what is wrong with it. */
function TextField({
  context,
  path,
  label,
  hint,
  lang,
  multiline = false,
  inputMode,
}: {
  context: FieldContext;
  path: string;
  label: string;
  hint?: string;
  lang?: "en" | "hi";
  multiline?: boolean;
  inputMode?: "numeric" | "decimal" | "tel" | "email" | "url";
}) {
  const id = domId(path);
  const message = context.problemOf(path);
  const described = [hint ? `${id}-hint` : "", message ? `${id}-problem` : ""].filter(Boolean).join(" ");
  const props = {
    id,
    name: path,
    lang,
    value: context.form[path] ?? "",
    readOnly: context.readOnly,
    "aria-invalid": message ? true : undefined,
    "aria-describedby": described || undefined,
    onBlur: () => context.touch(path),
  };
  return (
    <div className="field company-field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <small id={`${id}-hint`} className="field-hint">
          {hint}
        </small>
      )}
      {multiline ? (
        <textarea {...props} rows={3} onChange={(event) => context.change(path, event.target.value)} />
      ) : (
        <input
          {...props}
          inputMode={inputMode}
          onChange={(event) => context.change(path, event.target.value)}
        />
      )}
      <Problem path={path} message={message} />
    </div>
  );
}

/** A text in both languages, side by side (stacked on a phone). */
function BilingualField({
  context,
  path,
  label,
  multiline,
}: {
  context: FieldContext;
  path: string;
  label: string;
  multiline?: boolean;
}) {
  const legendId = useId();
  return (
    <fieldset className="bilingual" aria-labelledby={legendId}>
      <legend id={legendId}>{label}</legend>
      <div className="bilingual-pair">
        <TextField
          context={context}
          path={`${path}.en`}
          label={text.english}
          lang="en"
          multiline={multiline}
        />
        <TextField context={context} path={`${path}.hi`} label={text.hindi} lang="hi" multiline={multiline} />
      </div>
    </fieldset>
  );
}

function SelectField({
  context,
  path,
  label,
  options,
  placeholder,
}: {
  context: FieldContext;
  path: string;
  label: string;
  options: readonly (readonly [string, string])[];
  placeholder?: string;
}) {
  const id = domId(path);
  const message = context.problemOf(path);
  return (
    <div className="field company-field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={path}
        value={context.form[path] ?? ""}
        disabled={context.readOnly}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-problem` : undefined}
        onChange={(event) => {
          context.change(path, event.target.value);
          context.touch(path);
        }}
      >
        {placeholder && <option value="">{placeholder}</option>}
        {options.map(([value, name]) => (
          <option key={value} value={value}>
            {name}
          </option>
        ))}
      </select>
      <Problem path={path} message={message} />
    </div>
  );
}

function Days({ context }: { context: FieldContext }) {
  const path = "workingHours.days";
  const chosen = new Set((context.form[path] ?? "").split(",").filter(Boolean));
  const message = context.problemOf(path);
  return (
    <fieldset
      className="choice company-days"
      aria-describedby={message ? `${domId(path)}-problem` : undefined}
      aria-invalid={message ? true : undefined}
    >
      <legend>{text.labels[path]}</legend>
      {text.weekdays.map((day, index) => (
        <label key={day} className="field inline">
          <input
            type="checkbox"
            checked={chosen.has(String(index))}
            disabled={context.readOnly}
            onChange={(event) => {
              const next = new Set(chosen);
              if (event.target.checked) next.add(String(index));
              else next.delete(String(index));
              context.change(path, [...next].sort().join(","));
              context.touch(path);
            }}
          />
          {day}
        </label>
      ))}
      <Problem path={path} message={message} />
    </fieldset>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="card stack company-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

function Address({ context, path, title }: { context: FieldContext; path: string; title: string }) {
  const states = Object.entries(GST_STATE_CODES).map(([code, state]) => [code, `${code} ${state}`] as const);
  return (
    <Section title={title}>
      <BilingualField context={context} path={`${path}.street`} label={text.labels.street ?? ""} />
      <BilingualField context={context} path={`${path}.locality`} label={text.labels.locality ?? ""} />
      <BilingualField context={context} path={`${path}.city`} label={text.labels.city ?? ""} />
      <BilingualField context={context} path={`${path}.state`} label={text.labels.state ?? ""} />
      <div className="company-columns">
        <SelectField
          context={context}
          path={`${path}.gstStateCode`}
          label={text.labels.gstStateCode ?? ""}
          options={states}
          placeholder={text.chooseState}
        />
        <TextField context={context} path={`${path}.pin`} label={text.labels.pin ?? ""} inputMode="numeric" />
      </div>
    </Section>
  );
}

/** Opens one public page rendered with the draft, in a new tab. */
function Preview({ form }: { form: FactsForm }) {
  const id = useId();
  const [page, setPage] = useState<PreviewPage>("home");
  const [error, setError] = useState("");
  const open = async () => {
    setError("");
    // Opened at once, while the click still allows it; filled when the page is rendered.
    const tab = window.open("about:blank", "_blank");
    try {
      const response = await fetch(COMPANY_PREVIEW_PATH, {
        method: "POST",
        headers: { "content-type": "application/json" },
        credentials: "same-origin",
        body: JSON.stringify({ facts: factsOf(form), page }),
      });
      if (!response.ok) throw new ApiError(response.status, text.previewUnavailable);
      const html = await response.text();
      const url = URL.createObjectURL(new Blob([html], { type: "text/html" }));
      if (tab) tab.location.href = url;
      else window.location.assign(url);
    } catch (caught) {
      tab?.close();
      setError(caught instanceof ApiError ? caught.message : text.previewUnavailable);
    }
  };
  return (
    <section className="card stack company-preview" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{text.previewHeading}</h2>
      <p className="hint">{text.previewNote}</p>
      <div className="company-columns">
        <label className="field" htmlFor={`${id}-page`}>
          <span>{text.previewPage}</span>
          <select
            id={`${id}-page`}
            value={page}
            onChange={(event) => setPage(event.target.value as PreviewPage)}
          >
            {PREVIEW_PAGES.map((each) => (
              <option key={each} value={each}>
                {text.previewPages[each]}
              </option>
            ))}
          </select>
        </label>
        <p className="company-preview-action">
          <button type="button" className="button" onClick={() => void open()}>
            {text.preview}
          </button>
        </p>
      </div>
      {error && (
        <p className="notice error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

function Versions({
  versions,
  current,
  owner,
  onRestore,
}: {
  versions: FactsVersionSummary[];
  current: number | null;
  owner: boolean;
  onRestore: (version: number) => Promise<void>;
}) {
  const id = useId();
  const [asking, setAsking] = useState<number | null>(null);
  return (
    <section className="company-versions" aria-labelledby={id}>
      <h2 id={id}>{text.versionsHeading}</h2>
      {versions.length === 0 ? (
        <p className="empty">{text.noVersions}</p>
      ) : (
        <ul className="rows">
          {versions.map((each) => (
            <li key={each.version} className="row">
              <span className="row-main">
                {text.versionLine(each.version, formatFullTime(each.publishedAt), each.publishedBy)}
              </span>
              <span className="row-meta">
                {each.restoredFrom !== null && text.restoredFrom(each.restoredFrom)}
                {each.version === current && <span className="badge">{text.current}</span>}
              </span>
              {owner &&
                each.version !== current &&
                (asking === each.version ? (
                  <span className="confirm" role="group" aria-label={text.confirmRestore(each.version)}>
                    <span>{text.confirmRestore(each.version)}</span>
                    <button
                      type="button"
                      className="button primary"
                      onClick={() => {
                        setAsking(null);
                        void onRestore(each.version);
                      }}
                    >
                      {text.confirmYes}
                    </button>
                    <button type="button" className="button quiet" onClick={() => setAsking(null)}>
                      {text.cancel}
                    </button>
                  </span>
                ) : (
                  <button
                    type="button"
                    className="button quiet"
                    aria-label={text.restoreLabel(each.version)}
                    onClick={() => setAsking(each.version)}
                  >
                    {text.restore}
                  </button>
                ))}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function Component() {
  const staff = useStaff();
  const owner = staff.role === "owner";
  const [inForce, setInForce] = useState<FactsInForce | null>(null);
  const [versions, setVersions] = useState<FactsVersionSummary[]>([]);
  const [loadError, setLoadError] = useState("");
  const [form, setForm] = useState<FactsForm>({});
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [showAll, setShowAll] = useState(false);
  const [serverProblems, setServerProblems] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    document.title = pageTitle(text.title);
  }, []);

  const load = useCallback(
    (signal?: AbortSignal) =>
      Promise.all([
        callApi<FactsInForce>(apiPath(COMPANY_API_ROUTES.company), { signal }),
        callApi<{ items: FactsVersionSummary[] }>(apiPath(COMPANY_API_ROUTES.versions), { signal }),
      ]).then(
        ([facts, listed]) => {
          setInForce(facts);
          setVersions(listed.items);
          setForm(formOf(facts.facts));
          setTouched(new Set());
          setShowAll(false);
          setServerProblems({});
          setLoadError("");
        },
        (caught: unknown) => {
          if (!signal?.aborted) setLoadError(errorMessage(caught));
        },
      ),
    [],
  );

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const draft = useMemo(() => factsOf(form), [form]);
  const clientProblems = useMemo(() => byField(factsProblems(draft)), [draft]);
  const context: FieldContext = {
    form,
    readOnly: !owner,
    problemOf: (path) =>
      serverProblems[path] ?? (showAll || touched.has(path) ? clientProblems[path] : undefined),
    change: (path, value) => {
      setForm((current) => ({ ...current, [path]: value }));
      setServerProblems((current) => {
        if (!(path in current)) return current;
        const { [path]: _gone, ...rest } = current;
        return rest;
      });
    },
    touch: (path) => setTouched((current) => (current.has(path) ? current : new Set([...current, path]))),
  };

  const focusFirstProblem = (fields: readonly string[]) => {
    const first = fields[0];
    if (first) document.getElementById(domId(first))?.focus();
  };

  const published = async (note: string) => {
    await load();
    setMessage({ text: note, error: false });
  };

  const publish = async (event: FormEvent) => {
    event.preventDefault();
    if (!owner || !inForce) return;
    setShowAll(true);
    setMessage(null);
    const fields = Object.keys(clientProblems);
    if (fields.length > 0) {
      setMessage({ text: text.problemsSummary(fields.length), error: true });
      focusFirstProblem(fields);
      return;
    }
    if (JSON.stringify(draft) === JSON.stringify(inForce.facts) && inForce.version !== null) {
      setMessage({ text: text.unchanged, error: false });
      return;
    }
    setBusy(true);
    try {
      const answer = await callApi<FactsInForce>(apiPath(COMPANY_API_ROUTES.company), {
        method: "POST",
        body: { baseVersion: inForce.version, facts: draft },
      });
      await published(text.published(answer.version ?? 0));
    } catch (caught) {
      const problems =
        caught instanceof ApiError ? (caught.answer?.problems as FactsProblem[] | undefined) : undefined;
      if (problems && problems.length > 0) {
        const messages = byField(problems);
        setServerProblems(messages);
        focusFirstProblem(Object.keys(messages));
      }
      setMessage({ text: errorMessage(caught), error: true });
    } finally {
      setBusy(false);
    }
  };

  const restore = async (version: number) => {
    if (!inForce) return;
    setMessage(null);
    try {
      const answer = await callApi<FactsInForce>(
        apiPath(COMPANY_API_ROUTES.restore, { version: String(version) }),
        { method: "POST", body: { baseVersion: inForce.version } },
      );
      await published(text.restored(answer.version ?? 0, version));
    } catch (caught) {
      setMessage({ text: errorMessage(caught), error: true });
    }
  };

  const label = (path: string) => text.labels[path] ?? path;
  return (
    <>
      <h1>{text.title}</h1>
      <p>{text.intro}</p>
      <LoadState error={loadError} loaded={inForce !== null} />
      {inForce && (
        <>
          <p
            className={inForce.version === null ? "notice error company-in-force" : "notice company-in-force"}
          >
            {inForce.version === null
              ? text.neverPublished
              : text.inForce(
                  inForce.version,
                  formatFullTime(inForce.publishedAt ?? ""),
                  inForce.publishedBy ?? "",
                )}
          </p>
          {!owner && <p className="notice">{text.readOnly}</p>}
          <form className="stack company-form" onSubmit={(event) => void publish(event)} noValidate>
            <Section title={text.sections.names}>
              <BilingualField context={context} path="legalName" label={label("legalName")} />
              <BilingualField context={context} path="shortName" label={label("shortName")} />
            </Section>
            <Address context={context} path="registeredAddress" title={text.sections.registeredAddress} />
            <Address
              context={context}
              path="manufacturingAddress"
              title={text.sections.manufacturingAddress}
            />
            <Section title={text.sections.contact}>
              <div className="company-columns">
                <TextField
                  context={context}
                  path="phone"
                  label={label("phone")}
                  hint={text.hints.phone}
                  inputMode="tel"
                />
                <TextField context={context} path="whatsapp" label={label("whatsapp")} inputMode="tel" />
                <TextField
                  context={context}
                  path="email.care"
                  label={label("email.care")}
                  inputMode="email"
                />
                <TextField
                  context={context}
                  path="email.grievance"
                  label={label("email.grievance")}
                  inputMode="email"
                />
                <TextField
                  context={context}
                  path="email.mailbox"
                  label={label("email.mailbox")}
                  inputMode="email"
                />
              </div>
            </Section>
            <Section title={text.sections.registrations}>
              <div className="company-columns">
                <TextField context={context} path="gstin" label={label("gstin")} hint={text.hints.gstin} />
                <TextField
                  context={context}
                  path="fssaiLicence"
                  label={label("fssaiLicence")}
                  inputMode="numeric"
                />
              </div>
            </Section>
            <Section title={text.sections.product}>
              <div className="company-columns">
                <TextField
                  context={context}
                  path="product.mrpPaise"
                  label={label("product.mrpPaise")}
                  hint={text.hints["product.mrpPaise"]}
                  inputMode="decimal"
                />
                <TextField
                  context={context}
                  path="product.sachetsPerUnit"
                  label={label("product.sachetsPerUnit")}
                  inputMode="numeric"
                />
                <TextField
                  context={context}
                  path="product.sachetGrams"
                  label={label("product.sachetGrams")}
                  inputMode="decimal"
                />
                <TextField
                  context={context}
                  path="product.bestBeforeMonths"
                  label={label("product.bestBeforeMonths")}
                  inputMode="numeric"
                />
                <SelectField
                  context={context}
                  path="product.foodMark"
                  label={label("product.foodMark")}
                  options={Object.entries(text.foodMarks)}
                />
              </div>
              <BilingualField
                context={context}
                path="product.collagenSource"
                label={label("product.collagenSource")}
              />
            </Section>
            <Section title={text.sections.trade}>
              <div className="company-columns">
                <TextField
                  context={context}
                  path="trade.minimumOrderSachets"
                  label={label("trade.minimumOrderSachets")}
                  inputMode="numeric"
                />
                <TextField
                  context={context}
                  path="delivery.minDays"
                  label={label("delivery.minDays")}
                  inputMode="numeric"
                />
                <TextField
                  context={context}
                  path="delivery.maxDays"
                  label={label("delivery.maxDays")}
                  inputMode="numeric"
                />
                <TextField
                  context={context}
                  path="delivery.returnDays"
                  label={label("delivery.returnDays")}
                  inputMode="numeric"
                />
              </div>
              <BilingualField context={context} path="trade.terms" label={label("trade.terms")} multiline />
            </Section>
            <Section title={text.sections.hours}>
              <Days context={context} />
              <div className="company-columns">
                <TextField context={context} path="workingHours.opens" label={label("workingHours.opens")} />
                <TextField
                  context={context}
                  path="workingHours.closes"
                  label={label("workingHours.closes")}
                />
                <TextField
                  context={context}
                  path="workingHours.firstContactHours"
                  label={label("workingHours.firstContactHours")}
                  inputMode="numeric"
                />
              </div>
            </Section>
            <Section title={text.sections.grievance}>
              <BilingualField
                context={context}
                path="grievanceOfficer.name"
                label={label("grievanceOfficer.name")}
              />
              <BilingualField
                context={context}
                path="grievanceOfficer.designation"
                label={label("grievanceOfficer.designation")}
              />
            </Section>
            <Section title={text.sections.social}>
              <p className="hint">{text.hints.social}</p>
              <div className="company-columns">
                <TextField
                  context={context}
                  path="social.facebook"
                  label={label("social.facebook")}
                  inputMode="url"
                />
                <TextField
                  context={context}
                  path="social.instagram"
                  label={label("social.instagram")}
                  inputMode="url"
                />
                <TextField
                  context={context}
                  path="social.linkedin"
                  label={label("social.linkedin")}
                  inputMode="url"
                />
              </div>
            </Section>
            <Section title={text.sections.billing}>
              <div className="company-columns">
                <TextField
                  context={context}
                  path="billing.hsn"
                  label={label("billing.hsn")}
                  hint={text.hints["billing.hsn"]}
                  inputMode="numeric"
                />
                <TextField
                  context={context}
                  path="billing.uqc"
                  label={label("billing.uqc")}
                  hint={text.hints["billing.uqc"]}
                />
                <TextField
                  context={context}
                  path="billing.invoicePrefix"
                  label={label("billing.invoicePrefix")}
                  hint={text.hints["billing.invoicePrefix"]}
                />
              </div>
              <TextField
                context={context}
                path="billing.gstRates"
                label={label("billing.gstRates")}
                hint={text.hints["billing.gstRates"]}
                multiline
              />
              <BilingualField
                context={context}
                path="billing.unitOfSale"
                label={label("billing.unitOfSale")}
              />
              <TextField
                context={context}
                path="billing.retailerPrices"
                label={label("billing.retailerPrices")}
                hint={text.hints["billing.retailerPrices"]}
                multiline
              />
              <div className="company-columns">
                <TextField
                  context={context}
                  path="billing.selfUsePricePaise"
                  label={label("billing.selfUsePricePaise")}
                  hint={text.hints["billing.selfUsePricePaise"]}
                  inputMode="decimal"
                />
                <TextField
                  context={context}
                  path="billing.merchantUpiId"
                  label={label("billing.merchantUpiId")}
                  hint={text.hints["billing.merchantUpiId"]}
                  inputMode="email"
                />
              </div>
              <BilingualField
                context={context}
                path="billing.signatory.name"
                label={label("billing.signatory.name")}
              />
              <BilingualField
                context={context}
                path="billing.signatory.designation"
                label={label("billing.signatory.designation")}
              />
              <p className="hint">{text.hints.bankAccount}</p>
              <div className="company-columns">
                <TextField
                  context={context}
                  path="billing.bankAccount.name"
                  label={label("billing.bankAccount.name")}
                />
                <TextField
                  context={context}
                  path="billing.bankAccount.number"
                  label={label("billing.bankAccount.number")}
                  inputMode="numeric"
                />
                <TextField
                  context={context}
                  path="billing.bankAccount.ifsc"
                  label={label("billing.bankAccount.ifsc")}
                />
              </div>
            </Section>
            <Section title={text.sections.terms}>
              <TextField
                context={context}
                path="termsConfirmedBy"
                label={label("termsConfirmedBy")}
                hint={text.hints.termsConfirmedBy}
              />
            </Section>
            {owner && <Preview form={form} />}
            {owner && (
              <div className="company-publish">
                {message && (
                  <p
                    className={message.error ? "notice error" : "notice"}
                    role={message.error ? "alert" : "status"}
                  >
                    {message.text}
                  </p>
                )}
                <button type="submit" className="button primary" disabled={busy}>
                  {busy ? text.publishing : text.publish}
                </button>
              </div>
            )}
          </form>
          <Versions versions={versions} current={inForce.version} owner={owner} onRestore={restore} />
        </>
      )}
    </>
  );
}
