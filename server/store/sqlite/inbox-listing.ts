import type Database from "better-sqlite3";
import type { InboxFilter } from "../../lifecycle/inbox-listing";
import type { ListCursor } from "../page-cursor";
import { likePattern, prepared } from "./connection";

/**
 * The inbox's one listing on SQLite (server/lifecycle/inbox-listing.ts decides what it holds; this
 * translates it). Every part of the filter is a condition on `enquiry_work` (which keeps a copy of
 * the buyer type and source label), and a search one on the trigram index or the enquiries' own
 * columns. Which index a listing walks is chosen here, not left to the planner, which has no
 * statistics to tell a narrow owner from a wide one:
 * - each index that narrows the listing by one of its parts (the search's trigrams, owner and
 *   status, owner, status, source, due range) is counted up to NARROW_ROWS; the narrowest under it
 *   is read whole and sorted, which stays quick however sparse the other parts make the matches;
 * - when every part is wide, the index that serves the listing's order with the most of its parts
 *   is walked, stopping as soon as the page is full, which is quick because matches are dense.
 */

/** A part that narrows the listing to fewer rows than this is read whole and sorted. */
const NARROW_ROWS = 4_000;
/**
 * Trigrams need three characters; a shorter search, or one so common its trigram matches are not
 * narrow, compares the enquiries' own columns on the rows another part's index gives.
 */
const TRIGRAM_LENGTH = 3;

type Params = Record<string, string | number>;

/** The search as a condition: among the trigram index's matches. */
const SEARCHED = `w.enquiry_id IN (SELECT enquiry_id FROM enquiry_search WHERE enquiry_search MATCH @q)`;

/** The conditions a listing read by `index` checks: read from the search's matches, that one holds already. */
function conditionsFor(conditions: readonly string[], index: string | null): string[] {
  return index ? [...conditions] : conditions.filter((condition) => condition !== SEARCHED);
}

/** FTS5's query syntax: the search as one quoted phrase, so nothing in it is an operator. */
export function ftsPhrase(text: string): string {
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
  /** Whether the listing is narrowed to one owner (or nobody). */
  owned: boolean;
  /** How many enquiries the search's trigrams match, up to NARROW_ROWS (null: no trigram search). */
  searchRows: number | null;
}

/** Only the named parameters a statement uses: better-sqlite3 refuses others. */
function paramsOf(sql: string, params: Params): Params {
  const used: Params = {};
  for (const [, name] of sql.matchAll(/@(\w+)/g)) {
    if (name !== undefined && params[name] !== undefined) used[name] = params[name];
  }
  return used;
}

export class SqliteInboxListing {
  constructor(
    private readonly db: Database.Database,
    /** The enquiries' table, already quoted. */
    private readonly table: string,
  ) {}

  private searchRows(phrase: string): number {
    return (
      prepared<[string, number], { count: number }>(
        this.db,
        `SELECT count(*) AS count FROM (SELECT 1 FROM enquiry_search WHERE enquiry_search MATCH ? LIMIT ?)`,
      ).get(phrase, NARROW_ROWS)?.count ?? 0
    );
  }

  private translate(filter: InboxFilter): Translated {
    const conditions: string[] = [];
    const params: Params = {};
    const narrowings: Narrowing[] = [];
    if (filter.status) {
      conditions.push(`w.status = @status`);
      params.status = filter.status;
    } else {
      // Every status but Spam, which is never work (server/lifecycle/plan.ts: isWork).
      conditions.push(`w.status <> 'Spam'`);
    }
    let owner: string | null = null;
    if (filter.ownerId === null) owner = `w.owner_id IS NULL`;
    else if (filter.ownerId !== undefined) {
      owner = `w.owner_id = @ownerId`;
      params.ownerId = filter.ownerId;
    }
    if (owner) conditions.push(owner);
    const due: string[] = [];
    if (filter.due?.after !== undefined) {
      due.push(`w.due_at > @dueAfter`);
      params.dueAfter = filter.due.after;
    }
    if (filter.due?.upTo !== undefined) {
      due.push(`w.due_at <= @dueUpTo`);
      params.dueUpTo = filter.due.upTo;
    }
    if (filter.due?.before !== undefined) {
      due.push(`w.due_at < @dueBefore`);
      params.dueBefore = filter.due.before;
    }
    conditions.push(...due);
    if (filter.buyer) {
      conditions.push(`w.buyer = @buyer`);
      params.buyer = filter.buyer;
    }
    if (filter.source) {
      conditions.push(`w.source_label = @source`);
      params.source = filter.source.trim().toLowerCase();
    }
    let readsEnquiry = false;
    let searchRows: number | null = null;
    const q = filter.q?.trim();
    if (q) {
      const phrase = q.length >= TRIGRAM_LENGTH ? ftsPhrase(q) : null;
      searchRows = phrase ? this.searchRows(phrase) : null;
      // Alone, a common search (a frequent surname) is checked on the rows of the walk newest
      // first, which finds a page of them within a few hundred; combined with other parts, its
      // matches may be sparse among theirs, and the set of them from the trigram index is cheaper.
      const combined =
        filter.status !== undefined ||
        filter.ownerId !== undefined ||
        filter.due !== undefined ||
        filter.buyer !== undefined ||
        filter.source !== undefined ||
        filter.sort === "due";
      if (phrase && ((searchRows ?? 0) < NARROW_ROWS || combined)) {
        params.q = phrase;
        conditions.push(SEARCHED);
      } else {
        searchRows = null;
        readsEnquiry = true;
        conditions.push(
          `(e.Name LIKE @q ESCAPE '\\' OR e.Email LIKE @q ESCAPE '\\' OR e.Mobile LIKE @q ESCAPE '\\')`,
        );
        params.q = likePattern(q, "anywhere");
      }
    }

    if (owner && filter.status) {
      narrowings.push({
        index: "enquiry_work_owner_status",
        condition: `${owner} AND w.status = @status`,
        order: "received",
      });
    }
    if (owner) narrowings.push({ index: "enquiry_work_owner", condition: owner, order: "received" });
    if (filter.status) {
      narrowings.push({ index: "enquiry_work_status", condition: `w.status = @status`, order: "received" });
    }
    if (filter.source) {
      narrowings.push({
        index: "enquiry_work_source",
        condition: `w.source_label = @source`,
        order: "received",
      });
    }
    if (due.length > 0) {
      if (owner) {
        narrowings.push({
          index: "enquiry_work_owner_due",
          condition: `${owner} AND ${due.join(" AND ")}`,
          order: "due",
        });
      }
      narrowings.push({ index: "enquiry_work_due", condition: due.join(" AND "), order: "due" });
    }
    return { conditions, params, narrowings, readsEnquiry, searchRows, owned: owner !== null };
  }

  /** The narrowest part, if it has fewer than NARROW_ROWS: the search's trigrams (null), or an index. */
  private narrowest(translated: Translated): { narrowing: Narrowing | null } | null {
    const { narrowings, params, searchRows } = translated;
    let best: { narrowing: Narrowing | null; rows: number } | null =
      searchRows !== null && searchRows < NARROW_ROWS ? { narrowing: null, rows: searchRows } : null;
    for (const narrowing of narrowings) {
      const sql = `SELECT count(*) AS count FROM (SELECT 1 FROM enquiry_work w INDEXED BY ${narrowing.index}
        WHERE ${narrowing.condition} LIMIT ${NARROW_ROWS})`;
      const rows = prepared<Params, { count: number }>(this.db, sql).get(paramsOf(sql, params))?.count ?? 0;
      if (rows < NARROW_ROWS && (!best || rows < best.rows)) best = { narrowing, rows };
    }
    return best ? { narrowing: best.narrowing } : null;
  }

  /**
   * FROM … for the listing: `w` by the chosen index, or, with none, from the search's matches
   * (whose condition then holds by construction).
   */
  private from(translated: Translated, index: string | null): string {
    const source = index
      ? `enquiry_work w INDEXED BY ${index}`
      : `(SELECT enquiry_id FROM enquiry_search WHERE enquiry_search MATCH @q) s
         CROSS JOIN enquiry_work w ON w.enquiry_id = s.enquiry_id`;
    return translated.readsEnquiry ? `${source} JOIN ${this.table} e ON e.id = w.enquiry_id` : source;
  }

  /** The index a listing walks in the phase's order, or null to read the search's matches. */
  private indexFor(translated: Translated, by: "received" | "due"): string | null {
    const narrow = this.narrowest(translated);
    if (narrow) return narrow.narrowing?.index ?? null;
    // Every part is wide: walk the index of the listing's order that serves the most of them.
    if (by === "due") return translated.owned ? "enquiry_work_owner_due" : "enquiry_work_due";
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
    const translated = this.translate(filter);
    const index = this.indexFor(translated, phase.by);
    const conditions = conditionsFor(translated.conditions, index);
    const params: Params = { ...translated.params, limit };
    const column = phase.by === "due" ? "w.due_at" : "w.received_at";
    if (phase.by === "due") conditions.push(`w.due_at IS NOT NULL`);
    if (phase.noDue) conditions.push(`w.due_at IS NULL`);
    if (after) {
      conditions.push(
        phase.by === "due"
          ? `(w.due_at, w.enquiry_id) > (@afterAt, @afterId)`
          : `(w.received_at, w.enquiry_id) < (@afterAt, @afterId)`,
      );
      params.afterAt = after.at;
      params.afterId = after.id;
    }
    const direction = phase.by === "due" ? "ASC" : "DESC";
    const sql = `SELECT w.enquiry_id AS id, ${column} AS at FROM ${this.from(translated, index)}
      WHERE ${conditions.join(" AND ")}
      ORDER BY ${column} ${direction}, w.enquiry_id ${direction} LIMIT @limit`;
    return prepared<Params, { id: string; at: string }>(this.db, sql).all(paramsOf(sql, params));
  }

  /** How many enquiries the listing holds. */
  count(filter: InboxFilter): number {
    const translated = this.translate(filter);
    const index = this.indexFor(translated, "received");
    const sql = `SELECT count(*) AS count FROM ${this.from(translated, index)}
      WHERE ${conditionsFor(translated.conditions, index).join(" AND ")}`;
    return (
      prepared<Params, { count: number }>(this.db, sql).get(paramsOf(sql, translated.params))?.count ?? 0
    );
  }
}
