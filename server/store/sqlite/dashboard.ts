import { INITIAL_STATUS, type EnquiryStatus } from "../../../domain/status";
import { DASHBOARD_NO_SOURCE, type DashboardBreakdownRow } from "../../../domain/dashboard";
import { istDate } from "../../../domain/working-hours";
import {
  type ApartDay,
  type DashboardParts,
  type DashboardSpan,
  type DashboardStore,
  type FirstTouch,
  type MemberRow,
  type OutcomeRow,
  type ReceivedDay,
  type VitalRow,
} from "../dashboard";
import type Database from "better-sqlite3";
import type { SqliteRun } from "./connection";
import { statusIn } from "./status-sql";

type Bounds = { from: string; to: string };
type Reads = Bounds & { apart: readonly EnquiryStatus[] };

/**
 * The dashboard on SQLite, all read in one transaction so the figures agree with each other:
 * enquiries per day from the `enquiry_days` rollup (kept by triggers in the transaction that
 * stores or erases an enquiry) and those of them set apart from enquiry_work's (status,
 * received_at) index (a few: spam and duplicates), statuses from enquiry_work's received_at, first
 * touches from `enquiry_first_touch` (written with each line of contact: work-record.ts), members
 * from enquiry_history's partial index on `at` of the lines that are work of their author, owners, sources and outcomes from
 * enquiry_work's covering indexes (the buyer type and source each work row carries), page speed
 * from a covering index on vitals' received_at. Each read names no status: the span says which
 * are set apart.
 */
export class SqliteDashboardStore implements DashboardStore {
  constructor(
    private readonly run: SqliteRun,
    private readonly table: string,
  ) {}

  async parts(span: DashboardSpan): Promise<DashboardParts> {
    const bounds: Bounds = { from: span.from.toISOString(), to: span.to.toISOString() };
    const reads: Reads = { ...bounds, apart: span.apart };
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
            .prepare<Bounds & { counted: string }, { status: EnquiryStatus; count: number }>(
              `SELECT status, count(*) AS count FROM enquiry_work
               WHERE received_at >= @from AND received_at < @to
                 AND status IN (SELECT value FROM json_each(@counted))
               GROUP BY status`,
            )
            .all({ ...bounds, counted: JSON.stringify(span.counted) });
          const statuses = Object.fromEntries(counted.map(({ status, count }) => [status, count]));
          // Each enquiry's first touch, written with its first line of contact (work-record.ts),
          // with its status now (an enquiry nobody worked on may have no work row: the initial one).
          const firstTouches = db
            .prepare<Bounds & { initial: string }, FirstTouch>(
              `SELECT t.enquiry_id AS enquiryId, t.received_at AS receivedAt, t.first_at AS firstTouchAt,
                 coalesce(w.status, @initial) AS status
               FROM enquiry_first_touch t LEFT JOIN enquiry_work w ON w.enquiry_id = t.enquiry_id
               WHERE t.received_at >= @from AND t.received_at < @to`,
            )
            .all({ ...bounds, initial: INITIAL_STATUS });
          return {
            received,
            apart: this.apart(db, reads),
            statuses,
            firstTouches,
            members: this.members(db, bounds),
            ...this.ownersAndSources(db, reads),
            outcomes: this.outcomes(db, bounds, span.decided),
            vitals: this.vitals(db, bounds),
          };
        })
        .deferred(),
    );
  }

  /**
   * The enquiries received in the span that now stand at a status set apart, per IST day, buyer
   * type and status, with the sachets they asked for: sought by status on enquiry_work's (status,
   * received_at) index, each joined to its enquiry for the quantity.
   */
  private apart(db: Database.Database, reads: Reads): ApartDay[] {
    if (reads.apart.length === 0) return [];
    return db
      .prepare<Bounds, ApartDay>(
        `SELECT date(w.received_at, '+330 minutes') AS date, w.buyer, w.status,
           count(*) AS enquiries, coalesce(sum(e.Quantity), 0) AS quantity
         FROM enquiry_work w INDEXED BY enquiry_work_status JOIN ${this.table} e ON e.id = w.enquiry_id
         WHERE ${statusIn("w.status", reads.apart)} AND w.received_at >= @from AND w.received_at < @to
         GROUP BY 1, 2, 3`,
      )
      .all({ from: reads.from, to: reads.to });
  }

  /**
   * The enquiries each member worked on within the span (one line or more of theirs in its history
   * that its plan marked as work: server/lifecycle/plan.ts, LineTouch), by the status each stands at now.
   */
  private members(db: Database.Database, bounds: Bounds): MemberRow[] {
    return db
      .prepare<Bounds & { initial: string }, MemberRow>(
        `SELECT h.staff_email AS key, coalesce(w.status, @initial) AS status, count(*) AS enquiries FROM (
           SELECT DISTINCT staff_email, enquiry_id FROM enquiry_history INDEXED BY enquiry_history_worked
           WHERE at >= @from AND at < @to AND worked = 1
         ) h LEFT JOIN enquiry_work w ON w.enquiry_id = h.enquiry_id
         GROUP BY 1, 2`,
      )
      .all({ ...bounds, initial: INITIAL_STATUS });
  }

  /**
   * The enquiries received in the span, those set apart aside: those owned, by their owner's
   * address (the rest are counted as unassigned from the funnel), and all of them by source.
   */
  private ownersAndSources(
    db: Database.Database,
    reads: Reads,
  ): { owners: DashboardBreakdownRow[]; sources: DashboardBreakdownRow[] } {
    const params = { from: reads.from, to: reads.to, none: DASHBOARD_NO_SOURCE };
    const counted = (column: string) => `NOT (${statusIn(column, reads.apart)})`;
    const owners = db
      .prepare<typeof params, DashboardBreakdownRow>(
        `SELECT s.email AS key, count(*) AS enquiries
         FROM enquiry_work w JOIN staff s ON s.id = w.owner_id
         WHERE w.received_at >= @from AND w.received_at < @to AND ${counted("w.status")}
         GROUP BY 1`,
      )
      .all(params);
    // The work row's copy of the source, the one the inbox's filter reads: from the covering index.
    const sources = db
      .prepare<typeof params, DashboardBreakdownRow>(
        `SELECT coalesce(source_label, @none) AS key, count(*) AS enquiries
         FROM enquiry_work INDEXED BY enquiry_work_received
         WHERE received_at >= @from AND received_at < @to AND ${counted("status")}
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
  private outcomes(db: Database.Database, bounds: Bounds, decided: readonly EnquiryStatus[]): OutcomeRow[] {
    const statuses = JSON.stringify(decided);
    return db
      .prepare<Bounds & { none: string; statuses: string }, OutcomeRow>(
        `SELECT strftime('%Y-%m', w.received_at, '+330 minutes') AS month, w.buyer,
           coalesce(w.source_label, @none) AS source, w.status, w.lost_reason AS lostReason,
           count(*) AS enquiries,
           count(d.value_rupees) AS orders, coalesce(sum(d.value_rupees), 0) AS value
         FROM enquiry_work w INDEXED BY enquiry_work_status
           LEFT JOIN enquiry_deals d ON d.enquiry_id = w.enquiry_id
         WHERE w.status IN (SELECT value FROM json_each(@statuses))
           AND w.received_at >= @from AND w.received_at < @to
         GROUP BY 1, 2, 3, 4, 5`,
      )
      .all({ ...bounds, none: DASHBOARD_NO_SOURCE, statuses });
  }

  /** The measurements received in the span, in time order, from the covering index on received_at. */
  private vitals(db: Database.Database, bounds: Bounds): VitalRow[] {
    return db
      .prepare<Bounds, VitalRow>(
        `SELECT received_at, page, metric, value FROM vitals INDEXED BY vitals_received_at
         WHERE received_at >= @from AND received_at < @to`,
      )
      .raw()
      .all(bounds);
  }
}
