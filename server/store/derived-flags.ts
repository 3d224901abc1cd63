import type { DerivedFlag, WorkState } from "../lifecycle/plan";
import type { PortOf } from "./step-port";

/**
 * Where a store that keeps the flags `settled` derives (server/lifecycle/plan.ts: DERIVED_FLAGS)
 * in documents written before a flag existed stands in giving them theirs: which flags it gives,
 * how far through the work records it has come (the last record's id) and whether it has finished.
 */
export interface DerivedFlagsMarker {
  /** The flags given, by name in DERIVED_FLAGS' order: a record may lack any other. */
  flags: string[];
  /** Where the last page read and given its flags ended (DerivedFlagsPort.readPage); null: none yet. */
  cursor: string | null;
  done: boolean;
  /** How many records were given their flags, by every instance that worked on it. */
  written: number;
  /** When it finished (ISO 8601); null until then. */
  finishedAt: string | null;
}

/**
 * A work record as the backfill reads it: its state (with the flags as stored, a flag it lacks
 * decoded as the codec decodes it), and which of the flags asked for it lacks.
 */
export interface DerivedFlagsRecord {
  id: string;
  work: WorkState;
  lacking: DerivedFlag[];
}

/**
 * The steps of giving work records their derived flags (server/work/derived-flags.ts), answered
 * in one transaction: reads as asked, writes made together once the change has returned. A step
 * reads or writes what it is given and decides nothing.
 */
export type DerivedFlagsSteps = {
  /** The marker; null when no instance has started. */
  readMarker: { args: Record<string, never>; result: DerivedFlagsMarker | null };
  writeMarker: { args: { marker: DerivedFlagsMarker }; result: void };
  /** The work records of these enquiries that exist, each with the flags of `flags` it lacks. */
  readRecords: { args: { ids: string[]; flags: readonly DerivedFlag[] }; result: DerivedFlagsRecord[] };
  /** Writes the `flags` of each work state given, the record's other fields left as they are. */
  writeFlags: {
    args: { records: { id: string; work: WorkState }[]; flags: readonly DerivedFlag[] };
    result: void;
  };
};

/**
 * What a store whose records may lack a derived flag gives the backfill: its steps in one
 * transaction, and a page of its work records read outside any transaction, in an order of its
 * own. SQLite has none: its migrations gave every row its flags when each column was added.
 */
export interface DerivedFlagsPort extends PortOf<DerivedFlagsSteps> {
  /**
   * Up to `limit` work records after the place `after` (null: from the first), and the place of
   * the last one read (null: none). Places order as strings do, in the order records are read.
   */
  readPage(args: {
    after: string | null;
    limit: number;
    flags: readonly DerivedFlag[];
  }): Promise<{ records: DerivedFlagsRecord[]; last: string | null }>;
}

/** What one call of `fill` did. */
export type DerivedFlagsOutcome =
  /** Nothing to do: the store keeps its flags itself (SQLite), or it was done before. */
  | { ran: false }
  | {
      ran: true;
      /** Work records read, and given their flags, by this call. */
      read: number;
      written: number;
      /** Whether it went on from a cursor a call before it left. */
      resumed: boolean;
      /** Whether the backfill is finished (false: stopped, it goes on at the next call). */
      done: boolean;
    };

/** The part of a logger the backfill reports to: counts only, never an enquiry's data. */
export interface DerivedFlagsLog {
  info(fields: Record<string, unknown>, message: string): void;
}

/**
 * Gives the work records stored by a build from before a derived flag existed the flag's value,
 * once per database: the server runs it in the background at each start (server/app.ts).
 */
export interface DerivedFlagsStore {
  /** Runs the backfill unless the marker says it was done; `signal` stops it between two batches. */
  fill(options?: { log?: DerivedFlagsLog; signal?: AbortSignal }): Promise<DerivedFlagsOutcome>;
}
