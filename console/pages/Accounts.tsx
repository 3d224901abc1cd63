import { Download } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { GSTR1_SECTIONS } from "../../domain/accounts";
import { istDate } from "../../domain/working-hours";
import { apiPath, callApi, errorMessage } from "../api";
import { pageTitle } from "../content";
import { documentDate, paise } from "../documents";
import { ACCOUNTS_MONTH, DOCUMENT_API_ROUTES, OVERDUE_BUCKETS, type Receivables } from "../../domain/invoice";
import { accountsText as text, bucketLabels } from "../documents-content";
import { LoadState } from "../components/Notices";
import { useStaff } from "../session";
import { appPaths } from "../paths";

const MONTH_PARAM = "month";

/** The IST month before today's: the one an accountant files at the start of a month. */
export function lastMonth(now: Date): string {
  const [year, month] = istDate(now).split("-").map(Number) as [number, number];
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, "0")}`;
}

function monthOf(value: string | null, now: Date): string {
  return value && ACCOUNTS_MONTH.test(value) ? value : lastMonth(now);
}

const monthName = new Intl.DateTimeFormat("en-IN", { timeZone: "UTC", month: "long", year: "numeric" });

/** "November 2026" for "2026-11". */
function formatMonth(month: string): string {
  return monthName.format(new Date(`${month}-01T00:00:00Z`));
}

/** What is owed by age, the invoices owed, each to its enquiry. */
function ReceivablesCard({ data }: { data: Receivables }) {
  return (
    <>
      <section className="card" aria-labelledby="receivables">
        <h2 id="receivables">{text.receivables}</h2>
        <p className="card-note">{text.receivablesNote}</p>
        <table className="receivables-table">
          <caption className="visually-hidden">{text.receivables}</caption>
          <thead>
            <tr>
              <th scope="col">{text.age}</th>
              <th scope="col" className="number">
                {text.count}
              </th>
              <th scope="col" className="number">
                {text.amount}
              </th>
            </tr>
          </thead>
          <tbody>
            {OVERDUE_BUCKETS.map((bucket) => (
              <tr key={bucket} className={bucket === "over-30" ? "late" : undefined}>
                <th scope="row">{bucketLabels[bucket]}</th>
                <td className="number">{data.buckets[bucket].count.toLocaleString("en-IN")}</td>
                <td className="number">{paise(data.buckets[bucket].balancePaise)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section className="card" aria-labelledby="owed">
        <h2 id="owed">{text.owedHeading}</h2>
        {data.invoices.length === 0 ? (
          <p className="empty">{text.noneOwed}</p>
        ) : (
          <ul className="owed-list">
            {data.invoices.map((invoice) => (
              <li key={invoice.id} className={invoice.bucket === "over-30" ? "late" : undefined}>
                <p>
                  <Link to={appPaths.enquiry(invoice.enquiryId)} className="document-number">
                    {invoice.number}
                  </Link>{" "}
                  <span className="owed-buyer">{invoice.buyerName}</span>
                </p>
                <p className="owed-figures">
                  <span>
                    {text.date} <time dateTime={invoice.issuedAt}>{documentDate(invoice.issuedAt)}</time>
                  </span>
                  <span>
                    {text.total} {paise(invoice.totalPaise)}
                  </span>
                  <span>
                    {text.balance} <strong>{paise(invoice.balancePaise)}</strong>
                  </span>
                  <span className="owed-bucket">{bucketLabels[invoice.bucket]}</span>
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

/** The month's GSTR-1 sections as CSV and the Tally XML, for the month chosen (kept in the URL). */
function MonthFiles({ month, onMonth }: { month: string; onMonth: (month: string) => void }) {
  const id = useId();
  const file = (href: string, label: string) => (
    <li key={href}>
      <a className="button quiet" href={href} download>
        <Download aria-hidden="true" size={18} />
        <span>{label}</span>
      </a>
    </li>
  );
  return (
    <section className="card" aria-labelledby="month-files">
      <h2 id="month-files">{text.filesHeading}</h2>
      <p className="card-note">{text.filesNote}</p>
      <label className="field month-field" htmlFor={`${id}-month`}>
        <span>{text.month}</span>
        <input
          id={`${id}-month`}
          type="month"
          name="month"
          value={month}
          max={istDate(new Date()).slice(0, 7)}
          onChange={(event) => {
            if (ACCOUNTS_MONTH.test(event.target.value)) onMonth(event.target.value);
          }}
        />
      </label>
      <ul className="month-files" aria-label={`${text.filesHeading}, ${formatMonth(month)}`}>
        {GSTR1_SECTIONS.map((section) =>
          file(
            apiPath(DOCUMENT_API_ROUTES.gstr1, { month, section }),
            `GSTR-1 ${section.toUpperCase().replace(/^HSN-(B2[BC])$/, "HSN($1)")}: ${text.gstr1Sections[section]}`,
          ),
        )}
        {file(apiPath(DOCUMENT_API_ROUTES.tally, { month }), text.tally)}
      </ul>
    </section>
  );
}

/**
 * The accountant's page: what is owed and for how long (every member sees it, as the API answers
 * it), and the month's files, which the API gives to owners, as the business's other exports.
 */
export function Component() {
  const [searchParams, setSearchParams] = useSearchParams();
  const month = monthOf(searchParams.get(MONTH_PARAM), new Date());
  const [data, setData] = useState<Receivables | null>(null);
  const [error, setError] = useState("");
  const staff = useStaff();

  useEffect(() => {
    document.title = pageTitle(text.title);
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    callApi<Receivables>(apiPath(DOCUMENT_API_ROUTES.receivables), { signal: controller.signal }).then(
      (answer) => {
        setError("");
        setData(answer);
      },
      (caught: unknown) => {
        if (!controller.signal.aborted) setError(errorMessage(caught));
      },
    );
    return () => controller.abort();
  }, []);

  return (
    <div className="accounts">
      <div className="page-head">
        <h1>{text.title}</h1>
      </div>
      <div className="dashboard-grid">
        <div className="accounts-owed">
          <LoadState error={error} loaded={data !== null} />
          {data && <ReceivablesCard data={data} />}
        </div>
        {staff.role === "owner" ? (
          <MonthFiles
            month={month}
            onMonth={(next) => setSearchParams({ [MONTH_PARAM]: next }, { replace: true })}
          />
        ) : (
          <section className="card" aria-labelledby="month-files">
            <h2 id="month-files">{text.filesHeading}</h2>
            <p className="card-note">{text.filesOwners}</p>
          </section>
        )}
      </div>
    </div>
  );
}
