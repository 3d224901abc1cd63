import { Timestamp, type DocumentData, type Query } from "firebase-admin/firestore";
import { INITIAL_STATUS, statusesWhere, WAITING_STATUSES, type EnquiryStatus } from "../../../domain/status";
import { deliveryState, listedFactsOf, type InboxFilter, type StoredInboxRow } from "../enquiry-work";
import type { StoredTeamFields } from "../enquiry-work";
import type { WorkState } from "../../../domain/work-state";
import {
  DUE_BOUNDS,
  type CountedListing,
  type DueRange,
  type ListingKeep,
  type ListingSteps,
  type PhasePlace,
} from "../../lifecycle/inbox-listing";
import { compareText } from "../compare-text";
import type { ListCursor } from "../page-cursor";
import { driveStepsAsync, type ChangeOf } from "../step-port";
import type { StoredEnquiry } from "../store";
import {
  chunks,
  collectionsOf,
  IN_QUERY_LIMIT,
  isoOf,
  pageByField,
  sortKey,
  type FirestoreContext,
} from "./connection";
import { storedEnquiryOf } from "./documents";
import { UNASSIGNED, workStateOf } from "./work-record";

/** How many places a count reads at a time when no query counts the listing whole. */
const COUNT_BATCH = 500;

/** How many documents one read takes while a listing filters them in the server. */
export const SCAN_BATCH = 200;

/** A row a phase found, placed by its due time (by due) or when it was received (by received). */
type Placed = PhasePlace & { row: StoredInboxRow };

/** The team's fields of an enquiry's work record, as kept. */
export function teamFieldsOf(work: WorkState): StoredTeamFields {
  const { ownerId, followUpAt, nextStep, touchedAt, dueAt, firstContactDueAt, answeredAt, duplicateOf } =
    work;
  return { ownerId, followUpAt, nextStep, touchedAt, dueAt, firstContactDueAt, answeredAt, duplicateOf };
}

/** `query` narrowed to the due times within `range`. */
function withinDue(query: Query, range: DueRange = {}): Query {
  return DUE_BOUNDS.reduce(
    (within, [bound, compared]) =>
      range[bound] === undefined ? within : within.where("dueAt", compared, range[bound]),
    query,
  );
}

/**
 * Whether a listing by received reads the work documents: with a status other than New, an owner, a
 * due range, open work only or waiting on us (the enquiries stored before work documents existed
 * are in none of these).
 */
const fromWork = (filter: InboxFilter): boolean =>
  (filter.status !== undefined && filter.status !== INITIAL_STATUS) ||
  filter.ownerId !== undefined ||
  filter.due !== undefined ||
  filter.open === true ||
  filter.waiting === true;

/**
 * The inbox's one listing on Firestore (server/lifecycle/inbox-listing.ts decides what it holds;
 * this translates it). Firestore has no joins and no substring search, so a listing is one query
 * for what the work documents (`enquiryWork`) or the enquiries can answer by equality, a range and
 * an order, read in batches, and the rest of the filter is checked in the server with the rule it
 * is handed (ListingKeep, made from matchesInboxFilter above the stores), one read per enquiry
 * looked at:
 * - by due: `enquiryWork` by status and owner, due within the view's range, soonest first; then,
 *   unless the view is a due range, those with nothing due, newest first;
 * - by received, with a status other than New, an owner, a due range, open work only or waiting on
 *   us: `enquiryWork` by status and owner, newest first (`sortKey`), so that an enquiry stored
 *   before work documents existed is in none of the views, as their counts say;
 * - otherwise (every enquiry, or New, which includes enquiries stored before work documents
 *   existed): the enquiries newest first, by source when one is asked for.
 * Each shape's composite index is in firestore.indexes.json.
 */
export class FirestoreInboxListing {
  constructor(protected readonly context: FirestoreContext) {}

  protected get collections() {
    return collectionsOf(this.context);
  }

  /**
   * Inbox rows of enquiries, in their order: status, version and the team's fields from their work
   * documents (`works` when already read), and the company mail's delivery.
   */
  async rowsOf(
    enquiries: readonly StoredEnquiry[],
    works?: ReadonlyMap<string, DocumentData | undefined>,
  ): Promise<StoredInboxRow[]> {
    if (enquiries.length === 0) return [];
    const work =
      works ??
      new Map(
        (
          await this.context.db.getAll(...enquiries.map((stored) => this.collections.work.doc(stored.id)))
        ).map((doc) => [doc.id, doc.data()]),
      );
    const company = new Map<string, Parameters<typeof deliveryState>[0]>();
    for (const part of chunks(enquiries, IN_QUERY_LIMIT)) {
      const ids = part.map((stored) => stored.id);
      const snapshot = await this.collections.notifications.where("enquiryId", "in", ids).get();
      for (const doc of snapshot.docs) {
        if ((doc.get("kind") ?? "company") !== "company") continue;
        const sentAt = doc.get("sentAt") as unknown;
        company.set(String(doc.get("enquiryId")), {
          sentAt: sentAt ? isoOf(sentAt) : null,
          attempts: Number(doc.get("attempts") ?? 0),
          status: doc.get("status") as string | undefined,
        });
      }
    }
    return enquiries.map((stored) => {
      const state = workStateOf(work.get(stored.id));
      return {
        ...stored,
        status: state.status as EnquiryStatus,
        version: state.version,
        companyNotification: deliveryState(
          company.get(stored.id) ?? { sentAt: null, attempts: 0, status: undefined },
        ),
        ...teamFieldsOf(state),
      };
    });
  }

  /**
   * `enquiryWork` narrowed by the filter's status and owner, as far as equality takes it, and with
   * `due`, to its due range.
   */
  private workQuery(filter: InboxFilter, due?: "due"): Query {
    let query: Query = this.collections.work;
    if (filter.status) query = query.where("status", "==", filter.status);
    if (filter.ownerId !== undefined) query = query.where("ownerId", "==", filter.ownerId ?? UNASSIGNED);
    return due ? withinDue(query, filter.due) : query;
  }

  /** Rows of a batch of work documents the listing keeps: the work first, then the enquiries. */
  private async matchingWork(
    docs: readonly { id: string; data(): DocumentData | undefined }[],
    keep: ListingKeep,
  ): Promise<StoredInboxRow[]> {
    const works = new Map(docs.map((doc) => [doc.id, doc.data()]));
    const candidates = docs.filter((doc) => keep.work(workStateOf(doc.data())));
    if (candidates.length === 0) return [];
    const enquiries = await this.context.db.getAll(
      ...candidates.map((doc) => this.collections.enquiries.doc(doc.id)),
    );
    const rows = await this.rowsOf(
      enquiries.filter((doc) => doc.exists).map((doc) => storedEnquiryOf(doc)),
      works,
    );
    return rows.filter((row) => keep.row(listedFactsOf(row)));
  }

  /** Those due, soonest first, from just after `after`. */
  private async byDue(
    filter: InboxFilter,
    keep: ListingKeep,
    after: ListCursor | null,
    wanted: number,
  ): Promise<Placed[]> {
    // Every due time is an ISO string: a string range holds them all, and no null.
    const within = (query: Query) =>
      filter.due ? withinDue(query, filter.due) : query.where("dueAt", ">", "");
    // Read on by due time, each batch with every one due at its last one's time (pageByField),
    // beginning with the whole of the cursor's time: those due at one time are told apart by id, here.
    let range: { after: unknown; from?: string } = { after: null, ...(after ? { from: after.at } : {}) };
    const found: Placed[] = [];
    for (;;) {
      const page = await pageByField(this.workQuery(filter), "dueAt", {
        ...range,
        within,
        limit: SCAN_BATCH,
      });
      const docs = page.docs
        .filter((doc) => {
          const dueAt = String(doc.get("dueAt"));
          return !after || dueAt > after.at || (dueAt === after.at && doc.id > after.id);
        })
        .sort(
          (a, b) => compareText(String(a.get("dueAt")), String(b.get("dueAt"))) || compareText(a.id, b.id),
        );
      const rows = await this.matchingWork(docs, keep);
      found.push(...rows.map((row) => ({ id: row.id, at: row.dueAt ?? row.receivedAt, row })));
      if (found.length >= wanted || page.docs.length < SCAN_BATCH) break;
      range = { after: page.end };
    }
    return found.slice(0, wanted);
  }

  /** Newest first from just after `after`, those `keep` keeps. */
  private async byReceived(
    filter: InboxFilter,
    keep: ListingKeep,
    after: ListCursor | null,
    wanted: number,
  ): Promise<Placed[]> {
    const found: Placed[] = [];
    if (fromWork(filter)) {
      const query = this.workQuery(filter).orderBy("sortKey", "desc");
      let position = after ? sortKey(after.at, after.id) : null;
      for (;;) {
        const snapshot = await (position ? query.where("sortKey", "<", position) : query)
          .limit(SCAN_BATCH)
          .get();
        const rows = await this.matchingWork(snapshot.docs, keep);
        found.push(...rows.map((row) => ({ id: row.id, at: row.receivedAt, row })));
        const last = snapshot.docs.at(-1);
        if (found.length >= wanted || snapshot.size < SCAN_BATCH || !last) break;
        position = String(last.get("sortKey"));
      }
      return found.slice(0, wanted);
    }
    let query: Query = this.collections.enquiries;
    if (filter.source) query = query.where("sourceLabel", "==", filter.source.trim().toLowerCase());
    // Read on by the time received, each batch with every enquiry received at its last one's
    // moment (pageByField), beginning with the whole of the cursor's moment: enquiries may share
    // one, and are told apart by id here.
    const before = after ? sortKey(after.at, after.id) : null;
    let range: { after: unknown; from?: Timestamp } = {
      after: null,
      ...(after ? { from: Timestamp.fromDate(new Date(after.at)) } : {}),
    };
    for (;;) {
      const page = await pageByField(query, "receivedAt", { ...range, limit: SCAN_BATCH, descending: true });
      const batch = page.docs
        .map((doc) => storedEnquiryOf(doc))
        .filter((stored) => !before || sortKey(stored.receivedAt, stored.id) < before)
        .sort((a, b) => compareText(sortKey(b.receivedAt, b.id), sortKey(a.receivedAt, a.id)));
      const rows = (await this.rowsOf(batch)).filter((row) => keep.row(listedFactsOf(row)));
      found.push(...rows.map((row) => ({ id: row.id, at: row.receivedAt, row })));
      if (found.length >= wanted || page.docs.length < SCAN_BATCH) break;
      range = { after: page.end };
    }
    return found.slice(0, wanted);
  }

  readListing<T>(
    filter: InboxFilter,
    page: <Place extends PhasePlace>() => ChangeOf<ListingSteps<Place, StoredInboxRow>, T>,
  ): Promise<T> {
    return this.context.run(() =>
      driveStepsAsync(page<Placed>(), {
        readPhase: ({ phase, limit, keep }) =>
          phase.by === "due"
            ? this.byDue(filter, keep, phase.after, limit)
            : this.byReceived(filter, keep, phase.after, limit),
        readRows: ({ places }) => places.map((place) => place.row),
      }),
    );
  }

  /**
   * How many the listing holds: counted by Firestore when a query on the work documents answers it
   * whole (a status other than New, an owner or a due range, without buyer, source or search),
   * else by reading it.
   */
  async count({ filter, keep }: CountedListing): Promise<number> {
    // Spam is excluded by an owner (spam holds none), a due range (it is never due), open work
    // only or waiting on us (it is closed).
    if (!filter.buyer && !filter.source && !filter.q && fromWork(filter)) {
      let query = this.workQuery(filter, "due");
      const statuses = filter.waiting ? WAITING_STATUSES : filter.open ? statusesWhere("open") : null;
      if (statuses && !filter.status) query = query.where("status", "in", statuses);
      // Waiting on us is kept beside the work as one field (work-record.ts: workFields).
      if (filter.waiting) query = query.where("waitingOnUs", "==", true);
      return this.context.run(async () => (await query.count().get()).data().count);
    }
    // Read whole, newest first, as a listing by received reads it.
    return this.context.run(async () => {
      let total = 0;
      let after: ListCursor | null = null;
      for (;;) {
        const places = await this.byReceived(filter, keep, after, COUNT_BATCH);
        total += places.length;
        const last = places.at(-1);
        if (places.length < COUNT_BATCH || !last) return total;
        after = { by: "received", at: last.at, id: last.id };
      }
    });
  }
}
