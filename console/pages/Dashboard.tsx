import { Download } from "lucide-react";
import { useCallback, useEffect, useMemo, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { ADMIN_API_ROUTES } from "../../domain/console";
import { ENQUIRY_STATUSES, STATUS, type EnquiryStatus } from "../../domain/status";
import { VITAL_METRICS, type VitalMetric } from "../../domain/contract";
import {
  DASHBOARD_FIGURES,
  DASHBOARD_RANGES,
  type DashboardBreakdownRow,
  type DashboardData,
  type DashboardRange,
  DEFAULT_DASHBOARD_RANGE,
  percentOf,
} from "../../domain/dashboard";
import { apiPath, callApi, errorMessage } from "../api";
import { LoadState } from "../components/Notices";
import { useStaff } from "../session";
import { appPaths } from "../paths";
import { countOf, dashboardText as text, formatDay, formatWorkingMinutes, pageTitle } from "../content";
import { type ChartSeries, ChartLegend, istSeconds, TimeChart } from "../dashboard/TimeChart";
import { SalesFigures } from "../dashboard/SalesFigures";
import { ReceivablesTile } from "../dashboard/ReceivablesTile";

const RANGE_PARAM = "days";
/** The way to a sale: the team's work that was not lost. Lost sales and spam are set apart below it. */
const onTheWay = (status: EnquiryStatus) => STATUS[status].work && !STATUS[status].lost;
const FUNNEL: readonly EnquiryStatus[] = ENQUIRY_STATUSES.filter(onTheWay);
const SET_APART: readonly EnquiryStatus[] = ENQUIRY_STATUSES.filter((status) => !onTheWay(status));
const BUYER_SERIES: ChartSeries[] = [
  { label: "Retailer", color: "#e0741a", bars: true },
  { label: "Self Use", color: "#3b2416", bars: true },
];
const SACHET_SERIES: ChartSeries[] = [{ label: text.sachets, color: "#e0741a", bars: true }];
const PAGE_COLOURS = ["#e0741a", "#3b2416", "#2f6b3a", "#7a4fa0"];

function rangeOf(value: string | null): DashboardRange {
  return DASHBOARD_RANGES.find((days) => String(days) === value) ?? DEFAULT_DASHBOARD_RANGE;
}

const number = (value: number) => value.toLocaleString("en-IN");
const percent = (value: number | null) => (value === null ? text.noneYet : `${value}%`);

function formatVital(metric: VitalMetric, value: number): string {
  return metric === "CLS" ? value.toFixed(3) : `${number(Math.round(value))} ms`;
}

/** A chart axis's shorter labels: "1.6 s", "250 ms", "0.05". */
function formatVitalTick(metric: VitalMetric, value: number): string {
  if (metric === "CLS") return value.toFixed(2);
  return value >= 1000
    ? `${(value / 1000).toLocaleString("en-IN", { maximumFractionDigits: 1 })} s`
    : `${value} ms`;
}

/** A chart's figures, folded away under the chart: for screen readers, and for copying. */
function FiguresTable({ caption, children }: { caption: string; children: React.ReactNode }) {
  return (
    <details className="figures">
      <summary>{text.showTable}</summary>
      <table className="figures-table">
        <caption className="visually-hidden">{caption}</caption>
        {children}
      </table>
    </details>
  );
}

/** A card with a time chart of the range, its legend, and its figures (the table's head and body) folded below. */
function ChartCard({
  id,
  title,
  data,
  series,
  x,
  values,
  children,
}: {
  id: string;
  title: string;
  data: DashboardData;
  series: ChartSeries[];
  x: number[];
  values: number[][];
  children: React.ReactNode;
}) {
  return (
    <section className="card chart-card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ChartLegend series={series} />
      <TimeChart
        label={text.chartSummary(title, formatDay(data.from), formatDay(data.to))}
        x={x}
        series={series}
        values={values}
      />
      <FiguresTable caption={title}>{children}</FiguresTable>
    </section>
  );
}

function Kpi({ label, value, note }: { label: string; value: string; note: string }) {
  return (
    <li className="kpi">
      <span className="kpi-label">{label}</span>
      <span className="kpi-value">{value}</span>
      <span className="kpi-note">{note}</span>
    </li>
  );
}

function Summary({ data }: { data: DashboardData }) {
  const { funnel, firstContact } = data;
  const retailer = data.perDay.reduce((sum, day) => sum + day.enquiries.Retailer, 0);
  return (
    <ul className="kpis" aria-label="Summary">
      <Kpi
        label={text.received}
        value={number(funnel.genuine)}
        note={text.genuineNote(
          funnel.counts.Spam,
          funnel.counts.Duplicate,
          retailer,
          funnel.genuine - retailer,
        )}
      />
      <Kpi
        label={text.reachedConfirmed}
        value={percent(percentOf(funnel.reachedConfirmed, funnel.genuine))}
        note={text.ofGenuine(funnel.reachedConfirmed, funnel.genuine)}
      />
      <Kpi
        label={text.reachedFulfilled}
        value={percent(percentOf(funnel.reachedFulfilled, funnel.genuine))}
        note={text.ofGenuine(funnel.reachedFulfilled, funnel.genuine)}
      />
      <Kpi
        label={text.medianFirstContact}
        value={
          firstContact.medianWorkingMinutes === null
            ? text.noneYet
            : formatWorkingMinutes(firstContact.medianWorkingMinutes)
        }
        note={text.withinTarget(firstContact.withinTarget, firstContact.received, firstContact.targetHours)}
      />
      <ReceivablesTile />
    </ul>
  );
}

function PerDay({ data }: { data: DashboardData }) {
  const x = useMemo(() => data.perDay.map((day) => istSeconds(day.date)), [data]);
  // Stacked: the Retailer bar reaches the day's total, the Self Use bar is drawn over its foot.
  const values = useMemo(
    () => [
      data.perDay.map((day) => day.enquiries.Retailer + day.enquiries["Self Use"]),
      data.perDay.map((day) => day.enquiries["Self Use"]),
    ],
    [data],
  );
  return (
    <ChartCard
      id="per-day"
      title={DASHBOARD_FIGURES.perDay}
      data={data}
      series={BUYER_SERIES}
      x={x}
      values={values}
    >
      <thead>
        <tr>
          <th scope="col">{text.date}</th>
          <th scope="col">Retailer</th>
          <th scope="col">Self Use</th>
          <th scope="col">{text.sachets}</th>
        </tr>
      </thead>
      <tbody>
        {data.perDay.map((day) => (
          <tr key={day.date}>
            <th scope="row">
              <time dateTime={day.date}>{formatDay(day.date)}</time>
            </th>
            <td>{number(day.enquiries.Retailer)}</td>
            <td>{number(day.enquiries["Self Use"])}</td>
            <td>{number(day.quantity)}</td>
          </tr>
        ))}
      </tbody>
    </ChartCard>
  );
}

function PerWeek({ data }: { data: DashboardData }) {
  const x = useMemo(() => data.quantityPerWeek.map((week) => istSeconds(week.weekStart)), [data]);
  const values = useMemo(() => [data.quantityPerWeek.map((week) => week.quantity)], [data]);
  return (
    <ChartCard
      id="per-week"
      title={DASHBOARD_FIGURES.quantityPerWeek}
      data={data}
      series={SACHET_SERIES}
      x={x}
      values={values}
    >
      <thead>
        <tr>
          <th scope="col">{text.week}</th>
          <th scope="col">{text.sachets}</th>
        </tr>
      </thead>
      <tbody>
        {data.quantityPerWeek.map((week) => (
          <tr key={week.weekStart}>
            <th scope="row">
              <time dateTime={week.weekStart}>{formatDay(week.weekStart)}</time>
            </th>
            <td>{number(week.quantity)}</td>
          </tr>
        ))}
      </tbody>
    </ChartCard>
  );
}

/** Rows with a bar each, longest first: a table that is its own chart. */
function BarRows({ rows, total }: { rows: { key: string; count: number }[]; total: number }) {
  return (
    <>
      {rows.map(({ key, count }) => (
        <tr key={key}>
          <th scope="row">
            <span className="bar-key" title={key}>
              {key}
            </span>
          </th>
          <td>
            <span className="bar-line">
              <span className="bar-track" aria-hidden="true">
                <span className="bar-fill" style={{ width: `${total > 0 ? (count / total) * 100 : 0}%` }} />
              </span>
              <span className="bar-value">{number(count)}</span>
            </span>
          </td>
        </tr>
      ))}
    </>
  );
}

function Funnel({ data }: { data: DashboardData }) {
  const { funnel } = data;
  const rows = (statuses: readonly EnquiryStatus[]) =>
    statuses.map((status) => ({ key: status, count: funnel.counts[status] }));
  return (
    <section className="card" aria-labelledby="funnel">
      <h2 id="funnel">{DASHBOARD_FIGURES.funnel}</h2>
      <p className="card-note">{text.funnelNote}</p>
      <table className="bar-table">
        <caption className="visually-hidden">{DASHBOARD_FIGURES.funnel}</caption>
        <thead className="visually-hidden">
          <tr>
            <th scope="col">{text.status}</th>
            <th scope="col">{text.count}</th>
          </tr>
        </thead>
        <tbody>
          <BarRows rows={rows(FUNNEL)} total={funnel.received} />
        </tbody>
        <tbody className="set-apart">
          <tr>
            <th scope="rowgroup" colSpan={2}>
              {text.apart}
            </th>
          </tr>
          <BarRows rows={rows(SET_APART)} total={funnel.received} />
        </tbody>
      </table>
      <p className="shares">
        <span>
          {text.reachedConfirmed}:{" "}
          <strong>{percent(percentOf(funnel.reachedConfirmed, funnel.genuine))}</strong>
        </span>
        <span>
          {text.reachedFulfilled}:{" "}
          <strong>{percent(percentOf(funnel.reachedFulfilled, funnel.genuine))}</strong>
        </span>
      </p>
    </section>
  );
}

function FirstContact({ data }: { data: DashboardData }) {
  const { firstContact } = data;
  const within = percentOf(firstContact.withinTarget, firstContact.received);
  return (
    <section className="card" aria-labelledby="first-contact">
      <h2 id="first-contact">{DASHBOARD_FIGURES.firstContact}</h2>
      <p className="card-note">{text.firstContactNote(firstContact.targetHours)}</p>
      <dl className="facts">
        <div>
          <dt>{text.medianFirstContact}</dt>
          <dd>
            {firstContact.medianWorkingMinutes === null
              ? text.noneYet
              : `${formatWorkingMinutes(firstContact.medianWorkingMinutes)} ${text.workingTime}`}
          </dd>
        </div>
        <div>
          <dt>{text.withinHours(firstContact.targetHours)}</dt>
          <dd>
            {number(firstContact.withinTarget)} of {number(firstContact.received)}
            {within !== null && <span className="muted"> ({within}%)</span>}
          </dd>
        </div>
        <div>
          <dt>{text.notContacted}</dt>
          <dd>{countOf(firstContact.received - firstContact.contacted, "enquiry", "enquiries")}</dd>
        </div>
      </dl>
    </section>
  );
}

/** One "per X" breakdown: a table with a bar per row. */
function Breakdown({
  id,
  title,
  keyLabel,
  note,
  empty,
  rows,
}: {
  id: string;
  title: string;
  keyLabel: string;
  note: string;
  empty: string;
  rows: DashboardBreakdownRow[];
}) {
  const most = rows.reduce((max, row) => Math.max(max, row.enquiries), 0);
  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <p className="card-note">{note}</p>
      {rows.length === 0 ? (
        <p className="empty">{empty}</p>
      ) : (
        <table className="bar-table">
          <caption className="visually-hidden">{title}</caption>
          <thead className="visually-hidden">
            <tr>
              <th scope="col">{keyLabel}</th>
              <th scope="col">{text.count}</th>
            </tr>
          </thead>
          <tbody>
            <BarRows rows={rows.map((row) => ({ key: row.key, count: row.enquiries }))} total={most} />
          </tbody>
        </table>
      )}
    </section>
  );
}

/** One line per page of the metric's weekly 75th percentile. */
function vitalsChart(data: DashboardData, metric: VitalMetric) {
  const rows = data.vitals.filter((week) => week.metric === metric);
  const weeks = [...new Set(rows.map((week) => week.weekStart))].sort();
  const pages = [...new Set(rows.map((week) => week.page))].sort();
  const series: ChartSeries[] = pages.map((page, index) => ({
    label: page,
    color: PAGE_COLOURS[index % PAGE_COLOURS.length] as string,
    dash: page.startsWith("/hi"),
  }));
  const values = pages.map((page) =>
    weeks.map(
      (weekStart) => rows.find((row) => row.page === page && row.weekStart === weekStart)?.p75 ?? null,
    ),
  );
  return { x: weeks.map(istSeconds), series, values };
}

function VitalsChart({ data, metric }: { data: DashboardData; metric: VitalMetric }) {
  const chart = useMemo(() => vitalsChart(data, metric), [data, metric]);
  const formatValue = useCallback((value: number) => formatVitalTick(metric, value), [metric]);
  // The dashboard's days (from the Monday of the first week measured), so one week's measurements
  // spread over its days, not a year's months.
  const span = useMemo(
    (): [number, number] => [Math.min(istSeconds(data.from), ...chart.x), istSeconds(data.to)],
    [chart.x, data.from, data.to],
  );
  return (
    <>
      <ChartLegend series={chart.series} />
      <TimeChart
        label={text.chartSummary(
          `${DASHBOARD_FIGURES.vitals}, ${text.metricNames[metric]}`,
          formatDay(data.from),
          formatDay(data.to),
        )}
        x={chart.x}
        series={chart.series}
        values={chart.values}
        formatValue={formatValue}
        span={span}
      />
    </>
  );
}

function PageSpeed({ data }: { data: DashboardData }) {
  const measured = VITAL_METRICS.filter((metric) => data.vitals.some((week) => week.metric === metric));
  const [chosen, setChosen] = useState<VitalMetric>("LCP");
  const metric = measured.includes(chosen) ? chosen : (measured[0] ?? "LCP");
  return (
    <section className="card chart-card" aria-labelledby="page-speed">
      <h2 id="page-speed">{DASHBOARD_FIGURES.vitals}</h2>
      <p className="card-note">{text.vitalsNote}</p>
      {measured.length === 0 ? (
        <p className="empty">{text.noVitals}</p>
      ) : (
        <>
          <div className="chips" role="group" aria-label={text.metric}>
            {measured.map((name) => (
              <button
                key={name}
                type="button"
                className="chip"
                aria-pressed={name === metric}
                title={text.metricNames[name]}
                onClick={() => setChosen(name)}
              >
                {name}
              </button>
            ))}
          </div>
          <VitalsChart data={data} metric={metric} />
          <FiguresTable caption={DASHBOARD_FIGURES.vitals}>
            <thead>
              <tr>
                <th scope="col">{text.week}</th>
                <th scope="col">{text.page}</th>
                <th scope="col">{text.metric}</th>
                <th scope="col">{text.samples}</th>
                <th scope="col">{text.p75}</th>
              </tr>
            </thead>
            <tbody>
              {data.vitals.map((week) => (
                <tr key={`${week.weekStart} ${week.page} ${week.metric}`}>
                  <th scope="row">
                    <time dateTime={week.weekStart}>{formatDay(week.weekStart)}</time>
                  </th>
                  <td>{week.page}</td>
                  <td>{week.metric}</td>
                  <td>{number(week.count)}</td>
                  <td>{formatVital(week.metric, week.p75)}</td>
                </tr>
              ))}
            </tbody>
          </FiguresTable>
        </>
      )}
    </section>
  );
}

export function Component() {
  const [searchParams, setSearchParams] = useSearchParams();
  const days = rangeOf(searchParams.get(RANGE_PARAM));
  const [data, setData] = useState<DashboardData | null>(null);
  const [error, setError] = useState("");

  useEffect(() => {
    document.title = pageTitle(text.title);
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    callApi<DashboardData>(
      apiPath(ADMIN_API_ROUTES.dashboard, {}, new URLSearchParams({ [RANGE_PARAM]: String(days) })),
      { signal: controller.signal },
    ).then(
      (answer) => {
        setError("");
        setData(answer);
      },
      (caught: unknown) => {
        if (!controller.signal.aborted) setError(errorMessage(caught));
      },
    );
    return () => controller.abort();
  }, [days]);

  const shown = data?.days === days ? data : null;
  const staff = useStaff();
  return (
    <div className="dashboard">
      {staff.role === "owner" && !staff.totpEnabled && staff.totpPromptDeferred && (
        <p className="notice reminder">
          {text.totpReminder} <Link to={appPaths.security}>{text.totpReminderLink}</Link>
        </p>
      )}
      <div className="page-head">
        <h1>{text.title}</h1>
        <div className="dashboard-tools">
          <div className="chips" role="group" aria-label={text.range}>
            {DASHBOARD_RANGES.map((range) => (
              <button
                key={range}
                type="button"
                className="chip"
                aria-pressed={range === days}
                onClick={() => setSearchParams({ [RANGE_PARAM]: String(range) }, { replace: true })}
              >
                {text.rangeLabel(range)}
              </button>
            ))}
          </div>
          <a
            className="button quiet"
            href={apiPath(
              ADMIN_API_ROUTES.dashboardCsv,
              {},
              new URLSearchParams({ [RANGE_PARAM]: String(days) }),
            )}
            download
          >
            <Download aria-hidden="true" size={18} />
            {text.downloadCsv}
          </a>
        </div>
      </div>
      {shown && (
        <p className="period">
          {formatDay(shown.from)} – {formatDay(shown.to)} {shown.to.slice(0, 4)}, India Standard Time
        </p>
      )}
      <LoadState error={error} loaded={Boolean(shown)} />
      {shown && (
        <>
          <Summary data={shown} />
          <div className="dashboard-grid">
            <PerDay data={shown} />
            <PerWeek data={shown} />
            <Funnel data={shown} />
            <FirstContact data={shown} />
            <SalesFigures data={shown} />
            {(
              [
                ["per-member", "members", text.member, text.memberNote, text.noMembers],
                ["per-owner", "owners", text.owner, text.ownerNote, text.noOwners],
                ["per-source", "sources", text.source, text.sourceNote, text.noSources],
              ] as const
            ).map(([id, figure, keyLabel, note, empty]) => (
              <Breakdown
                key={id}
                id={id}
                title={DASHBOARD_FIGURES[figure]}
                keyLabel={keyLabel}
                note={note}
                empty={empty}
                rows={shown.breakdowns[figure]}
              />
            ))}
            <PageSpeed data={shown} />
          </div>
        </>
      )}
    </div>
  );
}
