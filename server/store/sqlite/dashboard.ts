import type { EnquiryStatus } from "../../../domain/console";
import type { DashboardBreakdownRow, DashboardVitalWeek } from "../../../domain/dashboard";
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

/** The IST calendar day of a stored UTC time, and the Monday of its week, in SQLite's date functions. */
const IST_DAY = (column: string) => `date(${column}, '+330 minutes')`;
const IST_WEEK = (column: string) => `date(${column}, '+330 minutes', '-6 days', 'weekday 1')`;

type Bounds = { from: string; to: string };

/**
 * The dashboard on SQLite: each figure one aggregate query over an index on its time column
 * (the enquiries' received_at, enquiry_work's (status, received_at), enquiry_history's at,
 * vitals' received_at), all read in one transaction so they agree with each other.
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
          const received = db
            .prepare<Bounds, ReceivedDay>(
              `SELECT ${IST_DAY("received_at")} AS date, RetailerSelfUse AS buyer,
                      count(*) AS enquiries, sum(Quantity) AS quantity
               FROM ${this.table} WHERE received_at >= @from AND received_at < @to
               GROUP BY 1, 2 ORDER BY 1, 2`,
            )
            .all(bounds);
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
          const firstTouches = db
            .prepare<Bounds, FirstTouch>(
              `SELECT e.received_at AS receivedAt, min(h.at) AS firstTouchAt
               FROM ${this.table} e JOIN enquiry_history h ON h.enquiry_id = e.id
               WHERE e.received_at >= @from AND e.received_at < @to
               GROUP BY e.id`,
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
        `SELECT staff_email AS key, count(DISTINCT enquiry_id) AS enquiries FROM enquiry_history
         WHERE at >= @from AND at < @to GROUP BY staff_email`,
      )
      .all(bounds);
  }

  /** Nearest rank, as VitalsStore.summarize: the value at position ceil(0.75 n), here per week. */
  private vitals(db: Database.Database, bounds: Bounds): DashboardVitalWeek[] {
    return db
      .prepare<Bounds, DashboardVitalWeek>(
        `WITH weekly AS (
           SELECT ${IST_WEEK("received_at")} AS weekStart, page, metric, value
           FROM vitals WHERE received_at >= @from AND received_at < @to
         ), ranked AS (
           SELECT weekStart, page, metric, value,
                  row_number() OVER (PARTITION BY weekStart, page, metric ORDER BY value) AS rank,
                  count(*) OVER (PARTITION BY weekStart, page, metric) AS n
           FROM weekly
         )
         SELECT weekStart, page, metric, n AS count, value AS p75
         FROM ranked WHERE rank = (3 * n + 3) / 4
         ORDER BY weekStart, page, metric`,
      )
      .all(bounds);
  }
}
