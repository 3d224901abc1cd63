import {
  DASHBOARD_FIGURES,
  lostReasonName,
  percentOf,
  type DashboardData,
  type DashboardWinRateRow,
} from "../../domain/dashboard";
import { formatRupees } from "../../domain/deal";
import { salesText as text, sourceName } from "../content";

const monthName = new Intl.DateTimeFormat("en-IN", { timeZone: "UTC", month: "short", year: "numeric" });

/** "Mar 2026" for the IST month "2026-03". */
function formatMonth(month: string): string {
  return monthName.format(new Date(`${month}-01T00:00:00Z`));
}

const number = (value: number) => value.toLocaleString("en-IN");

/** A bar and its figure, as the dashboard's other tables draw them (the bar is decoration only). */
function Bar({ share, children }: { share: number; children: React.ReactNode }) {
  return (
    <span className="bar-line">
      <span className="bar-track" aria-hidden="true">
        <span className="bar-fill" style={{ width: `${Math.max(0, Math.min(1, share)) * 100}%` }} />
      </span>
      <span className="bar-value">{children}</span>
    </span>
  );
}

/** Orders and their value per IST month: a table that is its own chart, the value drawn as a bar. */
function OrdersPerMonth({ data }: { data: DashboardData }) {
  const { sales } = data;
  const most = sales.months.reduce((max, month) => Math.max(max, month.value), 0);
  return (
    <section className="card" aria-labelledby="orders-per-month">
      <h2 id="orders-per-month">{DASHBOARD_FIGURES.orders}</h2>
      <p className="card-note">{text.ordersNote}</p>
      <dl className="facts sales-facts">
        <div>
          <dt>{text.orders}</dt>
          <dd>{number(sales.orders)}</dd>
        </div>
        <div>
          <dt>{text.value}</dt>
          <dd>{formatRupees(sales.value)}</dd>
        </div>
      </dl>
      {sales.orders === 0 ? (
        <p className="empty">{text.noOrders}</p>
      ) : (
        <table className="bar-table sales-table">
          <caption className="visually-hidden">{DASHBOARD_FIGURES.orders}</caption>
          <thead>
            <tr>
              <th scope="col">{text.month}</th>
              <th scope="col" className="number">
                {text.orders}
              </th>
              <th scope="col">{text.value}</th>
            </tr>
          </thead>
          <tbody>
            {sales.months.map((month) => (
              <tr key={month.month}>
                <th scope="row">{formatMonth(month.month)}</th>
                <td className="number">{number(month.orders)}</td>
                <td>
                  <Bar share={most > 0 ? month.value / most : 0}>{formatRupees(month.value)}</Bar>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** Won out of decided for each row, with the rate drawn as a bar. */
function WinRate({
  id,
  title,
  keyLabel,
  rows,
}: {
  id: string;
  title: string;
  keyLabel: string;
  rows: DashboardWinRateRow[];
}) {
  const decided = rows.filter((row) => row.decided > 0);
  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <p className="card-note">{text.winRateNote}</p>
      {decided.length === 0 ? (
        <p className="empty">{text.noneDecided}</p>
      ) : (
        <table className="bar-table sales-table">
          <caption className="visually-hidden">{title}</caption>
          <thead>
            <tr>
              <th scope="col">{keyLabel}</th>
              <th scope="col">{text.winRate}</th>
            </tr>
          </thead>
          <tbody>
            {decided.map((row) => {
              const rate = percentOf(row.won, row.decided) ?? 0;
              return (
                <tr key={row.key}>
                  <th scope="row">
                    <span className="bar-key" title={row.key}>
                      {row.key}
                    </span>
                    <span className="sales-detail">{text.wonOf(row.won, row.decided)}</span>
                  </th>
                  <td>
                    <Bar share={rate / 100}>{rate}%</Bar>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** The lost sales by why they were lost, most first (a return to origin among them). */
function LostReasons({ data }: { data: DashboardData }) {
  const rows = data.sales.lostReasons;
  const most = rows.reduce((max, row) => Math.max(max, row.enquiries), 0);
  return (
    <section className="card" aria-labelledby="lost-reasons">
      <h2 id="lost-reasons">{DASHBOARD_FIGURES.lostReasons}</h2>
      {rows.length === 0 ? (
        <p className="empty">{text.noLostSales}</p>
      ) : (
        <table className="bar-table sales-table">
          <caption className="visually-hidden">{DASHBOARD_FIGURES.lostReasons}</caption>
          <thead>
            <tr>
              <th scope="col">{text.lostReason}</th>
              <th scope="col">{text.lostSales}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row">{lostReasonName(row.key)}</th>
                <td>
                  <Bar share={most ? row.enquiries / most : 0}>{number(row.enquiries)}</Bar>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** What the site sold, of the period's enquiries: the dashboard's orders and win rates (domain/dashboard.ts). */
export function SalesFigures({ data }: { data: DashboardData }) {
  return (
    <>
      <OrdersPerMonth data={data} />
      <WinRate
        id="win-rate-buyers"
        title={DASHBOARD_FIGURES.winRateBuyers}
        keyLabel={text.buyer}
        rows={data.sales.winRate.buyers}
      />
      <WinRate
        id="win-rate-sources"
        title={DASHBOARD_FIGURES.winRateSources}
        keyLabel={text.source}
        rows={data.sales.winRate.sources.map((row) => ({ ...row, key: sourceName(row.key) }))}
      />
      <LostReasons data={data} />
    </>
  );
}
