import type { EnquiryStatus } from "../../../domain/console";
import type { VitalMetric } from "../../../domain/contract";
import type { DashboardBreakdownRow, DashboardVitalWeek } from "../../../domain/dashboard";
import { istDate } from "../../../domain/working-hours";
import {
  emptyStatusCounts,
  type DashboardParts,
  type DashboardSpan,
  type DashboardStore,
  type FirstTouch,
  type ReceivedDay,
} from "../dashboard";
import type Database from "better-sqlite3";
import type { SqliteRun } from "./connection";

/** The Monday of the IST week of a stored UTC time, in SQLite's date functions. */
const IST_WEEK = (column: string) => `date(${column}, '+330 minutes', '-6 days', 'weekday 1')`;

type Bounds = { from: string; to: string };

/**
 * The dashboard on SQLite, all read in one transaction so the figures agree with each other:
 * enquiries per day from the `enquiry_days` rollup (kept by triggers in the transaction that
 * stores or erases an enquiry), statuses from enquiry_work's received_at, first touches and
 * members from enquiry_history's index on `at`, page speed from vitals' index on received_at.
 */
export class SqliteDashboardStore implements DashboardStore {
  constructor(
    private readonly run: SqliteRun,
    /** The enquiries' table, already quoted. */
    private readonly table: string,
  ) {}

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
          const statuses = emptyStatusCounts();
          let notNew = 0;
          const worked = db
            .prepare<Bounds, { status: EnquiryStatus; count: number }>(
              `SELECT status, count(*) AS count FROM enquiry_work
               WHERE received_at >= @from AND received_at < @to GROUP BY status`,
            )
            .all(bounds);
          for (const { status, count } of worked) {
            if (status === "New") continue;
            statuses[status] = count;
            notNew += count;
          }
          statuses.New = received.reduce((sum, row) => sum + row.enquiries, 0) - notNew;
          // From the entries written since the span began (an enquiry received in it has none earlier).
          const firstTouches = db
            .prepare<Bounds, FirstTouch>(
              `SELECT e.received_at AS receivedAt, min(h.at) AS firstTouchAt
               FROM enquiry_history h INDEXED BY enquiry_history_at CROSS JOIN ${this.table} e ON e.id = h.enquiry_id
               WHERE h.at >= @from AND e.received_at >= @from AND e.received_at < @to
               GROUP BY h.enquiry_id`,
            )
            .all(bounds);
          return {
            received,
            statuses,
            firstTouches,
            members: this.members(db, bounds),
            vitals: this.vitals(db, bounds),
          };
        })
        .deferred(),
    );
  }

  /** The enquiries each member worked on within the span: one entry or more of theirs in its history. */
  private members(db: Database.Database, bounds: Bounds): DashboardBreakdownRow[] {
    return db
      .prepare<Bounds, DashboardBreakdownRow>(
        `SELECT staff_email AS key, count(*) AS enquiries FROM (
           SELECT DISTINCT staff_email, enquiry_id FROM enquiry_history WHERE at >= @from AND at < @to
         ) GROUP BY staff_email`,
      )
      .all(bounds);
  }

  /**
   * Nearest rank, as VitalsStore.summarize: the value at position ceil(0.75 n) of each week, page
   * and metric, from the measurements in the span read once in that order.
   */
  private vitals(db: Database.Database, bounds: Bounds): DashboardVitalWeek[] {
    const rows = db
      .prepare<Bounds, [string, string, VitalMetric, number]>(
        `SELECT ${IST_WEEK("received_at")} AS weekStart, page, metric, value
         FROM vitals WHERE received_at >= @from AND received_at < @to
         ORDER BY weekStart, page, metric, value`,
      )
      .raw()
      .all(bounds);
    const weeks: DashboardVitalWeek[] = [];
    for (let start = 0; start < rows.length;) {
      const [weekStart, page, metric] = rows[start] as [string, string, VitalMetric, number];
      let end = start + 1;
      while (
        end < rows.length &&
        rows[end]?.[0] === weekStart &&
        rows[end]?.[1] === page &&
        rows[end]?.[2] === metric
      )
        end++;
      const count = end - start;
      const p75 = (
        rows[start + Math.max(1, Math.ceil(0.75 * count)) - 1] as [string, string, VitalMetric, number]
      )[3];
      weeks.push({ weekStart, page, metric, count, p75 });
      start = end;
    }
    return weeks;
  }
}
