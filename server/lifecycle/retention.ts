/**
 * Which enquiries retention may erase (domain/retention.ts keeps the periods), decided once above
 * the stores: each store's query translates it, and both check each enquiry it read against it.
 * No I/O.
 */
import { isClosed, type EnquiryStatus } from "../../domain/status";

/**
 * Whether retention may erase an enquiry, by its work record: its status is closed (domain/status.ts)
 * and was set before `closedBefore` (an ISO time: now less the days closed enquiries are kept). A
 * reopened enquiry has no closing time and is kept.
 */
export function mayErase(
  work: { status: EnquiryStatus; closedAt: string | null },
  closedBefore: string,
): boolean {
  return isClosed(work.status) && work.closedAt !== null && work.closedAt < closedBefore;
}
