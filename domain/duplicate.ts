/**
 * Closing an enquiry as a duplicate of another the same buyer sent (domain/status.ts: the close
 * whose `duplicate` is set): which earlier enquiry the console suggests, what history says, and
 * the messages. No I/O.
 */
import type { BuyerEnquiry } from "./buyer";
import { isDuplicate, isWork, type EnquiryStatus } from "./status";

/** How many days back an enquiry of the same buyer (same mobile or mailbox) is suggested as the one repeated. */
export const DUPLICATE_WINDOW_DAYS = 7;

/**
 * The enquiry this one most likely repeats: the latest other enquiry of the same buyer received
 * before it, within DUPLICATE_WINDOW_DAYS, that is itself not a duplicate (nor spam). Null: none.
 */
export function duplicateCandidate(
  others: readonly Pick<BuyerEnquiry, "id" | "receivedAt" | "status">[],
  receivedAt: string,
): string | null {
  const from = Date.parse(receivedAt) - DUPLICATE_WINDOW_DAYS * 86_400_000;
  const earlier = others
    .filter((other) => isWork(other.status) && other.receivedAt < receivedAt)
    .filter((other) => Date.parse(other.receivedAt) >= from)
    .sort((a, b) => (a.receivedAt < b.receivedAt ? 1 : -1));
  return earlier[0]?.id ?? null;
}

/** The history line of a duplicate close: which enquiry it repeats, by reference. */
export const duplicateLine = (reference: string) => `Duplicate of ${reference}`;

/** Whether a status change needs the enquiry it repeats. */
export const needsDuplicateOf = (status: EnquiryStatus): boolean => isDuplicate(status);

export const duplicateMessages = {
  /** The console's field: the enquiry this one repeats. */
  label: "Duplicate of",
  choose: "Choose the enquiry it repeats",
  required: "Choose the enquiry this one repeats.",
  notFound: "That enquiry does not exist.",
  notItself: "An enquiry cannot repeat itself.",
  /** The one it names is closed as a duplicate too: name the one that stands. */
  chained: "That enquiry is a duplicate itself: choose the one it repeats.",
  suggested: (days: number) => `Suggested: the same buyer's request of the last ${days} days.`,
  noneOfTheBuyer: "The buyer sent no other enquiry from this mobile or mailbox: it repeats none of theirs.",
  reference: "Reference of the enquiry it repeats",
  /** Each duplicate names the enquiry it repeats, so none is closed in bulk. */
  notInBulk: "A duplicate names the enquiry it repeats: close each one from its own page.",
} as const;
