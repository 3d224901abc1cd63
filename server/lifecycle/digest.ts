/**
 * A member's 09:00 digest, decided once above the stores: the adapters read each open enquiry due
 * by the day's end that the member owns or nobody owns, with the team's counts, and this makes the
 * sections. No I/O.
 */
import { enquiryReference } from "../../domain/console";
import type { BuyerType } from "../../domain/enquiry";
import { plainFirstName } from "../../domain/names";
import {
  DIGEST_LIST_MAX,
  type DigestContent,
  type DigestItem,
  type DigestRefusal,
  type DigestSection,
} from "../../domain/team";

/** An open enquiry as the digest reads it. */
export interface DigestRow {
  id: string;
  Name: string;
  RetailerSelfUse: BuyerType;
  Quantity: number;
  receivedAt: string;
  dueAt: string;
  touched: boolean;
}

/** What an adapter reads for one member's digest. */
export interface DigestParts {
  /** The member's open enquiries due before the IST day ends. */
  mine: DigestRow[];
  /** The open enquiries nobody owns due before the IST day ends. */
  unowned: DigestRow[];
  /** The console's Overdue and Due today counts at the same moment. */
  team: { overdue: number; dueToday: number };
  spamFiled: number;
  /**
   * Every mail refused for good in the DIGEST_REFUSED_WINDOW_MS before the digest, with its kind
   * and its enquiry's owner (null: nobody); one per refused mail. Whose digest names it is decided
   * here (refusalsFor), not by the store.
   */
  refused: RefusedMailRow[];
}

/** A mail refused for good, as an adapter reads it for the digest. */
export interface RefusedMailRow {
  id: string;
  Name: string;
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

function itemOf(row: DigestRow): DigestItem {
  const firstName = plainFirstName(row.Name);
  return {
    id: row.id,
    reference: enquiryReference(row.id),
    ...(firstName ? { firstName } : {}),
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
    .map((row): DigestRefusal => {
      const firstName = plainFirstName(row.Name);
      return {
        id: row.id,
        reference: enquiryReference(row.id),
        ...(firstName ? { firstName } : {}),
        refusedAt: row.refusedAt,
      };
    });
  return { count: items.length, items: items.slice(0, DIGEST_LIST_MAX) };
}

export function planDigest(
  parts: DigestParts,
  at: { now: Date; day: string; staffId: string },
): DigestContent {
  const now = at.now.getTime();
  const refused = refusalsFor(parts.refused, at.staffId);
  const overdue = (row: DigestRow) => Date.parse(row.dueAt) <= now;
  return {
    day: at.day,
    overdue: section(parts.mine.filter(overdue)),
    dueToday: section(parts.mine.filter((row) => !overdue(row))),
    unownedOverdue: section(parts.unowned.filter(overdue)),
    unownedDueToday: section(parts.unowned.filter((row) => !overdue(row))),
    team: parts.team,
    spamFiled: parts.spamFiled,
    ...(refused.length > 0 ? { addressRefused: refusals(refused) } : {}),
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
  ].flatMap((section) => section?.items.map((item) => item.id) ?? []);
}
