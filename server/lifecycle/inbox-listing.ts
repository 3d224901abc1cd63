/**
 * What the inbox lists, decided once: a person's filter (domain/inbox.ts: a view, status, owner,
 * buyer, source, search and sort, combined) becomes one store-neutral listing, which each store
 * translates into its own query, and which the rows a store reads are matched against where a
 * store filters in the server (Firestore's search) or a new enquiry arrives in an open inbox.
 * What "Mine", "Unassigned", "Due today", "Overdue" and "Waiting on us" mean lives here and
 * nowhere else: an enquiry's due time is dueOf's (plan.ts), spam is never work (isWork), Mine and
 * Unassigned are open work unless closed ones are asked for too, and waiting on us is
 * waitingOnUs's. No I/O.
 */
import { isClosed, isOpen, isWork, WAITING_STATUSES, type EnquiryStatus } from "../../domain/status";
import type { BuyerType } from "../../domain/enquiry";
import {
  CLOSED_TOO,
  inboxDefaultSort,
  OWNER_NOBODY,
  type InboxQuery,
  type InboxSort,
} from "../../domain/inbox";
import { compareText } from "../store/compare-text";
import { encodeListCursor, type ListCursor } from "../store/page-cursor";
import { stepsOf, type ChangeOf } from "../store/step-port";

/** A range of due times, each bound optional: after (exclusive), up to (inclusive), before (exclusive). */
export interface DueRange {
  after?: string;
  upTo?: string;
  before?: string;
}

/** Each bound of a DueRange with how a due time compares to it, as each store's query writes it. */
export const DUE_BOUNDS = [
  ["after", ">"],
  ["upTo", "<="],
  ["before", "<"],
] as const satisfies readonly (readonly [keyof DueRange, string])[];

/** One listing of the inbox, as the stores take it. Every part is optional; all of them combine. */
export interface InboxFilter {
  /** Absent: every status but Spam, which is never work (isWork). */
  status?: EnquiryStatus;
  /** Only open enquiries (domain/status.ts: `open`). */
  open?: true;
  /** Only enquiries waiting on us (waitingOnUs); they are open too. */
  waiting?: true;
  /** Absent: anyone's or nobody's; null: nobody's; else a member's id. */
  ownerId?: string | null;
  /** Only enquiries due within it (dueOf: the follow-up, or the first-contact target while untouched). */
  due?: DueRange;
  buyer?: BuyerType;
  /** The source's label (sourceLabel), compared in lower case. */
  source?: string;
  /** Part of a name, e-mail or mobile number, in any case. */
  q?: string;
  /** Absent: received. */
  sort?: InboxSort;
}

/** Who is looking, and when: "Mine" is theirs; "Due today" ends with their IST day. */
export interface InboxViewer {
  staffId: string;
  now: Date;
  /** When the IST day of `now` ends. */
  dayEnd: Date;
}

/**
 * The listing a person's filter asks for, or null when nothing can match (Mine and another's
 * owner; a view of the team's work and Spam; a due view and a closed status, which has no due time).
 */
export function inboxFilterOf(query: InboxQuery, viewer: InboxViewer): InboxFilter | null {
  const filter: InboxFilter = { sort: query.sort ?? inboxDefaultSort(query.view) };
  if (query.status) filter.status = query.status;
  let ownerId: string | null | undefined;
  if (query.owner !== undefined) ownerId = query.owner === OWNER_NOBODY ? null : query.owner;
  switch (query.view) {
    case "mine":
    case "unassigned": {
      const viewOwner = query.view === "mine" ? viewer.staffId : null;
      if (ownerId !== undefined && ownerId !== viewOwner) return null;
      ownerId = viewOwner;
      // Open work unless closed ones are asked for too, or a status is chosen.
      if (query.closed !== CLOSED_TOO && !query.status) filter.open = true;
      break;
    }
    case "waiting":
      if (query.status && !WAITING_STATUSES.includes(query.status)) return null;
      filter.waiting = true;
      break;
    case "overdue":
      filter.due = { upTo: viewer.now.toISOString() };
      break;
    case "due-today":
      filter.due = { after: viewer.now.toISOString(), before: viewer.dayEnd.toISOString() };
      break;
    case undefined:
      break;
  }
  // Spam is nobody's work: it is in no view and has no owner to filter by.
  if (query.status && !isWork(query.status) && (query.view || ownerId !== undefined)) return null;
  // A closed enquiry is never due (dueOf).
  if (filter.due && query.status && isClosed(query.status)) return null;
  if (ownerId !== undefined) filter.ownerId = ownerId;
  if (query.buyer) filter.buyer = query.buyer;
  const source = query.source?.trim().toLowerCase();
  if (source) filter.source = source;
  const q = query.q?.trim();
  if (q) filter.q = q;
  return filter;
}

/** Whether staff contacted the buyer: the work record holds when they first did (WorkState.touchedAt). */
export const touchedOf = (work: { touchedAt: string | null }): boolean => work.touchedAt !== null;

/** What a store keeps of a work record, with whether staff contacted the buyer (touchedOf). */
export function withTouched<Kept extends { touchedAt: string | null }>(kept: Kept) {
  return { ...kept, touched: touchedOf(kept) };
}

/**
 * Whether an enquiry waits on us: at a waiting status, and nobody has contacted the buyer yet, or
 * the buyer answered after the last contact (WorkState.answeredAt).
 */
export function waitingOnUs(facts: Pick<ListedFacts, "status" | "touched" | "answeredAt">): boolean {
  return WAITING_STATUSES.includes(facts.status) && (!facts.touched || facts.answeredAt !== null);
}

/** What a listing is matched on: an enquiry's fields with its work and source label. */
export interface ListedFacts {
  status: EnquiryStatus;
  ownerId: string | null;
  dueAt: string | null;
  /** Whether staff contacted the buyer. */
  touched: boolean;
  /** When the buyer answered, unanswered since; null: not waiting on an answer. */
  answeredAt: string | null;
  /** Null where not given (an enquiry started on WhatsApp), as Name and Email. */
  buyer: BuyerType | null;
  /** sourceLabel of its source, or undefined when not known. */
  sourceLabel: string | undefined;
  Name: string | null;
  Email: string | null;
  Mobile: string;
}

/** Whether a due time lies in the range (ISO times of one format compare as text). */
export function dueWithin(dueAt: string | null, range: DueRange | undefined): boolean {
  if (!range) return true;
  if (dueAt === null) return false;
  const at = Date.parse(dueAt);
  return (
    (range.after === undefined || at > Date.parse(range.after)) &&
    (range.upTo === undefined || at <= Date.parse(range.upTo)) &&
    (range.before === undefined || at < Date.parse(range.before))
  );
}

/** Whether the search text is in the name, e-mail or mobile number, in any case. */
export function searchMatches(q: string | undefined, fields: Pick<ListedFacts, "Name" | "Email" | "Mobile">) {
  if (!q) return true;
  const text = q.toLowerCase();
  return [fields.Name, fields.Email, fields.Mobile].some((field) => field?.toLowerCase().includes(text));
}

/** Whether an enquiry belongs in the listing: the rule each store's query is a translation of. */
export function matchesInboxFilter(facts: ListedFacts, filter: InboxFilter): boolean {
  if (filter.status ? facts.status !== filter.status : !isWork(facts.status)) return false;
  if (filter.open && !isOpen(facts.status)) return false;
  if (filter.waiting && !waitingOnUs(facts)) return false;
  if (filter.ownerId !== undefined && facts.ownerId !== filter.ownerId) return false;
  if (!dueWithin(facts.dueAt, filter.due)) return false;
  if (filter.buyer && facts.buyer !== filter.buyer) return false;
  if (filter.source && facts.sourceLabel?.toLowerCase() !== filter.source.toLowerCase()) return false;
  return searchMatches(filter.q, facts);
}

/**
 * The parts of a listing an enquiry's work record answers alone (status, owner, due time): a store
 * that filters in the server checks them before it reads the enquiries themselves.
 */
export function workPartOf(filter: InboxFilter): InboxFilter {
  const { buyer: _buyer, source: _source, q: _q, ...work } = filter;
  return work;
}

/** An enquiry's place in a listing: when it was received, when it is due, and its id. */
export interface ListedPlace {
  id: string;
  receivedAt: string;
  dueAt: string | null;
}

/**
 * The listing's order. Received: newest first. Due: soonest due first (ties by id), then those
 * with nothing due, newest first.
 */
export function compareListed(a: ListedPlace, b: ListedPlace, sort: InboxSort = "received"): number {
  // Compared as the stores compare them: by their characters' codes, not a locale's collation.
  const newestFirst = () => compareText(b.receivedAt, a.receivedAt) || compareText(b.id, a.id);
  if (sort === "received") return newestFirst();
  if (a.dueAt !== null && b.dueAt !== null) return compareText(a.dueAt, b.dueAt) || compareText(a.id, b.id);
  if (a.dueAt !== null) return -1;
  if (b.dueAt !== null) return 1;
  return newestFirst();
}

/**
 * One phase of a page of a listing: by due (soonest first, only those due) or by received (newest
 * first; with `noDue`, only those with nothing due), from just after `after`.
 */
export interface ListingPhase {
  by: "received" | "due";
  noDue: boolean;
  after: ListCursor | null;
}

/**
 * Whether an enquiry due at `dueAt` belongs to the phase: by due, one that is due; with `noDue`,
 * one with nothing due. A store that filters in the server is handed it with the rule (listingKeep).
 */
export function inPhase(phase: Pick<ListingPhase, "by" | "noDue">, dueAt: string | null): boolean {
  if (phase.by === "due") return dueAt !== null;
  return !phase.noDue || dueAt === null;
}

/** What an enquiry's work record answers alone, as kept, before the enquiry itself is read. */
export type WorkFacts = Pick<ListedFacts, "status" | "ownerId" | "dueAt" | "answeredAt"> & {
  touchedAt: string | null;
};

/**
 * Which entries a listing keeps, for a store that filters in the server what its queries cannot
 * (Firestore): `work` on a work record's facts alone, before its enquiry is read, keeps every
 * record whose enquiry may belong; `row` decides on the entry. Made from the rule (listingKeep),
 * and handed to the store with each phase it reads and each count.
 */
export interface ListingKeep {
  work(facts: WorkFacts): boolean;
  row(facts: ListedFacts): boolean;
}

/**
 * What the listing keeps in one phase (inPhase and matchesInboxFilter), or, with no phase, in the
 * whole listing whatever its entries' due times.
 */
export function listingKeep(filter: InboxFilter, phase?: Pick<ListingPhase, "by" | "noDue">): ListingKeep {
  const belongs = (dueAt: string | null) => !phase || inPhase(phase, dueAt);
  const workFilter = workPartOf(filter);
  return {
    work: (facts) =>
      belongs(facts.dueAt) &&
      matchesInboxFilter(
        { ...withTouched(facts), buyer: null, sourceLabel: undefined, Name: null, Email: null, Mobile: "" },
        workFilter,
      ),
    row: (facts) => belongs(facts.dueAt) && matchesInboxFilter(facts, filter),
  };
}

/**
 * The phases a page of a listing is read in, each while the page is not full, from the cursor the
 * last page ended at (compareListed's order). Sorted by due: those due, soonest first, then,
 * unless the listing is a due range (where nothing undue belongs), those with nothing due, newest
 * first; a cursor among the latter skips the first phase. Sorted by received: one phase, newest
 * first (a cursor by due, from the other sort, starts it again from the top).
 */
export function listingPhases(filter: InboxFilter, cursor: ListCursor | null): ListingPhase[] {
  const received = cursor?.by === "received" ? cursor : null;
  if (filter.sort !== "due") return [{ by: "received", noDue: false, after: received }];
  const phases: ListingPhase[] = [];
  if (!received) phases.push({ by: "due", noDue: false, after: cursor });
  if (!filter.due) phases.push({ by: "received", noDue: true, after: received });
  return phases;
}

/** A listing as a store counts it: its filter, and what the rule keeps of it whole (listingKeep). */
export interface CountedListing {
  filter: InboxFilter;
  keep: ListingKeep;
}

export const countedListing = (filter: InboxFilter): CountedListing => ({
  filter,
  keep: listingKeep(filter),
});

/** A place a phase read: an enquiry's id and the time it is placed by in the phase's order. */
export interface PhasePlace {
  id: string;
  at: string;
}

/**
 * What a store answers while a page of a listing is read (pageOfListing): up to `limit` places
 * of one phase, in its order (`keep`: those of the phase the rule keeps, for a store that filters
 * in the server), and the inbox entries of the page's places, in their order. A store translates
 * each into its own query and decides nothing of the page.
 */
export type ListingSteps<Place extends PhasePlace, Row> = {
  readPhase: { args: { phase: ListingPhase; limit: number; keep: ListingKeep }; result: readonly Place[] };
  readRows: { args: { places: readonly Place[] }; result: readonly Row[] };
};

/** A page of a listing: its entries, and the cursor the next page starts after (null: the last). */
export interface ListingPage<Row> {
  items: Row[];
  nextCursor: string | null;
}

/**
 * One page of a listing, read phase after phase (listingPhases) until it holds `limit` entries
 * and one more, which tells whether another page follows; the next page starts after the last
 * entry shown, in the order of the phase it was read in. Driven by each store at once (SQLite,
 * in one read transaction) or as its reads come (Firestore): driveStepsSync, driveStepsAsync.
 */
export function* pageOfListing<Place extends PhasePlace, Row>(
  filter: InboxFilter,
  cursor: ListCursor | null,
  limit: number,
): ChangeOf<ListingSteps<Place, Row>, ListingPage<Row>> {
  const step = stepsOf<ListingSteps<Place, Row>>();
  const wanted = limit + 1;
  const placed: { place: Place; by: ListingPhase["by"] }[] = [];
  for (const phase of listingPhases(filter, cursor)) {
    if (placed.length >= wanted) break;
    const places = yield* step("readPhase", {
      phase,
      limit: wanted - placed.length,
      keep: listingKeep(filter, phase),
    });
    for (const place of places.slice(0, wanted - placed.length)) placed.push({ place, by: phase.by });
  }
  const page = placed.slice(0, limit);
  const last = page.at(-1);
  const places = page.map((each) => each.place);
  const items = places.length > 0 ? [...(yield* step("readRows", { places }))] : [];
  return {
    items,
    nextCursor:
      placed.length > limit && last
        ? encodeListCursor({ by: last.by, at: last.place.at, id: last.place.id })
        : null,
  };
}
