/**
 * The inbox's filter as a person sets it and the URL keeps it: a view of the team's work, a
 * status, an owner, a buyer type, a source, a search and a sort, each optional, all combined. The
 * console's page reads and writes it in its URL query; the API takes the same parameters. What a
 * view means (who is "Mine", what is "Overdue") is decided once, on the server
 * (server/lifecycle/inbox-listing.ts). No I/O.
 */
import { ENQUIRY_STATUSES, SEARCH_MAX_LENGTH, type EnquiryStatus } from "./console";
import { BUYER_TYPES, type BuyerType } from "./enquiry";
import { SOURCE_MAX_LENGTHS } from "./enquiry-source";
import { INBOX_VIEWS, type InboxView } from "./team";

/** Newest received first, or soonest due first (then those with nothing due, newest first). */
export const INBOX_SORTS = ["received", "due"] as const;
export type InboxSort = (typeof INBOX_SORTS)[number];

/** The owner filter's value for enquiries nobody owns; any other value is a member's id. */
export const OWNER_NOBODY = "nobody";
/** The longest owner value taken (a member's id). */
export const OWNER_MAX_LENGTH = 64;
/** The longest source taken: a referring host. */
export const SOURCE_FILTER_MAX_LENGTH = SOURCE_MAX_LENGTHS.referrerHost;

/** The value of `closed` that lists closed enquiries too in the views of open work (Mine, Unassigned). */
export const CLOSED_TOO = "too";

export interface InboxQuery {
  view?: InboxView;
  /** CLOSED_TOO: Mine and Unassigned list closed enquiries too; absent, open work only. */
  closed?: typeof CLOSED_TOO;
  status?: EnquiryStatus;
  /** A member's id, or OWNER_NOBODY. */
  owner?: string;
  buyer?: BuyerType;
  /** The campaign's utm_source or the referring host, any case. */
  source?: string;
  /** Part of a name, e-mail or mobile number. */
  q?: string;
  /** Absent: the view's own order (INBOX_DEFAULT_SORT). */
  sort?: InboxSort;
}

/** The URL query's parameters, in the order the console writes them. */
export const INBOX_QUERY_KEYS = [
  "view",
  "closed",
  "status",
  "owner",
  "buyer",
  "source",
  "q",
  "sort",
] as const;
export type InboxQueryKey = (typeof INBOX_QUERY_KEYS)[number];

/** The filters that sit behind the phone's one Filters button (the views stay pinned, the sort beside them). */
export const INBOX_FILTER_KEYS = ["closed", "status", "owner", "buyer", "source", "q"] as const;

/**
 * The order a view lists in unless another is chosen: what is due soonest first for the due views
 * and for Waiting on us (the buyer's answer makes an enquiry due now: the longest waiting first).
 */
export function inboxDefaultSort(view: InboxView | undefined): InboxSort {
  return view === "overdue" || view === "due-today" || view === "waiting" ? "due" : "received";
}

/** The views of open work that can list closed enquiries too (InboxQuery.closed). */
export function viewHasClosedToo(view: InboxView | undefined): boolean {
  return view === "mine" || view === "unassigned";
}

const includes = <T extends string>(list: readonly T[], value: string | null): value is T =>
  value !== null && (list as readonly string[]).includes(value);

/**
 * The filter a URL query holds, leniently, as the console's page reads its own address: a
 * parameter it does not know, or a value out of range, is left out (the API refuses them instead).
 */
export function readInboxQuery(params: URLSearchParams): InboxQuery {
  const query: InboxQuery = {};
  const view = params.get("view");
  if (includes(INBOX_VIEWS, view)) query.view = view;
  if (params.get("closed") === CLOSED_TOO && viewHasClosedToo(query.view)) query.closed = CLOSED_TOO;
  const status = params.get("status");
  if (includes(ENQUIRY_STATUSES, status)) query.status = status;
  const owner = params.get("owner")?.trim();
  if (owner && owner.length <= OWNER_MAX_LENGTH) query.owner = owner;
  const buyer = params.get("buyer");
  if (includes(BUYER_TYPES, buyer)) query.buyer = buyer;
  const source = params.get("source")?.trim();
  if (source && source.length <= SOURCE_FILTER_MAX_LENGTH) query.source = source;
  const q = params.get("q")?.trim();
  if (q) query.q = q.slice(0, SEARCH_MAX_LENGTH);
  const sort = params.get("sort");
  if (includes(INBOX_SORTS, sort) && sort !== inboxDefaultSort(query.view)) query.sort = sort;
  return query;
}

/** The URL query of a filter, in one order, without empty parameters or the view's own sort. */
export function inboxQueryParams(query: InboxQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of INBOX_QUERY_KEYS) {
    const value = query[key];
    if (!value) continue;
    if (key === "sort" && value === inboxDefaultSort(query.view)) continue;
    if (key === "closed" && !viewHasClosedToo(query.view)) continue;
    params.set(key, value);
  }
  return params;
}

/** How many of the filters behind the Filters button are on. */
export function inboxFiltersOn(query: InboxQuery): number {
  return INBOX_FILTER_KEYS.filter((key) => Boolean(query[key])).length;
}

/** The longest slug a free-text filter (a source) gives a file name. */
const EXPORT_SLUG_MAX_LENGTH = 40;

/** Lower-case letters, digits and single hyphens only: safe in a file name on every system. */
export function exportSlug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, EXPORT_SLUG_MAX_LENGTH)
    .replace(/^-+|-+$/g, "");
}

/**
 * What an export of the inbox holds, as its file name and the activity log name it: the view, then
 * each filter in the URL's order ("mine-waiting", "unassigned-with-closed-retailer"), or "all". A
 * search is named as one, never by its text, which may be a buyer's name or number; an owner by the
 * label the caller gives (`ownerLabel`, e.g. the member's e-mail's local part), or "unowned".
 */
export function exportFilterName(query: InboxQuery, ownerLabel?: string): string {
  const parts: string[] = [];
  if (query.view) parts.push(query.view);
  if (query.closed === CLOSED_TOO) parts.push("with-closed");
  if (query.status) parts.push(query.status);
  if (query.owner) parts.push(query.owner === OWNER_NOBODY ? "unowned" : `owner-${ownerLabel ?? "member"}`);
  if (query.buyer) parts.push(query.buyer);
  if (query.source) parts.push(`source-${query.source}`);
  if (query.q) parts.push("search");
  const name = parts.map(exportSlug).filter(Boolean).join("-");
  return name || "all";
}

/** The export's file name: "enquiries-mine-waiting-2026-12-07.csv" for the IST day it was taken. */
export function exportFileName(filterName: string, istDay: string): string {
  return `enquiries-${filterName}-${istDay}.csv`;
}
