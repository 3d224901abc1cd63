// nextTurn: requests waiting on the event loop run between two pages.
import { setImmediate as nextTurn } from "node:timers/promises";
import { DERIVED_FLAGS, settled, type DerivedFlag } from "../lifecycle/plan";
import type {
  DerivedFlagsLog,
  DerivedFlagsMarker,
  DerivedFlagsOutcome,
  DerivedFlagsPort,
  DerivedFlagsRecord,
  DerivedFlagsSteps,
  DerivedFlagsStore,
} from "../store/derived-flags";
import { stepsOf, type ChangeOf } from "../store/step-port";
import { onceMore } from "./once-more";

const step = stepsOf<DerivedFlagsSteps>();

/** Work records read per page, and so given their flags per transaction at most. */
export const DERIVED_FLAGS_BATCH = 300;

/**
 * The backfill of the derived flags, written once above the stores: a store without the port
 * (SQLite, whose migrations gave its rows their flags) has nothing to fill.
 */
export function derivedFlagsStore(port: DerivedFlagsPort | undefined): DerivedFlagsStore {
  return {
    fill: (options) => (port ? fillDerivedFlags(port, options) : Promise.resolve({ ran: false })),
  };
}

/**
 * Gives every work record that lacks one of the flags `settled` derives (DERIVED_FLAGS), or holds
 * one its state does not give, the value the plans give it, reading the records in pages in the store's order and writing each page's in one
 * transaction that reads them again, so that a change made meanwhile is kept and the flags follow
 * it. The marker holds where it has come to after each page: a run stopped (`signal`, a crash)
 * goes on from there, and once it records the end, no run starts again until the flags change.
 * Several instances may run it at once: each writes the same values, the marker's cursor only
 * moves forward and its end is recorded once.
 */
export async function fillDerivedFlags(
  port: DerivedFlagsPort,
  options: { log?: DerivedFlagsLog; signal?: AbortSignal; batch?: number } = {},
): Promise<DerivedFlagsOutcome> {
  const { log, signal, batch = DERIVED_FLAGS_BATCH } = options;
  const flags = DERIVED_FLAGS;
  const start = await port.run(() => startingPoint(flags));
  if (start === null) return { ran: false };
  const resumed = start.cursor !== null;
  log?.info({ flags, resumed }, "giving the work records stored before them their derived flags");
  let cursor = start.cursor;
  let read = 0;
  let written = 0;
  let done = false;
  while (!done && !signal?.aborted) {
    const page = await port.readPage({ after: cursor, limit: batch, flags });
    read += page.records.length;
    const wrong = page.records.filter((record) => offTheRule(record, flags)).map((record) => record.id);
    const given = wrong.length > 0 ? await onceMore(port, () => giveFlags(wrong, flags)) : 0;
    written += given;
    const reached = { cursor: page.last ?? cursor, written: given, done: page.records.length < batch };
    const progress = await port.run(() => recordProgress(flags, reached, new Date().toISOString()));
    ({ cursor, done } = progress);
    if (!done) await nextTurn();
  }
  log?.info(
    { flags, read, written, done },
    done
      ? "the work records stored before them have their derived flags"
      : "giving the work records their derived flags stopped; it goes on at the next start",
  );
  return { ran: true, read, written, resumed, done };
}

const sameFlags = (marker: DerivedFlagsMarker, flags: readonly DerivedFlag[]) =>
  marker.flags.length === flags.length && flags.every((flag) => marker.flags.includes(flag));

/**
 * Whether there is nothing for this build to do: the marker's backfill gives every one of `flags`
 * and either has ended, or gives more (a later build's, under way).
 */
const nothingToDo = (marker: DerivedFlagsMarker | null, flags: readonly DerivedFlag[]) =>
  marker !== null &&
  flags.every((flag) => marker.flags.includes(flag)) &&
  (marker.done || !sameFlags(marker, flags));

/**
 * Where a run starts: nowhere (null) when the marker says these flags were given (or a later
 * build's backfill, giving more, is under way), from its cursor when a run of the same flags
 * stopped half way, else from the first record.
 */
function* startingPoint(
  flags: readonly DerivedFlag[],
): ChangeOf<DerivedFlagsSteps, { cursor: string | null } | null> {
  const marker = yield* step("readMarker", {});
  if (nothingToDo(marker, flags)) return null;
  return { cursor: marker && sameFlags(marker, flags) ? marker.cursor : null };
}

/**
 * Whether a record lacks one of the flags, or holds one the rule does not give its state (a build
 * from before the flag changed the record after an earlier run gave it the flag).
 */
function offTheRule(record: DerivedFlagsRecord, flags: readonly DerivedFlag[]): boolean {
  const ruled = settled(record.work);
  return record.lacking.length > 0 || flags.some((flag) => ruled[flag] !== record.work[flag]);
}

/** Gives the records of `ids` whose flags are still not the rule's, as they stand now, every flag settled derives. */
function* giveFlags(ids: string[], flags: readonly DerivedFlag[]): ChangeOf<DerivedFlagsSteps, number> {
  const records = (yield* step("readRecords", { ids, flags }))
    .filter((record) => offTheRule(record, flags))
    .map((record) => ({ id: record.id, work: settled(record.work) }));
  if (records.length > 0) yield* step("writeFlags", { records, flags });
  return records.length;
}

/**
 * Records a page done: the marker's cursor moved to `reached` unless another instance is further
 * on (this one goes on from there), the end recorded once. Another instance that recorded the end,
 * or a later build's backfill, ends this run.
 */
function* recordProgress(
  flags: readonly DerivedFlag[],
  reached: { cursor: string | null; written: number; done: boolean },
  at: string,
): ChangeOf<DerivedFlagsSteps, { cursor: string | null; done: boolean }> {
  const marker = yield* step("readMarker", {});
  if (nothingToDo(marker, flags)) return { cursor: reached.cursor, done: true };
  const ours = marker && sameFlags(marker, flags) ? marker : null;
  const cursor =
    ours?.cursor != null && (reached.cursor === null || ours.cursor > reached.cursor)
      ? ours.cursor
      : reached.cursor;
  yield* step("writeMarker", {
    marker: {
      flags: [...flags],
      cursor,
      done: reached.done,
      written: (ours?.written ?? 0) + reached.written,
      finishedAt: reached.done ? at : null,
    },
  });
  return { cursor, done: reached.done };
}
