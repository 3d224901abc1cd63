import { DAY_MS } from "../../domain/retention";

/** How long personal data is kept, in days, counted back from `now`. */
export interface RetentionCutoffs {
  now: Date;
  /** A closed enquiry (Fulfilled, Declined, Spam) closed longer ago than this is erased. */
  closedEnquiryDays: number;
  /** A page-speed measurement received longer ago than this is erased. */
  vitalsDays: number;
}

/** What one sweep erased. */
export interface ErasedCounts {
  /** Closed enquiries, each with its history, status, notifications and search entry. */
  enquiries: number;
  vitals: number;
  /**
   * Tax invoices and credit notes, with their payments, whose statutory period is over
   * (domain/invoice.ts: taxRecordKeptUntil); an erased enquiry's quotations go with it.
   */
  taxRecords: number;
}

/** How many enquiries one transaction (SQLite) or one round of batches (Firestore) erases. */
export const ENQUIRIES_PER_BATCH = 100;
/** How many page-speed measurements one transaction or batch erases. */
export const VITALS_PER_BATCH = 500;

/**
 * Erases personal data whose retention period is over (domain/retention.ts). Works in bounded
 * batches, each its own transaction, so a large backlog never holds the database for long; an
 * interrupted sweep leaves whole enquiries or none, and the next sweep finishes the rest.
 */
export interface RetentionStore {
  /**
   * Erases enquiries whose status is closed and was set before `now - closedEnquiryDays` (a
   * reopened enquiry has no closing time and is kept), with their notes and history, status,
   * notifications (sent or pending), search entries, quotations and pro-formas; page-speed
   * measurements received before `now - vitalsDays`; and tax invoices and credit notes (with their
   * payments) of financial years before `oldestKeptFinancialYear(now)`.
   */
  eraseExpired(cutoffs: RetentionCutoffs): Promise<ErasedCounts>;
}

export function cutoffOf(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}
