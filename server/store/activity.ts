import type { ActivityEntry } from "../../domain/console";

/** What staff did in the console: who, when, what on. Never a visitor's personal data. */
export interface ActivityLog {
  record(entry: Omit<ActivityEntry, "id" | "at"> & { at?: Date }): Promise<void>;
  /** Several entries in one write (a bulk action records one per enquiry). */
  recordMany(entries: readonly (Omit<ActivityEntry, "id" | "at"> & { at?: Date })[]): Promise<void>;
  /** Newest first; pass `nextCursor` back for older entries. */
  list(options: { cursor?: string | null; limit: number }): Promise<{
    items: ActivityEntry[];
    nextCursor: string | null;
  }>;
}
