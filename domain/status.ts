/**
 * An enquiry's statuses and what each one means, in one table: the plans, the inbox, the
 * dashboard, the console, bulk actions and both stores read a status's properties here instead of
 * naming statuses, so a new status, or a change to what one means, is one row. No I/O.
 */

/**
 * An enquiry's life: New → Contacted → Confirmed → Fulfilled, or Declined, or a Duplicate of an
 * enquiry the same buyer sent before, or Spam.
 */
export const ENQUIRY_STATUSES = [
  "New",
  "Contacted",
  "Confirmed",
  "Fulfilled",
  "Declined",
  "Duplicate",
  "Spam",
] as const;
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];

export interface StatusProperties {
  /**
   * Not closed: it can be due, have a follow-up and a next step, and be owned as open work.
   * Setting a closed status records when (retention counts from then); reopening clears it.
   */
  open: boolean;
  /** Counts as the team's work: in the views and counts of work, in All, and owned. */
  work: boolean;
  /** A sale won (the dashboard's win rate and orders; how far the funnel reached). */
  won: boolean;
  /** A sale lost, which records why (domain/deal.ts: LOST_REASONS); won or lost is decided. */
  lost: boolean;
  /**
   * Setting it clears the follow-up and the next step; leaving it for one that does not starts
   * with the due time of the rule (domain/due-rule.ts) and no next step.
   */
  clearsFollowUp: boolean;
  /**
   * Setting it starts the next step of the sale: the old follow-up gives way to the due time of
   * the rule unless the change carries a follow-up of its own.
   */
  restartsFollowUp: boolean;
  /** What the first recorded contact with the buyer (a reply, an answered call, a chat) moves the initial status to. */
  firstContact: boolean;
  /** What an enquiry nobody has worked on is: stores may keep no work record for it. */
  initial: boolean;
  /** What an enquiry filed as suspected spam is set to, on arrival or by hand; "Not spam" leaves it. */
  spam: boolean;
  /**
   * A close that names the enquiry this one repeats (`duplicateOf` on the work record): neither a
   * sale won nor lost, and nobody's work, so out of every view of work and every win rate.
   */
  duplicate: boolean;
}

export const STATUS: Readonly<Record<EnquiryStatus, Readonly<StatusProperties>>> = {
  New: {
    open: true,
    work: true,
    won: false,
    lost: false,
    clearsFollowUp: false,
    restartsFollowUp: false,
    firstContact: false,
    initial: true,
    spam: false,
    duplicate: false,
  },
  Contacted: {
    open: true,
    work: true,
    won: false,
    lost: false,
    clearsFollowUp: false,
    restartsFollowUp: false,
    firstContact: true,
    initial: false,
    spam: false,
    duplicate: false,
  },
  Confirmed: {
    open: true,
    work: true,
    won: true,
    lost: false,
    clearsFollowUp: false,
    restartsFollowUp: true,
    firstContact: false,
    initial: false,
    spam: false,
    duplicate: false,
  },
  Fulfilled: {
    open: false,
    work: true,
    won: true,
    lost: false,
    clearsFollowUp: true,
    restartsFollowUp: false,
    firstContact: false,
    initial: false,
    spam: false,
    duplicate: false,
  },
  Declined: {
    open: false,
    work: true,
    won: false,
    lost: true,
    clearsFollowUp: true,
    restartsFollowUp: false,
    firstContact: false,
    initial: false,
    spam: false,
    duplicate: false,
  },
  Duplicate: {
    open: false,
    work: false,
    won: false,
    lost: false,
    clearsFollowUp: true,
    restartsFollowUp: false,
    firstContact: false,
    initial: false,
    spam: false,
    duplicate: true,
  },
  Spam: {
    open: false,
    work: false,
    won: false,
    lost: false,
    clearsFollowUp: true,
    restartsFollowUp: false,
    firstContact: false,
    initial: false,
    spam: true,
    duplicate: false,
  },
};

/** The statuses with a property, in the order of ENQUIRY_STATUSES. */
export function statusesWhere(property: keyof StatusProperties, value = true): EnquiryStatus[] {
  return ENQUIRY_STATUSES.filter((status) => STATUS[status][property] === value);
}

function theOne(property: "initial" | "spam" | "firstContact" | "duplicate"): EnquiryStatus {
  const [status, ...others] = statusesWhere(property);
  if (!status || others.length > 0) throw new Error(`Exactly one status must be ${property}.`);
  return status;
}

/** An enquiry nobody has worked on, or one marked Not spam. */
export const INITIAL_STATUS: EnquiryStatus = theOne("initial");
/** An enquiry filed as suspected spam. */
export const SPAM_STATUS: EnquiryStatus = theOne("spam");
/** An enquiry closed as repeating another of the same buyer. */
export const DUPLICATE_STATUS: EnquiryStatus = theOne("duplicate");
/** An enquiry whose buyer was first contacted. */
export const FIRST_CONTACT_STATUS: EnquiryStatus = theOne("firstContact");

/** Statuses that close an enquiry: retention counts from the moment one is set. */
export const CLOSED_STATUSES: readonly EnquiryStatus[] = statusesWhere("open", false);
/** The statuses of the team's work: every one but spam and a duplicate. */
export const WORK_STATUSES: readonly EnquiryStatus[] = statusesWhere("work");
/**
 * The statuses an enquiry can wait on us at: open, and no sale won yet (a confirmed order has its
 * own next step; "Next unanswered" never opens one). Whether one does is waitingOnUs's
 * (server/lifecycle/inbox-listing.ts).
 */
export const WAITING_STATUSES: readonly EnquiryStatus[] = statusesWhere("open").filter(
  (status) => !STATUS[status].won,
);

export const isOpen = (status: EnquiryStatus): boolean => STATUS[status].open;
export const isClosed = (status: EnquiryStatus): boolean => !STATUS[status].open;
/** Spam is never work: it is in no view and no count of the team's work. */
export const isWork = (status: EnquiryStatus): boolean => STATUS[status].work;
export const isSpam = (status: EnquiryStatus): boolean => STATUS[status].spam;
export const isDuplicate = (status: EnquiryStatus): boolean => STATUS[status].duplicate;

/**
 * How many enquiries stand at each status, from the total and the counts of the statuses a work
 * record holds: the initial status is what is left, since an enquiry nobody worked on may have
 * no work record to count. A count given for the initial status is not read.
 */
export function statusCountsOf(
  total: number,
  counted: Partial<Record<EnquiryStatus, number>>,
): Record<EnquiryStatus, number> {
  const counts = Object.fromEntries(ENQUIRY_STATUSES.map((status) => [status, 0])) as Record<
    EnquiryStatus,
    number
  >;
  let others = 0;
  for (const status of ENQUIRY_STATUSES) {
    if (STATUS[status].initial) continue;
    counts[status] = counted[status] ?? 0;
    others += counts[status];
  }
  counts[INITIAL_STATUS] = total - others;
  return counts;
}

/** What a store counts for statusCountsOf: every enquiry, and those at each status but the initial one. */
export interface StatusTally {
  total: number;
  counted: Partial<Record<EnquiryStatus, number>>;
}

/** The statuses whose counts statusCountsOf reads: all but the initial one. */
export const COUNTED_STATUSES: readonly EnquiryStatus[] = statusesWhere("initial", false);
