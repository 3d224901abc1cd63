import type { DashboardBreakdownRow } from "../../domain/dashboard";
import type { EnquiryStatus } from "../../domain/status";
import type { BuyerType } from "../../domain/enquiry";
import type { VitalMetric } from "../../domain/contract";

/**
 * The instants a dashboard counts between (from 00:00 IST of its first day to 00:00 IST after its
 * last), and the statuses its figures set apart (DASHBOARD_APART, server/work/dashboard-figures.ts): the stores read those apart,
 * and leave them out of the owners and sources they read, rather than each naming its own list.
 */
export interface DashboardSpan {
  from: Date;
  to: Date;
  apart: readonly EnquiryStatus[];
  /** The statuses the outcomes count (domain/deal.ts: DECIDED_STATUSES): the stores read those. */
  decided: readonly EnquiryStatus[];
  /**
   * The statuses the stores tally for `DashboardParts.statuses` (domain/status.ts:
   * COUNTED_STATUSES, all but the initial one, which dashboardData makes of the rest).
   */
  counted: readonly EnquiryStatus[];
}

/**
 * Enquiries received on one IST day from one buyer type, and the sachets they asked for (a store
 * may give one row per enquiry, or several's together).
 */
export interface ReceivedDay {
  date: string;
  buyer: BuyerType;
  enquiries: number;
  quantity: number;
}

/**
 * Enquiries received on one IST day from one buyer type that now stand at one status set apart (a
 * store may give one row per enquiry, or several's together).
 */
export interface ApartDay extends Omit<ReceivedDay, "buyer"> {
  /** Null for an enquiry started on WhatsApp, which no day's count by buyer type holds. */
  buyer: BuyerType | null;
  status: EnquiryStatus;
}

/**
 * A line of contact with an enquiry received in the span (one its plan marked "first-contact":
 * server/lifecycle/plan.ts, LineTouch): when the enquiry came, when the line was written, and the
 * enquiry's status now. A store may give one per enquiry or several; its first touch is the
 * earliest (dashboardData).
 */
export interface FirstTouch {
  enquiryId: string;
  receivedAt: string;
  firstTouchAt: string;
  status: EnquiryStatus;
}

/**
 * How many enquiries one member worked on within the span, of those that now stand at one status (a
 * store may give one row per enquiry, or several's together; an enquiry counts once per member).
 */
export interface MemberRow extends DashboardBreakdownRow {
  status: EnquiryStatus;
}

/**
 * The enquiries received in the span that are now decided (domain/deal.ts: DECIDED_STATUSES),
 * counted by the IST month they came in, buyer type, source label (DASHBOARD_NO_SOURCE: none) and
 * status; `orders` of them have an order's value recorded, worth `value` rupees together (a store
 * may give one row per enquiry, or several's together).
 */
export interface OutcomeRow {
  month: string;
  /** Null for an enquiry started on WhatsApp: counted by its source, in no buyer type's rate. */
  buyer: BuyerType | null;
  source: string;
  status: EnquiryStatus;
  /** Why the sale was lost, as the work record holds it (null: not lost, or none recorded). */
  lostReason: string | null;
  enquiries: number;
  orders: number;
  value: number;
}

/**
 * What a store reads for a dashboard; `dashboardData` turns it into the figures shown, and decides
 * what each figure counts: the adapters read rows and filter only by the statuses they are given.
 */
export interface DashboardParts {
  /** Every enquiry received in the span, whatever its status (a rollup kept as enquiries are stored). */
  received: ReceivedDay[];
  /** Of those, the ones that now stand at a status set apart (DashboardSpan.apart), per day, buyer type and status. */
  apart: ApartDay[];
  /**
   * How many of the enquiries received in the span stand now at each status the span counts
   * (DashboardSpan.counted: all but the initial one, as one never worked on may have no work
   * record to say so; dashboardData counts those).
   */
  statuses: Partial<Record<EnquiryStatus, number>>;
  firstTouches: FirstTouch[];
  /**
   * The enquiries each member worked on (a line the plan marked as work: LineTouch) within the span, by
   * the status they stand at now (whenever they were received).
   */
  members: MemberRow[];
  /**
   * The enquiries received in the span that stand at no status set apart, owned now, by their
   * owner's address (the rest are unassigned).
   */
  owners: DashboardBreakdownRow[];
  /** The same enquiries by their source label (DASHBOARD_NO_SOURCE: none). */
  sources: DashboardBreakdownRow[];
  outcomes: OutcomeRow[];
  /** The page-speed measurements received in the span (in time order, the quickest to put in weeks). */
  vitals: VitalRow[];
}

/** A page-speed measurement as a store reads it: when it was received, its page, metric and value. */
export type VitalRow = [receivedAt: string, page: string, metric: VitalMetric, value: number];

/** The dashboard's reads: aggregates over a span, from indexes, quick at 100,000 enquiries. */
export interface DashboardStore {
  parts(span: DashboardSpan): Promise<DashboardParts>;
}
