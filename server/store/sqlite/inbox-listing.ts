import type Database from "better-sqlite3";
import { DUE_BOUNDS, type InboxFilter } from "../../lifecycle/inbox-listing";
import type { ListCursor } from "../page-cursor";
import { likePattern, prepared } from "./connection";
import { namedAfter } from "./identifiers";
import { searchGeneration } from "./search-index";
import { statusWhere, workStatusWhere } from "./status-sql";

/**
 * The inbox's one listing on SQLite (server/lifecycle/inbox-listing.ts decides what it holds; this
 * translates it). Every part of the filter is a condition on `enquiry_work` (which keeps a copy of
 * the buyer type and source label), and a search one on the trigram index or the enquiries' own
 * columns. Which index a listing walks is chosen here, not left to the planner, which has no
 * statistics to tell a narrow owner from a wide one:
 * - each index that narrows the listing by one of its parts (the search's trigrams, owner and
 *   status, owner, status, source, due range, waiting on us) is counted up to NARROW_ROWS; the
 *   narrowest under it is read whole and sorted, which stays quick however sparse the other parts
 *   make the matches;
 * - when every part is wide, the index that serves the listing's order with the most of its parts
 *   is walked (its columns cover every condition but a search), stopping as soon as the page is
 *   full; a common search there is a condition on the trigram index's matches, gathered first, so
 *   that a walk through a wide part where they are sparse reads no enquiry.
 */

/** A part that narrows the listing to fewer rows than this is read whole and sorted. */
const NARROW_ROWS = 4_000;
/**
 * Trigrams need three characters; a shorter search, or one so common its trigram matches are not
 * narrow, compares the enquiries' own columns on the rows another part's index gives.
 */
const TRIGRAM_LENGTH = 3;

/** A statement's named values; one left undefined is not passed (readAll). */
type Params = Record<string, string | number | undefined>;

/** Waiting on us, as the plans wrote it: what the partial index `enquiry_work_waiting` holds. */
const WAITING = `w.waiting_on_us = 1`;

/** The search as a condition: among the trigram index's matches, gathered once (searchHits). */
const SEARCHED = `w.enquiry_id IN (SELECT enquiry_id FROM temp.inbox_search_hits WHERE phrase = @hitsPhrase)`;

/** How many searches' matches each connection keeps: a team's few people, each with a search open. */
const HELD_SEARCHES = 8;

/**
 * What each connection's table of search matches holds: each phrase with the index's generation
 * it was read at, the most recently used last.
 */
const hitsHeld = new WeakMap<Database.Database, Map<string, string>>();

/**
 * The trigram index's matches for `phrase`, in a temporary table of this connection, gathered again
 * only when the index changed (searchGeneration). A page in the search's order and its count read
 * the matches of a common search several times, and a common surname's take tens of milliseconds
 * to gather (12,500 of 100,000 enquiries about 35 ms): gathered once, each of those reads is a
 * lookup in this table, and a list the console refreshes every few seconds gathers them again only
 * after enquiries were added. The last HELD_SEARCHES phrases are kept, so that people searching
 * for different names at once do not each undo the other's.
 */
function searchHits(db: Database.Database, phrase: string): void {
  let held = hitsHeld.get(db);
  if (!held) {
    db.exec(
      `CREATE TEMP TABLE IF NOT EXISTS inbox_search_hits (phrase TEXT NOT NULL, enquiry_id TEXT NOT NULL,
         PRIMARY KEY (phrase, enquiry_id)) WITHOUT ROWID`,
    );
    held = new Map();
    hitsHeld.set(db, held);
  }
  const generation = searchGeneration(db);
  const stamp = held.get(phrase);
  held.delete(phrase);
  held.set(phrase, generation);
  if (stamp === generation) return;
  const forget = prepared(db, `DELETE FROM temp.inbox_search_hits WHERE phrase = ?`);
  forget.run(phrase);
  prepared(
    db,
    `INSERT OR IGNORE INTO temp.inbox_search_hits (phrase, enquiry_id)
     SELECT @phrase, enquiry_id FROM enquiry_search WHERE enquiry_search MATCH @phrase`,
  ).run({ phrase });
  for (const oldest of held.keys()) {
    if (held.size <= HELD_SEARCHES) break;
    held.delete(oldest);
    forget.run(oldest);
  }
}

/** The conditions a listing read by `index` checks: read from the search's matches, that one holds already. */
function conditionsFor(conditions: readonly string[], index: string | null): string[] {
  return index ? [...conditions] : conditions.filter((condition) => condition !== SEARCHED);
}

/** FTS5's query syntax: the search as one quoted phrase, so nothing in it is an operator. */
function ftsPhrase(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

/** An index that narrows the listing by some of its parts: the condition it serves, and its order. */
interface Narrowing {
  index: string;
  condition: string;
  /** The order its walk gives within the condition, if it is one a listing asks for. */
  order: "received" | "due" | null;
}

interface Translated {
  /** Every part of the filter, as conditions on `w` (and `e` for a short search). */
  conditions: string[];
  params: Params;
  narrowings: Narrowing[];
  /** Whether a condition reads the enquiries' own columns. */
  readsEnquiry: boolean;
  /** The search's FTS phrase, when a condition reads its matches (searchHits fills them first). */
  searchPhrase: string | null;
  /** The narrowest part under NARROW_ROWS, if any: its index, or none to read the search's matches. */
  narrow: { index: string | null; rows: number } | null;
}

/** The rows `sql` reads, given only the named parameters it uses: better-sqlite3 refuses others. */
function readAll<Row>(db: Database.Database, sql: string, params: Params): Row[] {
  const used: Params = {};
  for (const [, name] of sql.matchAll(/@(\w+)/g)) {
    if (name !== undefined && params[name] !== undefined) used[name] = params[name];
  }
  return prepared<Params, Row>(db, sql).all(used);
}

export class SqliteInboxListing {
  constructor(
    private readonly db: Database.Database,
    /** The enquiries' table, already quoted. */
    private readonly table: string,
  ) {}

  private searchRows(phrase: string): number {
    if (hitsHeld.get(this.db)?.has(phrase)) {
      // Gathered already: counted from the table (gathered again first, if the index changed).
      searchHits(this.db, phrase);
      return this.rowsUpTo(`temp.inbox_search_hits WHERE phrase = @phrase`, { phrase });
    }
    return this.rowsUpTo(`enquiry_search WHERE enquiry_search MATCH @phrase`, { phrase });
  }

  /** How many rows `source` (what follows FROM, with its conditions) holds, counted up to NARROW_ROWS. */
  private rowsUpTo(source: string, params: Params): number {
    const sql = `SELECT count(*) AS count FROM (SELECT 1 FROM ${source} LIMIT ${NARROW_ROWS})`;
    return readAll<{ count: number }>(this.db, sql, params)[0]?.count ?? 0;
  }

  /** `by`: the order the rows are read in; by due, only those with something due are read. */
  private translate(filter: InboxFilter, by: "received" | "due" = "received"): Translated {
    // Every value a condition may name (@after, @upTo and @before: the due range's bounds).
    const params: Params = {
      ...filter.due,
      status: filter.status,
      ownerId: filter.ownerId ?? undefined,
      buyer: filter.buyer,
      source: filter.source?.trim().toLowerCase(),
    };
    const narrowings: Narrowing[] = [];
    const narrowBy = (index: string, condition: string, order: Narrowing["order"] = "received") =>
      narrowings.push({ index, condition, order });
    // Every status of the team's work, unless one is asked for: spam never is (domain/status.ts: isWork).
    const conditions = [filter.status ? `w.status = @status` : workStatusWhere("w.status")];
    if (filter.open) conditions.push(statusWhere("w.status", "open"));
    // Waiting on us as the plans keep it with the work (WorkState.waitingOnUs), from its own index.
    if (filter.waiting) {
      conditions.push(WAITING);
      narrowBy("enquiry_work_waiting", WAITING, "due");
    }
    let owner: string | null = null;
    if (filter.ownerId === null) owner = `w.owner_id IS NULL`;
    else if (filter.ownerId !== undefined) owner = `w.owner_id = @ownerId`;
    if (owner) conditions.push(owner);
    const due = DUE_BOUNDS.flatMap(([bound, compared]) =>
      filter.due?.[bound] !== undefined ? [`w.due_at ${compared} @${bound}`] : [],
    );
    conditions.push(...due);
    if (filter.buyer) conditions.push(`w.buyer = @buyer`);
    if (filter.source) conditions.push(`w.source_label = @source`);
    if (owner && filter.status) narrowBy("enquiry_work_owner_status", `${owner} AND w.status = @status`);
    if (owner) narrowBy("enquiry_work_owner", owner);
    if (filter.status) narrowBy("enquiry_work_status", `w.status = @status`);
    if (filter.source) narrowBy("enquiry_work_source", `w.source_label = @source`);
    // Read by due, only the enquiries with something due count (the open ones): often few.
    const dueParts = due.length > 0 ? due : by === "due" ? [`w.due_at IS NOT NULL`] : [];
    if (dueParts.length > 0) {
      if (owner) narrowBy("enquiry_work_owner_due", `${owner} AND ${dueParts.join(" AND ")}`, "due");
      narrowBy("enquiry_work_due", dueParts.join(" AND "), "due");
    }
    // Each part's index counted up to NARROW_ROWS: the narrowest under it is read whole.
    let narrow: { index: string | null; rows: number } | null = null;
    for (const { index, condition } of narrowings) {
      const rows = this.rowsUpTo(`enquiry_work w INDEXED BY ${index} WHERE ${condition}`, params);
      if (rows < NARROW_ROWS && (!narrow || rows < narrow.rows)) narrow = { index, rows };
    }

    let readsEnquiry = false;
    let searchPhrase: string | null = null;
    const q = filter.q?.trim();
    if (q) {
      const phrase = q.length >= TRIGRAM_LENGTH ? ftsPhrase(q) : null;
      const searchRows = phrase ? this.searchRows(phrase) : NARROW_ROWS;
      // A narrow search's matches are read from the trigram index: first, when they are the
      // narrowest part (no index: from the search), else as a condition on the narrowest part.
      // A common one (a frequent surname) is checked on the rows a walk gives, which finds a page of
      // them within a few hundred, except where every other part is wide too: its matches may be
      // sparse there, and gathering them first (about 1 ms per 1,000) bounds the walk's cost.
      const everyPartWide = narrowings.length > 0 && narrow === null;
      if (phrase && (searchRows < NARROW_ROWS || everyPartWide)) {
        searchPhrase = phrase;
        params.hitsPhrase = phrase;
        conditions.push(SEARCHED);
        if (searchRows < NARROW_ROWS && (!narrow || searchRows < narrow.rows)) {
          narrow = { index: null, rows: searchRows };
        }
      } else {
        readsEnquiry = true;
        conditions.push(
          `(e.Name LIKE @q ESCAPE '\\' OR e.Email LIKE @q ESCAPE '\\' OR e.Mobile LIKE @q ESCAPE '\\')`,
        );
        params.q = likePattern(q, "anywhere");
      }
    }
    return { conditions, params, narrowings, readsEnquiry, searchPhrase, narrow };
  }

  /**
   * FROM … for the listing: `w` by the chosen index, or, with none, from the search's matches
   * (whose condition then holds by construction). A search's matches are gathered first.
   */
  private from(translated: Translated, index: string | null): string {
    if (translated.searchPhrase) searchHits(this.db, translated.searchPhrase);
    const source = index
      ? `enquiry_work w INDEXED BY ${index}`
      : `(SELECT enquiry_id FROM temp.inbox_search_hits WHERE phrase = @hitsPhrase) s
         CROSS JOIN enquiry_work w ON w.enquiry_id = s.enquiry_id`;
    // The enquiries' contact columns read from their index (team-schema.ts: inboxContactSchema).
    const contact = namedAfter(this.table, "contact");
    return translated.readsEnquiry
      ? `${source} JOIN ${this.table} e INDEXED BY ${contact} ON e.id = w.enquiry_id`
      : source;
  }

  /** The index a listing walks in the phase's order, or null to read the search's matches. */
  private indexFor(filter: InboxFilter, translated: Translated, by: "received" | "due"): string | null {
    if (translated.narrow) return translated.narrow.index;
    // Every part is wide: walk the index of the listing's order that serves the most of them.
    if (by === "due") {
      // Narrowed to one owner (or nobody), or Waiting on us.
      if (filter.ownerId !== undefined) return "enquiry_work_owner_due";
      return filter.waiting ? "enquiry_work_waiting" : "enquiry_work_due";
    }
    return translated.narrowings.find((each) => each.order === "received")?.index ?? "enquiry_work_received";
  }

  /**
   * One phase of a page: the ids (with the time they are placed by) of up to `limit` enquiries,
   * by received (newest first; with `noDue`, only those with nothing due) or by due (soonest first).
   */
  page(
    filter: InboxFilter,
    phase: { by: "received" | "due"; noDue?: boolean },
    after: ListCursor | null,
    limit: number,
  ): { id: string; at: string }[] {
    const translated = this.translate(filter, phase.by);
    const index = this.indexFor(filter, translated, phase.by);
    const conditions = conditionsFor(translated.conditions, index);
    const params: Params = { ...translated.params, limit, afterAt: after?.at, afterId: after?.id };
    // The column the phase is ordered by, its direction, and how a place beyond the cursor compares.
    const [column, direction, beyond] =
      phase.by === "due" ? ["w.due_at", "ASC", ">"] : ["w.received_at", "DESC", "<"];
    if (phase.by === "due") conditions.push(`w.due_at IS NOT NULL`);
    if (phase.noDue) conditions.push(`w.due_at IS NULL`);
    if (after) conditions.push(`(${column}, w.enquiry_id) ${beyond} (@afterAt, @afterId)`);
    const sql = `SELECT w.enquiry_id AS id, ${column} AS at FROM ${this.from(translated, index)}
      WHERE ${conditions.join(" AND ")}
      ORDER BY ${column} ${direction}, w.enquiry_id ${direction} LIMIT @limit`;
    return readAll(this.db, sql, params);
  }

  /** How many enquiries the listing holds. */
  count(filter: InboxFilter): number {
    const translated = this.translate(filter);
    // A count has no order to keep: any part's index reads fewer rows than every enquiry.
    const index = translated.narrow
      ? translated.narrow.index
      : (translated.narrowings[0]?.index ?? "enquiry_work_received");
    const sql = `SELECT count(*) AS count FROM ${this.from(translated, index)}
      WHERE ${conditionsFor(translated.conditions, index).join(" AND ")}`;
    return readAll<{ count: number }>(this.db, sql, translated.params)[0]?.count ?? 0;
  }
}
