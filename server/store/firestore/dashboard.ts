import { Timestamp, type QueryDocumentSnapshot } from "firebase-admin/firestore";
import { INITIAL_STATUS, type EnquiryStatus } from "../../../domain/status";
import { DASHBOARD_NO_SOURCE, monthOf } from "../../../domain/dashboard";
import { BUYER_TYPES, type BuyerType } from "../../../domain/enquiry";
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
import { chunks, collectionsOf, isoOf, type FirestoreContext } from "./connection";
import { vitalOf } from "./vitals";

/**
 * One entry of an enquiry's history as the dashboard counts it, in `enquiryTouches` (same id as
 * the entry), written with the entry when its plan marks it as work (server/lifecycle/plan.ts:
 * LineTouch), by whom, when, and when the enquiry arrived. It holds no personal data of the visitor. Histories live in subcollections,
 * which only a collection group query reads across; this one collection answers "what was done
 * since" with one range read on `at`.
 */
export interface TouchRecord {
  enquiryId: string;
  staffEmail: string;
  at: string;
  receivedAt: string;
  /** False for a line its plan marked as work but not contact ("worked"); absent: contact ("first-contact"). */
  firstContact?: false;
}

export function touchesOf(context: FirestoreContext) {
  return context.db.collection("enquiryTouches");
}

/** An enquiry of the span as the dashboard reads its document: its IST day, buyer type, source and sachets. */
function spanEnquiryOf(doc: QueryDocumentSnapshot) {
  return {
    date: istDate(new Date(isoOf(doc.get("receivedAt")))),
    buyer: (doc.get("RetailerSelfUse") as BuyerType | undefined) ?? null,
    source: (doc.get("sourceLabel") as string | undefined) ?? DASHBOARD_NO_SOURCE,
    quantity: Number(doc.get("Quantity") ?? 0),
  };
}

/**
 * The dashboard on Firestore, whose reads stay bounded by the span's enquiries however many are stored:
 * - the span's enquiries and work records, a few fields each, read once: each enquiry's day, buyer
 *   type and sachets; by owner and source; those set apart (the span's statuses);
 * - per status, a tally of the work records received in the span, read for the owners;
 * - first touches and members from the touches (history entries) written since the span began,
 *   one range read on `enquiryTouches.at`;
 * - page speed from the measurements received within the span; Firestore has no percentile.
 */
export class FirestoreDashboardStore implements DashboardStore {
  constructor(private readonly context: FirestoreContext) {}

  private get collections() {
    return collectionsOf(this.context);
  }

  async parts(span: DashboardSpan): Promise<DashboardParts> {
    const [touches, vitals, { statusOf, tally, ...spanRows }] = await Promise.all([
      this.touchesSince(span.from),
      this.vitals(span),
      this.spanReads(span),
    ]);
    // The status now of each enquiry touched: those received in the span are read already; the
    // others' work records (bounded by the work done in the span) are read by id.
    const elsewhere = [...new Set(touches.map((touch) => touch.enquiryId))].filter((id) => !statusOf.has(id));
    for (const [id, status] of await this.statusesOf(elsewhere)) statusOf.set(id, status);
    const status = (id: string) => statusOf.get(id) ?? INITIAL_STATUS;
    return {
      // Each status asked for, from the span's work records, read whole for the owners.
      statuses: Object.fromEntries(span.counted.map((each) => [each, tally.get(each) ?? 0])),
      ...this.touchRows(touches, span, status),
      ...spanRows,
      vitals,
    };
  }

  /** The status now of each enquiry named (one with no work record is absent: it has the initial one). */
  private async statusesOf(ids: readonly string[]): Promise<Map<string, EnquiryStatus>> {
    const statuses = new Map<string, EnquiryStatus>();
    for (const part of chunks(ids, 300)) {
      const docs = await this.context.run(() =>
        this.context.db.getAll(...part.map((id) => this.collections.work.doc(id)), { fieldMask: ["status"] }),
      );
      for (const doc of docs) {
        const status = doc.get("status") as EnquiryStatus | undefined;
        if (doc.exists && status) statuses.set(doc.id, status);
      }
    }
    return statuses;
  }

  /**
   * The enquiries received in the span, each by IST day and buyer type with its sachets; those that
   * stand at no status set apart, by owner and by source; those set apart by IST day, buyer type
   * and status with their sachets; those decided by month, buyer type, source and status with
   * their orders' values; and the status each stands at now, tallied: the work records' owner and
   * status, the enquiries' buyer type, quantity and source label, and the deals' values, read for
   * the span (a few fields each).
   */
  private async spanReads(span: DashboardSpan): Promise<
    Pick<DashboardParts, "owners" | "sources" | "outcomes" | "apart" | "received"> & {
      statusOf: Map<string, EnquiryStatus>;
      tally: Map<EnquiryStatus, number>;
    }
  > {
    return this.context.run(async () => {
      const [work, enquiries, staff, deals] = await Promise.all([
        this.collections.work
          .where("receivedAt", ">=", span.from.toISOString())
          .where("receivedAt", "<", span.to.toISOString())
          .select("ownerId", "status", "lostReason")
          .get(),
        this.collections.enquiries
          .where("receivedAt", ">=", Timestamp.fromDate(span.from))
          .where("receivedAt", "<", Timestamp.fromDate(span.to))
          .select("sourceLabel", "RetailerSelfUse", "receivedAt", "Quantity")
          .get(),
        this.context.db.collection("staff").select("id", "email").get(),
        this.collections.deals
          .where("receivedAt", ">=", span.from.toISOString())
          .where("receivedAt", "<", span.to.toISOString())
          .select("valueRupees")
          .get(),
      ]);
      const emails = new Map(staff.docs.map((doc) => [String(doc.get("id")), String(doc.get("email"))]));
      const values = new Map<string, number>();
      for (const doc of deals.docs) {
        const value: unknown = doc.get("valueRupees");
        if (typeof value === "number") values.set(doc.id, value);
      }
      const statusOf = new Map<string, EnquiryStatus>();
      const decided = new Map<string, Pick<OutcomeRow, "status" | "lostReason">>();
      const owners = new Map<string, number>();
      const tally = new Map<EnquiryStatus, number>();
      for (const doc of work.docs) {
        const stored = doc.get("status") as EnquiryStatus | undefined;
        if (stored) tally.set(stored, (tally.get(stored) ?? 0) + 1);
        const status = stored ?? INITIAL_STATUS;
        statusOf.set(doc.id, status);
        if (span.decided.includes(status)) {
          const lostReason: unknown = doc.get("lostReason");
          decided.set(doc.id, { status, lostReason: typeof lostReason === "string" ? lostReason : null });
        }
        if (span.apart.includes(status)) continue;
        const key = emails.get((doc.get("ownerId") as string | undefined) || "");
        if (key) owners.set(key, (owners.get(key) ?? 0) + 1);
      }
      // One row per enquiry: dashboardData adds them up by day, buyer type and month.
      const received: ReceivedDay[] = [];
      const apart: ApartDay[] = [];
      const outcomes: OutcomeRow[] = [];
      const sources = new Map<string, number>();
      for (const doc of enquiries.docs) {
        const { date, buyer, source, quantity } = spanEnquiryOf(doc);
        // One with no buyer type (started on WhatsApp) is in no day's count by buyer type.
        if (buyer && BUYER_TYPES.includes(buyer)) received.push({ date, buyer, enquiries: 1, quantity });
        const outcome = decided.get(doc.id);
        if (outcome) {
          const value = values.get(doc.id);
          const order = value === undefined ? { orders: 0, value: 0 } : { orders: 1, value };
          outcomes.push({ month: monthOf(date), buyer, source, ...outcome, enquiries: 1, ...order });
        }
        const status = statusOf.get(doc.id);
        if (status && span.apart.includes(status)) {
          apart.push({ date, buyer, status, enquiries: 1, quantity });
          continue;
        }
        sources.set(source, (sources.get(source) ?? 0) + 1);
      }
      const rows = (counts: Map<string, number>) =>
        [...counts].map(([key, enquiries]) => ({ key, enquiries }));
      return { owners: rows(owners), sources: rows(sources), outcomes, apart, received, statusOf, tally };
    });
  }

  /** Every touch since `from`: those of enquiries received in the span are all among them. */
  private async touchesSince(from: Date): Promise<TouchRecord[]> {
    return this.context.run(async () => {
      const snapshot = await touchesOf(this.context).where("at", ">=", from.toISOString()).get();
      return snapshot.docs.map((doc) => doc.data() as TouchRecord);
    });
  }

  /**
   * From the touches: the first touches, those of enquiries received in the span that their plan
   * marked as contact ("first-contact"); and the enquiries each member worked on within the span
   * (one line or more of theirs in its history), by the status each stands at now.
   */
  private touchRows(
    touches: TouchRecord[],
    span: DashboardSpan,
    status: (enquiryId: string) => EnquiryStatus,
  ): Pick<DashboardParts, "firstTouches" | "members"> {
    const from = span.from.toISOString();
    const to = span.to.toISOString();
    const firstTouches: FirstTouch[] = [];
    const members: MemberRow[] = [];
    const worked = new Set<string>();
    for (const { enquiryId, at, receivedAt, staffEmail: key, firstContact } of touches) {
      if (receivedAt >= from && receivedAt < to && firstContact !== false)
        firstTouches.push({ enquiryId, receivedAt, firstTouchAt: at, status: status(enquiryId) });
      const pair = JSON.stringify([key, enquiryId]);
      if (at >= to || worked.has(pair)) continue;
      worked.add(pair);
      members.push({ key, status: status(enquiryId), enquiries: 1 });
    }
    return { firstTouches, members };
  }

  private async vitals(span: DashboardSpan): Promise<VitalRow[]> {
    const snapshot = await this.context.run(() =>
      this.collections.vitals
        .where("receivedAt", ">=", Timestamp.fromDate(span.from))
        .where("receivedAt", "<", Timestamp.fromDate(span.to))
        .select("page", "metric", "value", "receivedAt")
        .get(),
    );
    return snapshot.docs.map((doc) => {
      const { page, metric, value } = vitalOf(doc);
      return [isoOf(doc.get("receivedAt")), page, metric, value];
    });
  }
}
