import { DAY_MS } from "../../domain/retention";
import type { DocumentKind, FinancialYear } from "../../domain/invoice";
import type { EnquiryStatus } from "../../domain/status";
import type { TaxRecordFacts } from "../lifecycle/erasure";
import type { PortOf } from "./step-port";

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

/**
 * The steps of the retention sweep (server/work/retention-sweep.ts). Each batch is one change,
 * run in a transaction of its own on SQLite; on Firestore its reads are answered as asked and its
 * erasure written in batches of at most 500 deletes. A step reads or erases what it is given and
 * decides nothing.
 */
export type RetentionSteps = {
  /**
   * `limit` work records closed before `closedBefore` (mayErase's facts), fewer on the last page,
   * read on from `after` (null: from the start; else the `after` the page before answered). On
   * Firestore a full page also holds every other record closed at its last one's time.
   */
  readClosedPage: {
    args: { closedBefore: string; after: unknown; limit: number };
    result: {
      records: { id: string; status: EnquiryStatus; closedAt: string | null }[];
      after: unknown;
    };
  };
  /** The documents issued from these enquiries: each one's id, kind and enquiry. */
  readEnquiryDocuments: {
    args: { ids: string[] };
    result: { id: string; kind: DocumentKind; enquiryId: string }[];
  };
  /** Erases each enquiry with everything of it, and of its documents those named. */
  eraseEnquiries: { args: { enquiries: { id: string; documentIds: string[] }[] }; result: void };
  /** The ids of up to `limit` page-speed measurements received before `receivedBefore`. */
  readVitalsPage: { args: { receivedBefore: string; limit: number }; result: string[] };
  eraseVitals: { args: { ids: string[] }; result: void };
  /** The documents of `kinds` of the years before `before`, and every credit note against one of them. */
  readTaxRecords: { args: { before: FinancialYear; kinds: DocumentKind[] }; result: TaxRecordFacts[] };
  /** Erases these documents with their payments, in the order given. */
  eraseTaxRecords: { args: { ids: string[] }; result: void };
};

export type RetentionPort = PortOf<RetentionSteps>;

export function cutoffOf(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}
