/**
 * What "the last note" of an enquiry is (the CSV's column), decided once above the stores: the
 * adapters read each enquiry's history lines that may carry one, in history order, and this picks.
 * No I/O.
 */
import type { HistoryEntry } from "../../domain/console";

/** The history lines whose text is a note: a note alone, or one written with a status change. */
export const NOTE_KINDS: readonly HistoryEntry["kind"][] = ["note", "status"];

/** A history line as an adapter reads it for the last note. */
export interface NoteCandidate {
  enquiryId: string;
  kind: string;
  text: string | null;
}

/**
 * Each enquiry's last note: the latest of its lines of NOTE_KINDS with a text (`lines` in history
 * order, oldest first); absent when it has none.
 */
export function lastNotesOf(lines: Iterable<NoteCandidate>): Map<string, string> {
  const notes = new Map<string, string>();
  for (const line of lines) {
    if (!NOTE_KINDS.some((kind) => kind === line.kind) || !line.text) continue;
    notes.set(line.enquiryId, line.text);
  }
  return notes;
}
