import type { ActivityEntry } from "../../domain/console";

/** An activity entry to write: its id is made as it is stored, and its time is now unless given. */
export type NewActivity = Omit<ActivityEntry, "id" | "at"> & { at?: Date };

/** What staff did in the console: who, when, what on. Never a visitor's personal data. */
export interface ActivityLog {
  record(entry: NewActivity): Promise<void>;
  /** Several entries in one write (a bulk action records one per enquiry). */
  recordMany(entries: readonly NewActivity[]): Promise<void>;
  /** Newest first; pass `nextCursor` back for older entries. */
  list(options: { cursor?: string | null; limit: number }): Promise<{
    items: ActivityEntry[];
    nextCursor: string | null;
  }>;
}
