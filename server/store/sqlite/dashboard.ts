import { statusCountsOf, type EnquiryStatus } from "../../../domain/status";
import type { VitalMetric } from "../../../domain/contract";
import {
  addDays,
  DASHBOARD_NO_SOURCE,
  type DashboardBreakdownRow,
  type DashboardVitalWeek,
  weekStartOf,
} from "../../../domain/dashboard";
import { istDate } from "../../../domain/working-hours";
import {
  type DashboardParts,
  type DashboardSpan,
  type DashboardStore,
  type FirstTouch,
  type OutcomeRow,
  type ReceivedDay,
} from "../dashboard";
import { DECIDED_STATUSES } from "../../../domain/deal";
import { CONTACT_KINDS } from "../../lifecycle/plan";
import type Database from "better-sqlite3";
import { compareText } from "../vitals-summary";
import type { SqliteRun } from "./connection";
import { workStatusWhere } from "./status-sql";

type Bounds = { from: string; to: string };

/**
 * The dashboard on SQLite, all read in one transaction so the figures agree with each other:
 * enquiries per day from the `enquiry_days` rollup (kept by triggers in the transaction that
 * stores or erases an enquiry), statuses from enquiry_work's received_at, first touches from
 * `enquiry_first_touch` (written with each line of contact: work-record.ts), members from
 * enquiry_history's index on `at` (which carries the kind), owners, sources and outcomes from enquiry_work's covering indexes (the buyer type and
 * source each work row carries), page speed from a covering index on vitals' received_at.
 */
export class SqliteDashboardStore implements DashboardStore {
  constructor(private readonly run: SqliteRun) {}

  async parts(span: DashboardSpan): Promise<DashboardParts> {
    const bounds: Bounds = { from: span.from.toISOString(), to: span.to.toISOString() };
    return this.run((db) =>
      db
        .transaction((): DashboardParts => {
          // Kept per IST day and buyer type by the enquiries' triggers (migrations.ts): a few hundred rows.
          const received = db
            .prepare<{ fromDay: string; toDay: string }, ReceivedDay>(
              `SELECT day AS date, buyer, enquiries, quantity FROM enquiry_days
               WHERE day >= @fromDay AND day <= @toDay AND enquiries > 0 ORDER BY day, buyer`,
            )
            .all({ fromDay: istDate(span.from), toDay: istDate(new Date(span.to.getTime() - 1)) });
          const counted = db
            .prepare<Bounds, { status: EnquiryStatus; count: number }>(
              `SELECT status, count(*) AS count FROM enquiry_work
               WHERE received_at >= @from AND received_at < @to GROUP BY status`,
            )
            .all(bounds);
          const statuses = statusCountsOf(
            received.reduce((sum, row) => sum + row.enquiries, 0),
            Object.fromEntries(counted.map(({ status, count }) => [status, count])),
          );
          // Each enquiry's first touch, written with its first line of contact (work-record.ts).
          const firstTouches = db
            .prepare<Bounds, FirstTouch>(
              `SELECT received_at AS receivedAt, first_at AS firstTouchAt FROM enquiry_first_touch
               WHERE received_at >= @from AND received_at < @to`,
            )
            .all(bounds);
          return {
            received,
            statuses,
            firstTouches,
            members: this.members(db, bounds),
            ...this.ownersAndSources(db, bounds),
            outcomes: this.outcomes(db, bounds),
            vitals: this.vitals(db, bounds),
          };
        })
        .deferred(),
    );
  }

  /**
   * The enquiries each member worked on within the span: one line of contact or more of theirs in
   * its history (server/lifecycle/plan.ts: CONTACT_KINDS).
   */
  private members(db: Database.Database, bounds: Bounds): DashboardBreakdownRow[] {
    return db
      .prepare<Bounds & { kinds: string }, DashboardBreakdownRow>(
        `SELECT staff_email AS key, count(*) AS enquiries FROM (
           SELECT DISTINCT staff_email, enquiry_id FROM enquiry_history INDEXED BY enquiry_history_at
           WHERE at >= @from AND at < @to AND kind IN (SELECT value FROM json_each(@kinds))
         ) GROUP BY staff_email`,
      )
      .all({ ...bounds, kinds: JSON.stringify(CONTACT_KINDS) });
  }

  /**
   * The enquiries received in the span, Spam aside: those owned, by their owner's address (the
   * rest are counted as unassigned from the funnel), and all of them by source.
   */
  private ownersAndSources(
    db: Database.Database,
    bounds: Bounds,
  ): { owners: DashboardBreakdownRow[]; sources: DashboardBreakdownRow[] } {
    const params = { ...bounds, none: DASHBOARD_NO_SOURCE };
    const owners = db
      .prepare<typeof params, DashboardBreakdownRow>(
        `SELECT s.email AS key, count(*) AS enquiries
         FROM enquiry_work w JOIN staff s ON s.id = w.owner_id
         WHERE w.received_at >= @from AND w.received_at < @to AND ${workStatusWhere("w.status")}
         GROUP BY 1`,
      )
      .all(params);
    // The work row's copy of the source, the one the inbox's filter reads: from the covering index.
    const sources = db
      .prepare<typeof params, DashboardBreakdownRow>(
        `SELECT coalesce(source_label, @none) AS key, count(*) AS enquiries
         FROM enquiry_work INDEXED BY enquiry_work_received
         WHERE received_at >= @from AND received_at < @to AND ${workStatusWhere("status")}
         GROUP BY 1`,
      )
      .all(params);
    return { owners, sources };
  }

  /**
   * The enquiries received in the span now decided, by IST month, buyer type, source and status,
   * with the orders' values: from enquiry_work's (status, received_at) index, which carries the
   * buyer type and source, each joined to its deal by key.
   */
  private outcomes(db: Database.Database, bounds: Bounds): OutcomeRow[] {
    const statuses = JSON.stringify(DECIDED_STATUSES);
    return db
      .prepare<Bounds & { none: string; statuses: string }, OutcomeRow>(
        `SELECT strftime('%Y-%m', w.received_at, '+330 minutes') AS month, w.buyer,
           coalesce(w.source_label, @none) AS source, w.status, count(*) AS enquiries,
           count(d.value_rupees) AS orders, coalesce(sum(d.value_rupees), 0) AS value
         FROM enquiry_work w INDEXED BY enquiry_work_status
           LEFT JOIN enquiry_deals d ON d.enquiry_id = w.enquiry_id
         WHERE w.status IN (SELECT value FROM json_each(@statuses))
           AND w.received_at >= @from AND w.received_at < @to
         GROUP BY 1, 2, 3, 4`,
      )
      .all({ ...bounds, none: DASHBOARD_NO_SOURCE, statuses });
  }

  /**
   * Nearest rank, as VitalsStore.summarize: the value at position ceil(0.75 n) of each week, page
   * and metric. The measurements are read once from the covering index on received_at; each is put
   * in its week by comparing its time with the weeks' first instants (cheaper than SQLite's date
   * functions on every row), and each group's values are sorted here.
   */
  private vitals(db: Database.Database, bounds: Bounds): DashboardVitalWeek[] {
    const weekStarts: string[] = [];
    const weekBounds: string[] = [];
    for (let day = istDate(new Date(bounds.from)); ; day = addDays(day, 7)) {
      const monday = weekStartOf(day);
      const begins = new Date(Date.parse(`${monday}T00:00:00+05:30`)).toISOString();
      if (begins >= bounds.to) break;
      weekStarts.push(monday);
      weekBounds.push(begins);
    }
    const groups = new Map<
      string,
      { weekStart: string; page: string; metric: VitalMetric; values: number[] }
    >();
    const rows = db
      .prepare<Bounds, [string, string, VitalMetric, number]>(
        `SELECT received_at, page, metric, value FROM vitals INDEXED BY vitals_received_at
         WHERE received_at >= @from AND received_at < @to`,
      )
      .raw()
      .all(bounds);
    let week = 0;
    for (const [at, page, metric, value] of rows) {
      // The rows come in time order: the week only ever moves forward.
      while (week + 1 < weekBounds.length && at >= (weekBounds[week + 1] as string)) week++;
      const key = `${week}\u0000${page}\u0000${metric}`;
      let group = groups.get(key);
      if (!group)
        groups.set(key, (group = { weekStart: weekStarts[week] as string, page, metric, values: [] }));
      group.values.push(value);
    }
    return [...groups.values()]
      .map(({ values, ...group }) => {
        const sorted = Float64Array.from(values).sort();
        return {
          ...group,
          count: sorted.length,
          p75: sorted[Math.max(1, Math.ceil(0.75 * sorted.length)) - 1] as number,
        };
      })
      .sort(
        (a, b) =>
          compareText(a.weekStart, b.weekStart) ||
          compareText(a.page, b.page) ||
          compareText(a.metric, b.metric),
      );
  }
}
