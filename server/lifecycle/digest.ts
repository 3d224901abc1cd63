/**
 * A member's 09:00 digest, decided once above the stores: the adapters read the enquiries due by
 * the day's end that the member owns or nobody owns, the day's arrivals and the refused mails,
 * with the team's counts; which of them the digest names and counts, and its sections, are
 * decided here. No I/O.
 */
import { enquiryReference } from "../../domain/console";
import { isOpen, isSpam, isWork, type EnquiryStatus } from "../../domain/status";
import type { BuyerType } from "../../domain/enquiry";
import { plainFirstName } from "../../domain/names";
import type { Receivables } from "../../domain/invoice";
import {
  DIGEST_LIST_MAX,
  type DigestOwed,
  DIGEST_REFUSED_WINDOW_MS,
  DIGEST_SPAM_WINDOW_MS,
  type DigestContent,
  type DigestItem,
  type DigestRefusal,
  type DigestSection,
} from "../../domain/team";

/** An enquiry with a due time as the digest reads it. */
export interface DigestRow {
  id: string;
  /** Null where not given (an enquiry started on WhatsApp), as the next two. */
  Name: string | null;
  RetailerSelfUse: BuyerType | null;
  Quantity: number | null;
  receivedAt: string;
  dueAt: string;
  touched: boolean;
  status: EnquiryStatus;
  ownerId: string | null;
}

/** An enquiry received in the DIGEST_SPAM_WINDOW_MS before the digest, as the spam line reads it. */
export interface ArrivalRow {
  receivedAt: string;
  status: EnquiryStatus;
  /** Filed as suspected spam on arrival, and so never mailed (its screening's verdict). */
  filedOnArrival: boolean;
}

/** What an adapter reads for one member's digest. */
export interface DigestParts {
  /**
   * The enquiries the member owns, and those nobody owns, due before the IST day ends (digestLists
   * picks those the digest names).
   */
  due: DigestRow[];
  /** The console's Overdue and Due today counts at the same moment. */
  team: { overdue: number; dueToday: number };
  /** Every enquiry received since digestSpamSince (spamFiledOf counts the spam line from them). */
  arrivals: ArrivalRow[];
  /**
   * Every mail refused for good in the DIGEST_REFUSED_WINDOW_MS before the digest, with its kind
   * and its enquiry's owner (null: nobody); one per refused mail. Whose digest names it is decided
   * here (refusalsFor), not by the store.
   */
  refused: RefusedMailRow[];
}

/** Since when the digest's spam line counts arrivals: DIGEST_SPAM_WINDOW_MS before it. */
export function digestSpamSince(now: Date): Date {
  return new Date(now.getTime() - DIGEST_SPAM_WINDOW_MS);
}

/** What a store reads for one member's digest at `now` (TeamStore.digestParts): the windows are the digest's to say. */
export interface DigestReads {
  staffId: string;
  now: Date;
  dayEnd: Date;
  /** Members away (for an owner's digest: server/team/digest-schedule.ts), whose due work it reads as well. */
  awayOwners?: readonly string[];
  /** The arrivals the spam line counts are those received since (digestSpamSince). */
  arrivalsSince: Date;
  /** The mails refused for good since (DIGEST_REFUSED_WINDOW_MS before the digest). */
  refusedSince: Date;
}

/** The reads of one member's digest at `now`. */
export function digestReads(options: Omit<DigestReads, "arrivalsSince" | "refusedSince">): DigestReads {
  return {
    ...options,
    arrivalsSince: digestSpamSince(options.now),
    refusedSince: new Date(options.now.getTime() - DIGEST_REFUSED_WINDOW_MS),
  };
}

/**
 * The spam line: enquiries filed as suspected spam on arrival in the 24 hours before the digest,
 * still spam. Nobody was mailed of those, so the digest is where the team hears of them; one set
 * to spam by hand was mailed on arrival and is not counted.
 */
export function spamFiledOf(arrivals: readonly ArrivalRow[], now: Date): number {
  const since = digestSpamSince(now).getTime();
  return arrivals.filter(
    (row) => row.filedOnArrival && isSpam(row.status) && Date.parse(row.receivedAt) >= since,
  ).length;
}

/**
 * The enquiries a member's digest lists: the team's open work due before the IST day ends, the
 * member's and nobody's apart.
 */
export function digestLists(
  rows: readonly DigestRow[],
  at: { staffId: string; dayEnd: Date; awayOwners?: readonly string[] },
): { mine: DigestRow[]; unowned: DigestRow[]; away: DigestRow[] } {
  const listed = rows.filter(
    (row) => isWork(row.status) && isOpen(row.status) && Date.parse(row.dueAt) < at.dayEnd.getTime(),
  );
  return {
    mine: listed.filter((row) => row.ownerId === at.staffId),
    unowned: listed.filter((row) => row.ownerId === null),
    away: listed.filter(
      (row) =>
        row.ownerId !== null && row.ownerId !== at.staffId && (at.awayOwners ?? []).includes(row.ownerId),
    ),
  };
}

/** A mail refused for good, as an adapter reads it for the digest. */
export interface RefusedMailRow {
  id: string;
  Name: string | null;
  refusedAt: string;
  kind: string;
  ownerId: string | null;
}

/** The buyer's own mails: a refusal of one of these says the buyer's address needs checking. */
const BUYER_MAIL_KINDS: ReadonlySet<string> = new Set(["acknowledgement", "reply"]);

/** The refusals a member's digest names: the buyer's own mails, on enquiries they own or nobody owns. */
export function refusalsFor(rows: readonly RefusedMailRow[], staffId: string): RefusedMailRow[] {
  return rows.filter(
    (row) => BUYER_MAIL_KINDS.has(row.kind) && (row.ownerId === null || row.ownerId === staffId),
  );
}

/** An enquiry as the digest names it: its reference, and its buyer's first name where there is one. */
function namedEnquiry(row: { id: string; Name: string | null }) {
  const firstName = row.Name === null ? undefined : plainFirstName(row.Name);
  return { id: row.id, reference: enquiryReference(row.id), ...(firstName ? { firstName } : {}) };
}

function itemOf(row: DigestRow): DigestItem {
  return {
    ...namedEnquiry(row),
    RetailerSelfUse: row.RetailerSelfUse,
    Quantity: row.Quantity,
    dueAt: row.dueAt,
    receivedAt: row.receivedAt,
    ...(row.touched ? {} : { notContacted: true }),
  };
}

/** Oldest due first, then oldest received, so nothing old hides at the end of a long list. */
function section(rows: readonly DigestRow[]): DigestSection {
  const sorted = [...rows].sort(
    (a, b) =>
      Date.parse(a.dueAt) - Date.parse(b.dueAt) ||
      Date.parse(a.receivedAt) - Date.parse(b.receivedAt) ||
      (a.id < b.id ? -1 : 1),
  );
  return { count: sorted.length, items: sorted.slice(0, DIGEST_LIST_MAX).map(itemOf) };
}

/** Each enquiry once (its latest refusal), oldest refusal first. */
function refusals(rows: readonly RefusedMailRow[]): { count: number; items: DigestRefusal[] } {
  const latest = new Map<string, RefusedMailRow>();
  for (const row of rows) {
    const seen = latest.get(row.id);
    if (!seen || seen.refusedAt < row.refusedAt) latest.set(row.id, row);
  }
  const items = [...latest.values()]
    .sort((a, b) => Date.parse(a.refusedAt) - Date.parse(b.refusedAt) || (a.id < b.id ? -1 : 1))
    .map((row): DigestRefusal => ({ ...namedEnquiry(row), refusedAt: row.refusedAt }));
  return { count: items.length, items: items.slice(0, DIGEST_LIST_MAX) };
}

/**
 * What is owed as the owner's digest says it (receivablesOf, once, decides the ages): each age's
 * count and balance, and the invoices owed for over 30 days by number, the buyer's first name and
 * balance, oldest first; none when nothing is owed.
 */
export function digestOwedOf(receivables: Receivables): DigestOwed | undefined {
  if (receivables.invoices.length === 0) return undefined;
  const over30 = receivables.invoices
    .filter((invoice) => invoice.bucket === "over-30")
    .sort((a, b) => Date.parse(a.issuedAt) - Date.parse(b.issuedAt) || (a.number < b.number ? -1 : 1))
    .slice(0, DIGEST_LIST_MAX)
    .map((invoice) => {
      const firstName = plainFirstName(invoice.buyerName);
      return {
        id: invoice.id,
        enquiryId: invoice.enquiryId,
        reference: enquiryReference(invoice.enquiryId),
        number: invoice.number,
        ...(firstName ? { firstName } : {}),
        balancePaise: invoice.balancePaise,
        daysOwed: invoice.daysOwed,
      };
    });
  return { buckets: receivables.buckets, over30 };
}

export function planDigest(
  parts: DigestParts,
  at: {
    now: Date;
    day: string;
    staffId: string;
    dayEnd: Date;
    /** For an owner's digest, the members away now (domain/staff.ts: isAway): their due work is listed apart. */
    awayOwners?: readonly string[];
    /** For an owner's digest, what is owed now (domain/accounts.ts: receivablesOf). */
    receivables?: Receivables;
  },
): DigestContent {
  const owed = at.receivables ? digestOwedOf(at.receivables) : undefined;
  const now = at.now.getTime();
  const refused = refusalsFor(parts.refused, at.staffId);
  const { mine, unowned, away } = digestLists(parts.due, at);
  const overdue = (row: DigestRow) => Date.parse(row.dueAt) <= now;
  return {
    day: at.day,
    overdue: section(mine.filter(overdue)),
    dueToday: section(mine.filter((row) => !overdue(row))),
    unownedOverdue: section(unowned.filter(overdue)),
    unownedDueToday: section(unowned.filter((row) => !overdue(row))),
    team: parts.team,
    spamFiled: spamFiledOf(parts.arrivals, at.now),
    ...(refused.length > 0 ? { addressRefused: refusals(refused) } : {}),
    ...(away.length > 0 ? { awayDue: section(away) } : {}),
    ...(owed ? { owed } : {}),
  };
}

/** The enquiries a digest names: erasing a person's data erases the digests that name them. */
export function digestEnquiryIds(content: DigestContent): string[] {
  return [
    content.overdue,
    content.dueToday,
    content.unownedOverdue,
    content.unownedDueToday,
    content.addressRefused,
    content.awayDue,
  ]
    .flatMap((section) => section?.items.map((item) => item.id) ?? [])
    .concat(content.owed?.over30.map((invoice) => invoice.enquiryId) ?? []);
}
